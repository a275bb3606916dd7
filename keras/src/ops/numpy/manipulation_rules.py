"""Shape rules of the shape manipulation ops (`manipulation.py`).

Each `*_spec` function takes its op's arguments, with `KerasTensor`s among
them, and returns the output `KerasTensor`(s); `None` marks a dimension
that is unknown. Incompatible inputs raise `ValueError` naming the op and
the shapes.
"""

import numpy as np

from keras.src import backend
from keras.src.backend.common import dtypes
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.ops.shape_rules import canonicalize_axis
from keras.src.ops.shape_rules import shape_of

PAD_MODES = (
    "constant", "edge", "reflect", "symmetric", "wrap", "circular",
    "maximum", "minimum", "mean", "median", "linear_ramp", "empty",
)


def dtype_of(*xs):
    """The promoted dtype of `xs`, as the backends produce it."""
    return dtypes.result_type(*(dtypes.dtype_of(x) for x in xs))


def element_count(shape):
    """The number of elements of `shape`; `None` if a dim is unknown."""
    count = 1
    for d in shape:
        if d is None:
            return None
        count *= d
    return count


def axes_of(op_name, axis, rank):
    """`axis` (an int or a sequence) as a tuple of distinct non-negative
    axes of a tensor of rank `rank`."""
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    axes = tuple(canonicalize_axis(op_name, a, rank) for a in axes)
    if len(set(axes)) != len(axes):
        raise ValueError(f"`{op_name}`: repeated axis in {axis}.")
    return axes


def need_rank(op_name, shape, rank):
    if len(shape) < rank:
        raise ValueError(
            f"`{op_name}` needs a tensor of rank >= {rank}. "
            f"Received: x.shape={shape}"
        )


def _merge_dims(op_name, dims, shapes):
    known = {d for d in dims if d is not None}
    if len(known) > 1:
        raise ValueError(
            f"`{op_name}`: shapes {' and '.join(map(str, shapes))} do not "
            "match."
        )
    return known.pop() if known else None


def concat_shape(op_name, shapes, axis):
    """The shape of `shapes` joined along `axis`."""
    rank = len(shapes[0])
    if rank == 0 or any(len(s) != rank for s in shapes):
        raise ValueError(
            f"`{op_name}`: cannot join shapes "
            f"{' and '.join(map(str, shapes))}; they need the same rank, "
            "at least 1."
        )
    axis = canonicalize_axis(op_name, axis, rank)
    result = []
    for i in range(rank):
        dims = [s[i] for s in shapes]
        if i == axis:
            result.append(None if None in dims else sum(dims))
        else:
            result.append(_merge_dims(op_name, dims, shapes))
    return tuple(result)


def concatenate_spec(op_name):
    def spec(xs, axis=0):
        shapes = [shape_of(x) for x in xs]
        if axis is None:
            counts = [element_count(s) for s in shapes]
            shape = (None if None in counts else sum(counts),)
        else:
            shape = concat_shape(op_name, shapes, axis)
        return KerasTensor(shape, dtype=dtype_of(*xs))

    return spec


def append_spec(x1, x2, axis=None):
    return concatenate_spec("append")([x1, x2], axis)


def stack_spec(x, axis=0):
    shapes = [shape_of(v) for v in x]
    rank = len(shapes[0])
    if any(len(s) != rank for s in shapes):
        raise ValueError(
            f"`stack`: shapes {' and '.join(map(str, shapes))} differ."
        )
    shape = [_merge_dims("stack", dims, shapes) for dims in zip(*shapes)]
    shape.insert(canonicalize_axis("stack", axis, rank + 1), len(shapes))
    return KerasTensor(shape, dtype=dtype_of(*x))


def _at_least(shape, rank):
    # numpy's atleast_{1,2,3}d on shapes.
    if len(shape) >= rank:
        return shape
    if not shape:
        return (1,) * rank
    if len(shape) == 1:
        return ((1,) + shape + (1,))[:rank]
    return shape + (1,)


def stacking_spec(op_name, rank):
    """Spec of `hstack` (rank 1), `vstack` (2) or `dstack` (3)."""

    def spec(xs):
        shapes = [_at_least(shape_of(x), rank) for x in xs]
        axis = {1: 0 if len(shapes[0]) == 1 else 1, 2: 0, 3: 2}[rank]
        shape = concat_shape(op_name, shapes, axis)
        return KerasTensor(shape, dtype=dtype_of(*xs))

    return spec


def _piece_lengths(op_name, n, indices_or_sections, equal):
    if isinstance(indices_or_sections, int):
        sections = indices_or_sections
        if sections <= 0:
            raise ValueError(
                f"`{op_name}`: the number of sections must be positive. "
                f"Received: {sections}"
            )
        if n is None:
            return [None] * sections
        if equal and n % sections:
            raise ValueError(
                f"`{op_name}`: an axis of size {n} cannot be split into "
                f"{sections} equal sections."
            )
        extra = n % sections
        return [n // sections + (i < extra) for i in range(sections)]
    points = [int(i) for i in np.asarray(indices_or_sections).reshape(-1)]
    bounds = [0] + points + [None]
    return [
        _slice_length(start, stop, n)
        for start, stop in zip(bounds[:-1], bounds[1:])
    ]


def _slice_length(start, stop, n):
    if n is not None:
        return len(range(n)[start:stop])
    if stop is None or start < 0 or stop < 0:
        return None
    return max(stop - start, 0)


def split_spec(op_name, equal=True, axis_rule=None):
    """Spec of `split` (`equal`) or `array_split`; `axis_rule(rank)` gives
    the axis of `hsplit`, `vsplit` and `dsplit`."""

    def spec(x, indices_or_sections, axis=0):
        shape = shape_of(x)
        if axis_rule is not None:
            axis = axis_rule(shape)
        axis = canonicalize_axis(op_name, axis, len(shape))
        lengths = _piece_lengths(
            op_name, shape[axis], indices_or_sections, equal
        )
        dtype = dtype_of(x)
        return [
            KerasTensor(shape[:axis] + (n,) + shape[axis + 1:], dtype=dtype)
            for n in lengths
        ]

    return spec


def hsplit_axis(shape):
    need_rank("hsplit", shape, 1)
    return 1 if len(shape) > 1 else 0


def vsplit_axis(shape):
    need_rank("vsplit", shape, 2)
    return 0


def dsplit_axis(shape):
    need_rank("dsplit", shape, 3)
    return 2


def broadcast_to_spec(x, shape):
    target = (shape,) if isinstance(shape, int) else tuple(shape)
    source = shape_of(x)
    if len(source) > len(target):
        _broadcast_error(source, target)
    result = list(target)
    offset = len(target) - len(source)
    for i, d in enumerate(source):
        t = target[offset + i]
        if d is None or d == 1 or d == t:
            continue
        if t is not None:
            _broadcast_error(source, target)
        result[offset + i] = d
    return KerasTensor(result, dtype=dtype_of(x))


def _broadcast_error(source, target):
    raise ValueError(
        f"`broadcast_to`: cannot broadcast shape {source} to {target}."
    )


def expand_dims_spec(x, axis):
    shape = shape_of(x)
    count = 1 if isinstance(axis, int) else len(axis)
    axes = axes_of("expand_dims", axis, len(shape) + count)
    dims = iter(shape)
    result = [1 if i in axes else next(dims) for i in range(len(shape) + count)]
    return KerasTensor(result, dtype=dtype_of(x))


def squeeze_spec(x, axis=None):
    shape = shape_of(x)
    if axis is None:
        result = [d for d in shape if d != 1]
    else:
        axes = axes_of("squeeze", axis, len(shape))
        for a in axes:
            if shape[a] != 1:
                raise ValueError(
                    f"`squeeze`: cannot squeeze axis {a} of a tensor of "
                    f"shape {shape}: its size is not 1."
                )
        result = [d for i, d in enumerate(shape) if i not in axes]
    return KerasTensor(result, dtype=dtype_of(x))


def reshape_spec(x, newshape):
    shape = shape_of(x)
    target = [newshape] if isinstance(newshape, int) else list(newshape)
    if sum(d == -1 for d in target) > 1:
        raise ValueError(
            "`reshape`: `newshape` can hold at most one -1. "
            f"Received: newshape={newshape}"
        )
    size = element_count(shape)
    unknown = [i for i, d in enumerate(target) if d is None or d == -1]
    known = element_count([d for d in target if d is not None and d != -1])
    if size is not None and len(unknown) <= 1:
        if (not unknown and known != size) or (
            unknown and (known == 0 or size % known)
        ):
            raise ValueError(
                f"`reshape`: cannot reshape a tensor of shape {shape} "
                f"(size {size}) into {tuple(newshape)}."
            )
        if unknown:
            target[unknown[0]] = size // known
    result = [None if d == -1 else d for d in target]
    return KerasTensor(result, dtype=dtype_of(x))


def ravel_spec(x):
    return KerasTensor((element_count(shape_of(x)),), dtype=dtype_of(x))


def transpose_spec(x, axes=None):
    shape = shape_of(x)
    if axes is None:
        return KerasTensor(shape[::-1], dtype=dtype_of(x))
    if len(axes) != len(shape):
        raise ValueError(
            f"`transpose`: `axes` {tuple(axes)} does not match a tensor of "
            f"shape {shape}."
        )
    perm = axes_of("transpose", axes, len(shape))
    return KerasTensor([shape[a] for a in perm], dtype=dtype_of(x))


def swapaxes_spec(x, axis1, axis2):
    shape = list(shape_of(x))
    axis1 = canonicalize_axis("swapaxes", axis1, len(shape))
    axis2 = canonicalize_axis("swapaxes", axis2, len(shape))
    shape[axis1], shape[axis2] = shape[axis2], shape[axis1]
    return KerasTensor(shape, dtype=dtype_of(x))


def moveaxis_permutation(source, destination, rank):
    """The `transpose` axes that move `source` axes to `destination`."""
    source = axes_of("moveaxis", source, rank)
    destination = axes_of("moveaxis", destination, rank)
    if len(source) != len(destination):
        raise ValueError(
            "`moveaxis`: `source` and `destination` must have the same "
            f"number of axes. Received: {source} and {destination}"
        )
    perm = [a for a in range(rank) if a not in source]
    for dest, src in sorted(zip(destination, source)):
        perm.insert(dest, src)
    return perm


def moveaxis_spec(x, source, destination):
    shape = shape_of(x)
    perm = moveaxis_permutation(source, destination, len(shape))
    return KerasTensor([shape[a] for a in perm], dtype=dtype_of(x))


def same_shape_spec(op_name, rank=0):
    """Spec of an op that keeps the shape (`flip`, `roll`); checks the
    `axis` argument and the tensor's minimum `rank`."""

    def spec(x, *args, axis=None, **kwargs):
        shape = shape_of(x)
        need_rank(op_name, shape, rank)
        if axis is not None:
            axes_of(op_name, axis, len(shape))
        return KerasTensor(shape, dtype=dtype_of(x))

    return spec


def rot90_axes(shape, axes):
    """Checks `rot90`'s arguments; returns its two axes, non-negative."""
    axes = tuple(axes)
    if len(shape) < 2:
        raise ValueError(
            "`rot90` needs a tensor of rank >= 2. "
            f"Received: array.shape={shape}"
        )
    if len(axes) != 2:
        raise ValueError(f"`rot90`: `axes` must hold 2 axes. Received: {axes}")
    first = canonicalize_axis("rot90", axes[0], len(shape))
    second = canonicalize_axis("rot90", axes[1], len(shape))
    if first == second:
        raise ValueError(
            f"`rot90`: `axes` must be two different axes. Received: {axes}"
        )
    return first, second


def rot90_spec(array, k=1, axes=(0, 1)):
    shape = list(shape_of(array))
    first, second = rot90_axes(tuple(shape), axes)
    if k % 2:
        shape[first], shape[second] = shape[second], shape[first]
    return KerasTensor(shape, dtype=dtype_of(array))


def _repeated(dim, repeats):
    if isinstance(repeats, KerasTensor):
        return None
    if isinstance(repeats, int):
        return None if dim is None else dim * repeats
    counts = np.asarray(repeats).reshape(-1)
    if counts.size == 1:
        return None if dim is None else dim * int(counts[0])
    if dim is not None and counts.size != dim:
        raise ValueError(
            f"`repeat`: {counts.size} repeats for an axis of size {dim}."
        )
    return int(counts.sum())


def repeat_spec(x, repeats, axis=None):
    shape = shape_of(x)
    if axis is None:
        size = element_count(shape)
        return KerasTensor((_repeated(size, repeats),), dtype=dtype_of(x))
    axis = canonicalize_axis("repeat", axis, len(shape))
    result = list(shape)
    result[axis] = _repeated(shape[axis], repeats)
    return KerasTensor(result, dtype=dtype_of(x))


def tile_spec(x, repeats):
    shape = list(shape_of(x))
    repeats = [repeats] if isinstance(repeats, int) else list(repeats)
    rank = max(len(shape), len(repeats))
    shape = [1] * (rank - len(shape)) + shape
    repeats = [1] * (rank - len(repeats)) + repeats
    result = [None if d is None else d * r for d, r in zip(shape, repeats)]
    return KerasTensor(result, dtype=dtype_of(x))


def pad_widths(shape, pad_width):
    """`pad_width` as one `(before, after)` pair per axis of `shape`."""
    try:
        widths = np.broadcast_to(np.asarray(pad_width), (len(shape), 2))
    except ValueError:
        raise ValueError(
            f"`pad`: `pad_width` {pad_width} does not fit a tensor of "
            f"shape {shape}: it needs one (before, after) pair per axis, "
            "or one pair, or one int."
        ) from None
    if (widths < 0).any():
        raise ValueError(
            f"`pad`: `pad_width` cannot be negative. Received: {pad_width}"
        )
    return [(int(b), int(a)) for b, a in widths]


def check_pad_mode(mode, constant_values):
    if mode not in PAD_MODES:
        raise ValueError(
            f"`pad`: unknown mode {mode!r}. Expected one of {PAD_MODES}."
        )
    if constant_values is not None and mode != "constant":
        raise ValueError(
            "`pad`: `constant_values` can only be given with "
            f"mode='constant'. Received: mode={mode!r}"
        )


def pad_spec(x, pad_width, mode="constant", constant_values=None):
    shape = shape_of(x)
    widths = pad_widths(shape, pad_width)
    result = [
        None if d is None else d + before + after
        for d, (before, after) in zip(shape, widths)
    ]
    return KerasTensor(result, dtype=dtype_of(x))


def view_spec(x, dtype=None):
    shape = list(shape_of(x))
    source = dtype_of(x)
    if dtype is None:
        return KerasTensor(shape, dtype=source)
    target = backend.standardize_dtype(dtype)
    if target not in dtypes.FLOAT8_TYPES:
        target = dtypes.result_type(target)
    old, new = _itemsize(source), _itemsize(target)
    if old != new:
        if not shape:
            raise ValueError(
                f"`view`: cannot view a scalar of dtype {source} as {target}."
            )
        last = shape[-1]
        if last is not None:
            if (last * old) % new:
                raise ValueError(
                    f"`view`: cannot view a tensor of shape {tuple(shape)} "
                    f"and dtype {source} as {target}: the last axis must "
                    "hold a whole number of the new items."
                )
            shape[-1] = last * old // new
    return KerasTensor(shape, dtype=target)


def _itemsize(dtype):
    if dtype == "bfloat16":
        return 2
    if dtype.startswith("float8"):
        return 1
    return np.dtype(dtype).itemsize
