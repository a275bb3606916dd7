"""Reductions, cumulative functions and their NaN-ignoring forms on JAX."""

import functools

import jax
import jax.numpy as jnp

from keras.src.backend.common import dtypes
from keras.src.backend.jax.core import convert_to_tensor

__all__ = [
    "all",
    "amax",
    "amin",
    "any",
    "argmax",
    "argmin",
    "count_nonzero",
    "cumprod",
    "cumsum",
    "diff",
    "max",
    "mean",
    "min",
    "nanargmax",
    "nanargmin",
    "nancumprod",
    "nancumsum",
    "nanmax",
    "nanmean",
    "nanmin",
    "nanprod",
    "nanstd",
    "nansum",
    "nanvar",
    "prod",
    "ptp",
    "std",
    "sum",
    "var",
]

# Sums and products of small integers accumulate in 32 bits.
_SUM_DTYPES = {
    "bool": "int32",
    "int8": "int32",
    "int16": "int32",
    "uint8": "uint32",
    "uint16": "uint32",
}


def _jit(*static_argnames):
    """`jax.jit` for the helpers made of several primitives: eagerly, one
    compiled call is much cheaper than dispatching each primitive."""
    return functools.partial(jax.jit, static_argnames=static_argnames)


def _axis(axis):
    return tuple(axis) if isinstance(axis, list) else axis


def _name(x):
    return dtypes.standardize_dtype(x.dtype)


def _float_dtypes(x):
    """Returns (result dtype, dtype to compute in) of a float reduction:
    16-bit floats are accumulated in float32."""
    dtype = dtypes.result_type(_name(x), float)
    if dtype in ("float16", "bfloat16"):
        return dtype, "float32"
    return dtype, dtype


def _is_float(x):
    return jnp.issubdtype(x.dtype, jnp.inexact)


def sum(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    dtype = _SUM_DTYPES.get(_name(x), x.dtype)
    return jnp.sum(x, axis=_axis(axis), keepdims=keepdims, dtype=dtype)


def prod(x, axis=None, keepdims=False, dtype=None):
    x = convert_to_tensor(x)
    if dtype is None:
        dtype = _SUM_DTYPES.get(_name(x), x.dtype)
    else:
        dtype = dtypes.result_type(dtypes.standardize_dtype(dtype))
    return jnp.prod(x, axis=_axis(axis), keepdims=keepdims, dtype=dtype)


def mean(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    dtype, compute = _float_dtypes(x)
    out = jnp.mean(x, axis=_axis(axis), keepdims=keepdims, dtype=compute)
    return out.astype(dtype)


def var(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    dtype, compute = _float_dtypes(x)
    out = jnp.var(x.astype(compute), axis=_axis(axis), keepdims=keepdims)
    return out.astype(dtype)


def std(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    dtype, compute = _float_dtypes(x)
    out = jnp.std(x.astype(compute), axis=_axis(axis), keepdims=keepdims)
    return out.astype(dtype)


def _extremum(reduce, x, axis, keepdims, initial):
    x = convert_to_tensor(x)
    if x.size == 0 and initial is None:
        raise ValueError(
            f"Cannot compute the {reduce.__name__} of an empty tensor "
            "without `initial`."
        )
    if initial is not None:
        initial = jnp.asarray(initial).astype(x.dtype)
    return reduce(x, axis=_axis(axis), keepdims=keepdims, initial=initial)


def max(x, axis=None, keepdims=False, initial=None):
    return _extremum(jnp.max, x, axis, keepdims, initial)


def min(x, axis=None, keepdims=False, initial=None):
    return _extremum(jnp.min, x, axis, keepdims, initial)


def amax(x, axis=None, keepdims=False):
    return _extremum(jnp.max, x, axis, keepdims, None)


def amin(x, axis=None, keepdims=False):
    return _extremum(jnp.min, x, axis, keepdims, None)


def ptp(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    if x.dtype == jnp.bool_:
        raise TypeError("`ptp` is not defined for boolean tensors.")
    return jnp.ptp(x, axis=_axis(axis), keepdims=keepdims)


def all(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    return jnp.all(x, axis=_axis(axis), keepdims=keepdims)


def any(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    return jnp.any(x, axis=_axis(axis), keepdims=keepdims)


def argmax(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    return jnp.argmax(x, axis=axis, keepdims=keepdims).astype("int32")


def argmin(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    return jnp.argmin(x, axis=axis, keepdims=keepdims).astype("int32")


def count_nonzero(x, axis=None):
    x = convert_to_tensor(x)
    out = jnp.count_nonzero(x, axis=_axis(axis))
    return out.astype("int32")


def _cumulative(fn, x, axis, dtype):
    x = convert_to_tensor(x)
    if dtype is None:
        dtype = "int32" if x.dtype == jnp.bool_ else x.dtype
    else:
        dtype = dtypes.result_type(dtypes.standardize_dtype(dtype))
    if axis is None:
        x, axis = x.reshape(-1), 0
    return fn(x, axis=axis, dtype=dtype)


def cumsum(x, axis=None, dtype=None):
    return _cumulative(jnp.cumsum, x, axis, dtype)


def cumprod(x, axis=None, dtype=None):
    return _cumulative(jnp.cumprod, x, axis, dtype)


def diff(a, n=1, axis=-1):
    if n < 0:
        raise ValueError(f"`diff`: `n` must be non-negative. Received: n={n}")
    return jnp.diff(convert_to_tensor(a), n=n, axis=axis)


@_jit("value")
def _replace_nans(x, value):
    return jnp.where(jnp.isnan(x), jnp.asarray(value, x.dtype), x)


def nansum(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    if _is_float(x):
        x = _replace_nans(x, 0)
    return sum(x, axis=axis, keepdims=keepdims)


def nanprod(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    if _is_float(x):
        x = _replace_nans(x, 1)
    return prod(x, axis=axis, keepdims=keepdims)


@_jit("axis", "keepdims")
def _nan_moments(x, axis, keepdims):
    """Returns (mean, variance) of the non-NaN entries, in float32 for
    16-bit floats; slices of NaNs only give NaN."""
    x = x.astype(_float_dtypes(x)[1])
    valid = ~jnp.isnan(x)
    zeroed = jnp.where(valid, x, 0)
    count = jnp.sum(valid, axis=axis, keepdims=True)
    mean_ = jnp.sum(zeroed, axis=axis, keepdims=True) / count
    sq = jnp.where(valid, jnp.abs(x - mean_) ** 2, 0)
    if not keepdims:
        mean_ = jnp.squeeze(mean_, axis=axis)
        count = jnp.squeeze(count, axis=axis)
    return mean_, jnp.sum(sq, axis=axis, keepdims=keepdims) / count


def nanmean(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    if not _is_float(x):
        return mean(x, axis=axis, keepdims=keepdims)
    return _nan_moments(x, _axis(axis), keepdims)[0].astype(x.dtype)


def nanvar(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    if not _is_float(x):
        return var(x, axis=axis, keepdims=keepdims)
    return _nan_moments(x, _axis(axis), keepdims)[1].astype(x.dtype)


def nanstd(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    if not _is_float(x):
        return std(x, axis=axis, keepdims=keepdims)
    out = jnp.sqrt(_nan_moments(x, _axis(axis), keepdims)[1])
    return out.astype(x.dtype)


def _nan_extremum(reduce, fill, x, axis, keepdims):
    x = convert_to_tensor(x)
    if not _is_float(x):
        return _extremum(reduce, x, axis, keepdims, None)
    return _nan_extremum_float(reduce, fill, x, _axis(axis), keepdims)


@_jit("reduce", "fill", "axis", "keepdims")
def _nan_extremum_float(reduce, fill, x, axis, keepdims):
    nan = jnp.isnan(x)
    out = _extremum(reduce, jnp.where(nan, fill, x), axis, keepdims, None)
    all_nan = jnp.all(nan, axis=_axis(axis), keepdims=keepdims)
    return jnp.where(all_nan, jnp.nan, out).astype(x.dtype)


def nanmax(x, axis=None, keepdims=False):
    return _nan_extremum(jnp.max, -jnp.inf, x, axis, keepdims)


def nanmin(x, axis=None, keepdims=False):
    return _nan_extremum(jnp.min, jnp.inf, x, axis, keepdims)


def _nan_arg(arg, fill, x, axis, keepdims):
    x = convert_to_tensor(x)
    if not _is_float(x):
        return arg(x, axis=axis, keepdims=keepdims)
    return _nan_arg_float(arg, fill, x, axis, keepdims)


@_jit("arg", "fill", "axis", "keepdims")
def _nan_arg_float(arg, fill, x, axis, keepdims):
    nan = jnp.isnan(x)
    out = arg(jnp.where(nan, fill, x), axis=axis, keepdims=keepdims)
    all_nan = jnp.all(nan, axis=axis, keepdims=keepdims)
    return jnp.where(all_nan, -1, out).astype("int32")


def nanargmax(x, axis=None, keepdims=False):
    return _nan_arg(argmax, -jnp.inf, x, axis, keepdims)


def nanargmin(x, axis=None, keepdims=False):
    return _nan_arg(argmin, jnp.inf, x, axis, keepdims)


def nancumsum(x, axis=None, dtype=None):
    x = convert_to_tensor(x)
    if _is_float(x):
        x = _replace_nans(x, 0)
    return cumsum(x, axis=axis, dtype=dtype)


def nancumprod(x, axis=None, dtype=None):
    x = convert_to_tensor(x)
    if _is_float(x):
        x = _replace_nans(x, 1)
    return cumprod(x, axis=axis, dtype=dtype)
