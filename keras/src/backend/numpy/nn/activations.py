"""Activation functions on NumPy."""

import math

import numpy as np

from keras.src.backend.common.nn_utils import normalize_axes as _axes
from keras.src.backend.numpy.core import convert_to_tensor, promote
from keras.src.backend.numpy.nn._utils import _INT_KEPT
from keras.src.backend.numpy.nn._utils import _INT_TO_FLOAT64
from keras.src.backend.numpy.nn._utils import _wide

try:
    from scipy.special import erf as _erf
except ImportError:  # scipy is optional with the numpy backend.
    _erf = np.vectorize(math.erf, otypes=[np.float64])

_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


def relu(x):
    x = convert_to_tensor(x)
    if x.dtype == np.bool_:
        x = x.astype(np.int32)
    return np.maximum(x, x.dtype.type(0))


def relu6(x):
    x = relu(x)
    return np.minimum(x, x.dtype.type(6))


def _sigmoid(x):
    """Sigmoid of an array, in its dtype (no conversion: `convert_to_tensor`
    would narrow a float64 intermediate)."""
    e = np.exp(-np.abs(x))
    return np.where(x >= 0, 1 / (1 + e), e / (1 + e))


def sigmoid(x):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    return _sigmoid(x).astype(dtype)


def tanh(x):
    x, dtype = _wide(x)
    return np.tanh(x).astype(dtype)


def sparse_sigmoid(x):
    x, dtype = _wide(x, _INT_KEPT)
    return np.clip(0.5 * (x + 1), 0, 1).astype(dtype)


def softplus(x):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    return np.logaddexp(x, 0).astype(dtype)


def softsign(x):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    return (x / (1 + np.abs(x))).astype(dtype)


def silu(x):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    return (x * _sigmoid(x)).astype(dtype)


def squareplus(x, b=4):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    return ((x + np.sqrt(np.square(x) + b)) / 2).astype(dtype)


def log_sigmoid(x):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    return (-np.logaddexp(-x, 0)).astype(dtype)


def leaky_relu(x, negative_slope=0.2):
    x, dtype = _wide(x, _INT_KEPT)
    return np.where(x >= 0, x, negative_slope * x).astype(dtype)


def hard_sigmoid(x):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    return np.clip(x / 6 + 0.5, 0, 1).astype(dtype)


def hard_silu(x):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    return (x * np.clip(x / 6 + 0.5, 0, 1)).astype(dtype)


def elu(x, alpha=1.0):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    return np.where(x > 0, x, alpha * np.expm1(np.minimum(x, 0))).astype(dtype)


def selu(x):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    negative = _SELU_ALPHA * np.expm1(np.minimum(x, 0))
    return (_SELU_SCALE * np.where(x > 0, x, negative)).astype(dtype)


def gelu(x, approximate=True):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    if approximate:
        inner = math.sqrt(2 / math.pi) * (x + 0.044715 * x**3)
        y = 0.5 * x * (1 + np.tanh(inner))
    else:
        y = 0.5 * x * (1 + _erf(x / math.sqrt(2)))
    return y.astype(dtype)


def celu(x, alpha=1.0):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    negative = alpha * np.expm1(np.minimum(x, 0) / alpha)
    return np.where(x > 0, x, negative).astype(dtype)


def glu(x, axis=-1):
    x, dtype = _wide(x)
    a, b = np.split(x, 2, axis=axis)
    return (a * _sigmoid(b)).astype(dtype)


def tanh_shrink(x):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    return (x - np.tanh(x)).astype(dtype)


def hard_tanh(x):
    x = convert_to_tensor(x)
    if x.dtype == np.bool_:
        x = x.astype(np.int32)
    one = x.dtype.type(1)
    if x.dtype.kind == "u":
        return np.minimum(x, one)
    return np.minimum(np.maximum(x, -one), one)


def hard_shrink(x, threshold=0.5):
    x, dtype = _wide(x, _INT_KEPT)
    return np.where(np.abs(x) > threshold, x, 0).astype(dtype)


def threshold(x, threshold, default_value):
    x, threshold, default_value = promote(x, threshold, default_value)
    return np.where(x > threshold, x, default_value)


def soft_shrink(x, threshold=0.5):
    x, dtype = _wide(x, _INT_KEPT)
    y = np.where(x > threshold, x - threshold, 0)
    return np.where(x < -threshold, x + threshold, y).astype(dtype)


def sparse_plus(x):
    x, dtype = _wide(x, _INT_KEPT)
    middle = np.square(x + 1) / 4
    y = np.where(x >= 1, x, np.where(x <= -1, 0, middle))
    return y.astype(dtype)


def softmax(x, axis=-1):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    axes = _axes(axis, x.ndim)
    e = np.exp(x - np.max(x, axis=axes, keepdims=True))
    return (e / np.sum(e, axis=axes, keepdims=True)).astype(dtype)


def log_softmax(x, axis=-1):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    axes = _axes(axis, x.ndim)
    shifted = x - np.max(x, axis=axes, keepdims=True)
    lse = np.log(np.sum(np.exp(shifted), axis=axes, keepdims=True))
    return (shifted - lse).astype(dtype)


def sparsemax(x, axis=-1):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    if dtype == np.float32:
        # As upstream's numpy backend: float32 input gives float64.
        dtype = np.dtype("float64")
    x = np.moveaxis(x, axis, -1)
    z = -np.sort(-x, axis=-1)
    k = np.arange(1, x.shape[-1] + 1, dtype=x.dtype)
    cumulative = np.cumsum(z, axis=-1)
    support = np.sum(1 + k * z > cumulative, axis=-1, keepdims=True)
    tau = (np.take_along_axis(cumulative, support - 1, -1) - 1) / support
    y = np.maximum(x - tau, 0)
    return np.moveaxis(y, -1, axis).astype(dtype)
