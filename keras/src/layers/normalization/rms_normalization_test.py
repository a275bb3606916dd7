import numpy as np

from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.normalization.rms_normalization import RMSNormalization
from keras.src.models.model import Model
from keras.src.saving import serialization_lib


def np_rms_norm(x, axes, scale, epsilon):
    mean_square = (x**2).mean(axis=axes, keepdims=True)
    return x / np.sqrt(mean_square + epsilon) * scale


class RMSNormalizationTest(testing.TestCase):
    def test_layer_checks(self):
        self.run_layer_test(
            RMSNormalization,
            init_kwargs={"epsilon": 1e-5},
            input_shape=(2, 3, 4),
            expected_output_shape=(2, 3, 4),
            expected_num_trainable_weights=1,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=False,
        )

    def test_values(self):
        rng = np.random.RandomState(0)
        x = rng.randn(2, 3, 4).astype("float32")
        layer = RMSNormalization(epsilon=0.1)
        layer.build(x.shape)
        scale = rng.rand(4).astype("float32")
        layer.set_weights([scale])
        self.assertAllClose(layer(x), np_rms_norm(x, -1, scale, 0.1),
                            atol=1e-5)

    def test_several_axes(self):
        rng = np.random.RandomState(1)
        x = rng.randn(2, 3, 4).astype("float32")
        layer = RMSNormalization(axis=(0, 1))
        layer.build(x.shape)
        self.assertEqual(tuple(layer.scale.shape), (2, 3))
        scale = rng.rand(2, 3).astype("float32")
        layer.set_weights([scale])
        self.assertAllClose(
            layer(x), np_rms_norm(x, (0, 1), scale[..., None], 1e-6),
            atol=1e-5,
        )

    def test_functional_none_batch(self):
        inputs = Input((None, 4))
        outputs = RMSNormalization()(inputs)
        self.assertEqual(outputs.shape, (None, None, 4))
        x = np.random.RandomState(2).randn(2, 3, 4).astype("float32")
        self.assertAllClose(Model(inputs, outputs)(x),
                            np_rms_norm(x, -1, 1.0, 1e-6), atol=1e-5)

    def test_config_round_trip(self):
        layer = RMSNormalization(axis=(1, 2), epsilon=0.01)
        config = layer.get_config()
        self.assertEqual(config["axis"], [1, 2])
        clone = RMSNormalization.from_config(config)
        self.assertEqual(clone.get_config(), config)
        revived = serialization_lib.deserialize_keras_object(
            serialization_lib.serialize_keras_object(layer)
        )
        self.assertEqual(revived.get_config(), config)

    def test_bad_axis(self):
        with self.assertRaisesRegex(TypeError, "axis"):
            RMSNormalization(axis=1.5)
        with self.assertRaisesRegex(ValueError, "Invalid axis 4"):
            RMSNormalization(axis=4)(np.ones((2, 3), "float32"))
