"""Indexing, sorting and searching functions on TensorFlow."""

import numpy as np
import tensorflow as tf

from keras.src.backend.tensorflow.core import convert_to_tensor
from keras.src.backend.tensorflow.core import promote

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


def _orderable(x):
    # Sorting and searching kernels have no bool version.
    return tf.cast(x, tf.int8) if x.dtype == tf.bool else x


def argpartition(x, kth, axis=-1):
    # A stable full sort is a valid partition for every `kth`, and gives
    # the same indices on every backend.
    return argsort(x, axis=axis)


def argsort(x, axis=-1):
    x = _orderable(convert_to_tensor(x))
    if axis is None or x.shape.rank == 0:
        x, axis = tf.reshape(x, [-1]), -1
    return tf.argsort(x, axis=axis, stable=True)


def sort(x, axis=-1):
    x = convert_to_tensor(x)
    if axis is None or x.shape.rank == 0:
        x, axis = tf.reshape(x, [-1]), -1
    out = tf.sort(_orderable(x), axis=axis)
    return tf.cast(out, x.dtype)


def diag(x, k=0):
    x = convert_to_tensor(x)
    if x.shape.rank == 1:
        return tf.linalg.diag(x, k=k)
    if x.shape.rank == 2:
        return diagonal(x, offset=k)
    raise ValueError(
        f"`diag` takes a 1-D or 2-D tensor. Received: shape={x.shape}"
    )


def diagflat(x, k=0):
    return tf.linalg.diag(tf.reshape(convert_to_tensor(x), [-1]), k=k)


def diagonal(x, offset=0, axis1=0, axis2=1):
    x = convert_to_tensor(x)
    ndim = x.shape.rank
    axis1, axis2 = axis1 % ndim, axis2 % ndim
    perm = [i for i in range(ndim) if i not in (axis1, axis2)]
    x = tf.transpose(x, perm + [axis1, axis2])
    rows, cols = x.shape[-2], x.shape[-1]
    if rows is not None and cols is not None and not -rows < offset < cols:
        # TensorFlow rejects offsets past the matrix; NumPy returns empty.
        return tf.zeros(tf.concat([tf.shape(x)[:-2], [0]], 0), x.dtype)
    return tf.linalg.diag_part(x, k=offset)


def digitize(x, bins):
    x, bins = promote(x, bins)
    flat = _orderable(tf.reshape(x, [-1]))
    bins = _orderable(bins)
    increasing = tf.searchsorted(bins, flat, side="right", out_type=tf.int32)
    # NumPy also takes decreasing bins: count them from the other end.
    decreasing = tf.shape(bins)[0] - tf.searchsorted(
        tf.reverse(bins, [0]), flat, side="right", out_type=tf.int32
    )
    # Empty for fewer than two bins, which count as increasing.
    is_decreasing = tf.reduce_any(bins[-1:] < bins[:1])
    out = tf.where(is_decreasing, decreasing, increasing)
    return tf.reshape(out, tf.shape(x))


def searchsorted(sorted_sequence, values, side="left"):
    sorted_sequence, values = promote(sorted_sequence, values)
    if sorted_sequence.shape.rank != 1:
        raise ValueError(
            "`searchsorted` takes a 1-D `sorted_sequence`. Received: "
            f"shape={sorted_sequence.shape}"
        )
    if side not in ("left", "right"):
        raise ValueError(
            "`searchsorted`: `side` must be 'left' or 'right'. "
            f"Received: side={side!r}"
        )
    out = tf.searchsorted(
        _orderable(sorted_sequence),
        _orderable(tf.reshape(values, [-1])),
        side=side,
        out_type=tf.int32,
    )
    return tf.reshape(out, tf.shape(values))


def isin(x1, x2, assume_unique=False, invert=False):
    x1, x2 = promote(x1, x2)
    flat = _orderable(tf.reshape(x1, [-1]))
    table = tf.sort(_orderable(tf.reshape(x2, [-1])))
    position = tf.searchsorted(table, flat, side="left")
    # A padding entry keeps the gather in range when `position` is past
    # the end; such positions are masked out.
    padded = tf.concat([table, tf.zeros([1], table.dtype)], 0)
    found = (position < tf.size(table, out_type=position.dtype)) & tf.equal(
        tf.gather(padded, position), flat
    )
    if invert:
        found = tf.logical_not(found)
    return tf.reshape(found, tf.shape(x1))


def nonzero(x):
    x = convert_to_tensor(x)
    if x.shape.rank == 0:
        raise ValueError("`nonzero` takes a tensor of rank 1 or more.")
    coords = tf.where(tf.cast(x, tf.bool))
    return tuple(tf.unstack(tf.cast(coords, tf.int32), x.shape.rank, axis=1))


def select(condlist, choicelist, default=0):
    if len(condlist) != len(choicelist) or not condlist:
        raise ValueError(
            "`select`: `condlist` and `choicelist` must be non-empty and of "
            f"the same length. Received: {len(condlist)} conditions and "
            f"{len(choicelist)} choices."
        )
    *choices, result = promote(*choicelist, default)
    conds = [convert_to_tensor(c, "bool") for c in condlist]
    # The first true condition wins, so apply them from the last one.
    for cond, choice in zip(reversed(conds), reversed(choices)):
        result = tf.where(cond, choice, result)
    return result


def take(x, indices, axis=None):
    x = convert_to_tensor(x)
    indices = _as_int_indices(indices)
    if axis is None:
        x, axis = tf.reshape(x, [-1]), 0
    axis = axis % x.shape.rank
    size = tf.shape(x, out_type=indices.dtype)[axis]
    indices = tf.where(indices < 0, indices + size, indices)
    return tf.gather(x, indices, axis=axis)


def take_along_axis(x, indices, axis=None):
    x = convert_to_tensor(x)
    indices = _as_int_indices(indices)
    if axis is None:
        x, axis = tf.reshape(x, [-1]), 0
    ndim = x.shape.rank
    if indices.shape.rank != ndim:
        raise ValueError(
            "`take_along_axis`: `x` and `indices` must have the same rank. "
            f"Received: shapes {x.shape} and {indices.shape}"
        )
    axis = axis % ndim
    perm = [i for i in range(ndim) if i != axis] + [axis]
    x, indices = tf.transpose(x, perm), tf.transpose(indices, perm)
    size = tf.shape(x, out_type=indices.dtype)[-1]
    indices = tf.where(indices < 0, indices + size, indices)
    batch = tf.broadcast_dynamic_shape(
        tf.shape(x)[:-1], tf.shape(indices)[:-1]
    )
    x = tf.broadcast_to(x, tf.concat([batch, tf.shape(x)[-1:]], 0))
    indices = tf.broadcast_to(
        indices, tf.concat([batch, tf.shape(indices)[-1:]], 0)
    )
    out = tf.gather(x, indices, axis=ndim - 1, batch_dims=ndim - 1)
    return tf.transpose(out, np.argsort(perm))


def _as_int_indices(indices):
    indices = convert_to_tensor(indices)
    if indices.dtype not in (tf.int32, tf.int64):
        indices = tf.cast(indices, tf.int64)
    return indices


def tril(x, k=0):
    return _triangle("tril", x, k)


def triu(x, k=0):
    return _triangle("triu", x, k)


def _triangle(name, x, k):
    x = convert_to_tensor(x)
    if x.shape.rank < 2:
        raise ValueError(
            f"`{name}` takes a tensor of rank 2 or more. Received: "
            f"shape={x.shape}"
        )
    shape = tf.shape(x)
    offsets = tf.range(shape[-1])[None, :] - tf.range(shape[-2])[:, None]
    keep = offsets <= k if name == "tril" else offsets >= k
    return tf.where(keep, x, tf.zeros_like(x))


def unravel_index(indices, shape):
    indices = convert_to_tensor(indices)
    coords = []
    rest = indices
    for dim in reversed(tuple(shape)):
        dim = tf.cast(dim, indices.dtype)
        coords.append(tf.math.floormod(rest, dim))
        rest = tf.math.floordiv(rest, dim)
    return tuple(reversed(coords))


def get_item(x, key):
    x = convert_to_tensor(x)
    key = key if isinstance(key, tuple) else (key,)
    if not any(_is_array_key(k) for k in key):
        return x[key]
    return _advanced_get_item(x, _expand_key(x, key))


def _is_array_key(k):
    if isinstance(k, (list, np.ndarray)):
        return True
    return tf.is_tensor(k) and k.shape.rank != 0


def _expand_key(x, key):
    """Returns `key` with Ellipsis replaced by full slices, bool masks by
    the index arrays of their true entries, and arrays as int64 tensors."""
    items = []
    for k in key:
        if _is_array_key(k) or (tf.is_tensor(k) and k.dtype == tf.bool):
            k = convert_to_tensor(np.asarray(k) if isinstance(k, list) else k)
        items.append(k)
    used = sum(
        0 if k is None or k is Ellipsis
        else k.shape.rank if _is_mask(k) else 1
        for k in items
    )
    expanded = []
    for k in items:
        if k is Ellipsis:
            expanded.extend([slice(None)] * (x.shape.rank - used))
        elif _is_mask(k):
            coords = tf.where(k)
            expanded.extend(tf.unstack(coords, k.shape.rank, axis=1))
        elif tf.is_tensor(k):
            expanded.append(tf.cast(k, tf.int64))
        else:
            expanded.append(k)
    return expanded


def _is_mask(k):
    return tf.is_tensor(k) and k.dtype == tf.bool


def _advanced_get_item(x, key):
    # Basic indexing first, with a full slice at each advanced position;
    # then one `gather_nd` over the advanced dimensions. Plain ints count
    # as advanced, as in NumPy, which decides where the gathered
    # dimensions go.
    basic, positions, arrays, axis = [], [], [], 0
    for k in key:
        if k is None or isinstance(k, slice):
            basic.append(k)
            axis += 1
        else:
            basic.append(slice(None))
            positions.append(axis)
            arrays.append(tf.cast(k, tf.int64))
            axis += 1
    x = x[tuple(basic)]
    sizes = tf.shape(x, out_type=tf.int64)
    arrays = [
        tf.where(a < 0, a + sizes[p], a) for a, p in zip(arrays, positions)
    ]
    shape = arrays[0].shape
    for a in arrays[1:]:
        shape = tf.broadcast_static_shape(shape, a.shape)
    dynamic = tf.shape(arrays[0])
    for a in arrays[1:]:
        dynamic = tf.broadcast_dynamic_shape(dynamic, tf.shape(a))
    arrays = [tf.broadcast_to(a, dynamic) for a in arrays]
    rest = [i for i in range(x.shape.rank) if i not in positions]
    x = tf.transpose(x, positions + rest)
    out = tf.gather_nd(x, tf.stack(arrays, axis=-1))
    adjacent = positions == list(range(positions[0], positions[-1] + 1))
    if not adjacent or positions[0] == 0:
        return out
    # Adjacent advanced indices keep their place among the dimensions.
    n_adv, start = shape.rank, positions[0]
    perm = list(range(n_adv, n_adv + start))
    perm += list(range(n_adv))
    perm += list(range(n_adv + start, out.shape.rank))
    return tf.transpose(out, perm)


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
    x = convert_to_tensor(x)
    if axis is None:
        rows = tf.reshape(x, [-1, 1])
    else:
        axis = axis % x.shape.rank
        moved = tf.experimental.numpy.moveaxis(x, axis, 0)
        inner = moved.shape[1:]
        columns = inner.num_elements() if inner.is_fully_defined() else -1
        rows = tf.reshape(moved, [tf.shape(moved)[0], columns])
    # `UniqueV2` returns rows in order of first appearance; sort them.
    found, first_order = tf.raw_ops.UniqueV2(
        x=_orderable(rows), axis=[0], out_idx=tf.int32
    )
    count = tf.shape(found)[0]
    perm = _lexsort_rows(found, rows.shape[1])
    rank = tf.math.invert_permutation(perm)
    inverse = tf.gather(rank, first_order)
    positions = tf.range(tf.shape(rows)[0])
    index = tf.gather(
        tf.math.unsorted_segment_min(positions, first_order, count), perm
    )
    counts = tf.math.unsorted_segment_sum(
        tf.ones_like(inverse), inverse, count
    )
    values = tf.cast(tf.gather(found, perm), x.dtype)
    if axis is None:
        values = tf.reshape(values, [-1])
        inverse = tf.reshape(inverse, tf.shape(x))
    else:
        tail = tf.shape(moved)[1:]
        values = tf.reshape(values, tf.concat([[count], tail], 0))
        values = tf.experimental.numpy.moveaxis(values, 0, axis)
    if size is not None:
        values, index, counts = _fit_unique_size(
            values, index, counts, axis or 0, size, fill_value
        )
    outputs = [values]
    for flag, extra in (
        (return_index, index),
        (return_inverse, inverse),
        (return_counts, counts),
    ):
        if flag:
            outputs.append(tf.cast(extra, tf.int32))
    return outputs[0] if len(outputs) == 1 else tuple(outputs)


def _lexsort_rows(rows, columns):
    """The permutation sorting the 2-D `rows`, of `columns` columns,
    lexicographically."""
    if columns is None:
        raise ValueError(
            "`unique` with an `axis` needs the sizes of the other axes to "
            "be known on the tensorflow backend."
        )
    perm = tf.range(tf.shape(rows)[0])
    for column in reversed(range(columns)):
        keys = tf.gather(rows[:, column], perm)
        perm = tf.gather(perm, tf.argsort(keys, stable=True))
    return perm


def _fit_unique_size(values, index, counts, axis, size, fill_value):
    # Pads (or cuts) the unique values to `size` entries, filling with
    # `fill_value`, or with the smallest unique value when it is `None`.
    found = tf.shape(values)[axis]
    keep = tf.minimum(found, size)
    values = tf.gather(values, tf.range(keep), axis=axis)
    index, counts = index[:size], counts[:size]
    missing = size - keep
    pad_shape = tf.tensor_scatter_nd_update(
        tf.shape(values), [[axis]], [missing]
    )
    if fill_value is None:
        filler = tf.cond(
            keep > 0,
            lambda: tf.gather(
                values, tf.zeros([missing], tf.int32), axis=axis
            ),
            lambda: tf.zeros(pad_shape, values.dtype),
        )
    else:
        filler = tf.fill(pad_shape, tf.cast(fill_value, values.dtype))
    zeros = tf.zeros([missing], index.dtype)
    return (
        tf.concat([values, filler], axis),
        tf.concat([index, zeros], 0),
        tf.concat([counts, zeros], 0),
    )
