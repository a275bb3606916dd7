"""Shape manipulation functions of NumPy's API, shared by the numpy and jax
backends (see `include` in this package): `xp` is the backend's array
module, `convert_to_tensor` and `promote` its own.
"""

import numpy as np

from keras.src.backend.common.manipulation_utils import (
    check_rank_at_least as _need_ndim,
)
from keras.src.backend.common.manipulation_utils import pad_widths as _widths


def _tensors(xs):
    # Tensors of one dtype need no promotion (the common case).
    dtype = getattr(xs[0], "dtype", None)
    if all(isinstance(x, xp.ndarray) and x.dtype == dtype for x in xs):
        return xs
    return promote(*xs) if len(xs) > 1 else (convert_to_tensor(xs[0]),)


def append(x1, x2, axis=None):
    x1, x2 = _tensors((x1, x2))
    return xp.append(x1, x2, axis=axis)


def concatenate(xs, axis=0):
    return xp.concatenate(_tensors(xs), axis=axis)


def stack(x, axis=0):
    return xp.stack(_tensors(x), axis=axis)


def hstack(xs):
    return xp.hstack(_tensors(xs))


def vstack(xs):
    return xp.vstack(_tensors(xs))


def dstack(xs):
    return xp.dstack(_tensors(xs))


def _slices(x, indices, axis):
    # Pieces between cut points, with Python slicing semantics (negative
    # and out-of-range points allowed, as in NumPy).
    points = [int(i) for i in np.asarray(indices).reshape(-1)]
    bounds = [0] + points + [None]
    lead = (slice(None),) * (axis % x.ndim)
    return [
        x[lead + (slice(start, stop),)]
        for start, stop in zip(bounds[:-1], bounds[1:])
    ]


def split(x, indices_or_sections, axis=0):
    x = convert_to_tensor(x)
    if not isinstance(indices_or_sections, int):
        return _slices(x, indices_or_sections, axis)
    if x.shape[axis] % indices_or_sections:
        raise ValueError(
            f"`split`: axis {axis} of size {x.shape[axis]} cannot be split "
            f"into {indices_or_sections} equal sections."
        )
    return list(xp.split(x, indices_or_sections, axis=axis))


def array_split(x, indices_or_sections, axis=0):
    x = convert_to_tensor(x)
    if not isinstance(indices_or_sections, int):
        return _slices(x, indices_or_sections, axis)
    return list(xp.array_split(x, indices_or_sections, axis=axis))


def hsplit(x, indices_or_sections):
    x = convert_to_tensor(x)
    _need_ndim("hsplit", x, 1)
    return split(x, indices_or_sections, axis=1 if x.ndim > 1 else 0)


def vsplit(x, indices_or_sections):
    x = convert_to_tensor(x)
    _need_ndim("vsplit", x, 2)
    return split(x, indices_or_sections, axis=0)


def dsplit(x, indices_or_sections):
    x = convert_to_tensor(x)
    _need_ndim("dsplit", x, 3)
    return split(x, indices_or_sections, axis=2)


def broadcast_to(x, shape):
    return xp.broadcast_to(convert_to_tensor(x), shape)


def expand_dims(x, axis):
    return xp.expand_dims(convert_to_tensor(x), axis)


def squeeze(x, axis=None):
    if isinstance(axis, list):
        axis = tuple(axis)
    return xp.squeeze(convert_to_tensor(x), axis=axis)


def reshape(x, newshape):
    if not isinstance(newshape, int):
        newshape = tuple(-1 if d is None else d for d in newshape)
    return xp.reshape(convert_to_tensor(x), newshape)


def ravel(x):
    return xp.ravel(convert_to_tensor(x))


def transpose(x, axes=None):
    return xp.transpose(convert_to_tensor(x), axes)


def swapaxes(x, axis1, axis2):
    return xp.swapaxes(convert_to_tensor(x), axis1, axis2)


def moveaxis(x, source, destination):
    return xp.moveaxis(convert_to_tensor(x), source, destination)


def flip(x, axis=None):
    return xp.flip(convert_to_tensor(x), axis=axis)


def fliplr(x):
    x = convert_to_tensor(x)
    _need_ndim("fliplr", x, 2)
    return xp.flip(x, axis=1)


def flipud(x):
    x = convert_to_tensor(x)
    _need_ndim("flipud", x, 1)
    return xp.flip(x, axis=0)


def rot90(array, k=1, axes=(0, 1)):
    return xp.rot90(convert_to_tensor(array), k=k, axes=tuple(axes))


def roll(x, shift, axis=None):
    return xp.roll(convert_to_tensor(x), shift, axis=axis)


def repeat(x, repeats, axis=None):
    if isinstance(repeats, (list, tuple)):
        repeats = np.asarray(repeats)
    return xp.repeat(convert_to_tensor(x), repeats, axis=axis)


def tile(x, repeats):
    return xp.tile(convert_to_tensor(x), repeats)


def ndim(x):
    return x.ndim if hasattr(x, "ndim") else np.ndim(x)


def size(x):
    return x.size if hasattr(x, "size") else int(np.size(x))


def pad(x, pad_width, mode="constant", constant_values=None):
    x = convert_to_tensor(x)
    widths = _widths(pad_width, x.ndim)
    if mode in ("constant", "empty"):
        value = 0 if constant_values is None else constant_values
        value = xp.asarray(value).astype(x.dtype)
        return xp.pad(x, widths, mode="constant", constant_values=value)
    mode = "wrap" if mode == "circular" else mode
    return xp.pad(x, widths, mode=mode)


def _check_view(x, dtype):
    old, new = x.dtype.itemsize, dtype.itemsize
    if old != new and (x.ndim == 0 or (x.shape[-1] * old) % new):
        raise ValueError(
            f"`view`: cannot view a tensor of shape {x.shape} and dtype "
            f"{x.dtype} as {dtype}: the last axis must hold a whole number "
            "of the new items."
        )
