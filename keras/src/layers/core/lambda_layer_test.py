import json

import numpy as np
import pytest

import keras
from keras.src import ops
from keras.src import testing
from keras.src.layers.core.lambda_layer import Lambda
from keras.src.layers.core.masking import Masking
from keras.src.saving import object_registration
from keras.src.saving import serialization_lib
from keras.src.saving.safe_mode import SafeModeScope


@object_registration.register_keras_serializable(package="lambda_test")
def scale(x, factor=1.0):
    return x * factor


@object_registration.register_keras_serializable(package="lambda_test")
def first_mask(inputs, mask):
    return mask


def _np(x):
    return ops.convert_to_numpy(x)


class LambdaTest(testing.TestCase):
    def test_run_layer_test(self):
        self.run_layer_test(
            Lambda,
            init_kwargs={"function": scale, "arguments": {"factor": 2.0}},
            input_shape=(2, 3),
            expected_output_shape=(2, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            supports_masking=False,
            run_training_check=False,
        )

    def test_calls_the_function_with_arguments(self):
        layer = Lambda(scale, arguments={"factor": 3.0})
        x = np.array([[1.0, -2.0]], "float32")
        self.assertAllClose(layer(x), x * 3.0)

    def test_inferred_output_shape_and_dtype(self):
        layer = Lambda(lambda x: ops.concatenate([x, x], axis=-1))
        inputs = keras.Input((3,))
        outputs = layer(inputs)
        self.assertEqual(outputs.shape, (None, 6))
        self.assertEqual(layer.compute_output_shape((None, 3)), (None, 6))
        cast = Lambda(lambda x: ops.cast(x, "int32"))(inputs)
        self.assertEqual(cast.dtype, "int32")
        model = keras.Model(inputs, outputs)
        self.assertAllClose(model(np.ones((2, 3), "float32")),
                            np.ones((2, 6)))

    def test_given_output_shape(self):
        inputs = keras.Input((3,))
        layer = Lambda(lambda x: ops.tile(x, (1, 2)), output_shape=(6,))
        self.assertEqual(layer(inputs).shape, (None, 6))
        self.assertEqual(layer.compute_output_shape((4, 3)), (4, 6))
        layer = Lambda(lambda x: x, output_shape=lambda s: (s[0], 7))
        self.assertEqual(layer.compute_output_shape((None, 3)), (None, 7))
        layer = Lambda(lambda x: [x, x], output_shape=[(3,), (4,)])
        self.assertEqual(layer.compute_output_shape((None, 3)),
                         [(None, 3), (None, 4)])
        outputs = layer(inputs)
        self.assertEqual([o.shape for o in outputs], [(None, 3), (None, 4)])
        layer = Lambda(lambda x: x[0], output_shape=(2,))
        self.assertEqual(
            layer.compute_output_shape([(5, 3), (5, 4)]), (5, 2)
        )

    def test_mask_function_and_value(self):
        layer = Lambda(lambda x: x, mask=first_mask)
        self.assertTrue(layer.supports_masking)
        inputs = keras.Input((4, 2))
        outputs = layer(Masking()(inputs))
        self.assertEqual(outputs._keras_mask.shape, (None, 4))
        constant = Lambda(lambda x: x, mask=True)
        self.assertTrue(constant.compute_mask(np.ones((1, 2)), None))
        plain = Lambda(lambda x: x)
        self.assertFalse(plain.supports_masking)
        self.assertIsNone(plain.compute_mask(np.ones((1, 2)), None))

    def test_function_receives_mask_and_training(self):
        seen = {}

        def record(x, mask=None, training=None):
            seen["mask"], seen["training"] = mask, training
            return x

        layer = Lambda(record)
        self.assertEqual(layer.call_signature_parameters,
                         ["inputs", "mask", "training"])
        x = np.array([[[1.0], [0.0]]], "float32")
        mask = np.array([[True, False]])
        layer(x, mask=mask, training=True)
        self.assertTrue(seen["training"])
        self.assertAllEqual(seen["mask"], mask)
        y = Lambda(lambda x, mask: x * ops.cast(mask, x.dtype)[..., None])(
            np.ones((1, 2, 1), "float32"), mask=mask
        )
        self.assertAllClose(y, x)

    def test_named_function_config_round_trip(self):
        layer = Lambda(scale, output_shape=(3,), mask=first_mask,
                       arguments={"factor": 2.0, "name": "relu"})
        config = layer.get_config()
        self.assertEqual(config["function"]["config"], "lambda_test>scale")
        self.assertEqual(config["output_shape"], (3,))
        self.assertEqual(config["arguments"],
                         {"factor": 2.0, "name": "relu"})
        restored = Lambda.from_config(json.loads(json.dumps(config)))
        self.assertIs(restored.function, scale)
        self.assertIs(restored.mask, first_mask)
        self.assertEqual(restored.arguments,
                         {"factor": 2.0, "name": "relu"})
        self.assertEqual(restored.compute_output_shape((None, 5)),
                         (None, 3))
        plain = Lambda(scale).get_config()
        self.assertNotIn("output_shape", plain)
        self.assertNotIn("mask", plain)
        self.assertEqual(plain["arguments"], {})

    def test_array_arguments_round_trip(self):
        layer = Lambda(scale, arguments={"factor": np.array([1.0, 2.0])})
        config = json.loads(json.dumps(layer.get_config()))
        restored = Lambda.from_config(config)
        self.assertAllClose(restored.arguments["factor"], [1.0, 2.0])

    def test_python_lambda_needs_unsafe_mode(self):
        offset = 3.0
        layer = Lambda(lambda x, k=2.0: x * k + offset,
                       output_shape=lambda s: s)
        config = json.loads(json.dumps(layer.get_config()))
        function = config["function"]
        self.assertEqual(function["class_name"], "__lambda__")
        self.assertEqual(sorted(function["config"]),
                         ["closure", "code", "defaults"])
        with SafeModeScope(True), self.assertRaisesRegex(
            ValueError, "safe_mode=False"
        ):
            Lambda.from_config(config)
        with self.assertRaisesRegex(ValueError, "lambda"):
            Lambda.from_config(config)
        with SafeModeScope(False), self.assertRaisesRegex(
            ValueError, "lambda"
        ):
            Lambda.from_config(config, safe_mode=True)
        self.assertIsNotNone(Lambda.from_config(config, safe_mode=False))
        with SafeModeScope(False):
            restored = Lambda.from_config(config)
        x = np.array([[1.0, 2.0]], "float32")
        self.assertAllClose(restored(x), x * 2.0 + 3.0)
        self.assertEqual(restored.compute_output_shape((None, 2)),
                         (None, 2))

    def test_lambda_through_serialization_lib(self):
        layer = Lambda(lambda x: x + 1.0, name="plus_one")
        config = serialization_lib.serialize_keras_object(layer)
        with pytest.raises(ValueError, match="lambda"):
            serialization_lib.deserialize_keras_object(config)
        restored = serialization_lib.deserialize_keras_object(
            config, safe_mode=False
        )
        self.assertEqual(restored.name, "plus_one")
        self.assertAllClose(restored(np.zeros((1, 2), "float32")),
                            np.ones((1, 2)))

    def test_invalid_arguments(self):
        with self.assertRaisesRegex(TypeError, "function=3"):
            Lambda(3)
        with self.assertRaisesRegex(ValueError, r"arguments=\[1\]"):
            Lambda(scale, arguments=[1])
        with self.assertRaisesRegex(ValueError, "output_shape='abc'"):
            Lambda(scale, output_shape="abc")
