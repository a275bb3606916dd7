"""Keras 2 code written against `tf.keras` runs on this package:
TensorFlow resolves `tf.keras` to `keras._tf_keras.keras`."""

import numpy as np
import pytest

from keras.src import backend
from keras.src import testing


@pytest.mark.skipif(backend.backend() != "tensorflow",
                    reason="`tf.keras` needs the TensorFlow backend")
class TfKerasScriptTest(testing.TestCase):
    def test_keras2_style_script(self):
        import tensorflow as tf

        K = tf.keras.backend
        self.assertEqual(K.__name__, "keras._tf_keras.keras.backend")
        v = K.variable(np.ones((2, 3)))
        K.set_value(v, K.get_value(v) * 2)
        self.assertAllClose(K.eval(K.mean(v, axis=1)), [2.0, 2.0])
        self.assertEqual(K.int_shape(K.batch_dot(v, v)), (2, 1))
        self.assertEqual(K.floatx(), "float32")

        tokenizer = tf.keras.preprocessing.text.Tokenizer(oov_token="?")
        tokenizer.fit_on_texts(["the cat", "the dog"])
        self.assertEqual(tokenizer.texts_to_sequences(["the bird"]),
                         [[2, 1]])
        padded = tf.keras.preprocessing.sequence.pad_sequences(
            [[1], [1, 2, 3]], maxlen=3)
        self.assertEqual(padded.shape, (2, 3))

        generator = tf.keras.preprocessing.image.ImageDataGenerator(
            horizontal_flip=True, width_shift_range=0.1)
        x = np.random.default_rng(0).uniform(size=(8, 4, 4, 1))
        y = np.array([0, 1] * 4, "float32")
        model = tf.keras.Sequential([
            tf.keras.layers.Input((4, 4, 1)),
            tf.keras.layers.Flatten(),
            tf.keras.layers.ThresholdedReLU(theta=0.1),
            tf.keras.layers.Dense(1, activation="sigmoid"),
        ])
        model.compile(optimizer="sgd", loss="binary_crossentropy")
        history = model.fit(generator.flow(x, y, batch_size=4, seed=0),
                            epochs=1, verbose=0)
        self.assertLen(history.history["loss"], 1)
        self.assertEqual(tf.keras.losses.Reduction.SUM, "sum")
