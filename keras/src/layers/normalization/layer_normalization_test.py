import numpy as np
import pytest

from keras.src import ops
from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.normalization.layer_normalization import (
    LayerNormalization,
)
from keras.src.models.model import Model
from keras.src.saving import serialization_lib


def np_layer_norm(x, axes, gamma, beta, epsilon, center=True):
    mean = x.mean(axis=axes, keepdims=True)
    var = x.var(axis=axes, keepdims=True)
    y = (x - mean) if center else x
    return y / np.sqrt(var + epsilon) * gamma + beta


class LayerNormalizationTest(testing.TestCase):
    def test_layer_checks(self):
        self.run_layer_test(
            LayerNormalization,
            init_kwargs={"axis": -1},
            input_shape=(2, 3, 4),
            expected_output_shape=(2, 3, 4),
            expected_num_trainable_weights=2,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=True,
        )

    def test_layer_checks_variants(self):
        self.run_layer_test(
            LayerNormalization,
            init_kwargs={"axis": (1, 2), "center": False,
                         "gamma_regularizer": "l2"},
            input_shape=(2, 3, 4),
            expected_output_shape=(2, 3, 4),
            expected_num_trainable_weights=1,
            expected_num_losses=1,
            supports_masking=True,
        )

    def test_values_last_axis(self):
        rng = np.random.RandomState(0)
        x = rng.randn(3, 5).astype("float32") * 4 + 2
        layer = LayerNormalization(epsilon=0.01)
        layer.build(x.shape)
        gamma = rng.rand(5).astype("float32")
        beta = rng.rand(5).astype("float32")
        layer.set_weights([gamma, beta])
        expected = np_layer_norm(x, (-1,), gamma, beta, 0.01)
        self.assertAllClose(layer(x), expected, atol=1e-5)

    def test_values_middle_axes(self):
        rng = np.random.RandomState(1)
        x = rng.randn(2, 3, 4, 5).astype("float32")
        layer = LayerNormalization(axis=[1, 2])
        layer.build(x.shape)
        self.assertEqual(tuple(layer.gamma.shape), (3, 4))
        gamma = rng.rand(3, 4).astype("float32")
        beta = rng.rand(3, 4).astype("float32")
        layer.set_weights([gamma, beta])
        expected = np_layer_norm(
            x, (1, 2), gamma[..., None], beta[..., None], 1e-3
        )
        self.assertAllClose(layer(x), expected, atol=1e-5)

    def test_rms_scaling(self):
        x = np.array([[1.0, 2.0, 3.0]], "float32")
        layer = LayerNormalization(rms_scaling=True, epsilon=0.1)
        y = layer(x)
        self.assertLen(layer.weights, 1)
        # Keras scales by the inverse standard deviation, uncentered.
        expected = np_layer_norm(x, (-1,), 1.0, 0.0, 0.1, center=False)
        self.assertAllClose(y, expected, atol=1e-5)
        self.assertTrue(layer.get_config()["rms_scaling"])

    def test_weight_names_and_order(self):
        layer = LayerNormalization()
        layer.build((None, 6))
        self.assertEqual([w.name for w in layer.weights], ["gamma", "beta"])

    def test_config_round_trip(self):
        layer = LayerNormalization(axis=(1, 2), epsilon=0.1, scale=False)
        config = layer.get_config()
        self.assertEqual(config["axis"], [1, 2])
        self.assertEqual(config["gamma_initializer"]["class_name"], "Ones")
        clone = LayerNormalization.from_config(config)
        self.assertEqual(clone.get_config(), config)
        revived = serialization_lib.deserialize_keras_object(
            serialization_lib.serialize_keras_object(layer)
        )
        self.assertEqual(revived.get_config(), config)

    def test_functional_none_batch(self):
        inputs = Input((None, 4))
        outputs = LayerNormalization()(inputs)
        self.assertEqual(outputs.shape, (None, None, 4))
        model = Model(inputs, outputs)
        x = np.random.RandomState(2).randn(2, 3, 4).astype("float32")
        self.assertAllClose(
            model(x), np_layer_norm(x, (-1,), 1.0, 0.0, 1e-3), atol=1e-5
        )

    def test_float16_inputs(self):
        layer = LayerNormalization(dtype="float16")
        x = np.array([[1000.0, 1001.0, 1002.0]], "float16")
        y = layer(x)
        self.assertEqual(ops.convert_to_numpy(y).dtype, np.float16)
        self.assertAllClose(y, [[-1.224, 0.0, 1.224]], atol=1e-2)

    def test_bad_axis(self):
        with self.assertRaisesRegex(TypeError, "axis"):
            LayerNormalization(axis="a")
        with self.assertRaisesRegex(ValueError, "Invalid axis 3"):
            LayerNormalization(axis=3)(np.ones((2, 3), "float32"))

    @pytest.mark.requires_trainable_backend
    def test_trains(self):
        inputs = Input((4,))
        model = Model(inputs, LayerNormalization()(inputs))
        model.compile(optimizer="sgd", loss="mse")
        x = np.random.RandomState(3).randn(8, 4).astype("float32")
        model.fit(x, x * 2 + 1, epochs=2, batch_size=4, verbose=0)
        beta = ops.convert_to_numpy(model.layers[1].beta)
        self.assertGreater(np.abs(beta).sum(), 0)
