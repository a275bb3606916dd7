import json
import os

import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.legacy import backend as K

_DATA = os.path.join(os.path.dirname(os.path.dirname(__file__)), "testdata")
with open(os.path.join(_DATA, "backend_cases.json")) as f:
    _CASES = json.load(f)
_ARRAYS = dict(np.load(os.path.join(_DATA, "backend_cases.npz")))


def _decode(value):
    if isinstance(value, dict) and "array" in value:
        return _ARRAYS[value["array"]]
    if isinstance(value, dict) and "tuple" in value:
        return tuple(_decode(v) for v in value["tuple"])
    return value


def _case_name(index, case):
    return f"{index:02d}_{case['function']}"


class OracleValuesTest(testing.TestCase):
    """Each call of `testdata/backend_cases.json` against the value
    upstream Keras 3.15.1 gave (made by `make_backend_fixtures.py`)."""

    @parameterized.named_parameters(
        (_case_name(i, case), case) for i, case in enumerate(_CASES)
    )
    def test_matches_oracle(self, case):
        args = [_decode(a) for a in case["args"]]
        args = [ops.convert_to_tensor(a) if isinstance(a, np.ndarray) else a
                for a in args]
        kwargs = {k: _decode(v) for k, v in case["kwargs"].items()}
        result = getattr(K, case["function"])(*args, **kwargs)
        if case["function"] == "ctc_decode":
            result = [result[0][0], result[1]]
        outputs = result if isinstance(result, (list, tuple)) else [result]
        self.assertLen(outputs, len(case["outputs"]))
        for output, key in zip(outputs, case["outputs"]):
            expected = _ARRAYS[key]
            actual = K.eval(output)
            self.assertEqual(np.shape(actual), expected.shape)
            if expected.dtype == bool or np.issubdtype(
                expected.dtype, np.integer
            ):
                self.assertAllEqual(actual, expected)
                # JAX without x64 makes int64 results int32.
                self.assertEqual(np.asarray(actual).dtype.kind,
                                 expected.dtype.kind)
            else:
                self.assertAllClose(actual, expected, atol=1e-4, rtol=1e-4)


class VariableTest(testing.TestCase):
    def test_variable_lifecycle(self):
        v = K.variable(np.array([[0, 1, 2], [3, 4, 5]]), name="v")
        self.assertEqual(K.dtype(v), "float32")
        self.assertEqual((K.int_shape(v), K.ndim(v), K.count_params(v)),
                         ((2, 3), 2, 6))
        self.assertAllEqual(K.eval(K.shape(v)), [2, 3])
        K.set_value(v, np.ones((2, 3)))
        K.update_add(v, np.full((2, 3), 2.0))
        K.update_sub(v, np.ones((2, 3)))
        self.assertAllClose(K.get_value(v), np.full((2, 3), 2.0))
        K.moving_average_update(v, np.zeros((2, 3)), 0.9)
        self.assertAllClose(K.get_value(v), np.full((2, 3), 1.8))
        K.batch_set_value([(v, np.zeros((2, 3)))])
        self.assertAllClose(K.batch_get_value([v])[0], np.zeros((2, 3)))
        with self.assertRaisesRegex(TypeError, "expects a variable"):
            K.update(np.zeros(2), np.ones(2))

    def test_constructors(self):
        self.assertIsInstance(K.zeros((2,)), backend.Variable)
        self.assertEqual(K.dtype(K.ones((2,), dtype="int32")), "int32")
        self.assertAllClose(K.get_value(K.eye(2)), np.eye(2))
        self.assertAllClose(K.eval(K.constant(1, shape=(2, 2))),
                            np.ones((2, 2)))
        self.assertEqual(K.dtype(K.zeros_like(np.ones(2), dtype="int32")),
                         "int32")
        v = K.random_uniform_variable((50,), 2.0, 3.0, seed=1)
        self.assertTrue(np.all((K.get_value(v) >= 2) & (K.get_value(v) < 3)))
        self.assertEqual(K.int_shape(K.random_normal_variable((50,), 0, 1)),
                         (50,))
        self.assertEqual(K.cast_to_floatx([1, 2]).dtype, np.float32)
        self.assertFalse(K.is_sparse(np.ones(2)))
        with self.assertRaisesRegex(ValueError, "K.constant"):
            K.constant([1, 2, 3], shape=(2, 2))

    def test_graph_mode_gradients_raise(self):
        with self.assertRaisesRegex(RuntimeError, "GradientTape"):
            K.gradients(K.constant(1.0), [])


class FunctionTest(testing.TestCase):
    def test_random(self):
        # One shape throughout: JAX compiles each op once per shape.
        self.assertEqual(K.dtype(K.random_normal((50,), seed=1)), "float32")
        self.assertEqual(K.int_shape(K.truncated_normal((50,))), (50,))
        u = K.eval(K.random_uniform((50,), 1.0, 2.0, seed=3))
        self.assertTrue(np.all((u >= 1) & (u < 2)))
        self.assertAllClose(K.eval(K.random_bernoulli((50,), p=1.0)),
                            np.ones(50))
        dropped = K.eval(K.dropout(np.ones(50, "float32"), 0.5, seed=1))
        self.assertEqual(set(np.unique(dropped)), {0.0, 2.0})

    def test_folds_and_map(self):
        x = np.array([1.0, 2.0, 3.0], "float32")
        self.assertAllClose(K.foldl(lambda a, t: a + t, x), 6.0)
        self.assertAllClose(K.foldr(lambda a, t: a - t, x), 0.0)
        self.assertAllClose(K.foldl(lambda a, t: a + t, x, initializer=10.0),
                            16.0)
        self.assertAllClose(K.map_fn(lambda t: t * 2, x), x * 2)

    def test_rnn(self):
        def step(x, states):
            total = states[0] + x
            return total * 2, [total]

        inputs = np.ones((2, 3, 1), "float32")
        mask = np.array([[1, 1, 0], [1, 1, 1]], bool)
        last, outputs, states = K.rnn(step, inputs,
                                      [np.zeros((2, 1), "float32")],
                                      mask=mask)
        self.assertAllClose(last, [[4.0], [6.0]])
        self.assertEqual(K.int_shape(outputs), (2, 3, 1))
        self.assertAllClose(states[0], [[2.0], [3.0]])

    def test_ctc_label_dense_to_sparse(self):
        indices, values, shape = K.ctc_label_dense_to_sparse(
            np.array([[1, 2, 0], [3, 0, 0]]), np.array([2, 1]))
        self.assertAllEqual(indices, [[0, 0], [0, 1], [1, 0]])
        self.assertAllEqual(values, [1, 2, 3])
        self.assertAllEqual(shape, [2, 3])

    def test_errors_name_the_function(self):
        with self.assertRaisesRegex(ValueError, "K.batch_dot"):
            K.batch_dot(np.ones((2, 3)), np.ones((2, 4)))
        with self.assertRaisesRegex(ValueError, "pool_mode"):
            K.pool2d(np.ones((1, 2, 2, 1)), (2, 2), pool_mode="sum")
        with self.assertRaisesRegex(ValueError, "data_format"):
            K.bias_add(np.ones((1, 2)), np.ones(2), data_format="nhwc")
        with self.assertRaisesRegex(ValueError, "K.tile"):
            K.tile(np.ones((2, 3)), 2)

    @pytest.mark.skipif(backend.backend() == "tensorflow",
                        reason="TensorFlow's CPU kernels lack channels_first "
                        "convolutions")
    def test_channels_first_matches_channels_last(self):
        x = np.random.default_rng(0).normal(size=(1, 6, 2)).astype("float32")
        kernel = np.ones((2, 2, 3), "float32")
        last = K.conv1d(x, kernel, strides=2)
        first = K.conv1d(np.transpose(x, (0, 2, 1)), kernel, strides=2,
                         data_format="channels_first")
        self.assertAllClose(np.transpose(K.eval(first), (0, 2, 1)), last)
