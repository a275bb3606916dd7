"""Statistics: spread (`var`, `std`, `ptp`), quantiles and medians,
weighted averages, histograms and counts, correlations and integrals."""

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common import dtypes
from keras.src.backend.common.dtypes import dtype_of
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.ops import shape_rules
from keras.src.ops.numpy.reductions import reduced_shape
from keras.src.ops.numpy.reductions import reduction_spec
from keras.src.ops.numpy.reductions import same_dtype
from keras.src.ops.operation import symbolic_op

__all__ = [
    "average",
    "bincount",
    "corrcoef",
    "correlate",
    "histogram",
    "median",
    "nanmedian",
    "nanpercentile",
    "nanquantile",
    "nanstd",
    "nanvar",
    "percentile",
    "ptp",
    "quantile",
    "std",
    "trapezoid",
    "var",
]

_METHODS = ("linear", "lower", "higher", "midpoint", "nearest")
_shape_of = shape_rules.shape_of


# Spread: variance, standard deviation, range.


def _ptp_dtype(x):
    dtype = same_dtype(x)
    if dtype == "bool":
        raise TypeError("`ptp` is not defined for boolean tensors.")
    return dtype


@keras_export(["keras.ops.var", "keras.ops.numpy.var"])
def var(x, axis=None, keepdims=False):
    """Computes the (population) variance along the given axes.

    Args:
        x: a tensor.
        axis: an int or a tuple of ints; `None` uses all elements.
        keepdims: whether to keep the reduced axes with size 1.

    Returns:
        The variances, as floats (integers give `floatx()`).

    Example:

    >>> keras.ops.var(np.array([1.0, 2.0, 3.0, 4.0], "float32"))
    array(1.25, dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        spec = reduction_spec("var", shape_rules.float_dtype_of)
        return symbolic_op(var, spec, x, axis=axis, keepdims=keepdims)
    return backend.numpy.var(x, axis=axis, keepdims=keepdims)


@keras_export(["keras.ops.std", "keras.ops.numpy.std"])
def std(x, axis=None, keepdims=False):
    """Computes the (population) standard deviation along the given axes.

    Args:
        x: a tensor.
        axis: an int or a tuple of ints; `None` uses all elements.
        keepdims: whether to keep the reduced axes with size 1.

    Returns:
        The standard deviations, as floats (integers give `floatx()`).

    Example:

    >>> keras.ops.std(np.array([1.0, 3.0], "float32"))
    array(1., dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        spec = reduction_spec("std", shape_rules.float_dtype_of)
        return symbolic_op(std, spec, x, axis=axis, keepdims=keepdims)
    return backend.numpy.std(x, axis=axis, keepdims=keepdims)


@keras_export(["keras.ops.nanvar", "keras.ops.numpy.nanvar"])
def nanvar(x, axis=None, keepdims=False):
    """`var` of the elements that are not NaN.

    Args:
        x: a tensor.
        axis: an int or a tuple of ints; `None` uses all elements.
        keepdims: whether to keep the reduced axes with size 1.

    Returns:
        Floats (integers give `floatx()`); NaN where a slice is all NaN.

    Example:

    >>> keras.ops.nanvar(np.array([1.0, np.nan, 3.0], "float32"))
    array(1., dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        spec = reduction_spec("nanvar", shape_rules.float_dtype_of)
        return symbolic_op(nanvar, spec, x, axis=axis, keepdims=keepdims)
    return backend.numpy.nanvar(x, axis=axis, keepdims=keepdims)


@keras_export(["keras.ops.nanstd", "keras.ops.numpy.nanstd"])
def nanstd(x, axis=None, keepdims=False):
    """`std` of the elements that are not NaN.

    Args:
        x: a tensor.
        axis: an int or a tuple of ints; `None` uses all elements.
        keepdims: whether to keep the reduced axes with size 1.

    Returns:
        Floats (integers give `floatx()`); NaN where a slice is all NaN.

    Example:

    >>> keras.ops.nanstd(np.array([1.0, np.nan, 3.0], "float32"))
    array(1., dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        spec = reduction_spec("nanstd", shape_rules.float_dtype_of)
        return symbolic_op(nanstd, spec, x, axis=axis, keepdims=keepdims)
    return backend.numpy.nanstd(x, axis=axis, keepdims=keepdims)


@keras_export(["keras.ops.ptp", "keras.ops.numpy.ptp"])
def ptp(x, axis=None, keepdims=False):
    """Returns the range (maximum minus minimum) along the given axes.

    Args:
        x: a numeric, non-boolean tensor.
        axis: an int or a tuple of ints; `None` uses all elements.
        keepdims: whether to keep the reduced axes with size 1.

    Returns:
        The ranges, of `x`'s dtype.

    Example:

    >>> keras.ops.ptp(np.array([[1, 5], [3, 2]], "int32"), axis=0)
    array([2, 3], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        spec = reduction_spec("ptp", _ptp_dtype)
        return symbolic_op(ptp, spec, x, axis=axis, keepdims=keepdims)
    return backend.numpy.ptp(x, axis=axis, keepdims=keepdims)


# Quantiles and medians.


def _check_quantile_args(op_name, q, method, scale):
    """Checks `method`, and the values of `q` when they are Python or NumPy
    values (tensors are not read)."""
    if method not in _METHODS:
        raise ValueError(
            f"`{op_name}`: `method` must be one of {_METHODS}. "
            f"Received: method={method!r}"
        )
    if isinstance(q, (int, float, list, tuple, np.ndarray, np.generic)):
        values = np.asarray(q, dtype="float64")
        if np.any((values < 0) | (values > scale)):
            raise ValueError(
                f"`{op_name}`: `q` must be in [0, {scale}]. Received: q={q}"
            )


def _quantile_spec(op_name):
    def spec(x, q, axis=None, method="linear", keepdims=False):
        shape = reduced_shape(op_name, _shape_of(x), axis, keepdims)
        return KerasTensor(tuple(_shape_of(q)) + shape,
                           dtype=shape_rules.float_dtype_of(x))

    return spec


def _median_spec(op_name):
    def spec(x, axis=None, keepdims=False):
        shape = reduced_shape(op_name, _shape_of(x), axis, keepdims)
        return KerasTensor(shape, dtype=shape_rules.float_dtype_of(x))

    return spec


def _quantile_op(op, x, q, axis, method, keepdims, scale):
    """Runs a quantile-like op (`quantile`, `nanpercentile`, ...)."""
    name = op.__name__
    _check_quantile_args(name, q, method, scale)
    if any_symbolic_tensors((x, q)):
        return symbolic_op(op, _quantile_spec(name), x, q, axis=axis,
                           method=method, keepdims=keepdims)
    return getattr(backend.numpy, name)(x, q, axis=axis, method=method,
                                        keepdims=keepdims)


@keras_export(["keras.ops.quantile", "keras.ops.numpy.quantile"])
def quantile(x, q, axis=None, method="linear", keepdims=False):
    """Computes the `q`-th quantiles along the given axes.

    Args:
        x: a tensor.
        q: a quantile, or a tensor of them, in `[0, 1]`.
        axis: an int or a tuple of ints; `None` uses all elements.
        method: how to pick a value between two data points: `"linear"`,
            `"lower"`, `"higher"`, `"midpoint"` or `"nearest"` (ties to
            the even index).
        keepdims: whether to keep the reduced axes with size 1.

    Returns:
        Floats (integers give `floatx()`) of shape `q.shape` followed by the
        reduced shape; NaN where a slice holds a NaN.

    Example:

    >>> keras.ops.quantile(np.array([1.0, 2.0, 3.0, 4.0], "float32"), 0.5)
    array(2.5, dtype=float32)
    """
    return _quantile_op(quantile, x, q, axis, method, keepdims, 1)


@keras_export(["keras.ops.nanquantile", "keras.ops.numpy.nanquantile"])
def nanquantile(x, q, axis=None, method="linear", keepdims=False):
    """`quantile` of the elements that are not NaN.

    Args:
        x: a tensor.
        q: a quantile, or a tensor of them, in `[0, 1]`.
        axis: an int or a tuple of ints; `None` uses all elements.
        method: `"linear"`, `"lower"`, `"higher"`, `"midpoint"` or
            `"nearest"`, as for `quantile`.
        keepdims: whether to keep the reduced axes with size 1.

    Returns:
        Floats as for `quantile`; NaN where a slice is all NaN.

    Example:

    >>> x = np.array([1.0, np.nan, 3.0], "float32")
    >>> keras.ops.nanquantile(x, 0.5)
    array(2., dtype=float32)
    """
    return _quantile_op(nanquantile, x, q, axis, method, keepdims, 1)


@keras_export(["keras.ops.percentile", "keras.ops.numpy.percentile"])
def percentile(x, q, axis=None, method="linear", keepdims=False):
    """Computes the `q`-th percentiles along the given axes.

    Args:
        x: a tensor.
        q: a percentile, or a tensor of them, in `[0, 100]`.
        axis: an int or a tuple of ints; `None` uses all elements.
        method: `"linear"`, `"lower"`, `"higher"`, `"midpoint"` or
            `"nearest"`, as for `quantile`.
        keepdims: whether to keep the reduced axes with size 1.

    Returns:
        Floats as for `quantile`.

    Example:

    >>> x = np.array([1.0, 2.0, 3.0, 5.0], "float32")
    >>> keras.ops.percentile(x, 50)
    array(2.5, dtype=float32)
    """
    return _quantile_op(percentile, x, q, axis, method, keepdims, 100)


@keras_export(["keras.ops.nanpercentile", "keras.ops.numpy.nanpercentile"])
def nanpercentile(x, q, axis=None, method="linear", keepdims=False):
    """`percentile` of the elements that are not NaN.

    Args:
        x: a tensor.
        q: a percentile, or a tensor of them, in `[0, 100]`.
        axis: an int or a tuple of ints; `None` uses all elements.
        method: `"linear"`, `"lower"`, `"higher"`, `"midpoint"` or
            `"nearest"`, as for `quantile`.
        keepdims: whether to keep the reduced axes with size 1.

    Returns:
        Floats as for `quantile`; NaN where a slice is all NaN.

    Example:

    >>> x = np.array([1.0, np.nan, 3.0], "float32")
    >>> keras.ops.nanpercentile(x, 100)
    array(3., dtype=float32)
    """
    return _quantile_op(nanpercentile, x, q, axis, method, keepdims, 100)


@keras_export(["keras.ops.median", "keras.ops.numpy.median"])
def median(x, axis=None, keepdims=False):
    """Computes the medians along the given axes.

    Args:
        x: a tensor.
        axis: an int or a tuple of ints; `None` uses all elements.
        keepdims: whether to keep the reduced axes with size 1.

    Returns:
        Floats (integers give `floatx()`); NaN where a slice holds a NaN.

    Example:

    >>> keras.ops.median(np.array([[1, 3], [2, 4]], "int32"), axis=0)
    array([1.5, 3.5], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(median, _median_spec("median"), x, axis=axis,
                           keepdims=keepdims)
    return backend.numpy.median(x, axis=axis, keepdims=keepdims)


@keras_export(["keras.ops.nanmedian", "keras.ops.numpy.nanmedian"])
def nanmedian(x, axis=None, keepdims=False):
    """`median` of the elements that are not NaN.

    Args:
        x: a tensor.
        axis: an int or a tuple of ints; `None` uses all elements.
        keepdims: whether to keep the reduced axes with size 1.

    Returns:
        Floats (integers give `floatx()`); NaN where a slice is all NaN.

    Example:

    >>> keras.ops.nanmedian(np.array([1.0, np.nan, 4.0], "float32"))
    array(2.5, dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(nanmedian, _median_spec("nanmedian"), x,
                           axis=axis, keepdims=keepdims)
    return backend.numpy.nanmedian(x, axis=axis, keepdims=keepdims)


# Weighted averages.


def _check_average_weights(x_shape, w_shape, axis):
    if len(w_shape) == len(x_shape) and _dims_match(x_shape, w_shape):
        return
    if isinstance(axis, int) and len(w_shape) == 1:
        axis = shape_rules.canonicalize_axis("average", axis, len(x_shape))
        if _dims_match((x_shape[axis],), w_shape):
            return
    raise ValueError(
        "`average`: `weights` must have the shape of `x`, or be 1-D with "
        f"the length of `x` along an int `axis`. Received: shapes {x_shape} "
        f"(x) and {w_shape} (weights), axis={axis}"
    )


def _dims_match(shape1, shape2):
    return all(a is None or b is None or a == b
               for a, b in zip(shape1, shape2))


def _average_spec(x, axis=None, weights=None):
    x_shape = _shape_of(x)
    shape = reduced_shape("average", x_shape, axis, False)
    if weights is None:
        return KerasTensor(shape, dtype=shape_rules.float_dtype_of(x))
    _check_average_weights(x_shape, _shape_of(weights), axis)
    dtype = dtypes.result_type(dtype_of(x), dtype_of(weights), float)
    return KerasTensor(shape, dtype=dtype)


@keras_export(["keras.ops.average", "keras.ops.numpy.average"])
def average(x, axis=None, weights=None):
    """Computes the weighted average along the given axes.

    Args:
        x: a tensor.
        axis: an int or a tuple of ints; `None` averages all elements.
        weights: `None` (all weights 1), a tensor of `x`'s shape, or a 1-D
            tensor with one weight per entry along an int `axis`.

    Returns:
        Floats of the promoted dtype of `x` and `weights` (integers give
        `floatx()`).

    Example:

    >>> x = np.array([1.0, 2.0, 4.0], "float32")
    >>> keras.ops.average(x, weights=np.array([1.0, 1.0, 2.0], "float32"))
    array(2.75, dtype=float32)
    """
    if any_symbolic_tensors((x, weights)):
        return symbolic_op(average, _average_spec, x, axis=axis,
                           weights=weights)
    return backend.numpy.average(x, axis=axis, weights=weights)


# Counts and histograms.


def _bincount_dtype(weights):
    if weights is None:
        return "int32"
    dtype = dtypes.result_type(dtype_of(weights))
    if dtypes.is_float_dtype(dtype) or "complex" in dtype:
        return dtype
    return dtypes.result_type(dtype, "int32")


def _check_bincount_args(x, weights, minlength):
    shape = _shape_of(x)
    if len(shape) not in (1, 2):
        raise ValueError(
            f"`bincount` takes a 1-D or 2-D `x`. Received: shape={shape}"
        )
    dtype = dtypes.standardize_dtype(dtype_of(x))
    if not (dtypes.is_int_dtype(dtype) or dtype == "bool"):
        raise TypeError(
            f"`bincount` takes an integer `x`. Received: dtype={dtype}"
        )
    if weights is not None and _shape_of(weights) != shape:
        shape_rules.broadcast_shapes("bincount", shape, _shape_of(weights))
        if None not in shape + _shape_of(weights):
            raise ValueError(
                "`bincount`: `weights` must have the shape of `x`. Received: "
                f"shapes {shape} (x) and {_shape_of(weights)} (weights)"
            )
    if minlength < 0:
        raise ValueError(
            f"`bincount`: `minlength` must be >= 0. Received: {minlength}"
        )


def _bincount_spec(x, weights=None, minlength=0, sparse=False):
    shape = _shape_of(x)[:-1] + (None,)
    return KerasTensor(shape, dtype=_bincount_dtype(weights), sparse=sparse)


@keras_export(["keras.ops.bincount", "keras.ops.numpy.bincount"])
def bincount(x, weights=None, minlength=0, sparse=False):
    """Counts the occurrences of each value in a tensor of non-negative
    integers.

    The result has `max(max(x) + 1, minlength)` entries (along its last
    axis), so its size depends on the values; a 2-D `x` is counted row by
    row. Under `jax.jit` the length is `minlength` (larger values are
    dropped), since it must be known when tracing.

    Args:
        x: a 1-D or 2-D tensor of non-negative integers.
        weights: an optional tensor of `x`'s shape; each occurrence adds
            its weight instead of 1.
        minlength: the minimum number of bins.
        sparse: whether to return a sparse tensor (TensorFlow only).

    Returns:
        The counts: `int32`, or of the dtype of `weights` (at least 32-bit
        for integers).

    Example:

    >>> keras.ops.bincount(np.array([0, 1, 1, 3], "int32"))
    array([1, 2, 0, 1], dtype=int32)
    """
    _check_bincount_args(x, weights, minlength)
    if any_symbolic_tensors((x, weights)):
        return symbolic_op(bincount, _bincount_spec, x, weights=weights,
                           minlength=minlength, sparse=sparse)
    return backend.numpy.bincount(x, weights=weights, minlength=minlength,
                                  sparse=sparse)


def _check_histogram_args(x, bins, range):
    shape = _shape_of(x)
    if len(shape) != 1:
        raise ValueError(
            f"`histogram` takes a 1-D `x`. Received: shape={shape}"
        )
    if not isinstance(bins, (int, np.integer)) or isinstance(bins, bool):
        raise TypeError(
            f"`histogram`: `bins` must be an int. Received: bins={bins!r}"
        )
    if bins < 1:
        raise ValueError(f"`histogram`: `bins` must be >= 1. Received: {bins}")
    if range is not None:
        low, high = range
        if not (np.isfinite(low) and np.isfinite(high) and low <= high):
            raise ValueError(
                "`histogram`: `range` must be a finite (min, max) pair with "
                f"min <= max. Received: range={range}"
            )


def _histogram_spec(x, bins=10, range=None):
    return (
        KerasTensor((bins,), dtype="int32"),
        KerasTensor((bins + 1,), dtype=shape_rules.float_dtype_of(x)),
    )


@keras_export(["keras.ops.histogram", "keras.ops.numpy.histogram"])
def histogram(x, bins=10, range=None):
    """Counts the values of a 1-D tensor in equal-width bins.

    Each bin holds the values in `[edge_i, edge_i+1)`, the last one also
    its right edge; values outside `range` are not counted.

    Args:
        x: a 1-D tensor.
        bins: the number of bins.
        range: `(min, max)` of the bins; by default the range of `x`.

    Returns:
        A tuple: the `int32` counts, of shape `(bins,)`, and the float bin
        edges, of shape `(bins + 1,)`.

    Example:

    >>> x = np.array([0.0, 1.0, 1.5, 4.0], "float32")
    >>> keras.ops.histogram(x, bins=2)[0]
    array([3, 1])
    """
    _check_histogram_args(x, bins, range)
    if any_symbolic_tensors((x,)):
        return symbolic_op(histogram, _histogram_spec, x, bins=bins,
                           range=range)
    return backend.numpy.histogram(x, bins=bins, range=range)


# Correlations and integrals.


def _check_correlate_args(x1, x2, mode):
    for name, x in (("x1", x1), ("x2", x2)):
        if len(_shape_of(x)) != 1:
            raise ValueError(
                f"`correlate` takes 1-D tensors. Received: shapes "
                f"{_shape_of(x1)} and {_shape_of(x2)} ({name} is not 1-D)"
            )
    if mode not in ("valid", "same", "full"):
        raise ValueError(
            "`correlate`: `mode` must be 'valid', 'same' or 'full'. "
            f"Received: mode={mode!r}"
        )


def _correlate_spec(x1, x2, mode="valid"):
    n, m = _shape_of(x1)[0], _shape_of(x2)[0]
    dtype = dtypes.result_type(dtype_of(x1), dtype_of(x2), float)
    if n is None or m is None:
        return KerasTensor((None,), dtype=dtype)
    length = {"valid": abs(n - m) + 1, "same": max(n, m),
              "full": n + m - 1}[mode]
    return KerasTensor((length,), dtype=dtype)


@keras_export(["keras.ops.correlate", "keras.ops.numpy.correlate"])
def correlate(x1, x2, mode="valid"):
    """Cross-correlates two 1-D tensors: `c[k] = sum_n x1[n + k] *
    conj(x2[n])`, as in NumPy.

    Args:
        x1: a 1-D tensor.
        x2: a 1-D tensor.
        mode: `"valid"` (lags where the tensors overlap fully), `"same"`
            (`max(len(x1), len(x2))` lags) or `"full"` (every overlap).

    Returns:
        A 1-D float tensor (integers give `floatx()`).

    Example:

    >>> x1 = np.array([1.0, 2.0, 3.0], "float32")
    >>> keras.ops.correlate(x1, np.array([0.0, 1.0], "float32"))
    array([2., 3.], dtype=float32)
    """
    _check_correlate_args(x1, x2, mode)
    if any_symbolic_tensors((x1, x2)):
        return symbolic_op(correlate, _correlate_spec, x1, x2, mode=mode)
    return backend.numpy.correlate(x1, x2, mode=mode)


def _check_corrcoef_arg(x):
    shape = _shape_of(x)
    if len(shape) not in (1, 2):
        raise ValueError(
            f"`corrcoef` takes a 1-D or 2-D `x`. Received: shape={shape}"
        )


def _corrcoef_spec(x):
    shape = _shape_of(x)
    out = () if len(shape) == 1 else (shape[0], shape[0])
    return KerasTensor(out, dtype=shape_rules.float_dtype_of(x))


@keras_export(["keras.ops.corrcoef", "keras.ops.numpy.corrcoef"])
def corrcoef(x):
    """Computes the Pearson correlation coefficients of the rows of `x`.

    Args:
        x: a 2-D tensor whose rows are variables and columns observations,
            or a 1-D tensor (one variable).

    Returns:
        A float tensor of shape `(rows, rows)` (a scalar for 1-D `x`), with
        values clipped to `[-1, 1]`.

    Example:

    >>> x = np.array([[1.0, 2.0, 3.0], [3.0, 2.0, 1.0]], "float32")
    >>> keras.ops.corrcoef(x)
    array([[ 1., -1.],
           [-1.,  1.]], dtype=float32)
    """
    _check_corrcoef_arg(x)
    if any_symbolic_tensors((x,)):
        return symbolic_op(corrcoef, _corrcoef_spec, x)
    return backend.numpy.corrcoef(x)


def _trapezoid_spec(y, x=None, dx=1.0, axis=-1):
    y_shape = _shape_of(y)
    axis = shape_rules.canonicalize_axis("trapezoid", axis, len(y_shape))
    if x is None:
        dtype = dtypes.result_type(dtype_of(y), dtype_of(dx), float)
    else:
        dtype = dtypes.result_type(dtype_of(y), dtype_of(x), float)
        x_shape = _shape_of(x)
        if len(x_shape) != 1:
            shape_rules.broadcast_shapes("trapezoid", y_shape, x_shape)
        elif None not in (x_shape[0], y_shape[axis]) and (
            x_shape[0] != y_shape[axis]
        ):
            raise ValueError(
                f"`trapezoid`: 1-D `x` must have the length of `y` along "
                f"`axis`. Received: shapes {y_shape} (y) and {x_shape} (x), "
                f"axis={axis}"
            )
    return KerasTensor(y_shape[:axis] + y_shape[axis + 1:], dtype=dtype)


@keras_export(["keras.ops.trapezoid", "keras.ops.numpy.trapezoid"])
def trapezoid(y, x=None, dx=1.0, axis=-1):
    """Integrates `y` along an axis with the trapezoidal rule.

    Args:
        y: a tensor of sample values.
        x: optional sample points: 1-D (one per entry along `axis`) or of
            `y`'s shape. By default the points are `dx` apart.
        dx: the spacing of the points when `x` is `None`.
        axis: the axis to integrate along.

    Returns:
        A float tensor of `y`'s shape without `axis`.

    Example:

    >>> keras.ops.trapezoid(np.array([1.0, 2.0, 3.0], "float32"))
    array(4., dtype=float32)
    """
    if any_symbolic_tensors((y, x, dx)):
        return symbolic_op(trapezoid, _trapezoid_spec, y, x=x, dx=dx,
                           axis=axis)
    return backend.numpy.trapezoid(y, x=x, dx=dx, axis=axis)
