"""Indexing, sorting and searching NumPy-style ops.

Ops whose output size depends on values (`nonzero`, `unique`, boolean
masks in `get_item`) have unknown (`None`) dimensions symbolically.
"""

import numbers

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common import dtypes
from keras.src.backend.common.dtypes import dtype_of
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.ops import shape_rules
from keras.src.ops.op_class import OpClass
from keras.src.ops.operation import symbolic_op
from keras.src.ops.shape_rules import shape_of

__all__ = [
    "argpartition",
    "argsort",
    "diag",
    "diagflat",
    "diagonal",
    "digitize",
    "get_item",
    "isin",
    "nonzero",
    "searchsorted",
    "select",
    "sort",
    "take",
    "take_along_axis",
    "tril",
    "triu",
    "unique",
    "unravel_index",
]


def _size(shape):
    """The number of elements of `shape`, or `None` if unknown."""
    size = 1
    for d in shape:
        if d is None:
            return None
        size *= d
    return size


def _dtype(x):
    return dtypes.result_type(dtype_of(x))


def _sorted_shape(name, x, axis):
    shape = shape_of(x)
    if axis is None or not shape:
        return (_size(shape),)
    shape_rules.canonicalize_axis(name, axis, len(shape))
    return shape


@keras_export(["keras.ops.sort", "keras.ops.numpy.sort"])
def sort(x, axis=-1):
    """Sorts the elements of `x` along an axis, in increasing order.

    Args:
        x: a tensor.
        axis: the axis to sort along; `None` sorts the flattened tensor.

    Returns:
        The sorted tensor, of the dtype of `x`.

    Example:

    >>> keras.ops.sort(np.array([3, 1, 2], "int32"))
    array([1, 2, 3], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(sort, _sort_spec, x, axis=axis)
    return backend.numpy.sort(x, axis=axis)


def _sort_spec(x, axis=-1):
    return KerasTensor(_sorted_shape("sort", x, axis), dtype=_dtype(x))


@keras_export(["keras.ops.argsort", "keras.ops.numpy.argsort"])
def argsort(x, axis=-1):
    """Returns the indices that sort `x` along an axis.

    The sort is stable: equal elements keep their order.

    Args:
        x: a tensor.
        axis: the axis to sort along; `None` sorts the flattened tensor.

    Returns:
        An int32 tensor of indices.

    Example:

    >>> keras.ops.argsort(np.array([3.0, 1.0, 2.0]))
    array([1, 2, 0], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(argsort, _argsort_spec, x, axis=axis)
    return backend.numpy.argsort(x, axis=axis)


def _argsort_spec(x, axis=-1):
    return KerasTensor(_sorted_shape("argsort", x, axis), dtype="int32")


@keras_export(["keras.ops.argpartition", "keras.ops.numpy.argpartition"])
def argpartition(x, kth, axis=-1):
    """Returns indices that partition `x` around its `kth` element.

    In the result, the element at position `kth` is the one that would be
    there if `x` were sorted; smaller elements come before it and larger
    ones after. Every backend returns the indices of a stable sort, which
    is one such partition.

    Args:
        x: a tensor.
        kth: the position (or list of positions) to partition around.
        axis: the axis to partition along; `None` uses the flattened
            tensor.

    Returns:
        An int32 tensor of indices.

    Example:

    >>> keras.ops.argpartition(np.array([3.0, 4.0, 2.0, 1.0]), 2)
    array([3, 2, 0, 1], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(argpartition, _argpartition_spec, x, kth, axis)
    return backend.numpy.argpartition(x, kth, axis=axis)


def _argpartition_spec(x, kth, axis=-1):
    shape = _sorted_shape("argpartition", x, axis)
    return KerasTensor(shape, dtype="int32")


@keras_export(["keras.ops.diag", "keras.ops.numpy.diag"])
def diag(x, k=0):
    """Builds a diagonal matrix, or extracts a diagonal.

    Args:
        x: a 1-D tensor (the diagonal to place in a square matrix) or a
            2-D tensor (the matrix to read the diagonal from).
        k: the diagonal: 0 is the main one, `k > 0` above it, `k < 0`
            below it.

    Returns:
        A 2-D tensor for a 1-D `x`, a 1-D tensor for a 2-D `x`.

    Example:

    >>> keras.ops.diag(np.array([[1, 2], [3, 4]], "int32"))
    array([1, 4], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(diag, _diag_spec, x, k=k)
    return backend.numpy.diag(x, k=k)


def _diag_length(rows, cols, k):
    if rows is None or cols is None:
        return None
    return max(0, min(rows, cols - k) if k >= 0 else min(rows + k, cols))


def _diag_spec(x, k=0):
    shape = shape_of(x)
    if len(shape) == 1:
        n = None if shape[0] is None else shape[0] + abs(k)
        return KerasTensor((n, n), dtype=_dtype(x))
    if len(shape) == 2:
        length = _diag_length(shape[0], shape[1], k)
        return KerasTensor((length,), dtype=_dtype(x))
    raise ValueError(f"`diag` takes a 1-D or 2-D tensor. Received: {shape}")


@keras_export(["keras.ops.diagflat", "keras.ops.numpy.diagflat"])
def diagflat(x, k=0):
    """Builds a square matrix with the flattened `x` on a diagonal.

    Args:
        x: a tensor, flattened first.
        k: the diagonal: 0 is the main one, `k > 0` above it, `k < 0`
            below it.

    Returns:
        A 2-D tensor of the dtype of `x`.

    Example:

    >>> keras.ops.diagflat(np.array([1, 2], "int32"))
    array([[1, 0],
           [0, 2]], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(diagflat, _diagflat_spec, x, k=k)
    return backend.numpy.diagflat(x, k=k)


def _diagflat_spec(x, k=0):
    size = _size(shape_of(x))
    n = None if size is None else size + abs(k)
    return KerasTensor((n, n), dtype=_dtype(x))


@keras_export(["keras.ops.diagonal", "keras.ops.numpy.diagonal"])
def diagonal(x, offset=0, axis1=0, axis2=1):
    """Returns a diagonal of the matrices that two axes of `x` form.

    Args:
        x: a tensor of rank 2 or more.
        offset: the diagonal: 0 is the main one, above it when positive.
        axis1: the axis of the matrix rows.
        axis2: the axis of the matrix columns.

    Returns:
        A tensor without `axis1` and `axis2`, with the diagonal as its
        last axis.

    Example:

    >>> keras.ops.diagonal(np.array([[1, 2], [3, 4]], "int32"))
    array([1, 4], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(
            diagonal, _diagonal_spec, x, offset, axis1, axis2
        )
    return backend.numpy.diagonal(x, offset=offset, axis1=axis1, axis2=axis2)


def _matrix_axes(name, shape, axis1, axis2):
    if len(shape) < 2:
        raise ValueError(
            f"`{name}` takes a tensor of rank 2 or more. Received: {shape}"
        )
    axis1 = shape_rules.canonicalize_axis(name, axis1, len(shape))
    axis2 = shape_rules.canonicalize_axis(name, axis2, len(shape))
    if axis1 == axis2:
        raise ValueError(
            f"`{name}`: `axis1` and `axis2` must differ. Received: both "
            f"{axis1}"
        )
    rest = tuple(d for i, d in enumerate(shape) if i not in (axis1, axis2))
    return rest, shape[axis1], shape[axis2]


def _diagonal_spec(x, offset=0, axis1=0, axis2=1):
    rest, rows, cols = _matrix_axes("diagonal", shape_of(x), axis1, axis2)
    length = _diag_length(rows, cols, offset)
    return KerasTensor(rest + (length,), dtype=_dtype(x))


@keras_export(["keras.ops.digitize", "keras.ops.numpy.digitize"])
def digitize(x, bins):
    """Returns the index of the bin each element of `x` falls in.

    For increasing `bins`, the index `i` satisfies
    `bins[i - 1] <= x < bins[i]`; decreasing bins are also accepted.

    Args:
        x: a tensor.
        bins: a 1-D tensor or list of monotonic bin edges.

    Returns:
        An int32 tensor of the shape of `x`.

    Example:

    >>> keras.ops.digitize(np.array([0.5, 1.5, 3.0]), [1.0, 2.0])
    array([0, 1, 2], dtype=int32)
    """
    if any_symbolic_tensors((x, bins)):
        return symbolic_op(digitize, _digitize_spec, x, bins)
    return backend.numpy.digitize(x, bins)


def _digitize_spec(x, bins):
    if len(shape_of(bins)) != 1:
        raise ValueError(
            f"`digitize` takes 1-D `bins`. Received: {shape_of(bins)}"
        )
    return KerasTensor(shape_of(x), dtype="int32")


@keras_export(["keras.ops.searchsorted", "keras.ops.numpy.searchsorted"])
def searchsorted(sorted_sequence, values, side="left"):
    """Finds where `values` would be inserted to keep a sequence sorted.

    Args:
        sorted_sequence: a 1-D sorted tensor.
        values: a tensor of values to place.
        side: `"left"` gives the first suitable position, `"right"` the
            last.

    Returns:
        An int32 tensor of positions, of the shape of `values`.

    Example:

    >>> keras.ops.searchsorted(np.array([1, 2, 2, 3]), np.array([2, 5]))
    array([1, 4], dtype=int32)
    """
    if any_symbolic_tensors((sorted_sequence, values)):
        return symbolic_op(
            searchsorted, _searchsorted_spec, sorted_sequence, values, side
        )
    return backend.numpy.searchsorted(sorted_sequence, values, side=side)


def _searchsorted_spec(sorted_sequence, values, side="left"):
    if len(shape_of(sorted_sequence)) != 1:
        raise ValueError(
            "`searchsorted` takes a 1-D `sorted_sequence`. Received: "
            f"{shape_of(sorted_sequence)}"
        )
    if side not in ("left", "right"):
        raise ValueError(
            "`searchsorted`: `side` must be 'left' or 'right'. "
            f"Received: side={side!r}"
        )
    return KerasTensor(shape_of(values), dtype="int32")


@keras_export(["keras.ops.isin", "keras.ops.numpy.isin"])
def isin(x1, x2, assume_unique=False, invert=False):
    """Tests whether each element of `x1` is in `x2`.

    Args:
        x1: a tensor.
        x2: the values to look for (any shape).
        assume_unique: a hint that both inputs hold unique values.
        invert: if `True`, tests whether elements are *not* in `x2`.

    Returns:
        A bool tensor of the shape of `x1`.

    Example:

    >>> keras.ops.isin(np.array([1, 2, 3]), np.array([2, 4]))
    array([False,  True, False])
    """
    if any_symbolic_tensors((x1, x2)):
        return symbolic_op(isin, _isin_spec, x1, x2, assume_unique, invert)
    return backend.numpy.isin(
        x1, x2, assume_unique=assume_unique, invert=invert
    )


def _isin_spec(x1, x2, assume_unique=False, invert=False):
    return KerasTensor(shape_of(x1), dtype="bool")


@keras_export(["keras.ops.nonzero", "keras.ops.numpy.nonzero"])
def nonzero(x):
    """Returns the indices of the nonzero elements of `x`.

    Args:
        x: a tensor of rank 1 or more.

    Returns:
        A tuple with one int32 tensor per dimension of `x`, holding the
        coordinates of the nonzero elements along it.

    Example:

    >>> keras.ops.nonzero(np.array([0, 3, 0, 5]))
    (array([1, 3], dtype=int32),)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(nonzero, _nonzero_spec, x)
    return backend.numpy.nonzero(x)


def _nonzero_spec(x):
    ndim = len(shape_of(x))
    if ndim == 0:
        raise ValueError("`nonzero` takes a tensor of rank 1 or more.")
    return tuple(KerasTensor((None,), dtype="int32") for _ in range(ndim))


@keras_export(["keras.ops.select", "keras.ops.numpy.select"])
def select(condlist, choicelist, default=0):
    """Picks each element from the choice of the first true condition.

    Args:
        condlist: a list of bool tensors.
        choicelist: a list of tensors, as long as `condlist`.
        default: the value where no condition holds.

    Returns:
        A tensor of the broadcast shape of all inputs, of the promoted
        dtype of the choices and `default`.

    Example:

    >>> x = np.array([1, 5, 9], "int32")
    >>> keras.ops.select([x < 3, x > 7], [x, -x], 0)
    array([ 1,  0, -9], dtype=int32)
    """
    if any_symbolic_tensors((condlist, choicelist, default)):
        return symbolic_op(
            select, _select_spec, condlist, choicelist, default
        )
    return backend.numpy.select(condlist, choicelist, default)


def _select_spec(condlist, choicelist, default=0):
    if len(condlist) != len(choicelist) or not condlist:
        raise ValueError(
            "`select`: `condlist` and `choicelist` must be non-empty and of "
            f"the same length. Received: {len(condlist)} conditions and "
            f"{len(choicelist)} choices."
        )
    shapes = [shape_of(v) for v in (*condlist, *choicelist, default)]
    shape = shape_rules.broadcast_shapes("select", *shapes)
    dtype = dtypes.result_type(
        *(dtype_of(c) for c in choicelist), dtype_of(default)
    )
    return KerasTensor(shape, dtype=dtype)


@keras_export(["keras.ops.take", "keras.ops.numpy.take"])
def take(x, indices, axis=None):
    """Takes the elements of `x` at `indices` along an axis.

    Negative indices count from the end.

    Args:
        x: a tensor.
        indices: an integer tensor (or list, or int) of any shape.
        axis: the axis to take along; `None` uses the flattened `x`.

    Returns:
        A tensor where the `axis` dimension of `x` is replaced by the
        shape of `indices`.

    Example:

    >>> keras.ops.take(np.array([[1, 2], [3, 4]], "int32"), [1, 0], axis=1)
    array([[2, 1],
           [4, 3]], dtype=int32)
    """
    if any_symbolic_tensors((x, indices)):
        return symbolic_op(take, _take_spec, x, indices, axis=axis)
    return backend.numpy.take(x, indices, axis=axis)


def _take_spec(x, indices, axis=None):
    shape, index_shape = shape_of(x), shape_of(indices)
    if axis is None:
        return KerasTensor(index_shape, dtype=_dtype(x))
    axis = shape_rules.canonicalize_axis("take", axis, len(shape))
    out = shape[:axis] + tuple(index_shape) + shape[axis + 1:]
    return KerasTensor(out, dtype=_dtype(x))


@keras_export(
    ["keras.ops.take_along_axis", "keras.ops.numpy.take_along_axis"]
)
def take_along_axis(x, indices, axis=None):
    """Takes elements of `x` at `indices`, matched position by position
    along the other axes.

    Args:
        x: a tensor.
        indices: an integer tensor of the rank of `x` (1-D when `axis` is
            `None`); the other dimensions broadcast against those of `x`.
        axis: the axis to take along; `None` uses the flattened `x`.

    Returns:
        A tensor of the dtype of `x`.

    Example:

    >>> x = np.array([[10, 30, 20]], "int32")
    >>> keras.ops.take_along_axis(x, np.argsort(x, axis=1), axis=1)
    array([[10, 20, 30]], dtype=int32)
    """
    if any_symbolic_tensors((x, indices)):
        return symbolic_op(
            take_along_axis, _take_along_axis_spec, x, indices, axis=axis
        )
    return backend.numpy.take_along_axis(x, indices, axis=axis)


def _take_along_axis_spec(x, indices, axis=None):
    shape, index_shape = shape_of(x), shape_of(indices)
    if axis is None:
        if len(index_shape) != 1:
            raise ValueError(
                "`take_along_axis` with `axis=None` takes 1-D indices. "
                f"Received: {index_shape}"
            )
        return KerasTensor(index_shape, dtype=_dtype(x))
    if len(shape) != len(index_shape):
        raise ValueError(
            "`take_along_axis`: `x` and `indices` must have the same rank. "
            f"Received: shapes {shape} and {index_shape}"
        )
    axis = shape_rules.canonicalize_axis("take_along_axis", axis, len(shape))
    others = shape_rules.broadcast_shapes(
        "take_along_axis",
        shape[:axis] + shape[axis + 1:],
        index_shape[:axis] + index_shape[axis + 1:],
    )
    out = others[:axis] + (index_shape[axis],) + others[axis:]
    return KerasTensor(out, dtype=_dtype(x))


@keras_export(["keras.ops.tril", "keras.ops.numpy.tril"])
def tril(x, k=0):
    """Zeroes the elements above the `k`-th diagonal of the last two axes.

    Args:
        x: a tensor of rank 2 or more.
        k: the diagonal: 0 is the main one, above it when positive.

    Returns:
        A tensor of the shape and dtype of `x`.

    Example:

    >>> keras.ops.tril(np.array([[1, 2], [3, 4]], "int32"))
    array([[1, 0],
           [3, 4]], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(tril, _triangle_spec("tril"), x, k=k)
    return backend.numpy.tril(x, k=k)


@keras_export(["keras.ops.triu", "keras.ops.numpy.triu"])
def triu(x, k=0):
    """Zeroes the elements below the `k`-th diagonal of the last two axes.

    Args:
        x: a tensor of rank 2 or more.
        k: the diagonal: 0 is the main one, above it when positive.

    Returns:
        A tensor of the shape and dtype of `x`.

    Example:

    >>> keras.ops.triu(np.array([[1, 2], [3, 4]], "int32"))
    array([[1, 2],
           [0, 4]], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(triu, _triangle_spec("triu"), x, k=k)
    return backend.numpy.triu(x, k=k)


def _triangle_spec(name):
    def spec(x, k=0):
        if len(shape_of(x)) < 2:
            raise ValueError(
                f"`{name}` takes a tensor of rank 2 or more. Received: "
                f"{shape_of(x)}"
            )
        return KerasTensor(shape_of(x), dtype=_dtype(x))

    return spec


@keras_export(["keras.ops.unravel_index", "keras.ops.numpy.unravel_index"])
def unravel_index(indices, shape):
    """Converts flat indices into coordinates in a tensor of `shape`.

    Args:
        indices: an integer tensor of flat (row-major) indices.
        shape: the shape to index into.

    Returns:
        A tuple with one tensor per dimension of `shape`, each of the
        shape and dtype of `indices`.

    Example:

    >>> keras.ops.unravel_index(np.array([1, 5], "int32"), (2, 3))
    (array([0, 1], dtype=int32), array([1, 2], dtype=int32))
    """
    if any_symbolic_tensors((indices,)):
        return symbolic_op(
            unravel_index, _unravel_index_spec, indices, shape
        )
    return backend.numpy.unravel_index(indices, shape)


def _unravel_index_spec(indices, shape):
    return tuple(
        KerasTensor(shape_of(indices), dtype=_dtype(indices)) for _ in shape
    )


@keras_export(["keras.ops.get_item", "keras.ops.numpy.get_item"])
def get_item(x, key):
    """Returns `x[key]`, with NumPy's indexing rules.

    `key` may hold ints, slices, `None` (a new axis), `Ellipsis`, integer
    arrays and boolean masks.

    Args:
        x: a tensor.
        key: the index.

    Returns:
        The indexed tensor, of the dtype of `x`.

    Example:

    >>> x = np.array([[1, 2, 3], [4, 5, 6]], "int32")
    >>> keras.ops.get_item(x, (slice(None), 1))
    array([2, 5], dtype=int32)
    """
    if any_symbolic_tensors((x, key)):
        return symbolic_op(get_item, _get_item_spec, x, key)
    return backend.numpy.get_item(x, key)


def _get_item_spec(x, key):
    shape = shape_of(x)
    keys = key if isinstance(key, tuple) else (key,)
    items = _expand_ellipsis(shape, [_key_item(k) for k in keys])
    has_arrays = any(kind in ("array", "mask") for kind, _ in items)
    out, advanced, adv_at, gap, dim = [], [], None, False, 0
    for kind, value in items:
        if kind == "new":
            out.append(1)
        elif kind == "slice":
            out.append(_slice_length(shape[dim], value))
            dim += 1
        elif kind == "int" and not has_arrays:
            _check_int_index(shape, dim, value)
            dim += 1
        else:
            if kind == "int":
                _check_int_index(shape, dim, value)
            if adv_at is None:
                adv_at = len(out)
            elif len(out) != adv_at:
                gap = True  # Advanced indices apart: their dims go first.
            advanced.append(_advanced_shape(shape, dim, kind, value))
            dim += len(value[0]) if kind == "mask" else 1
    if advanced:
        batch = shape_rules.broadcast_shapes("get_item", *advanced)
        at = 0 if gap else adv_at
        out[at:at] = batch
    return KerasTensor(tuple(out), dtype=_dtype(x))


def _key_item(k):
    """Classifies one index item as (kind, value)."""
    if k is None:
        return "new", None
    if k is Ellipsis:
        return "ellipsis", None
    if isinstance(k, slice):
        return "slice", k
    if isinstance(k, bool):
        return "mask", ((), int(k))
    if isinstance(k, numbers.Integral):
        return "int", int(k)
    index_shape, dtype = tuple(shape_of(k)), dtypes.infer_dtype(k)
    if dtype == "bool":
        count = None
        if not isinstance(k, KerasTensor):
            count = int(np.count_nonzero(backend.convert_to_numpy(k)))
        return "mask", (index_shape, count)
    if not dtypes.is_int_dtype(dtype):
        raise ValueError(
            f"`get_item`: index arrays must hold integers or bools. "
            f"Received dtype {dtype}"
        )
    return ("array", index_shape) if index_shape else ("int", None)


def _expand_ellipsis(shape, items):
    used = sum(
        len(v[0]) if kind == "mask" else kind in ("int", "slice", "array")
        for kind, v in items
    )
    if sum(kind == "ellipsis" for kind, _ in items) > 1:
        raise ValueError("`get_item`: an index can hold only one Ellipsis.")
    if used > len(shape):
        raise ValueError(
            f"`get_item`: too many indices ({used}) for a tensor of shape "
            f"{shape}."
        )
    fill = [("slice", slice(None))] * (len(shape) - used)
    for i, (kind, _) in enumerate(items):
        if kind == "ellipsis":
            return items[:i] + fill + items[i + 1:]
    return items + fill


def _slice_length(dim, s):
    bounds = (s.start, s.stop, s.step)
    if not all(b is None or isinstance(b, int) for b in bounds):
        return None
    if s.step == 0:
        raise ValueError("`get_item`: slice step cannot be zero.")
    if dim is None:
        return None
    return len(range(*s.indices(dim)))


def _check_int_index(shape, dim, value):
    size = shape[dim]
    if value is not None and size is not None and not -size <= value < size:
        raise ValueError(
            f"`get_item`: index {value} is out of bounds for axis {dim} of "
            f"size {size} (shape {shape})."
        )


def _advanced_shape(shape, dim, kind, value):
    if kind == "int":
        return ()
    if kind == "array":
        return value
    mask_shape, count = value
    for m, d in zip(mask_shape, shape[dim:]):
        if m is not None and d is not None and m != d:
            raise ValueError(
                f"`get_item`: boolean index of shape {mask_shape} does not "
                f"match the indexed dims {shape[dim:dim + len(mask_shape)]} "
                f"of shape {shape}."
            )
    return (count,)


@keras_export(["keras.ops.unique", "keras.ops.numpy.unique"])
def unique(
    x,
    sorted=True,
    return_index=False,
    return_inverse=False,
    return_counts=False,
    axis=None,
    size=None,
    fill_value=None,
):
    """Returns the sorted unique elements (or slices) of `x`.

    Args:
        x: a tensor.
        sorted: kept for NumPy compatibility; results are always sorted.
        return_index: also return the index of each value's first
            occurrence.
        return_inverse: also return, for each element of `x`, the index
            of its value among the unique values.
        return_counts: also return how often each value occurs.
        axis: find unique slices along this axis; `None` flattens `x`.
        size: if set, pad or cut the result to `size` entries, which
            gives a static shape.
        fill_value: the padding when `size` is set; defaults to the
            smallest unique value.

    Returns:
        The unique values, or a tuple of the unique values followed by
        the requested int32 index, inverse and count tensors.

    Example:

    >>> keras.ops.unique(np.array([3, 1, 3, 2], "int32"))
    array([1, 2, 3], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(
            unique, _unique_spec, x, sorted, return_index, return_inverse,
            return_counts, axis, size, fill_value,
        )
    return backend.numpy.unique(
        x,
        sorted=sorted,
        return_index=return_index,
        return_inverse=return_inverse,
        return_counts=return_counts,
        axis=axis,
        size=size,
        fill_value=fill_value,
    )


def _unique_spec(
    x,
    sorted=True,
    return_index=False,
    return_inverse=False,
    return_counts=False,
    axis=None,
    size=None,
    fill_value=None,
):
    shape = shape_of(x)
    if axis is None:
        values_shape, inverse_shape = (size,), shape
    else:
        axis = shape_rules.canonicalize_axis("unique", axis, len(shape))
        values_shape = shape[:axis] + (size,) + shape[axis + 1:]
        inverse_shape = (shape[axis],)
    outputs = [KerasTensor(values_shape, dtype=_dtype(x))]
    for flag, extra_shape in (
        (return_index, (size,)),
        (return_inverse, inverse_shape),
        (return_counts, (size,)),
    ):
        if flag:
            outputs.append(KerasTensor(extra_shape, dtype="int32"))
    return outputs[0] if len(outputs) == 1 else tuple(outputs)


class GetItemBase(OpClass):
    """Base of `GetItem` (the op class of `get_item`): a key saved in a
    config comes back as a list (JSON has no tuples); a list holding
    slices, `None` or `...` is the tuple key it was."""

    def _function_arguments(self, args, kwargs):
        fn_args, fn_kwargs = super()._function_arguments(args, kwargs)
        key = fn_kwargs.get("key")
        if isinstance(key, list) and any(
            k is None or k is Ellipsis or isinstance(k, slice) for k in key
        ):
            fn_kwargs["key"] = tuple(key)
        return fn_args, fn_kwargs
