import numpy as np

from keras.src import testing
from keras.src.layers.core.dense import Dense
from keras.src.layers.core.wrapper import Wrapper
from keras.src.saving import serialization_lib


class Twice(Wrapper):
    """A wrapper that applies its layer twice (for these tests)."""

    def call(self, inputs):
        return self.layer(self.layer(inputs))


class WrapperTest(testing.TestCase):
    def test_run_layer_test(self):
        self.run_layer_test(
            Twice,
            init_kwargs={"layer": Dense(3)},
            input_shape=(2, 3),
            expected_output_shape=(2, 3),
            expected_num_trainable_weights=2,
            expected_num_non_trainable_weights=0,
            custom_objects={"Twice": Twice},
            # A bare wrapper computes in its inner layer's dtype, as
            # Keras's does: the outer `mixed_float16` does not reach it.
            run_mixed_precision_check=False,
        )

    def test_builds_inner_layer_and_tracks_its_weights(self):
        inner = Dense(2)
        layer = Twice(inner)
        self.assertFalse(inner.built)
        layer.build((None, 2))
        self.assertTrue(inner.built)
        self.assertEqual(len(layer.trainable_weights), 2)
        self.assertIs(layer.trainable_weights[0], inner.kernel)
        x = np.random.RandomState(0).randn(4, 2).astype("float32")
        kernel = np.asarray(inner.kernel)
        expected = x @ kernel @ kernel
        self.assertAllClose(layer(x), expected, atol=1e-5)

    def test_trainable_flag_reaches_inner_layer(self):
        layer = Twice(Dense(2))
        layer.build((None, 2))
        layer.trainable = False
        self.assertEqual(len(layer.trainable_weights), 0)
        self.assertEqual(len(layer.non_trainable_weights), 2)

    def test_config_round_trip(self):
        layer = Twice(Dense(4, name="inner"), name="outer")
        config = layer.get_config()
        self.assertEqual(config["name"], "outer")
        self.assertEqual(config["layer"]["class_name"], "Dense")
        self.assertEqual(config["layer"]["config"]["units"], 4)
        restored = Twice.from_config(config)
        self.assertIsInstance(restored.layer, Dense)
        self.assertEqual(restored.layer.name, "inner")
        self.assertEqual(restored.get_config(), config)
        revived = serialization_lib.deserialize_keras_object(
            serialization_lib.serialize_keras_object(layer),
            custom_objects={"Twice": Twice},
        )
        self.assertEqual(revived.layer.units, 4)

    def test_rejects_non_layer(self):
        with self.assertRaisesRegex(ValueError, "Twice.*Received: layer=3"):
            Twice(3)
