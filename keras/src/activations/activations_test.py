import math

import numpy as np
from absl.testing import parameterized

from keras.src import activations
from keras.src import backend
from keras.src import ops
from keras.src import testing

X = np.array(
    [[-6.0, -3.0, -1.5, -1.0, -0.5, 0.0], [0.25, 0.5, 1.0, 2.0, 4.0, 7.0]],
    dtype="float32",
)


def _np_sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def _np_softplus(x):
    return np.log1p(np.exp(x))


def _np_softmax(x, axis=-1):
    e = np.exp(x - np.max(x, axis=axis, keepdims=True))
    return e / np.sum(e, axis=axis, keepdims=True)


def _np_erf(x):
    return np.vectorize(math.erf)(x)


def _np_sparsemax(x):
    z = np.sort(x, axis=-1)[..., ::-1]
    k = np.arange(1, x.shape[-1] + 1)
    cumsum = np.cumsum(z, axis=-1)
    support = 1 + k * z > cumsum
    count = np.sum(support, axis=-1, keepdims=True)
    tau = (np.take_along_axis(cumsum, count - 1, axis=-1) - 1) / count
    return np.maximum(x - tau, 0)


SELU_ALPHA = 1.6732632423543772
SELU_SCALE = 1.0507009873554805

REFERENCES = {
    "relu": lambda x: np.maximum(x, 0),
    "relu6": lambda x: np.clip(x, 0, 6),
    "leaky_relu": lambda x: np.where(x >= 0, x, 0.2 * x),
    "elu": lambda x: np.where(x > 0, x, np.expm1(x)),
    "selu": lambda x: SELU_SCALE * np.where(x > 0, x, SELU_ALPHA * np.expm1(x)),
    "celu": lambda x: np.maximum(x, 0) + np.minimum(0, np.expm1(x)),
    "gelu": lambda x: 0.5 * x * (1 + _np_erf(x / np.sqrt(2))),
    "sigmoid": _np_sigmoid,
    "hard_sigmoid": lambda x: np.clip(x / 6 + 0.5, 0, 1),
    "sparse_sigmoid": lambda x: np.clip((x + 1) / 2, 0, 1),
    "log_sigmoid": lambda x: -_np_softplus(-x),
    "silu": lambda x: x * _np_sigmoid(x),
    "swish": lambda x: x * _np_sigmoid(x),
    "hard_silu": lambda x: x * np.clip(x + 3, 0, 6) / 6,
    "hard_swish": lambda x: x * np.clip(x + 3, 0, 6) / 6,
    "softplus": _np_softplus,
    "softsign": lambda x: x / (np.abs(x) + 1),
    "squareplus": lambda x: (x + np.sqrt(x**2 + 4)) / 2,
    "sparse_plus": lambda x: np.where(
        x <= -1, 0, np.where(x >= 1, x, (x + 1) ** 2 / 4)
    ),
    "mish": lambda x: x * np.tanh(_np_softplus(x)),
    "tanh": np.tanh,
    "hard_tanh": lambda x: np.clip(x, -1, 1),
    "tanh_shrink": lambda x: x - np.tanh(x),
    "hard_shrink": lambda x: np.where(np.abs(x) > 0.5, x, 0),
    "soft_shrink": lambda x: np.sign(x) * np.maximum(np.abs(x) - 0.5, 0),
    "exponential": np.exp,
    "linear": lambda x: x,
    "softmax": _np_softmax,
    "log_softmax": lambda x: np.log(_np_softmax(x)),
    "sparsemax": _np_sparsemax,
}


class ActivationValuesTest(testing.TestCase):
    @parameterized.parameters(*sorted(REFERENCES))
    def test_against_numpy(self, name):
        fn = getattr(activations, name, None) or activations.get(name)
        expected = REFERENCES[name](X.astype("float64"))
        result = fn(X)
        self.assertEqual(tuple(result.shape), X.shape)
        self.assertAllClose(result, expected, atol=1e-5, rtol=1e-5)

    def test_arguments(self):
        x = X.astype("float64")
        self.assertAllClose(
            activations.elu(X, alpha=0.5), np.where(x > 0, x, 0.5 * np.expm1(x))
        )
        self.assertAllClose(
            activations.celu(X, alpha=2.0),
            np.maximum(x, 0) + np.minimum(0, 2.0 * np.expm1(x / 2.0)),
            atol=1e-5,
        )
        self.assertAllClose(
            activations.leaky_relu(X, negative_slope=0.1),
            np.where(x >= 0, x, 0.1 * x),
        )
        self.assertAllClose(
            activations.squareplus(X, b=1),
            (x + np.sqrt(x**2 + 1)) / 2,
            atol=1e-5,
        )
        self.assertAllClose(
            activations.hard_shrink(X, threshold=1.0),
            np.where(np.abs(x) > 1.0, x, 0),
        )
        self.assertAllClose(
            activations.soft_shrink(X, threshold=1.0),
            np.sign(x) * np.maximum(np.abs(x) - 1.0, 0),
        )
        self.assertAllClose(
            activations.threshold(X, 1.0, -7.0), np.where(x > 1.0, x, -7.0)
        )
        tanh_gelu = (
            0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3)))
        )
        self.assertAllClose(
            activations.gelu(X, approximate=True), tanh_gelu, atol=1e-5
        )

    def test_softmax_axes(self):
        x = X.astype("float64")
        self.assertAllClose(
            activations.softmax(X, axis=0), _np_softmax(x, axis=0), atol=1e-6
        )
        joint = np.exp(x) / np.sum(np.exp(x))
        self.assertAllClose(
            activations.softmax(X, axis=(0, 1)), joint, atol=1e-6
        )
        self.assertAllClose(
            activations.log_softmax(X, axis=0),
            np.log(_np_softmax(x, axis=0)),
            atol=1e-5,
        )
        self.assertAllClose(
            activations.softmax(np.array([1.0, 2.0, 3.0])),
            _np_softmax(np.array([1.0, 2.0, 3.0])),
        )

    def test_glu(self):
        x = np.arange(12.0).reshape(3, 4) / 4 - 1
        a, b = x[:, :2], x[:, 2:]
        self.assertAllClose(activations.glu(x), a * _np_sigmoid(b), atol=1e-6)
        with self.assertRaisesRegex(ValueError, "must be even"):
            activations.glu(x, axis=0)

    def test_linear_returns_input(self):
        self.assertIs(activations.linear(X), X)


def _np_relu(x, negative_slope=0.0, max_value=None, threshold=0.0):
    y = np.where(x > threshold, x, negative_slope * (x - threshold))
    if max_value is not None:
        y = np.where(x > threshold, np.minimum(y, max_value), y)
    return y


class ReluTest(testing.TestCase):
    @parameterized.parameters(
        {},
        {"negative_slope": 0.1},
        {"max_value": 4.0},
        {"max_value": 6.0},
        {"threshold": 1.0},
        {"negative_slope": 0.1, "max_value": 4.0},
        {"negative_slope": 0.1, "threshold": 1.0},
        {"max_value": 3.0, "threshold": -1.0},
        {"negative_slope": 0.2, "max_value": 0.5, "threshold": 1.0},
    )
    def test_arguments(self, **kwargs):
        expected = _np_relu(X.astype("float64"), **kwargs)
        self.assertAllClose(activations.relu(X, **kwargs), expected)

    def test_values_at_threshold(self):
        # The threshold itself is not above the threshold.
        x = np.array([1.0, 1.5], dtype="float32")
        self.assertAllClose(activations.relu(x, threshold=1.0), [0.0, 1.5])

    def test_integers(self):
        x = np.array([1, -2, 3], dtype="int32")
        self.assertDType(activations.relu(x), "int32")
        self.assertAllEqual(activations.relu(x, max_value=2), [1, 0, 2])

    def test_keeps_float_dtypes(self):
        for dtype in ("float16", "float32"):
            y = activations.relu(X.astype(dtype), negative_slope=0.5)
            self.assertDType(y, dtype)

    def test_symbolic(self):
        x = backend.KerasTensor((None, 3))
        y = activations.relu(x, negative_slope=0.1, max_value=5.0)
        self.assertEqual(y.shape, (None, 3))
        self.assertEqual(activations.softmax(x).shape, (None, 3))
        self.assertEqual(activations.mish(x).shape, (None, 3))


class GetSerializeTest(testing.TestCase):
    def test_get_names(self):
        self.assertIs(activations.get("relu"), activations.relu)
        self.assertIs(activations.get("swish"), activations.silu)
        self.assertIs(activations.get("hard_swish"), activations.hard_silu)
        self.assertIs(activations.get(None), activations.linear)
        for name in activations.ALL_OBJECTS_DICT:
            self.assertTrue(callable(activations.get(name)))

    def test_get_callables(self):
        def custom(x):
            return x * 2

        self.assertIs(activations.get(custom), custom)
        self.assertIs(activations.get(ops.relu), ops.relu)

    def test_get_dict(self):
        config = {
            "module": "keras.activations",
            "class_name": "function",
            "config": "relu",
            "registered_name": "function",
        }
        self.assertIs(activations.get(config), activations.relu)

    def test_get_unknown(self):
        for identifier in ("Relu", "foo", 3):
            with self.assertRaisesRegex(
                ValueError, "Could not interpret activation function"
            ) as context:
                activations.get(identifier)
            self.assertIn(f"identifier={identifier!r}", str(context.exception))

    def test_serialize(self):
        for fn in activations.ALL_OBJECTS:
            self.assertEqual(activations.serialize(fn), fn.__name__)
            self.assertIs(activations.deserialize(fn.__name__), fn)
        self.assertEqual(activations.serialize(activations.swish), "silu")
        # Functions of the same name elsewhere serialize to the built-in.
        self.assertEqual(activations.serialize(ops.relu), "relu")

    def test_deserialize_custom_objects(self):
        def double(x):
            return x * 2

        fn = activations.deserialize(
            "double", custom_objects={"double": double}
        )
        self.assertIs(fn, double)


class ActivationOperationsTest(testing.TestCase):
    def test_relu_and_mish_operations(self):
        from keras.src.activations.activations import Mish
        from keras.src.activations.activations import ReLU
        from keras.src.backend import KerasTensor

        x = np.array([-1.0, 2.0], "float32")
        self.assertAllClose(ReLU(negative_slope=0.1)(x), [-0.1, 2.0])
        self.assertAllClose(ReLU.static_call(x, max_value=1.0), [0.0, 1.0])
        self.assertAllClose(Mish()(np.array([1.0], "float32")), [0.8650984],
                            atol=1e-6)
        spec = ReLU()(KerasTensor((None, 3)))
        self.assertEqual(spec.shape, (None, 3))
