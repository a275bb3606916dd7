"""Shape manipulation functions on TensorFlow.

Shapes may be partly unknown inside a `tf.function`: static dimensions are
used where they are known, `tf.shape` where they are not.
"""

import numpy as np
import tensorflow as tf

from keras.src.backend.common import dtypes
from keras.src.backend.tensorflow.core import convert_to_tensor as _to_tensor
from keras.src.backend.tensorflow.core import promote as _promote
from keras.src.backend.common.manipulation_utils import checked_axes as _axes
from keras.src.backend.common.manipulation_utils import (
    pad_widths as _pad_widths,
)


def _tensors(xs):
    # Tensors of one dtype need no promotion (the common case).
    dtype = getattr(xs[0], "dtype", None)
    if all(isinstance(x, tf.Tensor) and x.dtype == dtype for x in xs):
        return xs
    return _promote(*xs) if len(xs) > 1 else (_to_tensor(xs[0]),)


def _dim(x, axis):
    static = x.shape[axis]
    return tf.shape(x)[axis] if static is None else static


def _need_ndim(op_name, x, rank):
    if x.shape.rank < rank:
        raise ValueError(
            f"`{op_name}` needs a tensor of rank >= {rank}. "
            f"Received: x.shape={x.shape}"
        )


def _on_axis(axis, index):
    # A slicing key that applies `index` along `axis`.
    return (slice(None),) * axis + (index,)


def append(x1, x2, axis=None):
    x1, x2 = _tensors((x1, x2))
    if axis is None:
        return tf.concat([tf.reshape(x1, [-1]), tf.reshape(x2, [-1])], 0)
    return tf.concat([x1, x2], axis=axis)


def concatenate(xs, axis=0):
    xs = _tensors(xs)
    if axis is None:
        return tf.concat([tf.reshape(x, [-1]) for x in xs], axis=0)
    return tf.concat(xs, axis=axis)


def stack(x, axis=0):
    return tf.stack(_tensors(x), axis=axis)


def _at_least(x, rank):
    # numpy's atleast_{1,2,3}d: 1-D tensors become rows, 2-D gain a last
    # axis.
    have = x.shape.rank
    if have >= rank:
        return x
    if have == 0:
        return tf.reshape(x, [1] * rank)
    if have == 1:
        return tf.reshape(x, [1, -1, 1][:rank])
    return x[..., None]


def hstack(xs):
    xs = [_at_least(x, 1) for x in _tensors(xs)]
    return tf.concat(xs, axis=0 if xs[0].shape.rank == 1 else 1)


def vstack(xs):
    return tf.concat([_at_least(x, 2) for x in _tensors(xs)], axis=0)


def dstack(xs):
    return tf.concat([_at_least(x, 3) for x in _tensors(xs)], axis=2)


def _slices(x, points, axis):
    bounds = [0] + points + [None]
    return [
        x[_on_axis(axis, slice(start, stop))]
        for start, stop in zip(bounds[:-1], bounds[1:])
    ]


def _split_points(indices_or_sections):
    return [int(i) for i in np.asarray(indices_or_sections).reshape(-1)]


def split(x, indices_or_sections, axis=0):
    x = _to_tensor(x)
    axis = _axes(axis, x.shape.rank)[0]
    if not isinstance(indices_or_sections, int):
        return _slices(x, _split_points(indices_or_sections), axis)
    n = x.shape[axis]
    if n is not None and n % indices_or_sections:
        raise ValueError(
            f"`split`: axis {axis} of size {n} cannot be split into "
            f"{indices_or_sections} equal sections."
        )
    return tf.split(x, indices_or_sections, axis=axis)


def array_split(x, indices_or_sections, axis=0):
    x = _to_tensor(x)
    axis = _axes(axis, x.shape.rank)[0]
    if not isinstance(indices_or_sections, int):
        return _slices(x, _split_points(indices_or_sections), axis)
    sections = indices_or_sections
    n = _dim(x, axis)
    # The first n % sections pieces hold one more element.
    sizes = n // sections + tf.cast(
        tf.range(sections) < n % sections, "int32"
    )
    return tf.split(x, sizes, axis=axis, num=sections)


def hsplit(x, indices_or_sections):
    x = _to_tensor(x)
    _need_ndim("hsplit", x, 1)
    axis = 1 if x.shape.rank > 1 else 0
    return split(x, indices_or_sections, axis=axis)


def vsplit(x, indices_or_sections):
    x = _to_tensor(x)
    _need_ndim("vsplit", x, 2)
    return split(x, indices_or_sections, axis=0)


def dsplit(x, indices_or_sections):
    x = _to_tensor(x)
    _need_ndim("dsplit", x, 3)
    return split(x, indices_or_sections, axis=2)


def broadcast_to(x, shape):
    shape = [shape] if isinstance(shape, int) else shape
    return tf.broadcast_to(_to_tensor(x), shape)


def expand_dims(x, axis):
    x = _to_tensor(x)
    if isinstance(axis, int):
        return tf.expand_dims(x, axis)
    for a in sorted(_axes(axis, x.shape.rank + len(axis))):
        x = tf.expand_dims(x, a)
    return x


def squeeze(x, axis=None):
    x = _to_tensor(x)
    if axis is None:
        return tf.squeeze(x)
    axes = _axes(axis, x.shape.rank)
    for a in axes:
        if x.shape[a] is not None and x.shape[a] != 1:
            raise ValueError(
                f"`squeeze`: cannot squeeze axis {a} of size {x.shape[a]}; "
                f"x.shape={x.shape}"
            )
    return tf.squeeze(x, axis=axes)


def reshape(x, newshape):
    if isinstance(newshape, int):
        newshape = [newshape]
    else:
        newshape = [-1 if d is None else d for d in newshape]
    return tf.reshape(_to_tensor(x), newshape)


def ravel(x):
    return tf.reshape(_to_tensor(x), [-1])


def transpose(x, axes=None):
    return tf.transpose(_to_tensor(x), perm=axes)


def swapaxes(x, axis1, axis2):
    x = _to_tensor(x)
    rank = x.shape.rank
    axis1, axis2 = _axes((axis1, axis2), rank)
    perm = list(range(rank))
    perm[axis1], perm[axis2] = axis2, axis1
    return tf.transpose(x, perm)


def moveaxis(x, source, destination):
    x = _to_tensor(x)
    rank = x.shape.rank
    source = _axes(source, rank)
    destination = _axes(destination, rank)
    if len(source) != len(destination):
        raise ValueError(
            "`moveaxis`: `source` and `destination` must have the same "
            f"number of axes. Received: {source} and {destination}"
        )
    perm = [a for a in range(rank) if a not in source]
    for dest, src in sorted(zip(destination, source)):
        perm.insert(dest, src)
    if perm == list(range(rank)):
        return x
    return tf.transpose(x, perm)


def flip(x, axis=None):
    x = _to_tensor(x)
    rank = x.shape.rank
    axes = range(rank) if axis is None else _axes(axis, rank)
    return tf.reverse(x, list(axes))


def fliplr(x):
    x = _to_tensor(x)
    _need_ndim("fliplr", x, 2)
    return tf.reverse(x, [1])


def flipud(x):
    x = _to_tensor(x)
    _need_ndim("flipud", x, 1)
    return tf.reverse(x, [0])


def rot90(array, k=1, axes=(0, 1)):
    x = _to_tensor(array)
    first, second = _axes(axes, x.shape.rank)
    k = k % 4
    if k == 0:
        return x
    if k == 2:
        return tf.reverse(x, [first, second])
    if k == 1:
        return swapaxes(tf.reverse(x, [second]), first, second)
    return tf.reverse(swapaxes(x, first, second), [second])


def roll(x, shift, axis=None):
    x = _to_tensor(x)
    if axis is None:
        flat = tf.roll(tf.reshape(x, [-1]), shift, axis=0)
        return tf.reshape(flat, tf.shape(x))
    axes = [axis] if isinstance(axis, int) else list(axis)
    shifts = [shift] if isinstance(shift, int) else list(shift)
    if len(shifts) == 1:
        shifts = shifts * len(axes)
    elif len(axes) == 1:
        axes = axes * len(shifts)
    return tf.roll(x, shifts, axes)


def repeat(x, repeats, axis=None):
    return tf.repeat(_to_tensor(x), repeats, axis=axis)


def tile(x, repeats):
    x = _to_tensor(x)
    repeats = [repeats] if isinstance(repeats, int) else list(repeats)
    rank = x.shape.rank
    if len(repeats) > rank:
        x = tf.reshape(x, [1] * (len(repeats) - rank) + _shape_list(x))
    repeats = [1] * (rank - len(repeats)) + repeats
    return tf.tile(x, repeats)


def _shape_list(x):
    return [_dim(x, i) for i in range(x.shape.rank)]


def ndim(x):
    if tf.is_tensor(x):
        return x.shape.rank
    return np.ndim(x)


def size(x):
    return tf.size(_to_tensor(x), out_type=tf.int32)


def _pad_indices(n, before, after, mode):
    # The source index of each position of the padded axis.
    j = tf.range(-before, n + after)
    if mode == "edge":
        return tf.clip_by_value(j, 0, n - 1)
    if mode in ("wrap", "circular"):
        return tf.math.floormod(j, n)
    if mode == "reflect":
        period = tf.maximum(2 * n - 2, 1)
        m = tf.math.floormod(j, period)
        return tf.where(m < n, m, period - m)
    m = tf.math.floormod(j, 2 * n)
    return tf.where(m < n, m, 2 * n - 1 - m)


def _round_like(values, dtype):
    # numpy.pad rounds (half to even) the stats it writes into int tensors.
    if dtype.is_floating or dtype.is_complex:
        return tf.cast(values, dtype)
    return tf.cast(tf.round(values), dtype)


def _float_work(x):
    return x if x.dtype.is_floating else tf.cast(x, "float64")


def _axis_stat(x, axis, mode):
    if mode == "maximum":
        return tf.reduce_max(x, axis=axis, keepdims=True)
    if mode == "minimum":
        return tf.reduce_min(x, axis=axis, keepdims=True)
    work = _float_work(x)
    if mode == "mean":
        mean = tf.reduce_mean(work, axis=axis, keepdims=True)
        return _round_like(mean, x.dtype)
    n = _dim(x, axis)
    ordered = tf.sort(work, axis=axis)
    low = tf.gather(ordered, [(n - 1) // 2], axis=axis)
    high = tf.gather(ordered, [n // 2], axis=axis)
    return _round_like((low + high) / 2, x.dtype)


def _ramp_to_zero(edge, width, axis, reverse):
    # numpy's linear ramp from 0 to `edge` (exclusive), floored for ints.
    work = _float_work(edge)
    steps = tf.range(width, dtype=work.dtype)
    if reverse:
        steps = tf.reverse(steps, [0])
    shape = [1] * edge.shape.rank
    shape[axis] = width
    values = tf.reshape(steps, shape) * (work / width)
    if not edge.dtype.is_floating:
        values = tf.floor(values)
    return tf.cast(values, edge.dtype)


def _pad_axis(x, axis, before, after, mode):
    n = _dim(x, axis)
    if isinstance(n, int) and n == 0:
        raise ValueError(
            f"`pad`: cannot extend an empty axis with mode={mode!r}."
        )
    if mode in ("edge", "reflect", "symmetric", "wrap", "circular"):
        return tf.gather(x, _pad_indices(n, before, after, mode), axis=axis)
    if mode == "linear_ramp":
        left = x[_on_axis(axis, slice(0, 1))]
        right = x[_on_axis(axis, slice(-1, None))]
        left = _ramp_to_zero(left, before, axis, False)
        right = _ramp_to_zero(right, after, axis, True)
        return tf.concat([left, x, right], axis=axis)
    stat = _axis_stat(x, axis, mode)
    left = tf.repeat(stat, before, axis=axis)
    right = tf.repeat(stat, after, axis=axis)
    return tf.concat([left, x, right], axis=axis)


def pad(x, pad_width, mode="constant", constant_values=None):
    x = _to_tensor(x)
    widths = _pad_widths(pad_width, x.shape.rank)
    if mode in ("constant", "empty"):
        value = 0 if constant_values is None else constant_values
        value = tf.cast(_to_tensor(value), x.dtype)
        return tf.pad(x, widths, constant_values=value)
    for axis, (before, after) in enumerate(widths):
        if before or after:
            x = _pad_axis(x, axis, before, after, mode)
    return x


def view(x, dtype=None):
    x = _to_tensor(x)
    if dtype is None:
        return x
    dtype = dtypes.standardize_dtype(dtype)
    target = "uint8" if dtype == "bool" else dtype
    source = tf.cast(x, "uint8") if x.dtype == tf.bool else x
    old, new = source.dtype.size, tf.as_dtype(target).size
    last = x.shape[-1] if x.shape.rank else None
    if old != new and (
        x.shape.rank == 0 or (last is not None and (last * old) % new)
    ):
        raise ValueError(
            f"`view`: cannot view a tensor of shape {x.shape} and dtype "
            f"{x.dtype.name} as {dtype}: the last axis must hold a whole "
            "number of the new items."
        )
    if new > old:
        outer = tf.shape(source)[:-1]
        source = tf.reshape(source, tf.concat([outer, [-1, new // old]], 0))
    out = tf.bitcast(source, target)
    if new < old:
        out = tf.reshape(out, tf.concat([tf.shape(x)[:-1], [-1]], 0))
    return tf.cast(out, "bool") if dtype == "bool" else out
