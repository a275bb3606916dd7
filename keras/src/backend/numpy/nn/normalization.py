"""Moments, normalization layers' ops, PSNR and polar on NumPy."""

import numpy as np

from keras.src.backend import config
from keras.src.backend.common import dtypes
from keras.src.backend.common.nn_utils import normalize_axes as _axes
from keras.src.backend.numpy.core import _as_array
from keras.src.backend.numpy.core import convert_to_tensor, promote
from keras.src.backend.numpy.core import is_tensor as _is_tensor
from keras.src.backend.numpy.nn._utils import _dtype
from keras.src.backend.numpy.nn._utils import _loss_inputs
from keras.src.backend.numpy.nn._utils import _wide


def moments(x, axes, keepdims=False, synchronized=False):
    # A NumPy process holds all of its data, so `synchronized` changes
    # nothing here.
    x, dtype = _wide(x)
    axes = _axes(axes, x.ndim)
    mean = np.mean(x, axis=axes, keepdims=True)
    variance = np.mean(np.square(x - mean), axis=axes, keepdims=True)
    if not keepdims:
        mean, variance = np.squeeze(mean, axes), np.squeeze(variance, axes)
    return mean.astype(dtype), variance.astype(dtype)


def _broadcast_to_axis(v, ndim, axis):
    shape = [1] * ndim
    shape[axis] = -1
    return np.reshape(v, shape)


def batch_normalization(x, mean, variance, axis, offset=None, scale=None,
                        epsilon=1e-3):
    values = [v for v in (x, mean, variance, offset, scale) if v is not None]
    arrays = promote(*values)
    dtype = arrays[0].dtype
    if any(_as_array(v).dtype == np.float64 for v in values if _is_tensor(v)):
        # As upstream's numpy backend: float64 statistics (not narrowed)
        # give a float64 result.
        dtype = np.dtype("float64")
    if dtype.kind not in "fV":
        dtype = np.dtype(dtypes.result_type(_dtype(arrays[0]), float))
    x, mean, variance, *rest = [a.astype(dtype) for a in arrays]
    axis = axis % x.ndim
    # Scale and shift are folded on the vectors: two full-size operations.
    inv = 1 / np.sqrt(variance + epsilon)
    if scale is not None:
        inv = inv * rest.pop(-1)
    shift = -mean * inv
    if offset is not None:
        shift = shift + rest[0]
    y = (x * _broadcast_to_axis(inv, x.ndim, axis)
         + _broadcast_to_axis(shift, x.ndim, axis))
    return y.astype(dtype)


def _param(v, x, axes):
    """Reshapes a per-feature parameter so it broadcasts along `axes`."""
    v = convert_to_tensor(v)
    if v.ndim == x.ndim:
        return v
    shape = [1] * x.ndim
    for a in axes:
        shape[a] = x.shape[a]
    return v.reshape(shape)


def layer_normalization(x, gamma=None, beta=None, axis=-1, epsilon=None,
                        **kwargs):
    rms_scaling = kwargs.pop("rms_scaling", False)
    x, dtype = _wide(x)
    axes = _axes(axis, x.ndim)
    epsilon = config.epsilon() if epsilon is None else epsilon
    mean = np.mean(x, axis=axes, keepdims=True)
    variance = np.mean(np.square(x - mean), axis=axes, keepdims=True)
    if rms_scaling:
        # The legacy `rms_scaling=True` scales by the variance, uncentered,
        # and ignores `beta`.
        y = x / np.sqrt(variance + epsilon)
        beta = None
    else:
        y = (x - mean) / np.sqrt(variance + epsilon)
    if gamma is not None:
        y = y * _param(gamma, x, axes)
    if beta is not None:
        y = y + _param(beta, x, axes)
    return y.astype(dtype)


def rms_normalization(x, scale=None, axis=-1, epsilon=None):
    x, dtype = _wide(x)
    axes = _axes(axis, x.ndim)
    epsilon = config.epsilon() if epsilon is None else epsilon
    y = x / np.sqrt(np.mean(np.square(x), axis=axes, keepdims=True) + epsilon)
    if scale is not None:
        y = y * _param(scale, x, axes)
    return y.astype(dtype)


def normalize(x, axis=-1, order=2, epsilon=None):
    x, dtype = _wide(x)
    axes = _axes(axis, x.ndim)
    epsilon = config.epsilon() if epsilon is None else epsilon
    total = np.sum(np.abs(x) ** order, axis=axes, keepdims=True)
    tiny = np.finfo(x.dtype).tiny
    norm = np.maximum(np.maximum(total, tiny) ** (1 / order), epsilon)
    return (x / norm).astype(dtype)


def psnr(x1, x2, max_val):
    x1, x2, dtype = _loss_inputs(x1, x2)
    mse = np.mean(np.square(x1 - x2))
    with np.errstate(divide="ignore"):
        value = 20 * np.log10(max_val) - 10 * np.log10(mse)
    return np.asarray(value).astype(dtype)


def polar(abs_, angle):
    abs_, angle, _ = _loss_inputs(abs_, angle)
    dtype = np.complex128 if abs_.dtype == np.float64 else np.complex64
    return (abs_ * np.cos(angle) + 1j * abs_ * np.sin(angle)).astype(dtype)
