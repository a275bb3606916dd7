"""Shape manipulation functions on PyTorch."""

import numpy as np
import torch

from keras.src.backend.torch.core import convert_to_tensor as _to_tensor
from keras.src.backend.torch.core import promote as _promote
from keras.src.backend.torch.core import to_torch_dtype as _torch_dtype
from keras.src.backend.common.manipulation_utils import checked_axes as _axes
from keras.src.backend.common.manipulation_utils import (
    pad_widths as _pad_widths,
)


def _tensors(xs):
    # Tensors of one dtype need no promotion (the common case).
    dtype = getattr(xs[0], "dtype", None)
    if all(isinstance(x, torch.Tensor) and x.dtype == dtype for x in xs):
        return xs
    return _promote(*xs) if len(xs) > 1 else (_to_tensor(xs[0]),)


def _need_ndim(op_name, x, rank):
    if x.ndim < rank:
        raise ValueError(
            f"`{op_name}` needs a tensor of rank >= {rank}. "
            f"Received: x.shape={tuple(x.shape)}"
        )


def append(x1, x2, axis=None):
    x1, x2 = _tensors((x1, x2))
    if axis is None:
        return torch.cat([x1.reshape(-1), x2.reshape(-1)])
    return torch.cat([x1, x2], dim=axis)


def concatenate(xs, axis=0):
    xs = _tensors(xs)
    if axis is None:
        return torch.cat([x.reshape(-1) for x in xs])
    return torch.cat(xs, dim=axis)


def stack(x, axis=0):
    return torch.stack(_tensors(x), dim=axis)


def hstack(xs):
    return torch.hstack(_tensors(xs))


def vstack(xs):
    return torch.vstack(_tensors(xs))


def dstack(xs):
    return torch.dstack(_tensors(xs))


def _split_points(indices_or_sections):
    if isinstance(indices_or_sections, int):
        return indices_or_sections
    return [int(i) for i in np.asarray(indices_or_sections).reshape(-1)]


def split(x, indices_or_sections, axis=0):
    x = _to_tensor(x)
    sections = _split_points(indices_or_sections)
    if isinstance(sections, int) and x.shape[axis] % sections:
        raise ValueError(
            f"`split`: axis {axis} of size {x.shape[axis]} cannot be split "
            f"into {sections} equal sections."
        )
    return list(torch.tensor_split(x, sections, dim=axis))


def array_split(x, indices_or_sections, axis=0):
    sections = _split_points(indices_or_sections)
    return list(torch.tensor_split(_to_tensor(x), sections, dim=axis))


def hsplit(x, indices_or_sections):
    x = _to_tensor(x)
    _need_ndim("hsplit", x, 1)
    return split(x, indices_or_sections, axis=1 if x.ndim > 1 else 0)


def vsplit(x, indices_or_sections):
    x = _to_tensor(x)
    _need_ndim("vsplit", x, 2)
    return split(x, indices_or_sections, axis=0)


def dsplit(x, indices_or_sections):
    x = _to_tensor(x)
    _need_ndim("dsplit", x, 3)
    return split(x, indices_or_sections, axis=2)


def broadcast_to(x, shape):
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    return torch.broadcast_to(_to_tensor(x), shape)


def expand_dims(x, axis):
    x = _to_tensor(x)
    if isinstance(axis, int):
        return x.unsqueeze(axis)
    for a in sorted(_axes(axis, x.ndim + len(axis))):
        x = x.unsqueeze(a)
    return x


def squeeze(x, axis=None):
    x = _to_tensor(x)
    if axis is None:
        return x.squeeze()
    axes = _axes(axis, x.ndim)
    for a in axes:
        if x.shape[a] != 1:
            raise ValueError(
                f"`squeeze`: cannot squeeze axis {a} of size {x.shape[a]}; "
                f"x.shape={tuple(x.shape)}"
            )
    return x.squeeze(axes)


def reshape(x, newshape):
    if not isinstance(newshape, int):
        newshape = tuple(-1 if d is None else d for d in newshape)
    return _to_tensor(x).reshape(newshape)


def ravel(x):
    return _to_tensor(x).reshape(-1)


def transpose(x, axes=None):
    x = _to_tensor(x)
    if axes is None:
        axes = tuple(range(x.ndim - 1, -1, -1))
    return x.permute(tuple(axes))


def swapaxes(x, axis1, axis2):
    return torch.swapaxes(_to_tensor(x), axis1, axis2)


def moveaxis(x, source, destination):
    if not isinstance(source, int):
        source, destination = tuple(source), tuple(destination)
    return torch.movedim(_to_tensor(x), source, destination)


def flip(x, axis=None):
    x = _to_tensor(x)
    axes = tuple(range(x.ndim)) if axis is None else _axes(axis, x.ndim)
    return torch.flip(x, axes)


def fliplr(x):
    x = _to_tensor(x)
    _need_ndim("fliplr", x, 2)
    return torch.flip(x, (1,))


def flipud(x):
    x = _to_tensor(x)
    _need_ndim("flipud", x, 1)
    return torch.flip(x, (0,))


def rot90(array, k=1, axes=(0, 1)):
    return torch.rot90(_to_tensor(array), k, tuple(axes))


def roll(x, shift, axis=None):
    x = _to_tensor(x)
    if axis is None:
        return torch.roll(x.reshape(-1), shift).reshape(x.shape)
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    shifts = (shift,) if isinstance(shift, int) else tuple(shift)
    if len(shifts) == 1:
        shifts = shifts * len(axes)
    elif len(axes) == 1:
        axes = axes * len(shifts)
    return torch.roll(x, shifts, axes)


def repeat(x, repeats, axis=None):
    x = _to_tensor(x)
    if not isinstance(repeats, int):
        repeats = _to_tensor(repeats, dtype="int64").to(x.device)
    return torch.repeat_interleave(x, repeats, dim=axis)


def tile(x, repeats):
    repeats = (repeats,) if isinstance(repeats, int) else tuple(repeats)
    return torch.tile(_to_tensor(x), repeats)


def ndim(x):
    return x.ndim if isinstance(x, torch.Tensor) else np.ndim(x)


def size(x):
    x = _to_tensor(x)
    return torch.tensor(x.numel(), dtype=torch.int64, device=x.device)


def _pad_indices(n, before, after, mode):
    # The source index of each position of the padded axis.
    j = np.arange(-before, n + after)
    if mode == "edge":
        return np.clip(j, 0, n - 1)
    if mode in ("wrap", "circular"):
        return j % n
    if mode == "reflect":
        if n == 1:
            return np.zeros_like(j)
        period = 2 * n - 2
        m = j % period
        return np.where(m < n, m, period - m)
    period = 2 * n
    m = j % period
    return np.where(m < n, m, period - 1 - m)


def _round_like(values, dtype):
    # numpy.pad rounds (half to even) the stats it writes into int tensors.
    if dtype.is_floating_point or dtype.is_complex:
        return values.to(dtype)
    return torch.round(values).to(dtype)


def _float_work(x):
    return x if x.is_floating_point() else x.to(torch.float64)


def _axis_stat(x, axis, mode):
    if mode == "maximum":
        return x.amax(dim=axis, keepdim=True)
    if mode == "minimum":
        return x.amin(dim=axis, keepdim=True)
    work = _float_work(x)
    if mode == "mean":
        return _round_like(work.mean(dim=axis, keepdim=True), x.dtype)
    n = x.shape[axis]
    ordered = torch.sort(work, dim=axis).values
    low = ordered.narrow(axis, (n - 1) // 2, 1)
    high = ordered.narrow(axis, n // 2, 1)
    return _round_like((low + high) / 2, x.dtype)


def _ramp_to_zero(edge, width, axis, reverse):
    # numpy's linear ramp from 0 to `edge` (exclusive), floored for ints.
    work = _float_work(edge)
    steps = torch.arange(width, dtype=work.dtype, device=edge.device)
    if reverse:
        steps = torch.flip(steps, (0,))
    shape = [1] * edge.ndim
    shape[axis] = width
    values = steps.reshape(shape) * (work / width)
    if not edge.is_floating_point():
        values = torch.floor(values)
    return values.to(edge.dtype)


def _pad_axis(x, axis, before, after, mode):
    n = x.shape[axis]
    if n == 0:
        raise ValueError(
            f"`pad`: cannot extend an empty axis with mode={mode!r}."
        )
    if mode in ("edge", "reflect", "symmetric", "wrap", "circular"):
        index = _pad_indices(n, before, after, mode)
        index = torch.as_tensor(index, device=x.device)
        return torch.index_select(x, axis, index)
    if mode == "linear_ramp":
        left = _ramp_to_zero(x.narrow(axis, 0, 1), before, axis, False)
        right = _ramp_to_zero(x.narrow(axis, n - 1, 1), after, axis, True)
        return torch.cat([left, x, right], dim=axis)
    stat = _axis_stat(x, axis, mode)
    left = stat.expand(*[before if i == axis else -1 for i in range(x.ndim)])
    right = stat.expand(*[after if i == axis else -1 for i in range(x.ndim)])
    return torch.cat([left, x, right], dim=axis)


def pad(x, pad_width, mode="constant", constant_values=None):
    x = _to_tensor(x)
    widths = _pad_widths(pad_width, x.ndim)
    if mode in ("constant", "empty"):
        value = 0 if constant_values is None else constant_values
        if isinstance(value, torch.Tensor):
            value = value.item()
        flat = [w for pair in reversed(widths) for w in pair]
        return torch.nn.functional.pad(x, flat, value=value)
    for axis, (before, after) in enumerate(widths):
        if before or after:
            x = _pad_axis(x, axis, before, after, mode)
    return x


def view(x, dtype=None):
    x = _to_tensor(x)
    if dtype is None:
        return x
    dtype = _torch_dtype(dtype)
    old, new = x.dtype.itemsize, dtype.itemsize
    if old != new and (x.ndim == 0 or (x.shape[-1] * old) % new):
        raise ValueError(
            f"`view`: cannot view a tensor of shape {tuple(x.shape)} and "
            f"dtype {x.dtype} as {dtype}: the last axis must hold a whole "
            "number of the new items."
        )
    return x.contiguous().view(dtype)
