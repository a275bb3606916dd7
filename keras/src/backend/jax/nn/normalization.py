"""Moments, normalization layers' ops, PSNR and polar on JAX."""

import jax.numpy as jnp
from jax import lax

from keras.src.backend import config
from keras.src.backend.common import dtypes
from keras.src.backend.common.nn_utils import normalize_axes as _axes
from keras.src.backend.jax.core import convert_to_tensor, promote
from keras.src.backend.jax.nn._utils import _dtype
from keras.src.backend.jax.nn._utils import _float
from keras.src.backend.jax.nn._utils import _jit
from keras.src.backend.jax.nn._utils import _loss_dtype
from keras.src.backend.jax.nn._utils import _optional


def moments(x, axes, keepdims=False, synchronized=False):
    # Arrays sharded across devices are global under `jit`, so the mean
    # over the batch axis is already synchronized.
    x = _float(x)
    return _moments(x, _axes(axes, x.ndim), keepdims)


@_jit("axes", "keepdims")
def _moments(x, axes, keepdims):
    dtype = x.dtype
    x = x.astype(jnp.float32) if x.dtype.itemsize == 2 else x
    mean = jnp.mean(x, axis=axes, keepdims=True)
    variance = jnp.mean(jnp.square(x - mean), axis=axes, keepdims=True)
    if not keepdims:
        mean, variance = jnp.squeeze(mean, axes), jnp.squeeze(variance, axes)
    return mean.astype(dtype), variance.astype(dtype)


def _broadcast_to_axis(v, ndim, axis):
    shape = [1] * ndim
    shape[axis] = -1
    return jnp.reshape(v, shape)


def batch_normalization(x, mean, variance, axis, offset=None, scale=None,
                        epsilon=1e-3):
    values = [v for v in (x, mean, variance, offset, scale) if v is not None]
    arrays = promote(*values)
    dtype = _dtype(arrays[0])
    if not dtypes.is_float_dtype(dtype):
        arrays = [a.astype(dtypes.result_type(dtype, float)) for a in arrays]
    x, mean, variance, *rest = arrays
    scale = rest.pop(-1) if scale is not None else None
    offset = rest[0] if offset is not None else None
    return _batch_normalization(x, mean, variance, axis % x.ndim, offset,
                                scale, epsilon)


@_jit("axis")
def _batch_normalization(x, mean, variance, axis, offset, scale, epsilon):
    # Scale and shift are folded on the vectors: two full-size operations.
    inv = lax.rsqrt(variance + epsilon)
    if scale is not None:
        inv = inv * scale
    shift = -mean * inv
    if offset is not None:
        shift = shift + offset
    return (x * _broadcast_to_axis(inv, x.ndim, axis)
            + _broadcast_to_axis(shift, x.ndim, axis))


def _param(v, x, axes):
    """Reshapes a per-feature parameter so it broadcasts along `axes`."""
    if v.ndim == x.ndim:
        return v
    shape = [1] * x.ndim
    for a in axes:
        shape[a] = x.shape[a]
    return v.reshape(shape)


def layer_normalization(x, gamma=None, beta=None, axis=-1, epsilon=None,
                        **kwargs):
    rms_scaling = kwargs.pop("rms_scaling", False)
    x = _float(x)
    epsilon = config.epsilon() if epsilon is None else epsilon
    return _layer_normalization(x, _optional(gamma), _optional(beta),
                                _axes(axis, x.ndim), epsilon, rms_scaling)


@_jit("axes", "rms_scaling")
def _layer_normalization(x, gamma, beta, axes, epsilon, rms_scaling):
    dtype = x.dtype
    x = x.astype(jnp.float32) if x.dtype.itemsize == 2 else x
    mean = jnp.mean(x, axis=axes, keepdims=True)
    variance = jnp.mean(jnp.square(x - mean), axis=axes, keepdims=True)
    if rms_scaling:
        # The legacy `rms_scaling=True` scales by the variance, uncentered,
        # and ignores `beta`.
        y = x * lax.rsqrt(variance + epsilon)
        beta = None
    else:
        y = (x - mean) * lax.rsqrt(variance + epsilon)
    if gamma is not None:
        y = y * _param(gamma, x, axes)
    if beta is not None:
        y = y + _param(beta, x, axes)
    return y.astype(dtype)


def rms_normalization(x, scale=None, axis=-1, epsilon=None):
    x = _float(x)
    epsilon = config.epsilon() if epsilon is None else epsilon
    return _rms_normalization(x, _optional(scale), _axes(axis, x.ndim),
                              epsilon)


@_jit("axes")
def _rms_normalization(x, scale, axes, epsilon):
    dtype = x.dtype
    x = x.astype(jnp.float32) if x.dtype.itemsize == 2 else x
    mean_square = jnp.mean(jnp.square(x), axis=axes, keepdims=True)
    y = x * lax.rsqrt(mean_square + epsilon)
    if scale is not None:
        y = y * _param(scale, x, axes)
    return y.astype(dtype)


def normalize(x, axis=-1, order=2, epsilon=None):
    x = _float(x)
    epsilon = config.epsilon() if epsilon is None else epsilon
    return _normalize(x, _axes(axis, x.ndim), order, epsilon)


@_jit("axes", "order")
def _normalize(x, axes, order, epsilon):
    dtype = x.dtype
    x = x.astype(jnp.float32) if x.dtype.itemsize == 2 else x
    total = jnp.sum(jnp.abs(x) ** order, axis=axes, keepdims=True)
    # Flooring `total` keeps the gradient finite where the norm is 0.
    tiny = jnp.finfo(x.dtype).tiny
    norm = jnp.maximum(jnp.maximum(total, tiny) ** (1 / order), epsilon)
    return (x / norm).astype(dtype)


def psnr(x1, x2, max_val):
    x1, x2 = convert_to_tensor(x1), convert_to_tensor(x2)
    return _psnr(x1, x2, max_val, *_loss_dtype(x1, x2))


@_jit("dtype", "wide")
def _psnr(x1, x2, max_val, dtype, wide):
    x1, x2 = x1.astype(wide), x2.astype(wide)
    mse = jnp.mean(jnp.square(x1 - x2))
    max_val = jnp.asarray(max_val, wide)
    return (20 * jnp.log10(max_val) - 10 * jnp.log10(mse)).astype(dtype)


def polar(abs_, angle):
    abs_, angle = convert_to_tensor(abs_), convert_to_tensor(angle)
    wide = _loss_dtype(abs_, angle)[1]
    abs_, angle = abs_.astype(wide), angle.astype(wide)
    return lax.complex(abs_ * jnp.cos(angle), abs_ * jnp.sin(angle))
