"""Reductions (`sum`, `mean`, `argmax`, ...), cumulative ops (`cumsum`,
`diff`) and their NaN-ignoring forms (`nansum`, `nanargmax`, ...)."""

import builtins
import math

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common import dtypes
from keras.src.backend.common.dtypes import dtype_of
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.ops import shape_rules
from keras.src.ops.operation import symbolic_op

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
    "nansum",
    "prod",
    "sum",
]

# Sums and products of small integers accumulate in 32 bits.
_SUM_DTYPES = {
    "bool": "int32",
    "int8": "int32",
    "int16": "int32",
    "uint8": "uint32",
    "uint16": "uint32",
}
float_dtype = shape_rules.float_dtype_of


# Shape and dtype rules.


def reduced_shape(op_name, shape, axis, keepdims):
    """`shape_rules.reduce_shape`, also rejecting repeated axes."""
    if axis is not None and not isinstance(axis, int):
        axes = [shape_rules.canonicalize_axis(op_name, a, len(shape))
                for a in axis]
        if len(set(axes)) != len(axes):
            raise ValueError(
                f"`{op_name}`: repeated axis in axis={axis} for a tensor of "
                f"shape {shape}."
            )
    return shape_rules.reduce_shape(op_name, shape, axis, keepdims)


def same_dtype(x):
    return dtypes.result_type(dtype_of(x))


def sum_dtype(x):
    dtype = same_dtype(x)
    return dtypes.result_type(_SUM_DTYPES.get(dtype, dtype))


def _cumulative_dtype(x, dtype):
    if dtype is not None:
        return dtypes.result_type(dtypes.standardize_dtype(dtype))
    dtype = same_dtype(x)
    return "int32" if dtype == "bool" else dtype


def reduction_spec(op_name, dtype_fn):
    """Spec of an op `op(x, axis=None, keepdims=False, ...)` whose result
    dtype is `dtype_fn(x)`."""

    def spec(x, axis=None, keepdims=False, **kwargs):
        shape = reduced_shape(
            op_name, shape_rules.shape_of(x), axis, keepdims
        )
        return KerasTensor(shape, dtype=dtype_fn(x))

    return spec


def _arg_spec(op_name):
    def spec(x, axis=None, keepdims=False):
        if axis is not None and not isinstance(axis, int):
            raise TypeError(
                f"`{op_name}`: `axis` must be an int or None. "
                f"Received: axis={axis}"
            )
        shape = reduced_shape(
            op_name, shape_rules.shape_of(x), axis, keepdims
        )
        return KerasTensor(shape, dtype="int32")

    return spec


def _cumulative_spec(op_name):
    def spec(x, axis=None, dtype=None):
        shape = shape_rules.shape_of(x)
        if axis is None:
            size = None if None in shape else math.prod(shape)
            shape = (size,)
        else:
            shape_rules.canonicalize_axis(op_name, axis, len(shape))
        return KerasTensor(shape, dtype=_cumulative_dtype(x, dtype))

    return spec


def _prod_spec(x, axis=None, keepdims=False, dtype=None):
    shape = reduced_shape("prod", shape_rules.shape_of(x), axis, keepdims)
    if dtype is None:
        return KerasTensor(shape, dtype=sum_dtype(x))
    return KerasTensor(shape, dtype=dtypes.result_type(
        dtypes.standardize_dtype(dtype)))


def _count_nonzero_spec(x, axis=None):
    shape = reduced_shape("count_nonzero", shape_rules.shape_of(x), axis,
                          False)
    return KerasTensor(shape, dtype="int32")


def _diff_spec(a, n=1, axis=-1):
    shape = list(shape_rules.shape_of(a))
    if n < 0:
        raise ValueError(f"`diff`: `n` must be non-negative. Received: n={n}")
    axis = shape_rules.canonicalize_axis("diff", axis, len(shape))
    if shape[axis] is not None:
        shape[axis] = builtins.max(shape[axis] - n, 0)
    return KerasTensor(tuple(shape), dtype=same_dtype(a))


# Sums, products and means.


@keras_export(["keras.ops.sum", "keras.ops.numpy.sum"])
def sum(x, axis=None, keepdims=False):
    """Sums the elements of a tensor along the given axes.

    Booleans and 8/16-bit integers are summed in 32 bits (`int32`, or
    `uint32` for unsigned ones); other dtypes are kept.

    Args:
        x: a tensor.
        axis: an int or a tuple of ints; `None` sums all elements.
        keepdims: whether to keep the reduced axes with size 1.

    Returns:
        The sums.

    Example:

    >>> keras.ops.sum(np.array([[1, 2], [3, 4]], "int32"), axis=0)
    array([4, 6], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        spec = reduction_spec("sum", sum_dtype)
        return symbolic_op(sum, spec, x, axis=axis, keepdims=keepdims)
    return backend.numpy.sum(x, axis=axis, keepdims=keepdims)


@keras_export(["keras.ops.prod", "keras.ops.numpy.prod"])
def prod(x, axis=None, keepdims=False, dtype=None):
    """Multiplies the elements of a tensor along the given axes.

    Args:
        x: a tensor.
        axis: an int or a tuple of ints; `None` uses all elements.
        keepdims: whether to keep the reduced axes with size 1.
        dtype: the result dtype; by default as for `sum`.

    Returns:
        The products.

    Example:

    >>> keras.ops.prod(np.array([[1, 2], [3, 4]], "int32"), axis=1)
    array([ 2, 12], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(prod, _prod_spec, x, axis=axis,
                           keepdims=keepdims, dtype=dtype)
    return backend.numpy.prod(x, axis=axis, keepdims=keepdims, dtype=dtype)


@keras_export(["keras.ops.mean", "keras.ops.numpy.mean"])
def mean(x, axis=None, keepdims=False):
    """Averages the elements of a tensor along the given axes.

    Integers and booleans give `floatx()`; 16-bit floats are accumulated in
    float32 and keep their dtype.

    Args:
        x: a tensor.
        axis: an int or a tuple of ints; `None` uses all elements.
        keepdims: whether to keep the reduced axes with size 1.

    Returns:
        The means.

    Example:

    >>> keras.ops.mean(np.array([[1, 2], [3, 4]], "int32"), axis=0)
    array([2., 3.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        spec = reduction_spec("mean", float_dtype)
        return symbolic_op(mean, spec, x, axis=axis, keepdims=keepdims)
    return backend.numpy.mean(x, axis=axis, keepdims=keepdims)


# Extrema and logical reductions.


@keras_export(["keras.ops.max", "keras.ops.numpy.max"])
def max(x, axis=None, keepdims=False, initial=None):
    """Returns the largest elements along the given axes.

    Args:
        x: a tensor.
        axis: an int or a tuple of ints; `None` uses all elements.
        keepdims: whether to keep the reduced axes with size 1.
        initial: a value the result is at least (cast to `x`'s dtype);
            required when `x` is empty.

    Returns:
        The maxima, of `x`'s dtype.

    Example:

    >>> keras.ops.max(np.array([[1, 5], [3, 2]], "int32"), axis=1)
    array([5, 3], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        spec = reduction_spec("max", same_dtype)
        return symbolic_op(max, spec, x, axis=axis, keepdims=keepdims,
                           initial=initial)
    return backend.numpy.max(x, axis=axis, keepdims=keepdims,
                             initial=initial)


@keras_export(["keras.ops.min", "keras.ops.numpy.min"])
def min(x, axis=None, keepdims=False, initial=None):
    """Returns the smallest elements along the given axes.

    Args:
        x: a tensor.
        axis: an int or a tuple of ints; `None` uses all elements.
        keepdims: whether to keep the reduced axes with size 1.
        initial: a value the result is at most (cast to `x`'s dtype);
            required when `x` is empty.

    Returns:
        The minima, of `x`'s dtype.

    Example:

    >>> keras.ops.min(np.array([[1, 5], [3, 2]], "int32"), axis=1)
    array([1, 2], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        spec = reduction_spec("min", same_dtype)
        return symbolic_op(min, spec, x, axis=axis, keepdims=keepdims,
                           initial=initial)
    return backend.numpy.min(x, axis=axis, keepdims=keepdims,
                             initial=initial)


@keras_export(["keras.ops.amax", "keras.ops.numpy.amax"])
def amax(x, axis=None, keepdims=False):
    """Returns the largest elements along the given axes (`max` without
    `initial`).

    Args:
        x: a tensor.
        axis: an int or a tuple of ints; `None` uses all elements.
        keepdims: whether to keep the reduced axes with size 1.

    Returns:
        The maxima, of `x`'s dtype.

    Example:

    >>> keras.ops.amax(np.array([1.0, 4.0, 2.0], "float32"))
    array(4., dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        spec = reduction_spec("amax", same_dtype)
        return symbolic_op(amax, spec, x, axis=axis, keepdims=keepdims)
    return backend.numpy.amax(x, axis=axis, keepdims=keepdims)


@keras_export(["keras.ops.amin", "keras.ops.numpy.amin"])
def amin(x, axis=None, keepdims=False):
    """Returns the smallest elements along the given axes (`min` without
    `initial`).

    Args:
        x: a tensor.
        axis: an int or a tuple of ints; `None` uses all elements.
        keepdims: whether to keep the reduced axes with size 1.

    Returns:
        The minima, of `x`'s dtype.

    Example:

    >>> keras.ops.amin(np.array([1.0, 4.0, 2.0], "float32"))
    array(1., dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        spec = reduction_spec("amin", same_dtype)
        return symbolic_op(amin, spec, x, axis=axis, keepdims=keepdims)
    return backend.numpy.amin(x, axis=axis, keepdims=keepdims)


@keras_export(["keras.ops.all", "keras.ops.numpy.all"])
def all(x, axis=None, keepdims=False):
    """Tests whether all elements along the given axes are true (nonzero).

    Args:
        x: a tensor.
        axis: an int or a tuple of ints; `None` uses all elements.
        keepdims: whether to keep the reduced axes with size 1.

    Returns:
        A boolean tensor.

    Example:

    >>> keras.ops.all(np.array([[True, False], [True, True]]), axis=1)
    array([False,  True])
    """
    if any_symbolic_tensors((x,)):
        spec = reduction_spec("all", lambda x: "bool")
        return symbolic_op(all, spec, x, axis=axis, keepdims=keepdims)
    return backend.numpy.all(x, axis=axis, keepdims=keepdims)


@keras_export(["keras.ops.any", "keras.ops.numpy.any"])
def any(x, axis=None, keepdims=False):
    """Tests whether any element along the given axes is true (nonzero).

    Args:
        x: a tensor.
        axis: an int or a tuple of ints; `None` uses all elements.
        keepdims: whether to keep the reduced axes with size 1.

    Returns:
        A boolean tensor.

    Example:

    >>> keras.ops.any(np.array([[True, False], [False, False]]), axis=1)
    array([ True, False])
    """
    if any_symbolic_tensors((x,)):
        spec = reduction_spec("any", lambda x: "bool")
        return symbolic_op(any, spec, x, axis=axis, keepdims=keepdims)
    return backend.numpy.any(x, axis=axis, keepdims=keepdims)


@keras_export(["keras.ops.argmax", "keras.ops.numpy.argmax"])
def argmax(x, axis=None, keepdims=False):
    """Returns the indices of the largest elements along an axis.

    Ties give the first index; a NaN counts as the largest value.

    Args:
        x: a tensor.
        axis: an int; `None` indexes the flattened tensor.
        keepdims: whether to keep the reduced axis with size 1.

    Returns:
        An `int32` tensor of indices.

    Example:

    >>> keras.ops.argmax(np.array([[1, 5], [3, 2]], "int32"), axis=1)
    array([1, 0], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(argmax, _arg_spec("argmax"), x, axis=axis,
                           keepdims=keepdims)
    return backend.numpy.argmax(x, axis=axis, keepdims=keepdims)


@keras_export(["keras.ops.argmin", "keras.ops.numpy.argmin"])
def argmin(x, axis=None, keepdims=False):
    """Returns the indices of the smallest elements along an axis.

    Ties give the first index; a NaN counts as the smallest value.

    Args:
        x: a tensor.
        axis: an int; `None` indexes the flattened tensor.
        keepdims: whether to keep the reduced axis with size 1.

    Returns:
        An `int32` tensor of indices.

    Example:

    >>> keras.ops.argmin(np.array([[1, 5], [3, 2]], "int32"), axis=1)
    array([0, 1], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(argmin, _arg_spec("argmin"), x, axis=axis,
                           keepdims=keepdims)
    return backend.numpy.argmin(x, axis=axis, keepdims=keepdims)


@keras_export(["keras.ops.count_nonzero", "keras.ops.numpy.count_nonzero"])
def count_nonzero(x, axis=None):
    """Counts the nonzero elements along the given axes.

    Args:
        x: a tensor.
        axis: an int or a tuple of ints; `None` counts in all elements.

    Returns:
        An `int32` tensor of counts.

    Example:

    >>> keras.ops.count_nonzero(np.array([[0, 1], [2, 3]], "int32"), axis=0)
    array([1, 2], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(count_nonzero, _count_nonzero_spec, x, axis=axis)
    return backend.numpy.count_nonzero(x, axis=axis)


# Cumulative ops.


@keras_export(["keras.ops.cumsum", "keras.ops.numpy.cumsum"])
def cumsum(x, axis=None, dtype=None):
    """Returns the cumulative sums along an axis.

    Args:
        x: a tensor.
        axis: an int; `None` sums over the flattened tensor.
        dtype: the result dtype; by default `x`'s (`int32` for booleans).

    Returns:
        The running sums, of `x`'s shape (1-D when `axis` is `None`).

    Example:

    >>> keras.ops.cumsum(np.array([[1, 2], [3, 4]], "int32"))
    array([ 1,  3,  6, 10], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(cumsum, _cumulative_spec("cumsum"), x, axis=axis,
                           dtype=dtype)
    return backend.numpy.cumsum(x, axis=axis, dtype=dtype)


@keras_export(["keras.ops.cumprod", "keras.ops.numpy.cumprod"])
def cumprod(x, axis=None, dtype=None):
    """Returns the cumulative products along an axis.

    Args:
        x: a tensor.
        axis: an int; `None` multiplies over the flattened tensor.
        dtype: the result dtype; by default `x`'s (`int32` for booleans).

    Returns:
        The running products, of `x`'s shape (1-D when `axis` is `None`).

    Example:

    >>> keras.ops.cumprod(np.array([1, 2, 3, 4], "int32"))
    array([ 1,  2,  6, 24], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(cumprod, _cumulative_spec("cumprod"), x,
                           axis=axis, dtype=dtype)
    return backend.numpy.cumprod(x, axis=axis, dtype=dtype)


@keras_export(["keras.ops.diff", "keras.ops.numpy.diff"])
def diff(a, n=1, axis=-1):
    """Returns the `n`-th discrete difference along an axis.

    Booleans give `a[i + 1] != a[i]`, as in NumPy.

    Args:
        a: a tensor.
        n: how many times to take differences; `0` returns `a`.
        axis: the axis to take them along.

    Returns:
        A tensor of `a`'s dtype whose `axis` is `n` shorter (at least 0).

    Example:

    >>> keras.ops.diff(np.array([1, 4, 9, 16], "int32"))
    array([3, 5, 7], dtype=int32)
    """
    if any_symbolic_tensors((a,)):
        return symbolic_op(diff, _diff_spec, a, n=n, axis=axis)
    return backend.numpy.diff(a, n=n, axis=axis)


# NaN-ignoring forms.


@keras_export(["keras.ops.nansum", "keras.ops.numpy.nansum"])
def nansum(x, axis=None, keepdims=False):
    """`sum`, counting NaNs as zero.

    Args:
        x: a tensor.
        axis: an int or a tuple of ints; `None` uses all elements.
        keepdims: whether to keep the reduced axes with size 1.

    Returns:
        The sums, of the dtype `sum` gives.

    Example:

    >>> keras.ops.nansum(np.array([1.0, np.nan, 2.0], "float32"))
    array(3., dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        spec = reduction_spec("nansum", sum_dtype)
        return symbolic_op(nansum, spec, x, axis=axis, keepdims=keepdims)
    return backend.numpy.nansum(x, axis=axis, keepdims=keepdims)


@keras_export(["keras.ops.nanprod", "keras.ops.numpy.nanprod"])
def nanprod(x, axis=None, keepdims=False):
    """`prod`, counting NaNs as one.

    Args:
        x: a tensor.
        axis: an int or a tuple of ints; `None` uses all elements.
        keepdims: whether to keep the reduced axes with size 1.

    Returns:
        The products, of the dtype `prod` gives.

    Example:

    >>> keras.ops.nanprod(np.array([3.0, np.nan, 2.0], "float32"))
    array(6., dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        spec = reduction_spec("nanprod", sum_dtype)
        return symbolic_op(nanprod, spec, x, axis=axis, keepdims=keepdims)
    return backend.numpy.nanprod(x, axis=axis, keepdims=keepdims)


@keras_export(["keras.ops.nanmean", "keras.ops.numpy.nanmean"])
def nanmean(x, axis=None, keepdims=False):
    """`mean` of the elements that are not NaN.

    Args:
        x: a tensor.
        axis: an int or a tuple of ints; `None` uses all elements.
        keepdims: whether to keep the reduced axes with size 1.

    Returns:
        Floats (integers give `floatx()`); NaN where a slice is all NaN.

    Example:

    >>> keras.ops.nanmean(np.array([1.0, np.nan, 3.0], "float32"))
    array(2., dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        spec = reduction_spec("nanmean", float_dtype)
        return symbolic_op(nanmean, spec, x, axis=axis, keepdims=keepdims)
    return backend.numpy.nanmean(x, axis=axis, keepdims=keepdims)


@keras_export(["keras.ops.nanmax", "keras.ops.numpy.nanmax"])
def nanmax(x, axis=None, keepdims=False):
    """`max` of the elements that are not NaN.

    Args:
        x: a tensor.
        axis: an int or a tuple of ints; `None` uses all elements.
        keepdims: whether to keep the reduced axes with size 1.

    Returns:
        The maxima, of `x`'s dtype; NaN where a slice is all NaN.

    Example:

    >>> keras.ops.nanmax(np.array([1.0, np.nan, 3.0], "float32"))
    array(3., dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        spec = reduction_spec("nanmax", same_dtype)
        return symbolic_op(nanmax, spec, x, axis=axis, keepdims=keepdims)
    return backend.numpy.nanmax(x, axis=axis, keepdims=keepdims)


@keras_export(["keras.ops.nanmin", "keras.ops.numpy.nanmin"])
def nanmin(x, axis=None, keepdims=False):
    """`min` of the elements that are not NaN.

    Args:
        x: a tensor.
        axis: an int or a tuple of ints; `None` uses all elements.
        keepdims: whether to keep the reduced axes with size 1.

    Returns:
        The minima, of `x`'s dtype; NaN where a slice is all NaN.

    Example:

    >>> keras.ops.nanmin(np.array([1.0, np.nan, 3.0], "float32"))
    array(1., dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        spec = reduction_spec("nanmin", same_dtype)
        return symbolic_op(nanmin, spec, x, axis=axis, keepdims=keepdims)
    return backend.numpy.nanmin(x, axis=axis, keepdims=keepdims)


@keras_export(["keras.ops.nanargmax", "keras.ops.numpy.nanargmax"])
def nanargmax(x, axis=None, keepdims=False):
    """`argmax` ignoring NaNs; `-1` where a slice is all NaN.

    Args:
        x: a tensor.
        axis: an int; `None` indexes the flattened tensor.
        keepdims: whether to keep the reduced axis with size 1.

    Returns:
        An `int32` tensor of indices.

    Example:

    >>> keras.ops.nanargmax(np.array([1.0, np.nan, 3.0], "float32"))
    array(2, dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(nanargmax, _arg_spec("nanargmax"), x, axis=axis,
                           keepdims=keepdims)
    return backend.numpy.nanargmax(x, axis=axis, keepdims=keepdims)


@keras_export(["keras.ops.nanargmin", "keras.ops.numpy.nanargmin"])
def nanargmin(x, axis=None, keepdims=False):
    """`argmin` ignoring NaNs; `-1` where a slice is all NaN.

    Args:
        x: a tensor.
        axis: an int; `None` indexes the flattened tensor.
        keepdims: whether to keep the reduced axis with size 1.

    Returns:
        An `int32` tensor of indices.

    Example:

    >>> keras.ops.nanargmin(np.array([1.0, np.nan, 3.0], "float32"))
    array(0, dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(nanargmin, _arg_spec("nanargmin"), x, axis=axis,
                           keepdims=keepdims)
    return backend.numpy.nanargmin(x, axis=axis, keepdims=keepdims)


@keras_export(["keras.ops.nancumsum", "keras.ops.numpy.nancumsum"])
def nancumsum(x, axis=None, dtype=None):
    """`cumsum`, counting NaNs as zero.

    Args:
        x: a tensor.
        axis: an int; `None` sums over the flattened tensor.
        dtype: the result dtype; by default `x`'s (`int32` for booleans).

    Returns:
        The running sums.

    Example:

    >>> keras.ops.nancumsum(np.array([1.0, np.nan, 2.0], "float32"))
    array([1., 1., 3.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(nancumsum, _cumulative_spec("nancumsum"), x,
                           axis=axis, dtype=dtype)
    return backend.numpy.nancumsum(x, axis=axis, dtype=dtype)


@keras_export(["keras.ops.nancumprod", "keras.ops.numpy.nancumprod"])
def nancumprod(x, axis=None, dtype=None):
    """`cumprod`, counting NaNs as one.

    Args:
        x: a tensor.
        axis: an int; `None` multiplies over the flattened tensor.
        dtype: the result dtype; by default `x`'s (`int32` for booleans).

    Returns:
        The running products.

    Example:

    >>> keras.ops.nancumprod(np.array([2.0, np.nan, 3.0], "float32"))
    array([2., 2., 6.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(nancumprod, _cumulative_spec("nancumprod"), x,
                           axis=axis, dtype=dtype)
    return backend.numpy.nancumprod(x, axis=axis, dtype=dtype)
