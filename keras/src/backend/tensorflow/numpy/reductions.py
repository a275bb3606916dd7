"""Reductions, cumulative functions and their NaN-ignoring forms on
TensorFlow."""

import operator

import tensorflow as tf

from keras.src.backend.common import dtypes
from keras.src.backend.tensorflow.core import convert_to_tensor

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
    return list(axis) if isinstance(axis, tuple) else axis


def _float_dtypes(x):
    """Returns (result dtype, dtype to compute in) of a float reduction:
    16-bit floats are accumulated in float32."""
    dtype = dtypes.result_type(x.dtype.name, float)
    if dtype in ("float16", "bfloat16"):
        return dtype, "float32"
    return dtype, dtype


def _is_float(x):
    return x.dtype.is_floating


def _cast(x, dtype):
    return x if x.dtype.name == dtype else tf.cast(x, dtype)


def sum(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    x = _cast(x, _SUM_DTYPES.get(x.dtype.name, x.dtype.name))
    return tf.reduce_sum(x, axis=_axis(axis), keepdims=keepdims)


def prod(x, axis=None, keepdims=False, dtype=None):
    x = convert_to_tensor(x)
    if dtype is None:
        dtype = _SUM_DTYPES.get(x.dtype.name, x.dtype.name)
    x = _cast(x, dtypes.standardize_dtype(dtype))
    return tf.reduce_prod(x, axis=_axis(axis), keepdims=keepdims)


def mean(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    dtype, compute = _float_dtypes(x)
    out = tf.reduce_mean(_cast(x, compute), axis=_axis(axis),
                         keepdims=keepdims)
    return _cast(out, dtype)


def var(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    dtype, compute = _float_dtypes(x)
    out = tf.math.reduce_variance(_cast(x, compute), axis=_axis(axis),
                                  keepdims=keepdims)
    return _cast(out, dtype)


def std(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    dtype, compute = _float_dtypes(x)
    out = tf.math.reduce_std(_cast(x, compute), axis=_axis(axis),
                             keepdims=keepdims)
    return _cast(out, dtype)


def _check_not_empty(name, x):
    if x.shape.num_elements() == 0:
        raise ValueError(
            f"Cannot compute the {name} of an empty tensor without "
            "`initial`."
        )


def _extremum(x, axis, keepdims, initial, largest):
    x = convert_to_tensor(x)
    if initial is None:
        _check_not_empty("max" if largest else "min", x)
    if x.dtype == tf.bool:
        reduce = tf.reduce_any if largest else tf.reduce_all
        combine = tf.logical_or if largest else tf.logical_and
    else:
        reduce = tf.reduce_max if largest else tf.reduce_min
        combine = tf.maximum if largest else tf.minimum
    out = reduce(x, axis=_axis(axis), keepdims=keepdims)
    if initial is None:
        return out
    return combine(out, tf.cast(initial, x.dtype))


def max(x, axis=None, keepdims=False, initial=None):
    return _extremum(x, axis, keepdims, initial, largest=True)


def min(x, axis=None, keepdims=False, initial=None):
    return _extremum(x, axis, keepdims, initial, largest=False)


def amax(x, axis=None, keepdims=False):
    return max(x, axis=axis, keepdims=keepdims)


def amin(x, axis=None, keepdims=False):
    return min(x, axis=axis, keepdims=keepdims)


def ptp(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    if x.dtype == tf.bool:
        raise TypeError("`ptp` is not defined for boolean tensors.")
    axis = _axis(axis)
    return tf.subtract(
        tf.reduce_max(x, axis=axis, keepdims=keepdims),
        tf.reduce_min(x, axis=axis, keepdims=keepdims),
    )


def all(x, axis=None, keepdims=False):
    x = _cast(convert_to_tensor(x), "bool")
    return tf.reduce_all(x, axis=_axis(axis), keepdims=keepdims)


def any(x, axis=None, keepdims=False):
    x = _cast(convert_to_tensor(x), "bool")
    return tf.reduce_any(x, axis=_axis(axis), keepdims=keepdims)


def _arg(fn, x, axis, keepdims):
    """`tf.argmax`/`tf.argmin` with NumPy's semantics: flattens for
    `axis=None`, and returns the first NaN of a slice that has one
    (TensorFlow skips NaNs)."""
    x = convert_to_tensor(x)
    ndim = x.shape.rank
    if axis is None:
        flat_axis, x = 0, tf.reshape(x, [-1])
    else:
        # `tf.argmax` rejects NumPy integer axes.
        axis = flat_axis = operator.index(axis)
    out = fn(x, axis=flat_axis, output_type=tf.int32)
    if x.dtype.is_floating:
        nan = tf.math.is_nan(x)
        first_nan = tf.argmax(nan, axis=flat_axis, output_type=tf.int32)
        out = tf.where(tf.reduce_any(nan, axis=flat_axis), first_nan, out)
    if keepdims:
        if axis is None:
            return tf.reshape(out, [1] * ndim)
        return tf.expand_dims(out, axis)
    return out


def argmax(x, axis=None, keepdims=False):
    return _arg(tf.argmax, x, axis, keepdims)


def argmin(x, axis=None, keepdims=False):
    return _arg(tf.argmin, x, axis, keepdims)


def count_nonzero(x, axis=None):
    x = convert_to_tensor(x)
    return tf.math.count_nonzero(x, axis=_axis(axis), dtype=tf.int32)


def _cumulative(fn, x, axis, dtype):
    x = convert_to_tensor(x)
    if dtype is None:
        dtype = "int32" if x.dtype == tf.bool else x.dtype.name
    x = _cast(x, dtypes.standardize_dtype(dtype))
    if axis is None:
        x, axis = tf.reshape(x, [-1]), 0
    return fn(x, axis=axis)


def cumsum(x, axis=None, dtype=None):
    return _cumulative(tf.math.cumsum, x, axis, dtype)


def cumprod(x, axis=None, dtype=None):
    return _cumulative(tf.math.cumprod, x, axis, dtype)


def diff(a, n=1, axis=-1):
    if n < 0:
        raise ValueError(f"`diff`: `n` must be non-negative. Received: n={n}")
    a = convert_to_tensor(a)
    axis = axis % a.shape.rank
    head = [slice(None)] * axis + [slice(1, None)]
    tail = [slice(None)] * axis + [slice(None, -1)]
    for _ in range(n):
        if a.dtype == tf.bool:
            a = tf.not_equal(a[tuple(head)], a[tuple(tail)])
        else:
            a = tf.subtract(a[tuple(head)], a[tuple(tail)])
    return a


def _zero_nans(x, value):
    if not _is_float(x):
        return x
    return tf.where(tf.math.is_nan(x), tf.cast(value, x.dtype), x)


def nansum(x, axis=None, keepdims=False):
    x = _zero_nans(convert_to_tensor(x), 0)
    return sum(x, axis=axis, keepdims=keepdims)


def nanprod(x, axis=None, keepdims=False):
    x = _zero_nans(convert_to_tensor(x), 1)
    return prod(x, axis=axis, keepdims=keepdims)


def _nan_moments(x, axis, keepdims):
    """Returns (mean, variance) of the non-NaN entries, in float32 for
    16-bit floats; slices of NaNs only give NaN."""
    x = _cast(x, _float_dtypes(x)[1])
    valid = tf.logical_not(tf.math.is_nan(x))
    zeroed = tf.where(valid, x, tf.zeros_like(x))
    count = tf.reduce_sum(tf.cast(valid, x.dtype), axis=axis, keepdims=True)
    mean_ = tf.reduce_sum(zeroed, axis=axis, keepdims=True) / count
    deviation = tf.abs(x - mean_)
    sq = tf.where(valid, deviation * deviation, tf.zeros_like(deviation))
    var_ = tf.reduce_sum(sq, axis=axis, keepdims=True) / count
    if keepdims:
        return mean_, var_
    return tf.squeeze(mean_, axis=axis), tf.squeeze(var_, axis=axis)


def nanmean(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    if not _is_float(x):
        return mean(x, axis=axis, keepdims=keepdims)
    return _cast(_nan_moments(x, _axis(axis), keepdims)[0], x.dtype.name)


def nanvar(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    if not _is_float(x):
        return var(x, axis=axis, keepdims=keepdims)
    return _cast(_nan_moments(x, _axis(axis), keepdims)[1], x.dtype.name)


def nanstd(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    if not _is_float(x):
        return std(x, axis=axis, keepdims=keepdims)
    out = tf.sqrt(_nan_moments(x, _axis(axis), keepdims)[1])
    return _cast(out, x.dtype.name)


def _nan_extremum(reduce, fill, x, axis, keepdims):
    x = convert_to_tensor(x)
    if not _is_float(x):
        return reduce(x, axis=axis, keepdims=keepdims)
    nan = tf.math.is_nan(x)
    out = reduce(tf.where(nan, tf.cast(fill, x.dtype), x), axis=axis,
                 keepdims=keepdims)
    all_nan = tf.reduce_all(nan, axis=_axis(axis), keepdims=keepdims)
    return tf.where(all_nan, tf.cast(float("nan"), x.dtype), out)


def nanmax(x, axis=None, keepdims=False):
    return _nan_extremum(max, float("-inf"), x, axis, keepdims)


def nanmin(x, axis=None, keepdims=False):
    return _nan_extremum(min, float("inf"), x, axis, keepdims)


def _nan_arg(arg, fill, x, axis, keepdims):
    x = convert_to_tensor(x)
    if not _is_float(x):
        return arg(x, axis=axis, keepdims=keepdims)
    nan = tf.math.is_nan(x)
    out = arg(tf.where(nan, tf.cast(fill, x.dtype), x), axis=axis,
              keepdims=keepdims)
    if axis is None:
        all_nan = tf.reshape(tf.reduce_all(nan), tf.shape(out))
    else:
        all_nan = tf.reduce_all(nan, axis=axis, keepdims=keepdims)
    return tf.where(all_nan, -1, out)


def nanargmax(x, axis=None, keepdims=False):
    return _nan_arg(argmax, float("-inf"), x, axis, keepdims)


def nanargmin(x, axis=None, keepdims=False):
    return _nan_arg(argmin, float("inf"), x, axis, keepdims)


def nancumsum(x, axis=None, dtype=None):
    x = _zero_nans(convert_to_tensor(x), 0)
    return cumsum(x, axis=axis, dtype=dtype)


def nancumprod(x, axis=None, dtype=None):
    x = _zero_nans(convert_to_tensor(x), 1)
    return cumprod(x, axis=axis, dtype=dtype)
