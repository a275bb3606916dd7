import numpy as np
import pytest

from keras.src import activations
from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.layers.activations.activation import Activation
from keras.src.layers.activations.relu import ReLU
from keras.src.layers.core.input_layer import Input
from keras.src.models.model import Model
from keras.src.saving import serialization_lib


class ActivationTest(testing.TestCase):
    def test_layer_checks(self):
        self.run_layer_test(
            Activation,
            init_kwargs={"activation": "relu"},
            input_shape=(2, 3),
            expected_output_shape=(2, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=True,
            assert_built_after_instantiation=True,
        )

    def test_relu_values(self):
        x = np.array([[-2.0, 0.0, 3.0]], "float32")
        y = Activation("relu")(x)
        self.assertAllClose(y, np.maximum(x, 0))

    def test_none_is_identity(self):
        layer = Activation(None)
        self.assertIs(layer.activation, activations.linear)
        x = np.array([[-2.0, 3.0]], "float32")
        self.assertAllClose(layer(x), x)

    def test_callable(self):
        layer = Activation(lambda t: t * 2.0)
        self.assertAllClose(layer(np.ones((1, 2), "float32")), [[2.0, 2.0]])

    def test_layer_as_activation(self):
        layer = Activation(ReLU(max_value=1.0))
        x = np.array([[-1.0, 0.5, 4.0]], "float32")
        self.assertAllClose(layer(x), [[0.0, 0.5, 1.0]])
        restored = Activation.from_config(layer.get_config())
        self.assertAllClose(restored(x), [[0.0, 0.5, 1.0]])

    def test_config_round_trip(self):
        layer = Activation("softmax", name="act")
        config = layer.get_config()
        self.assertEqual(config["activation"], "softmax")
        self.assertEqual(config["name"], "act")
        restored = Activation.from_config(config)
        self.assertIs(restored.activation, activations.softmax)
        revived = serialization_lib.deserialize_keras_object(
            serialization_lib.serialize_keras_object(layer)
        )
        self.assertIsInstance(revived, Activation)
        self.assertEqual(revived.get_config(), config)

    def test_stateless_and_masking(self):
        layer = Activation("tanh")
        self.assertTrue(layer.built)
        self.assertTrue(layer.supports_masking)
        self.assertEqual(layer.weights, [])

    def test_symbolic_functional(self):
        inputs = Input((3,))
        outputs = Activation("sigmoid")(inputs)
        self.assertEqual(outputs.shape, (None, 3))
        model = Model(inputs, outputs)
        x = np.array([[0.0, 1.0, -1.0]], "float32")
        expected = 1 / (1 + np.exp(-x))
        self.assertAllClose(model(x), expected, atol=1e-6)

    def test_mixed_precision_dtype(self):
        layer = Activation("relu", dtype="float16")
        y = layer(np.ones((2, 2), "float32"))
        self.assertEqual(backend.standardize_dtype(y.dtype), "float16")

    def test_bad_identifier(self):
        with pytest.raises(ValueError, match="foo"):
            Activation("foo")

    def test_compute_output_shape(self):
        self.assertEqual(
            Activation("relu").compute_output_shape((None, 4, 2)),
            (None, 4, 2),
        )
        self.assertEqual(ops.shape(Activation("relu")(np.ones((2, 4)))),
                         (2, 4))
