import numpy as np
import pytest

from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.preprocessing.rescaling import Rescaling
from keras.src.models.model import Model


class RescalingTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            Rescaling,
            init_kwargs={"scale": 0.5, "offset": -1.0},
            input_shape=(2, 3),
            expected_output_shape=(2, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            supports_masking=True,
        )

    def test_values(self):
        x = np.arange(12, dtype="float32").reshape(2, 2, 3)
        out = Rescaling(1 / 255.0)(x)
        self.assertAllClose(out, x / 255.0)
        out = Rescaling([1.0, 2.0, 3.0], offset=1.0)(x)
        self.assertAllClose(out, x * np.array([1, 2, 3]) + 1)

    def test_integer_inputs_give_compute_dtype(self):
        out = Rescaling(0.5)(np.ones((2, 3), "uint8"))
        self.assertDType(out, "float32")
        self.assertAllClose(out, np.full((2, 3), 0.5))
        out = Rescaling(2.0, dtype="float16")(np.ones((1, 2), "int32"))
        self.assertDType(out, "float16")

    def test_config(self):
        layer = Rescaling([1.0, 2.0], offset=1)
        config = layer.get_config()
        self.assertEqual(config["scale"], [1.0, 2.0])
        self.assertEqual(config["offset"], 1)
        self.run_class_serialization_test(layer)
        layer = Rescaling(np.array([1.0, 2.0]))
        restored = Rescaling.from_config(layer.get_config())
        self.assertAllClose(restored.scale, [1.0, 2.0])

    def test_functional_with_none_batch(self):
        inputs = Input((3,))
        outputs = Rescaling(2.0)(inputs)
        self.assertEqual(tuple(outputs.shape), (None, 3))
        model = Model(inputs, outputs)
        out = model.predict(np.ones((4, 3), "float32"), verbose=0)
        self.assertAllClose(out, np.full((4, 3), 2.0))

    def test_tf_data(self):
        import tensorflow as tf

        layer = Rescaling(1 / 255.0, offset=0.5)
        ds = tf.data.Dataset.from_tensor_slices(
            np.full((4, 2, 2, 3), 255, "uint8")
        ).batch(2).map(layer)
        for out in ds:
            self.assertIsInstance(out, tf.Tensor)
            self.assertAllClose(out.numpy(), np.full((2, 2, 2, 3), 1.5))
