import numpy as np
import pytest

from keras.src import ops
from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.normalization.batch_normalization import (
    BatchNormalization,
)
from keras.src.models.model import Model
from keras.src.saving import serialization_lib


def np_batch_stats(x, axis):
    axes = tuple(i for i in range(x.ndim) if i != axis % x.ndim)
    return x.mean(axis=axes), x.var(axis=axes)


class BatchNormalizationTest(testing.TestCase):
    def test_layer_checks(self):
        self.run_layer_test(
            BatchNormalization,
            init_kwargs={"momentum": 0.9},
            input_shape=(4, 3),
            call_kwargs={"training": True},
            expected_output_shape=(4, 3),
            expected_num_trainable_weights=2,
            expected_num_non_trainable_weights=2,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=True,
        )

    def test_layer_checks_renorm_channels_first(self):
        self.run_layer_test(
            BatchNormalization,
            init_kwargs={"axis": 1, "renorm": True,
                         "renorm_clipping": {"rmax": 2.0, "dmax": 1.0},
                         "gamma_regularizer": "l2"},
            input_shape=(2, 3, 4, 2),
            call_kwargs={"training": True},
            expected_output_shape=(2, 3, 4, 2),
            expected_num_trainable_weights=2,
            expected_num_non_trainable_weights=5,
            expected_num_losses=1,
            supports_masking=True,
        )

    def test_weights(self):
        layer = BatchNormalization()
        layer.build((None, 3))
        self.assertEqual(
            [(w.name, w.trainable) for w in layer.weights],
            [("gamma", True), ("beta", True), ("moving_mean", False),
             ("moving_variance", False)],
        )
        layer = BatchNormalization(center=False, scale=False)
        layer.build((None, 3))
        self.assertLen(layer.weights, 2)

    def test_training_values_and_moving_updates(self):
        rng = np.random.RandomState(0)
        x = (rng.randn(6, 2, 3) * 3 + 1).astype("float32")
        layer = BatchNormalization(axis=1, momentum=0.7, epsilon=0.01)
        y = layer(x, training=True)
        mean, var = np_batch_stats(x, 1)
        expected = (x - mean[:, None]) / np.sqrt(var[:, None] + 0.01)
        self.assertAllClose(y, expected, atol=1e-4)
        self.assertAllClose(layer.moving_mean, 0.3 * mean, atol=1e-5)
        self.assertAllClose(layer.moving_variance, 0.7 + 0.3 * var,
                            atol=1e-4)

    def test_inference_uses_moving_statistics(self):
        layer = BatchNormalization(epsilon=0.0)
        layer.build((None, 2))
        layer.set_weights([
            np.array([2.0, 1.0], "float32"), np.array([0.5, 0.0], "float32"),
            np.array([1.0, -1.0], "float32"), np.array([4.0, 1.0], "float32"),
        ])
        x = np.array([[3.0, 0.0], [1.0, 1.0]], "float32")
        expected = (x - [1.0, -1.0]) / np.sqrt([4.0, 1.0]) * [2, 1] + [0.5, 0]
        self.assertAllClose(layer(x), expected, atol=1e-5)
        self.assertAllClose(layer(x, training=False), expected, atol=1e-5)

    def test_frozen_layer_runs_in_inference_mode(self):
        x = np.array([[1.0, 2.0], [3.0, 5.0]], "float32")
        layer = BatchNormalization()
        layer.trainable = False
        y = layer(x, training=True)
        self.assertAllClose(y, x / np.sqrt(1.001), atol=1e-5)
        self.assertAllClose(layer.moving_mean, [0.0, 0.0])

    def test_masked_statistics(self):
        x = np.arange(24, dtype="float32").reshape(2, 3, 4)
        mask = np.array([[1, 1, 0], [1, 0, 0]], bool)
        layer = BatchNormalization(axis=1, momentum=0.0)
        layer(x, training=True, mask=mask)
        weights = mask[:, :, None] * np.ones_like(x)
        count = np.maximum(weights.sum(axis=(0, 2)), 1e-7)
        mean = (x * weights).sum(axis=(0, 2)) / count
        var = (weights * (x - mean[None, :, None]) ** 2).sum(
            axis=(0, 2)) / count
        self.assertAllClose(layer.moving_mean, mean, atol=1e-4)
        self.assertAllClose(layer.moving_variance, var, atol=1e-3)

    def test_renorm_formula(self):
        x = np.array([[1.0, 2.0], [3.0, 5.0], [0.0, 1.0]], "float32")
        layer = BatchNormalization(
            renorm=True, momentum=0.5, renorm_momentum=0.8,
            renorm_clipping={"rmax": 1.2, "rmin": 0.9, "dmax": 0.1},
        )
        y = layer(x, training=True)
        mean, var = np_batch_stats(x, -1)
        std = np.sqrt(var + 1e-3)
        r = np.clip(std, 0.9, 1.2)
        d = np.clip(mean, -0.1, 0.1)
        self.assertAllClose(y, (x - mean) / std * r + d, atol=1e-4)
        moving_std = 0.5 + 0.5 * std
        self.assertAllClose(layer.moving_stddev, moving_std, atol=1e-5)
        self.assertAllClose(layer.moving_variance, moving_std**2 - 1e-3,
                            atol=1e-5)
        self.assertAllClose(layer.renorm_mean, 0.2 * mean, atol=1e-5)
        self.assertAllClose(layer.renorm_stddev, 0.8 + 0.2 * std,
                            atol=1e-5)

    def test_float16(self):
        layer = BatchNormalization(dtype="mixed_float16")
        y = layer(np.array([[1.0, 2.0], [3.0, 5.0]], "float32"),
                  training=True)
        self.assertEqual(ops.convert_to_numpy(y).dtype, np.float16)
        self.assertEqual(layer.moving_mean.dtype, "float32")

    def test_functional_none_batch(self):
        inputs = Input((None, 3))
        layer = BatchNormalization()
        outputs = layer(inputs)
        self.assertEqual(outputs.shape, (None, None, 3))
        model = Model(inputs, outputs)
        x = np.ones((2, 4, 3), "float32")
        self.assertAllClose(model(x), x / np.sqrt(1.001), atol=1e-5)
        with self.assertRaisesRegex(ValueError, "batch_normalization"):
            layer(Input((None, 4)))

    def test_config_round_trip(self):
        layer = BatchNormalization(axis=1, momentum=0.8, renorm=True,
                                   renorm_clipping={"rmax": 3.0})
        config = layer.get_config()
        self.assertEqual(config["renorm_clipping"], {"rmax": 3.0})
        self.assertIsNone(BatchNormalization().get_config()[
            "renorm_clipping"])
        self.assertEqual(
            BatchNormalization(renorm=True).get_config()["renorm_clipping"],
            {},
        )
        clone = BatchNormalization.from_config(config)
        self.assertEqual(clone.get_config(), config)
        revived = serialization_lib.deserialize_keras_object(
            serialization_lib.serialize_keras_object(layer)
        )
        self.assertEqual(revived.get_config(), config)

    def test_bad_arguments(self):
        with self.assertRaisesRegex(TypeError, "axis=\\[1\\]"):
            BatchNormalization(axis=[1])
        with self.assertRaisesRegex(ValueError, "foo"):
            BatchNormalization(renorm=True, renorm_clipping={"foo": 1})
        with self.assertRaisesRegex(ValueError, "Invalid axis 3"):
            BatchNormalization(axis=3)(np.ones((2, 3), "float32"))

    @pytest.mark.requires_trainable_backend
    def test_fit_updates_moving_statistics(self):
        inputs = Input((3,))
        layer = BatchNormalization(momentum=0.5)
        model = Model(inputs, layer(inputs))
        model.compile(optimizer="sgd", loss="mse")
        x = (np.random.RandomState(1).randn(16, 3) + 4).astype("float32")
        model.fit(x, x, batch_size=16, epochs=3, verbose=0)
        mean = ops.convert_to_numpy(layer.moving_mean)
        self.assertAllClose(mean, 0.875 * x.mean(axis=0), atol=1e-4)
