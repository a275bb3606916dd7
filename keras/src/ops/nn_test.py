"""Tests of the nn ops against NumPy references, on the active backend.

Convolution, pooling and CTC references are written here as direct loops
(or brute-force enumeration) over tiny inputs, independently of any
backend's implementation.
"""

import ast
import inspect
import itertools
import math
import os

import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.testing.op_checks import check_eager
from keras.src.testing.op_checks import check_symbolic

KT = KerasTensor
RNG = np.random.default_rng(7)


def _random(*shape, dtype="float32"):
    return RNG.normal(size=shape).astype(dtype)


def _expected_float(*dtypes):
    """The float dtype an op gives for inputs of `dtypes`."""
    dtype = backend.result_type(*dtypes)
    if backend.is_float_dtype(dtype):
        return dtype
    return backend.result_type(dtype, float)


def _in_float64(fn):
    """A reference computing in float64 and returning the input's float
    dtype (floatx for integers and bools)."""

    def reference(x, *args, **kwargs):
        x = np.asarray(x)
        dtype = x.dtype if x.dtype.kind == "f" else np.float32
        result = fn(x.astype("float64"), *args, **kwargs)
        return np.asarray(result).astype(dtype)

    return reference


def _sigmoid(x):
    return 1 / (1 + np.exp(-x))


def _gelu(x, approximate=True):
    if approximate:
        inner = np.sqrt(2 / np.pi) * (x + 0.044715 * x**3)
        return 0.5 * x * (1 + np.tanh(inner))
    return 0.5 * x * (1 + np.vectorize(math.erf)(x / np.sqrt(2)))


def _selu(x):
    alpha, scale = 1.6732632423543772, 1.0507009873554805
    return scale * np.where(x > 0, x, alpha * np.expm1(x))


FLOAT_ACTIVATIONS = {
    "sigmoid": (_sigmoid, {}),
    "sparse_sigmoid": (lambda x: np.clip((x + 1) / 2, 0, 1), {}),
    "softplus": (lambda x: np.log1p(np.exp(x)), {}),
    "softsign": (lambda x: x / (1 + np.abs(x)), {}),
    "silu": (lambda x: x * _sigmoid(x), {}),
    "swish": (lambda x: x * _sigmoid(x), {}),
    "log_sigmoid": (lambda x: np.log(_sigmoid(x)), {}),
    "leaky_relu": (
        lambda x, negative_slope: np.where(x >= 0, x, negative_slope * x),
        {"negative_slope": 0.1},
    ),
    "hard_sigmoid": (lambda x: np.clip(x / 6 + 0.5, 0, 1), {}),
    "hard_silu": (lambda x: x * np.clip(x / 6 + 0.5, 0, 1), {}),
    "hard_swish": (lambda x: x * np.clip(x / 6 + 0.5, 0, 1), {}),
    "elu": (
        lambda x, alpha: np.where(x > 0, x, alpha * np.expm1(x)),
        {"alpha": 0.7},
    ),
    "selu": (_selu, {}),
    "gelu": (_gelu, {}),
    "celu": (
        lambda x, alpha: np.maximum(x, 0)
        + np.minimum(0, alpha * np.expm1(x / alpha)),
        {"alpha": 0.5},
    ),
    "tanh_shrink": (lambda x: x - np.tanh(x), {}),
    "hard_shrink": (
        lambda x, threshold: np.where(np.abs(x) > threshold, x, 0),
        {"threshold": 0.6},
    ),
    "soft_shrink": (
        lambda x, threshold: np.sign(x) * np.maximum(np.abs(x) - threshold, 0),
        {"threshold": 0.6},
    ),
    "squareplus": (lambda x, b: (x + np.sqrt(x * x + b)) / 2, {"b": 2}),
    "sparse_plus": (
        lambda x: np.where(x <= -1, 0, np.where(x >= 1, x, (x + 1) ** 2 / 4)),
        {},
    ),
}

INT_KEEPING_ACTIVATIONS = {
    "relu": lambda x: np.maximum(x, 0),
    "relu6": lambda x: np.clip(x, 0, 6),
    "hard_tanh": lambda x: np.clip(x.astype("float64"), -1, 1).astype(
        x.dtype),
}


# Integer input on the numpy backend, as upstream Keras's numpy backend
# gives it: computed in float64 and returned as float64, or cast back to
# the integer dtype. Elsewhere integers give floatx.
NUMPY_INT_TO_FLOAT64 = {
    "sigmoid", "softplus", "softsign", "silu", "swish", "squareplus",
    "log_sigmoid", "hard_sigmoid", "hard_silu", "hard_swish", "elu",
    "selu", "gelu", "celu", "tanh_shrink", "softmax", "log_softmax",
    "sparsemax",
}
NUMPY_INT_KEPT = {
    "sparse_sigmoid", "leaky_relu", "hard_shrink", "soft_shrink",
    "sparse_plus",
}


# Integer input refused on tensorflow and torch, as upstream Keras's
# backends refuse it there, with the class of upstream's error.
_TF_INVALID = "InvalidArgumentError"
INT_REFUSED = {
    "tensorflow": {
        "sigmoid": _TF_INVALID, "softplus": _TF_INVALID,
        "softsign": _TF_INVALID, "silu": _TF_INVALID, "swish": _TF_INVALID,
        "squareplus": _TF_INVALID, "log_sigmoid": _TF_INVALID,
        "elu": _TF_INVALID, "selu": _TF_INVALID, "tanh_shrink": _TF_INVALID,
        "softmax": _TF_INVALID, "log_softmax": _TF_INVALID,
        "sparsemax": _TF_INVALID, "gelu": "ValueError",
        "celu": "TypeError", "hard_sigmoid": "TypeError",
        "hard_silu": "TypeError", "hard_swish": "TypeError",
        "hard_tanh": "TypeError", "hard_shrink": "TypeError",
        "sparse_plus": "TypeError", "sparse_sigmoid": "TypeError",
    },
    "torch": {
        name: "NotImplementedError"
        for name in ("celu", "elu", "gelu", "hard_shrink", "hard_sigmoid",
                     "hard_silu", "hard_swish", "leaky_relu", "log_sigmoid",
                     "log_softmax", "selu", "silu", "swish", "soft_shrink",
                     "softmax", "softplus")
    },
}


def _int_refusal(name):
    """The class name of the error activation `name` raises for integer
    input on this backend (`None`: it computes)."""
    return INT_REFUSED.get(backend.backend(), {}).get(name)


def _assert_int_refused(test, name, op, x, kwargs=None):
    """`op(x)` raises upstream's class, with our message."""
    with test.assertRaisesRegex(Exception, "needs floating-point") as e:
        op(x, **(kwargs or {}))
    classes = [c.__name__ for c in type(e.exception).__mro__]
    test.assertIn(_int_refusal(name), classes)


def _int_result(name, dtype):
    """The dtype activation `name` gives for integer input of `dtype`."""
    if backend.backend() == "numpy" and "int" in dtype:
        if name in NUMPY_INT_TO_FLOAT64:
            return "float64"
        if name in NUMPY_INT_KEPT:
            return dtype
    if (backend.backend() == "tensorflow" and name == "soft_shrink"
            and "int" in dtype):
        return dtype  # Truncated to the integer dtype, as in Keras.
    return _expected_float(dtype)


class ActivationsTest(testing.TestCase):
    @parameterized.named_parameters(
        (name, name) for name in FLOAT_ACTIVATIONS
    )
    def test_float_activation(self, name):
        op = getattr(ops, name)
        fn, kwargs = FLOAT_ACTIVATIONS[name]
        x = np.linspace(-4, 4, 24, dtype="float32").reshape(2, 3, 4)
        check_eager(op, _in_float64(fn), (x,), kwargs, atol=1e-5, rtol=1e-5)
        ints = np.arange(-3, 3, dtype="int32").reshape(2, 3)

        def int_reference(x, **kwargs):
            result = fn(x.astype("float64"), **kwargs)
            with np.errstate(invalid="ignore"):
                return np.asarray(result).astype(_int_result(name, "int32"))

        if _int_refusal(name):
            _assert_int_refused(self, name, op, ints, kwargs)
        else:
            check_eager(op, int_reference, (ints,), kwargs, atol=1e-5,
                        rtol=1e-5)
        half = x.astype("float16")
        check_eager(op, _in_float64(fn), (half,), kwargs, atol=1e-2,
                    rtol=1e-2)
        for dtype in ("int8", "uint8", "bool", "bfloat16"):
            ones = backend.convert_to_tensor(np.ones(2, "float32"), dtype)
            if _int_refusal(name) and "int" in dtype:
                _assert_int_refused(self, name, op, ones, kwargs)
                continue
            self.assertDType(op(ones, **kwargs), _int_result(name, dtype))
        check_symbolic(op, (KT((None, 3), "int32"),), kwargs,
                       shape=(None, 3), dtype="float32")
        check_symbolic(op, (KT((2, None), "float16"),), kwargs,
                       shape=(2, None), dtype="float16")

    @parameterized.named_parameters(
        (name, name) for name in INT_KEEPING_ACTIVATIONS
    )
    def test_int_keeping_activation(self, name):
        op = getattr(ops, name)
        fn = INT_KEEPING_ACTIVATIONS[name]
        x = np.linspace(-8, 8, 12, dtype="float32").reshape(3, 4)
        check_eager(op, fn, (x,))
        if _int_refusal(name):
            ints = np.arange(-8, 8, dtype="int32")
            _assert_int_refused(self, name, op, ints)
            return
        for dtype in ("int32", "int8"):
            check_eager(op, fn, (np.arange(-8, 8, dtype=dtype),))
        check_eager(op, fn, (np.arange(0, 9, dtype="uint8"),))
        self.assertDType(op(np.array([True, False])), "int32")
        ones = backend.convert_to_tensor(np.ones(2, "float32"), "bfloat16")
        self.assertDType(op(ones), "bfloat16")
        check_symbolic(op, (KT((None, 3), "int8"),), shape=(None, 3),
                       dtype="int8")
        check_symbolic(op, (KT((None,), "bool"),), dtype="int32")

    def test_gelu_exact(self):
        x = np.linspace(-3, 3, 13, dtype="float32")
        check_eager(ops.gelu, _in_float64(_gelu), (x,),
                    {"approximate": False}, atol=1e-5)

    def test_python_values(self):
        self.assertAllClose(ops.relu([-1.0, 2.0]), [0.0, 2.0])
        self.assertAllClose(ops.sigmoid(0.0), 0.5)
        if _int_refusal("sigmoid"):
            _assert_int_refused(self, "sigmoid", ops.sigmoid, 1)
        else:
            self.assertDType(ops.sigmoid(1), _int_result("sigmoid", "int32"))

    def test_extremes_are_finite(self):
        x = np.array([-100.0, 100.0], "float32")
        self.assertAllClose(ops.sigmoid(x), [0.0, 1.0])
        self.assertAllClose(ops.softplus(x), [0.0, 100.0])
        self.assertAllClose(ops.log_sigmoid(x), [-100.0, 0.0])
        self.assertAllClose(ops.elu(x), [-1.0, 100.0])


def _softmax(x, axis=-1):
    e = np.exp(x - np.max(x, axis=axis, keepdims=True))
    return e / np.sum(e, axis=axis, keepdims=True)


def _log_softmax(x, axis=-1):
    return np.log(_softmax(x, axis))


def _sparsemax_1d(z):
    # Bisection on the threshold tau: sum(max(z - tau, 0)) == 1.
    low, high = z.max() - 1, z.max()
    for _ in range(100):
        tau = (low + high) / 2
        if np.maximum(z - tau, 0).sum() > 1:
            low = tau
        else:
            high = tau
    return np.maximum(z - (low + high) / 2, 0)


def _sparsemax(x, axis=-1):
    return np.apply_along_axis(_sparsemax_1d, axis, x)


def _glu(x, axis=-1):
    a, b = np.split(x, 2, axis=axis)
    return a * _sigmoid(b)


class SoftmaxTest(testing.TestCase):
    @parameterized.product(
        op=(
            ("softmax", _softmax),
            ("log_softmax", _log_softmax),
            ("sparsemax", _sparsemax),
        ),
        axis=(-1, 0, 1),
    )
    def test_eager(self, op, axis):
        name, fn = op
        x = _random(3, 4, 2) * 3
        # Upstream's numpy backend gives float64 sparsemax of float32.
        dtype = (
            "float64"
            if name == "sparsemax" and backend.backend() == "numpy"
            else None
        )
        check_eager(getattr(ops, name), _in_float64(fn), (x,),
                    {"axis": axis}, dtype=dtype, atol=1e-5, rtol=1e-5)
        check_symbolic(getattr(ops, name), (KT((None, 4, 2), "int32"),),
                       {"axis": axis}, shape=(None, 4, 2), dtype="float32")

    @parameterized.parameters("softmax", "log_softmax")
    def test_several_axes(self, name):
        x = _random(2, 3, 4)
        fn = _softmax if name == "softmax" else _log_softmax
        check_eager(getattr(ops, name), _in_float64(fn), (x,),
                    {"axis": (1, 2)}, atol=1e-5)
        check_eager(getattr(ops, name), _in_float64(fn), (x,),
                    {"axis": None}, atol=1e-5)

    def test_sparsemax_sums_to_one(self):
        y = backend.convert_to_numpy(ops.sparsemax(_random(5, 6) * 4))
        self.assertAllClose(y.sum(-1), np.ones(5), atol=1e-5)
        self.assertTrue((y == 0).any())

    def test_dtypes(self):
        if _int_refusal("softmax"):
            _assert_int_refused(self, "softmax", ops.softmax,
                                np.ones((2, 3), "int8"))
        else:
            self.assertDType(ops.softmax(np.ones((2, 3), "int8")),
                             _int_result("softmax", "int8"))
        self.assertDType(ops.softmax(np.ones((2, 3), "float16")), "float16")

    def test_bad_axis(self):
        for x in (KT((None, 3)), np.ones((2, 3), "float32")):
            with self.assertRaisesRegex(ValueError, "softmax"):
                ops.softmax(x, axis=4)
            with self.assertRaisesRegex(ValueError, "layer_normalization"):
                ops.layer_normalization(x, axis=(0, 2))

    @parameterized.parameters(-1, 0)
    def test_glu(self, axis):
        x = _random(4, 6)
        check_eager(ops.glu, _in_float64(_glu), (x,), {"axis": axis},
                    atol=1e-6)
        shape = (2, 6) if axis == 0 else (4, 3)
        check_symbolic(ops.glu, (KT((4, 6)),), {"axis": axis}, shape=shape)
        check_symbolic(ops.glu, (KT((None, None)),), {"axis": axis},
                       shape=(None, None))

    def test_glu_odd_size(self):
        for x in (np.ones((2, 3), "float32"), KT((None, 3))):
            with self.assertRaisesRegex(ValueError, r"glu.*\(.*3\)"):
                ops.glu(x)


class ThresholdTest(testing.TestCase):
    def test_eager(self):
        x = _random(3, 4)
        check_eager(ops.threshold,
                    lambda x, t, v: np.where(x > t, x, v).astype(x.dtype),
                    (x, 0.1, -2.0))

    def test_promotion(self):
        ints = np.arange(6, dtype="int32")
        self.assertDType(ops.threshold(ints, 2, -1), "int32")
        result = ops.threshold(ints, 2.5, -1.5)
        self.assertDType(result, "float32")
        self.assertAllClose(result, [-1.5, -1.5, -1.5, 3, 4, 5])
        check_symbolic(ops.threshold, (KT((None, 2), "int8"), 1, 0),
                       shape=(None, 2), dtype="int8")
        check_symbolic(ops.threshold, (KT((None, 2), "int8"), 1.5, 0),
                       dtype="float32")


def _one_hot(x, num_classes, axis=-1, dtype="float32"):
    x = np.asarray(x)
    hot = (x[..., None] == np.arange(num_classes)).astype(dtype)
    return np.moveaxis(hot, -1, axis)


class OneHotTest(testing.TestCase):
    @parameterized.parameters(-1, 0, 1)
    def test_one_hot(self, axis):
        x = np.array([[0, 3], [-1, 2], [4, 1]], "int32")
        check_eager(ops.one_hot, _one_hot, (x, 4), {"axis": axis})
        shape = [None, 2]
        shape.insert(axis % 3, 4)
        check_symbolic(ops.one_hot, (KT((None, 2), "int32"), 4),
                       {"axis": axis}, shape=shape, dtype="float32")

    def test_one_hot_dtype(self):
        x = np.array([1, 0], "int8")
        check_eager(ops.one_hot, _one_hot, (x, 3), {"dtype": "int32"})
        check_symbolic(ops.one_hot, (KT((None,), "int32"), 3),
                       {"dtype": "bool"}, shape=(None, 3), dtype="bool")

    def test_multi_hot(self):
        x = np.array([[0, 3, 3], [1, 2, 0]], "int32")
        expected = np.array([[1, 0, 0, 1], [1, 1, 1, 0]], "float32")
        check_eager(ops.multi_hot, lambda x, n: expected, (x, 4))
        self.assertAllClose(ops.multi_hot(x[0], num_tokens=4), expected[0])
        self.assertDType(ops.multi_hot(x, 4, dtype="int32"), "int32")
        check_symbolic(ops.multi_hot, (KT((None, 3), "int32"), 4),
                       shape=(None, 4), dtype="float32")
        check_symbolic(ops.multi_hot, (KT((3,), "int32"), 4), shape=(4,))

    def test_multi_hot_batched_axis(self):
        # One-hot on `axis`, then the maximum over axis 1.
        x = np.array([[[0, 3], [1, 1]]], "int32")
        hot = _one_hot(x, 4, axis=1).max(axis=1)
        self.assertAllClose(ops.multi_hot(x, 4, axis=1), hot)

    def test_missing_num_classes(self):
        with self.assertRaisesRegex(ValueError, "num_classes"):
            ops.multi_hot(np.array([0, 1]))
        with self.assertRaisesRegex(TypeError, "multi_hot"):
            ops.multi_hot(np.array([0, 1]), 2, bad_argument=1)

    def test_sparse(self):
        x = np.array([0, 2], "int32")
        if backend.SUPPORTS_SPARSE_TENSORS:
            self.assertSparse(ops.one_hot(x, 3, sparse=True))
            self.assertAllClose(
                backend.convert_to_numpy(ops.one_hot(x, 3, sparse=True)),
                _one_hot(x, 3),
            )
        else:
            with self.assertRaisesRegex(ValueError, "sparse"):
                ops.one_hot(x, 3, sparse=True)


EPS = 1e-7


def _cce(target, output, from_logits=False, axis=-1):
    if from_logits:
        log_probs = _log_softmax(output, axis)
    else:
        output = output / output.sum(axis=axis, keepdims=True)
        log_probs = np.log(np.clip(output, EPS, 1 - EPS))
    return -(target * log_probs).sum(axis=axis)


def _scce(target, output, from_logits=False, axis=-1):
    classes = output.shape[axis]
    hot = np.moveaxis((target[..., None] == np.arange(classes)), -1, axis)
    return _cce(hot.astype("float64"), output, from_logits, axis)


def _bce(target, output, from_logits=False):
    if from_logits:
        output = _sigmoid(output)
    output = np.clip(output, EPS, 1 - EPS)
    return -(target * np.log(output) + (1 - target) * np.log(1 - output))


def _loss_reference(fn):
    def reference(target, output, **kwargs):
        dtype = np.result_type(np.asarray(target).dtype, output.dtype)
        if dtype.kind != "f":
            dtype = np.float32
        if fn is _scce:
            dtype = output.dtype
        target = np.asarray(target)
        if fn is not _scce:
            target = target.astype("float64")
        result = fn(target, output.astype("float64"), **kwargs)
        return np.asarray(result).astype(dtype)

    return reference


class CrossentropyTest(testing.TestCase):
    @parameterized.product(from_logits=(False, True), axis=(-1, 0))
    def test_categorical(self, from_logits, axis):
        target = RNG.random((3, 4)).astype("float32")
        output = RNG.random((3, 4)).astype("float32") + 0.1
        check_eager(ops.categorical_crossentropy, _loss_reference(_cce),
                    (target, output), {"from_logits": from_logits,
                                       "axis": axis}, atol=1e-5, rtol=1e-5)
        shape = (None,) if axis == -1 else (4,)
        check_symbolic(ops.categorical_crossentropy,
                       (KT((None, 4)), KT((None, 4))), {"axis": axis},
                       shape=shape, dtype="float32")

    @parameterized.product(from_logits=(False, True), axis=(-1, 1))
    def test_sparse_categorical(self, from_logits, axis):
        output = RNG.random((3, 5, 2)).astype("float32") + 0.1
        shape = (3, 2) if axis == 1 else (3, 5)
        target = RNG.integers(0, output.shape[axis], size=shape)
        check_eager(ops.sparse_categorical_crossentropy,
                    _loss_reference(_scce), (target, output),
                    {"from_logits": from_logits, "axis": axis}, atol=1e-5,
                    rtol=1e-5)

    def test_sparse_categorical_targets(self):
        output = RNG.random((3, 4)).astype("float32")
        # A trailing axis of size 1 is accepted; targets out of range cost 0.
        target = np.array([[1], [5], [-1]])
        loss = ops.sparse_categorical_crossentropy(target, output)
        expected = _loss_reference(_scce)(np.array([1, 5, -1]), output)
        self.assertAllClose(loss, expected, atol=1e-6)
        self.assertAllClose(backend.convert_to_numpy(loss)[1:], [0.0, 0.0])
        check_symbolic(ops.sparse_categorical_crossentropy,
                       (KT((None, 1), "int32"), KT((None, 4), "float16")),
                       shape=(None,), dtype="float16")

    @parameterized.parameters(False, True)
    def test_binary(self, from_logits):
        target = RNG.random((3, 4)).astype("float32")
        output = RNG.random((3, 4)).astype("float32")
        if from_logits:
            output = output * 8 - 4
        check_eager(ops.binary_crossentropy, _loss_reference(_bce),
                    (target, output), {"from_logits": from_logits},
                    atol=1e-5, rtol=1e-5)
        check_symbolic(ops.binary_crossentropy,
                       (KT((None, 4), "int32"), KT((None, 4), "int32")),
                       shape=(None, 4), dtype="float32")

    def test_binary_clips_probabilities(self):
        loss = ops.binary_crossentropy(np.array([1.0, 0.0], "float32"),
                                       np.array([0.0, 1.0], "float32"))
        # float32 rounds 1 - 1e-7, so the second loss is near 15.94.
        self.assertAllClose(loss, [-np.log(EPS)] * 2, rtol=2e-2)

    def test_dtypes(self):
        target = np.array([[0, 1]], "int32")
        half = np.array([[0.3, 0.7]], "float16")
        self.assertDType(ops.categorical_crossentropy(target, half),
                         "float16")
        self.assertDType(ops.binary_crossentropy(target, target), "float32")
        loss = ops.binary_crossentropy(half, np.array([[1.0, 0.0]], "float16"))
        self.assertDType(loss, "float16")
        self.assertFalse(np.isnan(backend.convert_to_numpy(loss)).any())

    def test_shape_mismatch(self):
        for op in (ops.categorical_crossentropy, ops.binary_crossentropy):
            for args in ((np.ones((2, 3)), np.ones((2, 2))),
                         (KT((None, 3)), KT((None, 2)))):
                with self.assertRaisesRegex(ValueError,
                                            r"crossentropy.*\(.*3\)"):
                    op(*args)
        with self.assertRaisesRegex(ValueError, "sparse_categorical"):
            ops.sparse_categorical_crossentropy(KT((None, 4), "int32"),
                                                KT((None, 3)))


def _moments(x, axes, keepdims=False):
    mean = x.mean(axis=tuple(axes), keepdims=keepdims)
    return mean, x.var(axis=tuple(axes), keepdims=keepdims)


class NormalizationTest(testing.TestCase):
    @parameterized.product(axes=([0], [0, 2], [1]), keepdims=(False, True))
    def test_moments(self, axes, keepdims):
        x = _random(4, 3, 5)
        mean, variance = ops.moments(x, axes, keepdims=keepdims)
        expected = _moments(x.astype("float64"), axes, keepdims)
        for got, want in zip((mean, variance), expected):
            self.assertDType(got, "float32")
            self.assertEqual(tuple(got.shape), want.shape)
            self.assertAllClose(got, want, atol=1e-5, rtol=1e-5)
        shape = list(expected[0].shape)
        if 0 not in axes:
            shape[0] = None
        for tensor in ops.moments(KT((None, 3, 5), "int32"), axes,
                                  keepdims=keepdims):
            self.assertEqual(tensor.shape, tuple(shape))
            self.assertEqual(tensor.dtype, "float32")

    def test_moments_dtypes(self):
        # float16 accumulates in float32: no overflow of 60000**2.
        mean, variance = ops.moments(np.full((4,), 60000, "float16"), 0)
        self.assertDType(mean, "float16")
        self.assertAllClose(mean, 60000.0)
        self.assertAllClose(variance, 0.0)
        mean, _ = ops.moments(np.arange(4, dtype="int32"), 0)
        self.assertDType(mean, "float32")
        mean, _ = ops.moments(np.ones((2, 3), "float32"), [0, 1],
                              synchronized=True)
        self.assertAllClose(mean, 1.0)
        with self.assertRaisesRegex(ValueError, "moments"):
            ops.moments(KT((2, 3)), [1, 1])

    @parameterized.parameters(1, -1)
    def test_batch_normalization(self, axis):
        x = _random(4, 3, 5)
        size = x.shape[axis]
        mean, variance = _random(size), RNG.random(size).astype("float32")
        offset, scale = _random(size), _random(size)

        def reference(x, mean, variance, axis, offset, scale, epsilon):
            shape = [1, 1, 1]
            shape[axis] = -1
            mean, variance, offset, scale = (
                v.reshape(shape) for v in (mean, variance, offset, scale))
            return ((x - mean) / np.sqrt(variance + epsilon) * scale
                    + offset).astype("float32")

        args = (x, mean, variance, axis, offset, scale, 0.01)
        check_eager(ops.batch_normalization, reference, args, atol=1e-5,
                    rtol=1e-5)
        check_symbolic(ops.batch_normalization,
                       (KT((None, 3, 5), "float16"), KT((size,)),
                        KT((size,)), axis), shape=(None, 3, 5),
                       dtype="float32")

    def test_batch_normalization_errors(self):
        for x in (np.ones((2, 3)), KT((None, 3))):
            with self.assertRaisesRegex(ValueError, "batch_normalization"):
                ops.batch_normalization(x, np.ones(2), np.ones(3), axis=-1)
        self.assertDType(
            ops.batch_normalization(np.ones((2, 3), "int32"),
                                    np.zeros(3, "int32"), np.ones(3, "int32"),
                                    axis=-1), "float32")

    @parameterized.parameters((-1,), ([1, 2],), (1,))
    def test_layer_normalization(self, axis):
        x = _random(2, 3, 4)
        axes = (axis,) if isinstance(axis, int) else tuple(axis)
        shape = [x.shape[a] for a in axes]
        gamma, beta = _random(*shape), _random(*shape)

        def reference(x, gamma, beta, axis, epsilon):
            mean = x.mean(axis=axes, keepdims=True)
            variance = x.var(axis=axes, keepdims=True)
            full = [x.shape[a] if a % 3 in [b % 3 for b in axes] else 1
                    for a in range(3)]
            y = (x - mean) / np.sqrt(variance + epsilon)
            return (y * gamma.reshape(full) + beta.reshape(full)).astype(
                "float32")

        check_eager(ops.layer_normalization, reference,
                    (x, gamma, beta, axis, 1e-3), atol=1e-5, rtol=1e-5)
        check_symbolic(ops.layer_normalization, (KT((None, 3, 4), "int32"),),
                       {"axis": axis}, shape=(None, 3, 4), dtype="float32")

    def test_layer_normalization_options(self):
        x = np.array([[1.0, 3.0], [2.0, 2.0]], "float16")
        self.assertDType(ops.layer_normalization(x), "float16")
        # The default epsilon is `keras.config.epsilon()`: 1e-7.
        tiny = np.array([[1e-4, -1e-4]], "float32")
        self.assertAllClose(ops.layer_normalization(tiny),
                            [[0.30151, -0.30151]], atol=1e-4)
        with pytest.warns(UserWarning, match="rms_scaling"):
            y = ops.layer_normalization(np.array([[0.0, 2.0]], "float32"),
                                        np.array([3.0, 3.0], "float32"),
                                        rms_scaling=True)
        self.assertAllClose(y, [[0.0, 6.0]], atol=1e-4)
        with self.assertRaisesRegex(TypeError, "layer_normalization"):
            ops.layer_normalization(x, bad_argument=True)

    @parameterized.parameters((-1,), ([0, 2],))
    def test_rms_normalization(self, axis):
        x = _random(2, 3, 4)
        axes = (axis,) if isinstance(axis, int) else tuple(axis)
        shape = [1, 1, 1]
        for a in axes:
            shape[a] = x.shape[a]
        scale = _random(*[x.shape[a] for a in axes])

        def reference(x, scale, axis, epsilon):
            ms = np.mean(np.square(x), axis=axes, keepdims=True)
            return (x / np.sqrt(ms + epsilon) * scale.reshape(shape)).astype(
                "float32")

        check_eager(ops.rms_normalization, reference, (x, scale, axis, 0.1),
                    atol=1e-5, rtol=1e-5)
        check_symbolic(ops.rms_normalization, (KT((None, 3, 4), "float16"),),
                       {"axis": axis}, shape=(None, 3, 4), dtype="float16")

    @parameterized.product(order=(1, 2, 3), axis=(-1, 0, (0, 1)))
    def test_normalize(self, order, axis):
        x = _random(3, 4)

        def reference(x, axis, order, epsilon):
            norm = np.sum(np.abs(x) ** order, axis=axis, keepdims=True)
            return (x / np.maximum(norm ** (1 / order), epsilon)).astype(
                "float32")

        check_eager(ops.normalize, reference, (x, axis, order, 1e-7),
                    atol=1e-5, rtol=1e-5)
        check_symbolic(ops.normalize, (KT((None, 4), "int32"),),
                       shape=(None, 4), dtype="float32")

    def test_normalize_epsilon_and_order(self):
        y = ops.normalize(np.array([1e-4, 0.0], "float32"), epsilon=1e-2)
        self.assertAllClose(y, [1e-2, 0.0], atol=1e-7)
        with self.assertRaisesRegex(ValueError, "order"):
            ops.normalize(np.ones(3), order=0.5)


class MiscTest(testing.TestCase):
    def test_psnr(self):
        x1, x2 = RNG.random((2, 4, 4)), RNG.random((2, 4, 4))
        x1, x2 = x1.astype("float32"), x2.astype("float32")

        def reference(x1, x2, max_val):
            mse = np.mean((x1.astype("float64") - x2) ** 2)
            value = 20 * np.log10(max_val) - 10 * np.log10(mse)
            return np.asarray(value, "float32")

        check_eager(ops.psnr, reference, (x1, x2, 1.0), atol=1e-4)
        self.assertDType(ops.psnr(x1.astype("float16"), x2, 1.0), "float32")
        self.assertEqual(float(ops.psnr(x1, x1, 1.0)), np.inf)
        check_symbolic(ops.psnr, (KT((None, 4)), KT((None, 4)), 1.0),
                       shape=(), dtype="float32")
        for args in ((x1, x2[:1]), (KT((None, 4)), KT((None, 3)))):
            with self.assertRaisesRegex(ValueError, "psnr"):
                ops.psnr(*args, 1.0)

    def test_polar(self):
        magnitude = RNG.random(5).astype("float32")
        angle = _random(5)
        check_eager(
            ops.polar,
            lambda r, a: (r * np.exp(1j * a)).astype("complex64"),
            (magnitude, angle), atol=1e-6,
        )
        check_symbolic(ops.polar, (KT((None, 5)), KT((None, 5))),
                       shape=(None, 5), dtype="complex64")
        self.assertDType(ops.polar(np.ones(2, "int32"), np.ones(2, "int32")),
                         "complex64")


# ----------------------------------------------------- convolution, pooling


def _same_before(size, k, s, d):
    """TensorFlow's "same" padding before the data along one dim."""
    out = -(-size // s)
    total = max((out - 1) * s + (k - 1) * d + 1 - size, 0)
    return total // 2


def _windows(sizes, ksize, strides, padding, dilation):
    """Output sizes and padding before the data of a sliding window."""
    outs, befores = [], []
    for size, k, s, d in zip(sizes, ksize, strides, dilation):
        if padding == "same":
            outs.append(-(-size // s))
            befores.append(_same_before(size, k, s, d))
        else:
            outs.append((size - (k - 1) * d - 1) // s + 1)
            befores.append(0)
    return outs, befores


def _taps(out_index, kernel_index, strides, befores, dilation, sizes):
    """The input index a kernel tap reads, or None in the padding."""
    index = tuple(
        o * s - b + j * d
        for o, j, s, b, d in zip(out_index, kernel_index, strides, befores,
                                 dilation)
    )
    if all(0 <= i < n for i, n in zip(index, sizes)):
        return index
    return None


def _to_last(x, data_format):
    return np.moveaxis(x, 1, -1) if data_format == "channels_first" else x


def _from_last(x, data_format):
    return np.moveaxis(x, -1, 1) if data_format == "channels_first" else x


def _conv_reference(x, kernel, strides=1, padding="valid",
                    data_format="channels_last", dilation_rate=1):
    x = _to_last(x, data_format).astype("float64")
    n = x.ndim - 2
    ksize = kernel.shape[:-2]
    strides = (strides,) * n if isinstance(strides, int) else strides
    dilation = ((dilation_rate,) * n if isinstance(dilation_rate, int)
                else dilation_rate)
    outs, befores = _windows(x.shape[1:-1], ksize, strides, padding,
                             dilation)
    cin, cout = kernel.shape[-2:]
    groups = x.shape[-1] // cin
    per_group = cout // groups
    y = np.zeros((x.shape[0], *outs, cout))
    for o in np.ndindex(*outs):
        for j in np.ndindex(*ksize):
            index = _taps(o, j, strides, befores, dilation, x.shape[1:-1])
            if index is None:
                continue
            for g in range(groups):
                part = slice(g * per_group, (g + 1) * per_group)
                y[(slice(None), *o, part)] += (
                    x[(slice(None), *index, slice(g * cin, (g + 1) * cin))]
                    @ kernel[j][:, part]
                )
    return _from_last(y, data_format)


def _depthwise_reference(x, kernel, strides=1, padding="valid",
                         data_format="channels_last", dilation_rate=1):
    # Output channel c * multiplier + m: input channel c, filter m.
    channels, multiplier = kernel.shape[-2:]
    grouped = np.zeros(kernel.shape[:-2] + (1, channels * multiplier))
    for c in range(channels):
        for m in range(multiplier):
            grouped[..., 0, c * multiplier + m] = kernel[..., c, m]
    return _conv_reference(x, grouped, strides, padding, data_format,
                           dilation_rate)


def _transpose_length(size, k, s, d, padding, output_padding):
    kd = (k - 1) * d + 1
    if output_padding is None:
        return size * s + max(kd - s, 0) if padding == "valid" else size * s
    pad = 0 if padding == "valid" else kd // 2
    return (size - 1) * s + kd - 2 * pad + output_padding


def _conv_transpose_reference(x, kernel, strides=1, padding="valid",
                              output_padding=None,
                              data_format="channels_last", dilation_rate=1):
    """The adjoint of the convolution (same padding computed for the
    output's size) that maps the output's shape to the input's."""
    x = _to_last(x, data_format).astype("float64")
    n = x.ndim - 2
    ksize = kernel.shape[:-2]
    strides = (strides,) * n if isinstance(strides, int) else strides
    dilation = ((dilation_rate,) * n if isinstance(dilation_rate, int)
                else dilation_rate)
    pads = (output_padding,) * n if not isinstance(
        output_padding, (tuple, list)) else output_padding
    lengths = [
        _transpose_length(size, k, s, d, padding, p)
        for size, k, s, d, p in zip(x.shape[1:-1], ksize, strides, dilation,
                                    pads)
    ]
    befores = [
        _same_before(length, k, s, d) if padding == "same" else 0
        for length, k, s, d in zip(lengths, ksize, strides, dilation)
    ]
    y = np.zeros((x.shape[0], *lengths, kernel.shape[-2]))
    for o in np.ndindex(*x.shape[1:-1]):
        for j in np.ndindex(*ksize):
            index = _taps(o, j, strides, befores, dilation, lengths)
            if index is not None:
                y[(slice(None), *index)] += x[(slice(None), *o)] @ kernel[j].T
    return _from_last(y, data_format)


def _pool_reference(x, pool_size, strides=None, padding="valid",
                    data_format="channels_last", average=False):
    x = _to_last(x, data_format)
    n = x.ndim - 2
    pool = (pool_size,) * n if isinstance(pool_size, int) else pool_size
    strides = pool if strides is None else (
        (strides,) * n if isinstance(strides, int) else strides)
    outs, befores = _windows(x.shape[1:-1], pool, strides, padding, (1,) * n)
    y = np.zeros((x.shape[0], *outs, x.shape[-1]),
                 "float64" if average else x.dtype)
    for o in np.ndindex(*outs):
        window = [x[(slice(None), *index)]
                  for j in np.ndindex(*pool)
                  if (index := _taps(o, j, strides, befores, (1,) * n,
                                     x.shape[1:-1])) is not None]
        window = np.stack(window)
        y[(slice(None), *o)] = window.mean(0) if average else window.max(0)
    return _from_last(y, data_format)


CONV_CASES = (
    # (input shape channels-last, kernel size, strides, padding, dilation)
    ((2, 7, 3), (3,), 2, "same", 1),
    ((1, 8, 2), (4,), 3, "valid", 1),
    ((2, 6, 5, 2), (3, 2), (2, 1), "same", 1),
    ((1, 7, 7, 3), (3, 3), 1, "valid", (2, 1)),
    ((1, 7, 6, 2), (2, 3), 2, "same", 2),
    ((1, 4, 5, 3, 2), (2, 2, 2), (1, 2, 1), "same", 1),
)


class ConvTest(testing.TestCase):
    @parameterized.product(case=CONV_CASES,
                           data_format=("channels_last", "channels_first"))
    def test_conv(self, case, data_format):
        shape, ksize, strides, padding, dilation = case
        x = _from_last(_random(*shape), data_format)
        kernel = _random(*ksize, shape[-1], 4)
        kwargs = {"strides": strides, "padding": padding,
                  "data_format": data_format, "dilation_rate": dilation}
        result = check_eager(
            ops.conv,
            lambda *a, **k: _conv_reference(*a, **k).astype("float32"),
            (x, kernel), kwargs, atol=1e-4, rtol=1e-4,
        )
        symbolic_shape = (None,) + result.shape[1:]
        check_symbolic(ops.conv, (KT(symbolic_shape[:1] + x.shape[1:]),
                                  KT(kernel.shape)), kwargs,
                       shape=symbolic_shape, dtype="float32")

    def test_grouped_conv(self):
        x, kernel = _random(2, 6, 6, 4), _random(3, 3, 2, 6)
        check_eager(
            ops.conv,
            lambda *a, **k: _conv_reference(*a, **k).astype("float32"),
            (x, kernel), {"padding": "same"}, atol=1e-4,
        )
        check_symbolic(ops.conv, (KT((None, 6, 6, 4)), KT((3, 3, 2, 6))),
                       shape=(None, 4, 4, 6))

    def test_conv_unknown_spatial_dims(self):
        check_symbolic(ops.conv, (KT((None, None, 7, 3)), KT((3, 3, 3, 4))),
                       {"strides": 2}, shape=(None, None, 3, 4))

    @parameterized.product(case=CONV_CASES,
                           data_format=("channels_last", "channels_first"))
    def test_depthwise_conv(self, case, data_format):
        shape, ksize, strides, padding, dilation = case
        x = _from_last(_random(*shape), data_format)
        kernel = _random(*ksize, shape[-1], 2)
        kwargs = {"strides": strides, "padding": padding,
                  "data_format": data_format, "dilation_rate": dilation}
        result = check_eager(
            ops.depthwise_conv,
            lambda *a, **k: _depthwise_reference(*a, **k).astype("float32"),
            (x, kernel), kwargs, atol=1e-4, rtol=1e-4,
        )
        check_symbolic(ops.depthwise_conv,
                       (KT((None,) + x.shape[1:]), KT(kernel.shape)), kwargs,
                       shape=(None,) + result.shape[1:])

    def test_separable_conv(self):
        x = _random(2, 6, 5, 3)
        depthwise, pointwise = _random(3, 3, 3, 2), _random(1, 1, 6, 4)

        def reference(x, depthwise, pointwise, strides, padding):
            middle = _depthwise_reference(x, depthwise, strides, padding)
            return _conv_reference(middle, pointwise).astype("float32")

        check_eager(ops.separable_conv, reference,
                    (x, depthwise, pointwise, 2, "same"), atol=1e-4)
        check_symbolic(ops.separable_conv,
                       (KT((None, 6, 5, 3)), KT((3, 3, 3, 2)),
                        KT((1, 1, 6, 4))), {"strides": 2, "padding": "same"},
                       shape=(None, 3, 3, 4))

    @parameterized.product(
        case=(
            ((2, 4, 3), (3,), 2, "same", None, 1),
            ((1, 3, 2), (5,), 2, "valid", 1, 1),
            ((1, 3, 2), (5,), 2, "same", 1, 1),
            ((1, 3, 2), (4,), 2, "same", None, 1),
            ((1, 3, 2), (2,), 3, "valid", None, 1),
            ((1, 4, 2), (3,), 1, "same", None, 2),
            ((1, 3, 2), (2,), 2, "valid", None, 2),
            ((2, 3, 4, 2), (3, 2), (2, 1), "same", None, 1),
            ((1, 3, 3, 2), (3, 3), 2, "same", 1, 1),
            ((1, 2, 3, 2, 2), (2, 2, 2), (2, 1, 2), "valid", None, 1),
        ),
        data_format=("channels_last", "channels_first"),
    )
    def test_conv_transpose(self, case, data_format):
        shape, ksize, strides, padding, output_padding, dilation = case
        x = _from_last(_random(*shape), data_format)
        kernel = _random(*ksize, 3, shape[-1])
        kwargs = {"strides": strides, "padding": padding,
                  "output_padding": output_padding,
                  "data_format": data_format, "dilation_rate": dilation}
        result = check_eager(
            ops.conv_transpose,
            lambda *a, **k: _conv_transpose_reference(*a, **k).astype(
                "float32"),
            (x, kernel), kwargs, atol=1e-4, rtol=1e-4,
        )
        check_symbolic(ops.conv_transpose,
                       (KT((None,) + x.shape[1:]), KT(kernel.shape)), kwargs,
                       shape=(None,) + result.shape[1:])

    def test_conv_dtypes(self):
        x = np.arange(2 * 5 * 2).reshape(2, 5, 2)
        kernel = np.ones((3, 2, 3))
        for x_dtype, k_dtype in (("int8", "float32"), ("int8", "uint8"),
                                 ("int32", "int32"), ("float16", "float16"),
                                 ("float16", "float32")):
            expected = backend.result_type(x_dtype, k_dtype)
            check_eager(
                ops.conv,
                lambda x, k: _conv_reference(x, k).astype(expected),
                (x.astype(x_dtype), kernel.astype(k_dtype)), dtype=expected,
                atol=1e-2, rtol=1e-2,
            )
            check_symbolic(ops.conv, (KT((None, 5, 2), x_dtype),
                                      KT((3, 2, 3), k_dtype)),
                           dtype=expected)
            self.assertDType(
                ops.conv_transpose(x.astype(x_dtype),
                                   np.ones((3, 3, 2), k_dtype)), expected)

    def test_conv_errors(self):
        bad_channels = ((np.ones((1, 5, 5, 3)), np.ones((3, 3, 2, 4))),
                        (KT((None, 5, 5, 3)), KT((3, 3, 2, 4))))
        for args in bad_channels:
            with self.assertRaisesRegex(ValueError, r"conv.*\(3, 3, 2, 4\)"):
                ops.conv(*args)
        with self.assertRaisesRegex(ValueError, "depthwise_conv"):
            ops.depthwise_conv(KT((None, 5, 5, 3)), KT((3, 3, 2, 1)))
        with self.assertRaisesRegex(ValueError, "conv_transpose"):
            ops.conv_transpose(np.ones((1, 5, 3)), np.ones((3, 4, 2)))
        with self.assertRaisesRegex(ValueError, "separable_conv"):
            ops.separable_conv(KT((None, 5, 5, 3)), KT((3, 3, 3, 2)),
                               KT((1, 1, 5, 4)))
        with self.assertRaisesRegex(ValueError, "empty"):
            ops.conv(np.ones((1, 2, 2, 3)), np.ones((3, 3, 3, 4)))
        with self.assertRaisesRegex(ValueError, "rank"):
            ops.conv(KT((None, 5, 3)), KT((3, 3, 3, 4)))
        with self.assertRaisesRegex(ValueError, "padding"):
            ops.conv(np.ones((1, 5, 3)), np.ones((3, 3, 4)), padding="full")


POOL_CASES = (
    ((2, 7, 3), 2, None, "valid"),
    ((2, 7, 3), 3, 2, "same"),
    ((1, 6, 5, 2), (2, 3), (2, 1), "same"),
    ((1, 7, 7, 2), 4, 3, "same"),
    ((1, 5, 6, 2), 3, 1, "valid"),
    ((1, 4, 5, 3, 2), 2, (1, 2, 2), "same"),
)


class PoolTest(testing.TestCase):
    @parameterized.product(case=POOL_CASES,
                           data_format=("channels_last", "channels_first"))
    def test_max_pool(self, case, data_format):
        shape, pool, strides, padding = case
        x = _from_last(_random(*shape), data_format)
        kwargs = {"strides": strides, "padding": padding,
                  "data_format": data_format}
        result = check_eager(ops.max_pool, _pool_reference, (x, pool),
                             kwargs)
        check_symbolic(ops.max_pool, (KT((None,) + x.shape[1:]), pool),
                       kwargs, shape=(None,) + result.shape[1:])

    @parameterized.product(case=POOL_CASES,
                           data_format=("channels_last", "channels_first"))
    def test_average_pool(self, case, data_format):
        shape, pool, strides, padding = case
        x = _from_last(_random(*shape), data_format)
        kwargs = {"strides": strides, "padding": padding,
                  "data_format": data_format}

        def reference(*args, **kwargs):
            return _pool_reference(*args, average=True, **kwargs).astype(
                "float32")

        result = check_eager(ops.average_pool, reference, (x, pool), kwargs,
                             atol=1e-5)
        check_symbolic(ops.average_pool, (KT((None,) + x.shape[1:]), pool),
                       kwargs, shape=(None,) + result.shape[1:])

    @parameterized.parameters("int32", "uint8", "float16", "float64")
    def test_pool_dtypes(self, dtype):
        x = (RNG.random((1, 4, 4, 4, 2)) * 50).astype(dtype)
        if backend.backend() in ("jax", "numpy"):
            dtype = backend.result_type(dtype)
        check_eager(ops.max_pool, _pool_reference, (x, 2),
                    {"padding": "same"}, dtype=dtype)
        check_eager(ops.max_pool, _pool_reference, (x[:, 0], 3),
                    {"strides": 1, "padding": "same"}, dtype=dtype)
        expected = _expected_float(dtype)
        check_eager(
            ops.average_pool,
            lambda *a, **k: _pool_reference(*a, average=True, **k).astype(
                expected),
            (x, 3), {"strides": 2, "padding": "same"}, dtype=expected,
            atol=1e-2, rtol=1e-2,
        )
        check_symbolic(ops.average_pool, (KT((None, 4, 4, 2), dtype), 2),
                       dtype=expected)
        check_symbolic(ops.max_pool, (KT((None, 4, 4, 2), dtype), 2),
                       dtype=dtype)

    def test_pool_errors(self):
        with self.assertRaisesRegex(ValueError, "max_pool"):
            ops.max_pool(KT((1, 1, 1)), 2)
        with self.assertRaisesRegex(ValueError, "average_pool"):
            ops.average_pool(np.ones((1, 1, 1), "float32"), 2)
        with self.assertRaisesRegex(ValueError, "padding"):
            ops.max_pool(np.ones((1, 4, 1), "float32"), 2, padding="full")
        with self.assertRaisesRegex(ValueError, "rank"):
            ops.max_pool(np.ones((4, 4), "float32"), 2)

    @parameterized.product(
        case=(((1, 7, 2), (3,)), ((1, 3, 2), (5,)), ((2, 5, 7, 2), (2, 3)),
              ((1, 4, 5, 6, 1), (3, 2, 4))),
        average=(True, False),
        data_format=("channels_last", "channels_first"),
    )
    def test_adaptive_pool(self, case, average, data_format):
        shape, output_size = case
        x = _from_last(_random(*shape), data_format)

        def reference(x, output_size, data_format):
            x = _to_last(x, data_format)
            sizes = x.shape[1:-1]
            y = np.zeros((x.shape[0], *output_size, x.shape[-1]), "float32")
            for o in np.ndindex(*output_size):
                index = tuple(
                    slice(i * n // out, -(-(i + 1) * n // out))
                    for i, n, out in zip(o, sizes, output_size)
                )
                window = x[(slice(None), *index)]
                axes = tuple(range(1, window.ndim - 1))
                y[(slice(None), *o)] = (window.mean(axes) if average
                                        else window.max(axes))
            return _from_last(y, data_format)

        op = ops.adaptive_average_pool if average else ops.adaptive_max_pool
        result = check_eager(op, reference, (x, output_size),
                             {"data_format": data_format}, atol=1e-6)
        unknown = (None,) * (len(shape) - 2)
        channels = shape[-1]
        symbolic = (None, *unknown, channels) if (
            data_format == "channels_last") else (None, channels, *unknown)
        check_symbolic(op, (KT(symbolic), output_size),
                       {"data_format": data_format},
                       shape=(None,) + result.shape[1:])

    def test_adaptive_pool_dtypes(self):
        x = np.arange(14, dtype="int32").reshape(1, 7, 2)
        self.assertDType(ops.adaptive_average_pool(x, 3), "float32")
        self.assertDType(ops.adaptive_max_pool(x, 3), "int32")
        self.assertAllClose(ops.adaptive_max_pool(x, 3)[0, :, 0], [4, 8, 12])
        check_symbolic(ops.adaptive_average_pool, (KT((None, 7, 2), "int8"),
                                                   3),
                       shape=(None, 3, 2), dtype="float32")
        with self.assertRaisesRegex(ValueError, "output_size"):
            ops.adaptive_max_pool(KT((None, 7, 7, 2)), (2, 3, 4))


# ---------------------------------------------------------------- attention


def _attention_reference(query, key, value, bias=None, mask=None, scale=None,
                         is_causal=False, attn_logits_soft_cap=None):
    query, key, value = (t.astype("float64") for t in (query, key, value))
    repeat = query.shape[2] // key.shape[2]
    key = np.repeat(key, repeat, axis=2)
    value = np.repeat(value, repeat, axis=2)
    scale = 1 / np.sqrt(query.shape[-1]) if scale is None else scale
    logits = np.einsum("btnh,bsnh->bnts", query, key) * scale
    if attn_logits_soft_cap is not None:
        cap = attn_logits_soft_cap
        logits = cap * np.tanh(logits / cap)
    if bias is not None:
        logits = logits + bias
    keep = np.ones(logits.shape, bool)
    if mask is not None:
        keep = keep & mask
    if is_causal:
        keep = keep & np.tril(np.ones(logits.shape[-2:], bool))
    logits = np.where(keep, logits, -1e9)
    probs = _softmax(logits, -1)
    return np.einsum("bnts,bsnh->btnh", probs, value).astype("float32")


class AttentionTest(testing.TestCase):
    @parameterized.named_parameters(
        ("plain", {}),
        ("causal", {"is_causal": True}),
        ("scale", {"scale": 0.2}),
        ("bias", {"bias": RNG.normal(size=(3, 5)).astype("float32")}),
        ("mask", {"mask": RNG.random((2, 1, 3, 5)) > 0.4}),
        ("mask_causal_bias", {"mask": RNG.random((3, 5)) > 0.3,
                              "is_causal": True,
                              "bias": np.ones((2, 1, 1, 5), "float32")}),
        ("soft_cap", {"attn_logits_soft_cap": 0.5, "is_causal": True}),
    )
    def test_eager(self, kwargs):
        query, key, value = _random(2, 3, 4, 8), _random(2, 5, 2, 8), _random(
            2, 5, 2, 6)
        check_eager(ops.dot_product_attention, _attention_reference,
                    (query, key, value), kwargs, atol=1e-4, rtol=1e-4)

    def test_fully_masked_rows_attend_uniformly(self):
        query, key, value = _random(1, 2, 1, 4), _random(1, 3, 1, 4), _random(
            1, 3, 1, 4)
        mask = np.array([[False, False, False], [True, True, False]])
        out = backend.convert_to_numpy(
            ops.dot_product_attention(query, key, value, mask=mask))
        self.assertAllClose(out[0, 0, 0], value[0, :, 0].mean(0), atol=1e-5)

    def test_symbolic_and_dtypes(self):
        check_symbolic(ops.dot_product_attention,
                       (KT((None, 3, 4, 8)), KT((None, 5, 2, 8)),
                        KT((None, 5, 2, 6))), shape=(None, 3, 4, 6),
                       dtype="float32")
        half = [np.ones(s, "float16") for s in ((1, 2, 1, 4), (1, 3, 1, 4))]
        self.assertDType(ops.dot_product_attention(half[0], half[1], half[1]),
                         "float16")
        ints = [np.ones(s, "int32") for s in ((1, 2, 1, 4), (1, 3, 1, 4))]
        self.assertDType(ops.dot_product_attention(ints[0], ints[1], ints[1]),
                         "float32")

    def test_errors(self):
        with self.assertRaisesRegex(ValueError, "dot_product_attention"):
            ops.dot_product_attention(KT((3, 4, 8)), KT((5, 4, 8)),
                                      KT((5, 4, 8)))
        with self.assertRaisesRegex(ValueError, r"\(None, 5, 2, 7\)"):
            ops.dot_product_attention(KT((None, 3, 4, 8)),
                                      KT((None, 5, 2, 7)),
                                      KT((None, 5, 2, 8)))
        with self.assertRaisesRegex(ValueError, "dot_product_attention"):
            ops.dot_product_attention(np.ones((1, 3, 3, 4)),
                                      np.ones((1, 5, 2, 4)),
                                      np.ones((1, 5, 2, 4)))


# ------------------------------------------------------------- rearranging


def _unfold_reference(x, kernel_size, dilation=1, padding=0, stride=1):
    k, d, p, s = ((v, v) if isinstance(v, int) else v
                  for v in (kernel_size, dilation, padding, stride))
    x = np.pad(x, [(0, 0), (0, 0), (p[0], p[0]), (p[1], p[1])])
    n, c, h, w = x.shape
    bh = (h - d[0] * (k[0] - 1) - 1) // s[0] + 1
    bw = (w - d[1] * (k[1] - 1) - 1) // s[1] + 1
    y = np.zeros((n, c * k[0] * k[1], bh * bw), x.dtype)
    for ch, i, j, a, b in itertools.product(range(c), range(k[0]),
                                            range(k[1]), range(bh),
                                            range(bw)):
        y[:, (ch * k[0] + i) * k[1] + j, a * bw + b] = x[
            :, ch, a * s[0] + i * d[0], b * s[1] + j * d[1]]
    return y


class RearrangeTest(testing.TestCase):
    @parameterized.parameters(
        (2, 1, 0, 1), ((2, 3), (1, 2), 1, (2, 1)), (3, 2, (1, 2), 2)
    )
    def test_unfold_and_fold(self, kernel_size, dilation, padding, stride):
        x = _random(2, 3, 6, 7)
        kwargs = {"dilation": dilation, "padding": padding, "stride": stride}
        columns = check_eager(ops.unfold, _unfold_reference,
                              (x, kernel_size), kwargs)
        check_symbolic(ops.unfold, (KT((None, 3, 6, 7)), kernel_size),
                       kwargs, shape=(None,) + columns.shape[1:])

        # `fold` is the adjoint of `unfold`: <unfold(x), c> == <x, fold(c)>.
        cols = _random(*columns.shape)
        folded = check_eager(
            ops.fold,
            lambda c, size, k, **kw: _fold_by_adjoint(c, size, k, **kw),
            (cols, (6, 7), kernel_size), kwargs, atol=1e-4,
        )
        self.assertAllClose(np.sum(columns * cols), np.sum(x * folded),
                            rtol=1e-4)
        check_symbolic(ops.fold, (KT((None,) + cols.shape[1:]), (6, 7),
                                  kernel_size), kwargs,
                       shape=(None, 3, 6, 7))

    def test_fold_sums_overlaps(self):
        y = ops.fold(np.ones((1, 4, 9), "int32"), 4, 2)
        self.assertDType(y, "int32")
        self.assertAllEqual(backend.convert_to_numpy(y)[0, 0],
                            [[1, 2, 2, 1], [2, 4, 4, 2], [2, 4, 4, 2],
                             [1, 2, 2, 1]])

    def test_fold_errors(self):
        with self.assertRaisesRegex(ValueError, "fold"):
            ops.fold(np.ones((1, 12, 5)), (4, 5), (2, 3), stride=(2, 1),
                     padding=1)
        with self.assertRaisesRegex(ValueError, "unfold"):
            ops.unfold(KT((2, 4, 5)), 2)

    @parameterized.parameters("channels_last", "channels_first")
    def test_depth_to_space(self, data_format):
        b = 2
        x = _random(2, 3, 2, 8) if data_format == "channels_last" else (
            _random(2, 8, 3, 2))

        def reference(x, block_size, data_format):
            last = data_format == "channels_last"
            n, h, w, c = x.shape if last else (x.shape[0], *x.shape[2:],
                                              x.shape[1])
            out = c // (b * b)
            y = np.zeros((n, h * b, w * b, out), x.dtype)
            for i, j, k, hh, ww in itertools.product(range(b), range(b),
                                                     range(out), range(h),
                                                     range(w)):
                if last:
                    value = x[:, hh, ww, (i * b + j) * out + k]
                else:
                    value = x[:, k * b * b + i * b + j, hh, ww]
                y[:, hh * b + i, ww * b + j, k] = value
            return y if last else np.moveaxis(y, -1, 1)

        y = check_eager(ops.depth_to_space, reference, (x, b),
                        {"data_format": data_format})
        back = ops.space_to_depth(y, b, data_format=data_format)
        self.assertAllClose(back, x)
        shape = (None, None, 2, 8) if data_format == "channels_last" else (
            None, 8, None, 2)
        out = (None, None, 4, 2) if data_format == "channels_last" else (
            None, 2, None, 4)
        check_symbolic(ops.depth_to_space, (KT(shape), b),
                       {"data_format": data_format}, shape=out)
        check_symbolic(ops.space_to_depth, (KT(out), b),
                       {"data_format": data_format}, shape=shape)

    def test_depth_space_errors(self):
        for x in (np.ones((1, 2, 2, 3)), KT((1, 2, 2, 3))):
            with self.assertRaisesRegex(ValueError, "depth_to_space"):
                ops.depth_to_space(x, 2)
        with self.assertRaisesRegex(ValueError, "space_to_depth"):
            ops.space_to_depth(KT((1, 3, 2, 3)), 2)


def _fold_by_adjoint(columns, output_size, kernel_size, **kwargs):
    """`fold` from its definition: each column entry adds into the pixel
    `unfold` read it from."""
    n, _, blocks = columns.shape
    probe = np.arange(output_size[0] * output_size[1], dtype="float64")
    probe = probe.reshape(1, 1, *output_size) + 1
    index = _unfold_reference(probe, kernel_size, **kwargs)[0]
    c = columns.shape[1] // (index.shape[0])
    y = np.zeros((n, c, output_size[0] * output_size[1]), columns.dtype)
    for ch in range(c):
        for row in range(index.shape[0]):
            for b in range(blocks):
                pixel = int(index[row, b]) - 1
                if pixel >= 0:
                    y[:, ch, pixel] += columns[:, ch * index.shape[0] + row,
                                               b]
    return y.reshape(n, c, *output_size)


# ---------------------------------------------------------------------- CTC


def _collapse(path, blank, merge_repeated=True):
    labels, previous = [], None
    for label in path:
        if label != blank and (label != previous or not merge_repeated):
            labels.append(label)
        previous = label
    return tuple(labels)


def _ctc_prefix_probabilities(log_probs, length, blank):
    """The exact probability of every decoded sequence, by enumerating all
    alignments."""
    probabilities = {}
    classes = log_probs.shape[-1]
    for path in itertools.product(range(classes), repeat=length):
        p = np.exp(sum(log_probs[t, c] for t, c in enumerate(path)))
        key = _collapse(path, blank)
        probabilities[key] = probabilities.get(key, 0.0) + p
    return probabilities


def _ctc_loss_reference(target, output, target_length, output_length,
                        mask_index=0):
    log_probs = _log_softmax(output.astype("float64"))
    losses = []
    for b in range(len(target)):
        table = _ctc_prefix_probabilities(log_probs[b], output_length[b],
                                          mask_index)
        p = table.get(tuple(target[b, : target_length[b]]), 0.0)
        losses.append(-np.log(p) if p > 0 else np.inf)
    return np.array(losses, "float32")


class CTCTest(testing.TestCase):
    @parameterized.parameters(0, 2)
    def test_ctc_loss(self, mask_index):
        output = _random(3, 4, 3) * 2
        labels = [c for c in range(3) if c != mask_index]
        target = np.array([[labels[0], labels[1]], [labels[1], labels[1]],
                           [labels[0], labels[0]]], "int32")
        # The last target cannot fit in 2 steps: its loss is inf.
        target_length = np.array([2, 1, 2], "int32")
        output_length = np.array([4, 3, 2], "int32")
        result = check_eager(
            ops.ctc_loss, _ctc_loss_reference,
            (target, output, target_length, output_length),
            {"mask_index": mask_index}, atol=1e-4, rtol=1e-4,
        )
        self.assertEqual(result[2], np.inf)
        check_symbolic(ops.ctc_loss,
                       (KT((None, 2), "int32"), KT((None, 4, 3), "float16"),
                        KT((None,), "int32"), KT((None,), "int32")),
                       shape=(None,), dtype="float32")
        with self.assertRaisesRegex(ValueError, "ctc_loss"):
            ops.ctc_loss(KT((None, 2), "int32"), KT((None, 4)),
                         KT((None,), "int32"), KT((None,), "int32"))

    @parameterized.parameters((True, 0), (False, 0), (True, None))
    def test_ctc_decode_greedy(self, merge_repeated, mask_index):
        inputs = _random(2, 6, 4)
        lengths = np.array([6, 4], "int32")
        blank = 3 if mask_index is None else mask_index

        def reference(inputs, lengths, **kwargs):
            steps = inputs.shape[1]
            paths = np.full((1, 2, steps), -1, "int32")
            scores = np.zeros((2, 1), "float32")
            for b in range(2):
                ids = inputs[b, : lengths[b]].argmax(-1)
                decoded = _collapse(ids, blank, merge_repeated)
                paths[0, b, : len(decoded)] = decoded
                scores[b, 0] = -inputs[b, : lengths[b]].max(-1).sum()
            return paths, scores

        paths, scores = ops.ctc_decode(inputs, lengths,
                                       merge_repeated=merge_repeated,
                                       mask_index=mask_index)
        want_paths, want_scores = reference(inputs, lengths)
        self.assertAllEqual(paths, want_paths)
        self.assertDType(paths, "int32")
        self.assertAllClose(scores, want_scores, atol=1e-5)

    def test_ctc_decode_beam_search(self):
        inputs = _random(2, 4, 3) * 2
        lengths = np.array([4, 3], "int32")
        paths, scores = ops.ctc_decode(inputs, lengths, "beam_search",
                                       beam_width=50, top_paths=3)
        self.assertEqual(tuple(paths.shape), (3, 2, 4))
        log_probs = _log_softmax(inputs.astype("float64"))
        paths = backend.convert_to_numpy(paths)
        for b in range(2):
            table = _ctc_prefix_probabilities(log_probs[b], lengths[b], 0)
            best = sorted(table.items(), key=lambda item: -item[1])[:3]
            for rank, (prefix, p) in enumerate(best):
                got = tuple(int(v) for v in paths[rank, b] if v >= 0)
                self.assertEqual(got, prefix)
                self.assertAllClose(backend.convert_to_numpy(scores)[b, rank],
                                    np.log(p), atol=1e-4)

    def test_ctc_decode_symbolic_and_errors(self):
        paths, scores = ops.ctc_decode(KT((None, 6, 4)), KT((None,), "int32"),
                                       "beam_search", top_paths=2)
        self.assertEqual(paths.shape, (2, None, 6))
        self.assertEqual(paths.dtype, "int32")
        self.assertEqual(scores.shape, (None, 2))
        with self.assertRaisesRegex(ValueError, "strategy"):
            ops.ctc_decode(np.ones((1, 3, 2)), np.array([3]), "best")


# ------------------------------------------------------------ consistency


NN_OPS = [
    name
    for name, value in vars(ops.nn).items()
    if inspect.isfunction(value)
    and value.__module__.startswith("keras.src.ops.nn.")
    and not name.startswith("_")
]


def _backend_signatures(name):
    """Function name -> argument names of the modules of the
    `backend/<name>/nn/` package, read without importing the backend."""
    import keras.src.backend as backend_package

    package = os.path.join(os.path.dirname(backend_package.__file__), name,
                           "nn")
    paths = [os.path.join(package, f) for f in sorted(os.listdir(package))
             if f.endswith(".py")]
    body = []
    for path in paths:
        with open(path) as f:
            body.extend(ast.parse(f.read()).body)
    signatures = {}
    for node in body:
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            args = node.args
            names = [a.arg for a in args.args + args.kwonlyargs]
            if args.kwarg:
                names.append("**" + args.kwarg.arg)
            signatures[node.name] = names
    return signatures


class ConsistencyTest(testing.TestCase):
    def test_backends_define_every_op_with_its_arguments(self):
        expected = {}
        for name in NN_OPS:
            if name in ("swish", "hard_swish"):
                continue
            parameters = inspect.signature(getattr(ops.nn, name)).parameters
            expected[name] = [
                ("**" + p.name) if p.kind == p.VAR_KEYWORD else p.name
                for p in parameters.values()
            ]
        self.assertLen(expected, 53)
        for name in ("numpy", "jax", "tensorflow", "torch"):
            signatures = _backend_signatures(name)
            signatures.pop("ctc_beam_search", None)
            # Keras's backend nn modules also hold `tanh` (the op itself
            # is `keras.ops.tanh`, a NumPy op).
            signatures.pop("tanh", None)
            # `linear` is Dense's fused matmul + bias, a backend entry
            # with no op of its own (each backend must still define it).
            self.assertEqual(
                signatures.pop("linear"), ["inputs", "kernel", "bias"],
                msg=name,
            )
            self.assertEqual(signatures, expected, msg=name)

    def test_every_op_has_a_docstring_example(self):
        for name in NN_OPS:
            doc = getattr(ops.nn, name).__doc__
            for section in ("Args:", "Returns:", "Example:", ">>>"):
                self.assertIn(section, doc, msg=name)


class TracedTest(testing.TestCase):
    """The ops inside the backend's compiler (`jax.jit`, `tf.function`)."""

    def _compile(self, fn, *specs):
        if backend.backend() == "jax":
            import jax

            return jax.jit(fn)
        if backend.backend() == "tensorflow":
            import tensorflow as tf

            return tf.function(fn, input_signature=list(specs))
        self.skipTest("Only jax and tensorflow trace here.")

    def _spec(self, shape, dtype="float32"):
        if backend.backend() == "tensorflow":
            import tensorflow as tf

            return tf.TensorSpec(shape, dtype)
        return None

    def test_convolutions_with_unknown_dims(self):
        x, kernel = _random(2, 5, 6, 3), _random(3, 3, 4, 3)

        def fn(x, kernel):
            y = ops.conv_transpose(x, kernel, 2, "same", output_padding=1)
            y = ops.max_pool(ops.relu(y), 2, padding="same")
            return ops.depth_to_space(y, 2, "channels_last")

        compiled = self._compile(fn, self._spec((None, None, None, 3)),
                                 self._spec((3, 3, 4, 3)))
        self.assertAllClose(compiled(x, kernel), fn(x, kernel), atol=1e-5)

    def test_losses_and_ctc(self):
        logits = _random(2, 5, 4)
        target = np.array([[1, 2], [3, 3]], "int32")
        lengths = np.array([2, 2], "int32"), np.array([5, 4], "int32")

        def fn(logits, target, target_length, output_length):
            loss = ops.ctc_loss(target, logits, target_length, output_length)
            paths, _ = ops.ctc_decode(logits, output_length, "beam_search",
                                      beam_width=4)
            scce = ops.sparse_categorical_crossentropy(target[:, 0],
                                                       logits[:, 0],
                                                       from_logits=True)
            return loss, paths, scce

        compiled = self._compile(
            fn, self._spec((None, 5, 4)), self._spec((None, 2), "int32"),
            self._spec((None,), "int32"), self._spec((None,), "int32"))
        for got, want in zip(compiled(logits, target, *lengths),
                             fn(logits, target, *lengths)):
            self.assertAllClose(got, want, atol=1e-5)
