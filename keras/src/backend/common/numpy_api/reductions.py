"""Reductions, cumulative functions and their NaN-ignoring forms of NumPy's
API, shared by the numpy and jax backends (see `include` in this package):
`xp` is the backend's array module, `convert_to_tensor` its own,
`as_array` makes a reduction's result an array and `prod_dtype` says what
`prod` computes in when given a `dtype`.

The helpers made of several primitives (`_replace_nans`, `_nan_moments`,
`_nan_extremum_float`, `_nan_arg_float`) take arrays and static arguments
only, so that a backend can compile them as they are.
"""

from keras.src.backend.common import dtypes

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
        return dtype, "float32"
    return dtype, dtype


def _is_float(x):
    # bfloat16 and float8 arrays are of NumPy kind "V".
    return x.dtype.kind in "fc" or dtypes.is_float_dtype(_name(x))


def sum(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    dtype = _SUM_DTYPES.get(_name(x), x.dtype)
    out = xp.sum(x, axis=_axis(axis), keepdims=keepdims, dtype=dtype)
    return as_array(out)


def prod(x, axis=None, keepdims=False, dtype=None):
    x = convert_to_tensor(x)
    if dtype is None:
        dtype = _SUM_DTYPES.get(_name(x), x.dtype)
    else:
        dtype = prod_dtype(dtype)
    out = xp.prod(x, axis=_axis(axis), keepdims=keepdims, dtype=dtype)
    return as_array(out)


def mean(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    dtype, compute = _float_dtypes(x)
    out = xp.mean(x, axis=_axis(axis), keepdims=keepdims, dtype=compute)
    return as_array(out).astype(dtype)


def var(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    dtype, compute = _float_dtypes(x)
    out = xp.var(x.astype(compute), axis=_axis(axis), keepdims=keepdims)
    return as_array(out).astype(dtype)


def std(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    dtype, compute = _float_dtypes(x)
    out = xp.std(x.astype(compute), axis=_axis(axis), keepdims=keepdims)
    return as_array(out).astype(dtype)


def _extremum(reduce, x, axis, keepdims, initial):
    x = convert_to_tensor(x)
    if x.size == 0 and initial is None:
        raise ValueError(
            f"Cannot compute the {reduce.__name__} of an empty tensor "
            "without `initial`."
        )
    # NumPy takes no `initial=None`: leave it out unless given.
    kwargs = {}
    if initial is not None:
        kwargs["initial"] = xp.asarray(initial).astype(x.dtype)
    out = reduce(x, axis=_axis(axis), keepdims=keepdims, **kwargs)
    return as_array(out)


def max(x, axis=None, keepdims=False, initial=None):
    return _extremum(xp.max, x, axis, keepdims, initial)


def min(x, axis=None, keepdims=False, initial=None):
    return _extremum(xp.min, x, axis, keepdims, initial)


def amax(x, axis=None, keepdims=False):
    return _extremum(xp.max, x, axis, keepdims, None)


def amin(x, axis=None, keepdims=False):
    return _extremum(xp.min, x, axis, keepdims, None)


def ptp(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    if x.dtype == bool:
        raise TypeError("`ptp` is not defined for boolean tensors.")
    return as_array(xp.ptp(x, axis=_axis(axis), keepdims=keepdims))


def all(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    return as_array(xp.all(x, axis=_axis(axis), keepdims=keepdims))


def any(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    return as_array(xp.any(x, axis=_axis(axis), keepdims=keepdims))


def argmax(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    return xp.argmax(x, axis=axis, keepdims=keepdims).astype("int32")


def argmin(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    return xp.argmin(x, axis=axis, keepdims=keepdims).astype("int32")


def count_nonzero(x, axis=None):
    x = convert_to_tensor(x)
    return as_array(xp.count_nonzero(x, axis=_axis(axis))).astype("int32")


def _cumulative(fn, x, axis, dtype):
    x = convert_to_tensor(x)
    if dtype is None:
        dtype = "int32" if x.dtype == bool else x.dtype
    else:
        # A 64-bit `dtype` narrows to 32 bits on both backends, as upstream.
        dtype = dtypes.result_type(dtypes.standardize_dtype(dtype))
    if axis is None:
        x, axis = x.reshape(-1), 0
    return fn(x, axis=axis, dtype=dtype)


def cumsum(x, axis=None, dtype=None):
    return _cumulative(xp.cumsum, x, axis, dtype)


def cumprod(x, axis=None, dtype=None):
    return _cumulative(xp.cumprod, x, axis, dtype)


def diff(a, n=1, axis=-1):
    if n < 0:
        raise ValueError(f"`diff`: `n` must be non-negative. Received: n={n}")
    return xp.diff(convert_to_tensor(a), n=n, axis=axis)


def _replace_nans(x, value):
    return xp.where(xp.isnan(x), xp.asarray(value, x.dtype), x)


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


def _nan_moments(x, axis, keepdims):
    """Returns (mean, variance) of the non-NaN entries, in float32 for
    16-bit floats; slices of NaNs only give NaN."""
    x = x.astype(_float_dtypes(x)[1])
    valid = ~xp.isnan(x)
    zeroed = xp.where(valid, x, 0)
    count = xp.sum(valid, axis=axis, keepdims=True)
    mean_ = xp.sum(zeroed, axis=axis, keepdims=True) / count
    sq = xp.where(valid, xp.abs(x - mean_) ** 2, 0)
    if not keepdims:
        mean_ = xp.squeeze(mean_, axis=axis)
        count = xp.squeeze(count, axis=axis)
    return mean_, xp.sum(sq, axis=axis, keepdims=keepdims) / count


def nanmean(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    if not _is_float(x):
        return mean(x, axis=axis, keepdims=keepdims)
    out = _nan_moments(x, _axis(axis), keepdims)[0]
    return as_array(out).astype(x.dtype)


def nanvar(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    if not _is_float(x):
        return var(x, axis=axis, keepdims=keepdims)
    out = _nan_moments(x, _axis(axis), keepdims)[1]
    return as_array(out).astype(x.dtype)


def nanstd(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    if not _is_float(x):
        return std(x, axis=axis, keepdims=keepdims)
    out = xp.sqrt(_nan_moments(x, _axis(axis), keepdims)[1])
    return as_array(out).astype(x.dtype)


def _nan_extremum(reduce, fill, x, axis, keepdims):
    x = convert_to_tensor(x)
    if not _is_float(x):
        return _extremum(reduce, x, axis, keepdims, None)
    return _nan_extremum_float(reduce, fill, x, _axis(axis), keepdims)


def _nan_extremum_float(reduce, fill, x, axis, keepdims):
    nan = xp.isnan(x)
    out = _extremum(reduce, xp.where(nan, fill, x), axis, keepdims, None)
    all_nan = xp.all(nan, axis=axis, keepdims=keepdims)
    return as_array(xp.where(all_nan, xp.nan, out)).astype(x.dtype)


def nanmax(x, axis=None, keepdims=False):
    return _nan_extremum(xp.max, -xp.inf, x, axis, keepdims)


def nanmin(x, axis=None, keepdims=False):
    return _nan_extremum(xp.min, xp.inf, x, axis, keepdims)


def _nan_arg(arg, fill, x, axis, keepdims):
    x = convert_to_tensor(x)
    if not _is_float(x):
        return arg(x, axis=axis, keepdims=keepdims)
    return _nan_arg_float(arg, fill, x, axis, keepdims)


def _nan_arg_float(arg, fill, x, axis, keepdims):
    nan = xp.isnan(x)
    out = arg(xp.where(nan, fill, x), axis=axis, keepdims=keepdims)
    all_nan = xp.all(nan, axis=axis, keepdims=keepdims)
    return xp.where(all_nan, -1, out).astype("int32")


def nanargmax(x, axis=None, keepdims=False):
    return _nan_arg(argmax, -xp.inf, x, axis, keepdims)


def nanargmin(x, axis=None, keepdims=False):
    return _nan_arg(argmin, xp.inf, x, axis, keepdims)


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
