import numpy as np
import pytest

from keras.src import backend
from keras.src import constraints
from keras.src import initializers
from keras.src import regularizers
from keras.src import testing
from keras.src.layers.activations.prelu import PReLU
from keras.src.layers.core.input_layer import Input
from keras.src.models.model import Model


def _prelu(x, alpha):
    return np.where(x >= 0, x, alpha * x)


class PReLUTest(testing.TestCase):
    def test_layer_checks(self):
        self.run_layer_test(
            PReLU,
            init_kwargs={
                "alpha_initializer": "ones",
                "alpha_regularizer": "l2",
                "shared_axes": [1],
            },
            input_shape=(2, 3, 4),
            expected_output_shape=(2, 3, 4),
            expected_num_trainable_weights=1,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=1,
            supports_masking=True,
        )

    def test_default_is_relu(self):
        layer = PReLU()
        x = np.array([[-2.0, 0.0, 3.0]], "float32")
        self.assertAllClose(layer(x), np.maximum(x, 0))
        self.assertEqual(len(layer.trainable_weights), 1)
        self.assertEqual(layer.alpha.shape, (3,))
        self.assertEqual(layer.alpha.name, "alpha")

    def test_learned_alpha_values(self):
        layer = PReLU()
        x = np.random.RandomState(0).randn(4, 2, 3).astype("float32")
        layer.build(x.shape)
        alpha = np.random.RandomState(1).rand(2, 3).astype("float32")
        layer.set_weights([alpha])
        self.assertAllClose(layer(x), _prelu(x, alpha), atol=1e-6)

    def test_shared_axes_shapes(self):
        cases = [(None, (3, 4, 5)), (1, (1, 4, 5)), ([1, 2], (1, 1, 5)),
                 ((1,), (1, 4, 5)), ([-1], (3, 4, 1))]
        for shared_axes, shape in cases:
            layer = PReLU(shared_axes=shared_axes)
            layer.build((None, 3, 4, 5))
            self.assertEqual(tuple(layer.alpha.shape), shape)

    def test_shared_axes_values(self):
        layer = PReLU(alpha_initializer=initializers.Constant(0.25),
                      shared_axes=[1, 2])
        x = np.random.RandomState(2).randn(2, 3, 3, 2).astype("float32")
        self.assertAllClose(layer(x), _prelu(x, 0.25), atol=1e-6)
        self.assertEqual(layer.get_config()["shared_axes"], [1, 2])

    def test_input_spec_checks_sizes(self):
        layer = PReLU()
        layer.build((None, 4))
        with pytest.raises(ValueError, match="p_re_lu"):
            layer(np.ones((2, 5), "float32"))
        with pytest.raises(ValueError, match="ndim"):
            layer(np.ones((2, 5, 4), "float32"))

    def test_shared_axes_allow_unknown_dims(self):
        inputs = Input((None, 3))
        outputs = PReLU(shared_axes=1)(inputs)
        self.assertEqual(outputs.shape, (None, None, 3))
        model = Model(inputs, outputs)
        x = -np.ones((2, 7, 3), "float32")
        self.assertAllClose(model(x), np.zeros((2, 7, 3)))

    def test_unknown_unshared_dim_error(self):
        with pytest.raises(ValueError, match="input_shape=\\(None, None"):
            PReLU()(Input((None, 3)))

    def test_bad_shared_axes(self):
        with pytest.raises(ValueError, match="shared_axes='a'"):
            PReLU(shared_axes="a")
        layer = PReLU(shared_axes=[3])
        with pytest.raises(ValueError, match="shared_axes=\\[3\\]"):
            layer.build((None, 2, 2))
        with pytest.raises(ValueError, match="shared_axes"):
            PReLU(shared_axes=0).build((None, 2))

    def test_regularizer_and_constraint(self):
        layer = PReLU(alpha_initializer="ones", alpha_regularizer="l2",
                      alpha_constraint="non_neg")
        layer.build((None, 4))
        self.assertLen(layer.losses, 1)
        self.assertAllClose(layer.losses[0], 0.01 * 4, atol=1e-6)
        self.assertIsInstance(layer.alpha_constraint, constraints.NonNeg)

    def test_config_round_trip(self):
        layer = PReLU(alpha_initializer="ones",
                      alpha_regularizer=regularizers.L1(0.1),
                      alpha_constraint="non_neg", shared_axes=(1,))
        config = layer.get_config()
        self.assertEqual(config["alpha_initializer"]["class_name"], "Ones")
        self.assertEqual(config["alpha_regularizer"]["class_name"], "L1")
        self.assertEqual(config["alpha_constraint"]["class_name"],
                         "NonNeg")
        self.assertEqual(config["shared_axes"], [1])
        restored = PReLU.from_config(config)
        self.assertEqual(restored.get_config(), config)
        default = PReLU().get_config()
        self.assertEqual(default["alpha_initializer"]["class_name"],
                         "Zeros")
        self.assertIsNone(default["alpha_regularizer"])

    def test_half_precision(self):
        layer = PReLU(dtype="float16")
        y = layer(np.array([[-1.0, 1.0]], "float32"))
        self.assertEqual(backend.standardize_dtype(y.dtype), "float16")
