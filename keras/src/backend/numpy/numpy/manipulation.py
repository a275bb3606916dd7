"""Shape manipulation functions on NumPy."""

import numpy as np

from keras.src.backend.common import dtypes
from keras.src.backend.numpy.core import convert_to_tensor as _to_tensor
from keras.src.backend.numpy.core import promote as _promote
from keras.src.backend.common.manipulation_utils import (
    check_rank_at_least as _need_ndim,
)


def _tensors(xs):
    # Tensors of one dtype need no promotion (the common case).
    dtype = getattr(xs[0], "dtype", None)
    if all(isinstance(x, np.ndarray) and x.dtype == dtype for x in xs):
        return xs
    return _promote(*xs) if len(xs) > 1 else (_to_tensor(xs[0]),)


def append(x1, x2, axis=None):
    x1, x2 = _tensors((x1, x2))
    return np.append(x1, x2, axis=axis)


def concatenate(xs, axis=0):
    return np.concatenate(_tensors(xs), axis=axis)


def stack(x, axis=0):
    return np.stack(_tensors(x), axis=axis)


def hstack(xs):
    return np.hstack(_tensors(xs))


def vstack(xs):
    return np.vstack(_tensors(xs))


def dstack(xs):
    return np.dstack(_tensors(xs))


def split(x, indices_or_sections, axis=0):
    return list(np.split(_to_tensor(x), indices_or_sections, axis=axis))


def array_split(x, indices_or_sections, axis=0):
    pieces = np.array_split(_to_tensor(x), indices_or_sections, axis=axis)
    return list(pieces)


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
    return np.broadcast_to(_to_tensor(x), shape)


def expand_dims(x, axis):
    return np.expand_dims(_to_tensor(x), axis)


def squeeze(x, axis=None):
    if isinstance(axis, list):
        axis = tuple(axis)
    return np.squeeze(_to_tensor(x), axis=axis)


def reshape(x, newshape):
    if not isinstance(newshape, int):
        newshape = tuple(-1 if d is None else d for d in newshape)
    return np.reshape(_to_tensor(x), newshape)


def ravel(x):
    return np.ravel(_to_tensor(x))


def transpose(x, axes=None):
    return np.transpose(_to_tensor(x), axes)


def swapaxes(x, axis1, axis2):
    return np.swapaxes(_to_tensor(x), axis1, axis2)


def moveaxis(x, source, destination):
    return np.moveaxis(_to_tensor(x), source, destination)


def flip(x, axis=None):
    return np.flip(_to_tensor(x), axis=axis)


def fliplr(x):
    x = _to_tensor(x)
    _need_ndim("fliplr", x, 2)
    return np.flip(x, axis=1)


def flipud(x):
    x = _to_tensor(x)
    _need_ndim("flipud", x, 1)
    return np.flip(x, axis=0)


def rot90(array, k=1, axes=(0, 1)):
    return np.rot90(_to_tensor(array), k=k, axes=axes)


def roll(x, shift, axis=None):
    return np.roll(_to_tensor(x), shift, axis=axis)


def repeat(x, repeats, axis=None):
    return np.repeat(_to_tensor(x), repeats, axis=axis)


def tile(x, repeats):
    return np.tile(_to_tensor(x), repeats)


def ndim(x):
    return np.ndim(x)


def size(x):
    return int(np.size(x))


def _pad_widths(pad_width, rank):
    widths = np.broadcast_to(np.asarray(pad_width, dtype="int64"), (rank, 2))
    if (widths < 0).any():
        raise ValueError(
            f"`pad`: `pad_width` cannot be negative. Received: {pad_width}"
        )
    return widths


def pad(x, pad_width, mode="constant", constant_values=None):
    x = _to_tensor(x)
    widths = _pad_widths(pad_width, x.ndim)
    if mode in ("constant", "empty"):
        value = 0 if constant_values is None else constant_values
        value = np.asarray(value).astype(x.dtype)
        return np.pad(x, widths, mode="constant", constant_values=value)
    mode = "wrap" if mode == "circular" else mode
    return np.pad(x, widths, mode=mode)


def view(x, dtype=None):
    x = _to_tensor(x)
    if dtype is None:
        return x
    dtype = np.dtype(dtypes.standardize_dtype(dtype))
    old, new = x.dtype.itemsize, dtype.itemsize
    if old != new and (x.ndim == 0 or (x.shape[-1] * old) % new):
        raise ValueError(
            f"`view`: cannot view a tensor of shape {x.shape} and dtype "
            f"{x.dtype} as {dtype}: the last axis must hold a whole number "
            "of the new items."
        )
    if not x.flags.c_contiguous:
        x = np.copy(x, order="C")
    return x.view(dtype)
