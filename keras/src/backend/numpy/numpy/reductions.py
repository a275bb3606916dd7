"""Reductions, cumulative functions and their NaN-ignoring forms on NumPy."""

import numpy as np

from keras.src.backend.common import dtypes
from keras.src.backend.numpy.core import convert_to_tensor

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


def _axis(axis):
    return tuple(axis) if isinstance(axis, list) else axis


def _name(x):
    return dtypes.standardize_dtype(x.dtype)


def _float_dtypes(x):
    """Returns (result dtype, dtype to compute in) of a float reduction:
    16-bit floats are accumulated in float32."""
    dtype = dtypes.result_type(_name(x), float)
    if dtype in ("float16", "bfloat16"):
        return dtype, np.float32
    return dtype, dtype


def _is_float(x):
    return x.dtype.kind in "fc" or _name(x) == "bfloat16"


def sum(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    dtype = _SUM_DTYPES.get(_name(x), _name(x))
    out = np.sum(x, axis=_axis(axis), keepdims=keepdims, dtype=dtype)
    return np.asarray(out)


def prod(x, axis=None, keepdims=False, dtype=None):
    x = convert_to_tensor(x)
    if dtype is None:
        dtype = _SUM_DTYPES.get(_name(x), _name(x))
    dtype = dtypes.standardize_dtype(dtype)
    out = np.prod(x, axis=_axis(axis), keepdims=keepdims, dtype=dtype)
    return np.asarray(out)


def mean(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    dtype, compute = _float_dtypes(x)
    out = np.mean(x, axis=_axis(axis), keepdims=keepdims, dtype=compute)
    return np.asarray(out).astype(dtype)


def var(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    dtype, compute = _float_dtypes(x)
    out = np.var(x.astype(compute), axis=_axis(axis), keepdims=keepdims)
    return np.asarray(out).astype(dtype)


def std(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    dtype, compute = _float_dtypes(x)
    out = np.std(x.astype(compute), axis=_axis(axis), keepdims=keepdims)
    return np.asarray(out).astype(dtype)


def _extremum(reduce, x, axis, keepdims, initial):
    x = convert_to_tensor(x)
    if x.size == 0 and initial is None:
        raise ValueError(
            f"Cannot compute the {reduce.__name__} of an empty tensor "
            "without `initial`."
        )
    kwargs = {}
    if initial is not None:
        kwargs["initial"] = np.asarray(initial).astype(x.dtype)
    out = reduce(x, axis=_axis(axis), keepdims=keepdims, **kwargs)
    return np.asarray(out)


def max(x, axis=None, keepdims=False, initial=None):
    return _extremum(np.max, x, axis, keepdims, initial)


def min(x, axis=None, keepdims=False, initial=None):
    return _extremum(np.min, x, axis, keepdims, initial)


def amax(x, axis=None, keepdims=False):
    return _extremum(np.max, x, axis, keepdims, None)


def amin(x, axis=None, keepdims=False):
    return _extremum(np.min, x, axis, keepdims, None)


def ptp(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    if x.dtype == np.bool_:
        raise TypeError("`ptp` is not defined for boolean tensors.")
    return np.asarray(np.ptp(x, axis=_axis(axis), keepdims=keepdims))


def all(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    return np.asarray(np.all(x, axis=_axis(axis), keepdims=keepdims))


def any(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    return np.asarray(np.any(x, axis=_axis(axis), keepdims=keepdims))


def argmax(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    return np.argmax(x, axis=axis, keepdims=keepdims).astype("int32")


def argmin(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    return np.argmin(x, axis=axis, keepdims=keepdims).astype("int32")


def count_nonzero(x, axis=None):
    x = convert_to_tensor(x)
    return np.asarray(np.count_nonzero(x, axis=_axis(axis)), dtype="int32")


def _cumulative(fn, x, axis, dtype):
    x = convert_to_tensor(x)
    if dtype is None:
        dtype = "int32" if x.dtype == np.bool_ else _name(x)
    dtype = dtypes.standardize_dtype(dtype)
    if axis is None:
        x, axis = x.reshape(-1), 0
    return fn(x, axis=axis, dtype=dtype)


def cumsum(x, axis=None, dtype=None):
    return _cumulative(np.cumsum, x, axis, dtype)


def cumprod(x, axis=None, dtype=None):
    return _cumulative(np.cumprod, x, axis, dtype)


def diff(a, n=1, axis=-1):
    if n < 0:
        raise ValueError(f"`diff`: `n` must be non-negative. Received: n={n}")
    return np.diff(convert_to_tensor(a), n=n, axis=axis)


def nansum(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    if not _is_float(x):
        return sum(x, axis=axis, keepdims=keepdims)
    return sum(np.where(np.isnan(x), 0, x), axis=axis, keepdims=keepdims)


def nanprod(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    if not _is_float(x):
        return prod(x, axis=axis, keepdims=keepdims)
    return prod(np.where(np.isnan(x), 1, x), axis=axis, keepdims=keepdims)


def _nan_moments(x, axis, keepdims):
    """Returns (mean, variance) of the non-NaN entries, in float32 for
    16-bit floats; slices of NaNs only give NaN."""
    x = x.astype(_float_dtypes(x)[1])
    valid = ~np.isnan(x)
    zeroed = np.where(valid, x, 0)
    count = np.sum(valid, axis=axis, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean_ = np.sum(zeroed, axis=axis, keepdims=True) / count
        sq = np.where(valid, np.abs(x - mean_) ** 2, 0)
        var_ = np.sum(sq, axis=axis, keepdims=keepdims) / (
            count if keepdims else np.squeeze(count, axis=axis)
        )
    if not keepdims:
        mean_ = np.squeeze(mean_, axis=axis)
    return mean_, var_


def nanmean(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    if not _is_float(x):
        return mean(x, axis=axis, keepdims=keepdims)
    out = _nan_moments(x, _axis(axis), keepdims)[0]
    return np.asarray(out).astype(x.dtype)


def nanvar(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    if not _is_float(x):
        return var(x, axis=axis, keepdims=keepdims)
    out = _nan_moments(x, _axis(axis), keepdims)[1]
    return np.asarray(out).astype(x.dtype)


def nanstd(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    if not _is_float(x):
        return std(x, axis=axis, keepdims=keepdims)
    out = np.sqrt(_nan_moments(x, _axis(axis), keepdims)[1])
    return np.asarray(out).astype(x.dtype)


def _nan_extremum(reduce, fill, x, axis, keepdims):
    x = convert_to_tensor(x)
    if not _is_float(x):
        return _extremum(reduce, x, axis, keepdims, None)
    nan = np.isnan(x)
    out = _extremum(reduce, np.where(nan, fill, x), axis, keepdims, None)
    all_nan = np.all(nan, axis=_axis(axis), keepdims=keepdims)
    return np.asarray(np.where(all_nan, np.nan, out), dtype=x.dtype)


def nanmax(x, axis=None, keepdims=False):
    return _nan_extremum(np.max, -np.inf, x, axis, keepdims)


def nanmin(x, axis=None, keepdims=False):
    return _nan_extremum(np.min, np.inf, x, axis, keepdims)


def _nan_arg(arg, fill, x, axis, keepdims):
    x = convert_to_tensor(x)
    if not _is_float(x):
        return arg(x, axis=axis, keepdims=keepdims)
    nan = np.isnan(x)
    out = arg(np.where(nan, fill, x), axis=axis, keepdims=keepdims)
    all_nan = np.all(nan, axis=axis, keepdims=keepdims)
    return np.where(all_nan, -1, out).astype("int32")


def nanargmax(x, axis=None, keepdims=False):
    return _nan_arg(argmax, -np.inf, x, axis, keepdims)


def nanargmin(x, axis=None, keepdims=False):
    return _nan_arg(argmin, np.inf, x, axis, keepdims)


def nancumsum(x, axis=None, dtype=None):
    x = convert_to_tensor(x)
    if _is_float(x):
        x = np.where(np.isnan(x), 0, x).astype(x.dtype)
    return cumsum(x, axis=axis, dtype=dtype)


def nancumprod(x, axis=None, dtype=None):
    x = convert_to_tensor(x)
    if _is_float(x):
        x = np.where(np.isnan(x), 1, x).astype(x.dtype)
    return cumprod(x, axis=axis, dtype=dtype)
