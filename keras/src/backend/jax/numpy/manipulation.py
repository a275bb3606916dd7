"""Shape manipulation functions on JAX."""

import jax
import jax.numpy as jnp
import numpy as np

from keras.src.backend.common import dtypes
from keras.src.backend.jax.core import convert_to_tensor as _to_tensor
from keras.src.backend.jax.core import promote as _promote
from keras.src.backend.common.manipulation_utils import (
    check_rank_at_least as _need_ndim,
)


def _tensors(xs):
    # Tensors of one dtype need no promotion (the common case).
    dtype = getattr(xs[0], "dtype", None)
    if all(isinstance(x, jax.Array) and x.dtype == dtype for x in xs):
        return xs
    return _promote(*xs) if len(xs) > 1 else (_to_tensor(xs[0]),)


def append(x1, x2, axis=None):
    x1, x2 = _tensors((x1, x2))
    return jnp.append(x1, x2, axis=axis)


def concatenate(xs, axis=0):
    return jnp.concatenate(_tensors(xs), axis=axis)


def stack(x, axis=0):
    return jnp.stack(_tensors(x), axis=axis)


def hstack(xs):
    return jnp.hstack(_tensors(xs))


def vstack(xs):
    return jnp.vstack(_tensors(xs))


def dstack(xs):
    return jnp.dstack(_tensors(xs))


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
    x = _to_tensor(x)
    if not isinstance(indices_or_sections, int):
        return _slices(x, indices_or_sections, axis)
    if x.shape[axis] % indices_or_sections:
        raise ValueError(
            f"`split`: axis {axis} of size {x.shape[axis]} cannot be split "
            f"into {indices_or_sections} equal sections."
        )
    return list(jnp.split(x, indices_or_sections, axis=axis))


def array_split(x, indices_or_sections, axis=0):
    x = _to_tensor(x)
    if not isinstance(indices_or_sections, int):
        return _slices(x, indices_or_sections, axis)
    return list(jnp.array_split(x, indices_or_sections, axis=axis))


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
    return jnp.broadcast_to(_to_tensor(x), shape)


def expand_dims(x, axis):
    return jnp.expand_dims(_to_tensor(x), axis)


def squeeze(x, axis=None):
    return jnp.squeeze(_to_tensor(x), axis=axis)


def reshape(x, newshape):
    if not isinstance(newshape, int):
        newshape = tuple(-1 if d is None else d for d in newshape)
    return jnp.reshape(_to_tensor(x), newshape)


def ravel(x):
    return jnp.ravel(_to_tensor(x))


def transpose(x, axes=None):
    return jnp.transpose(_to_tensor(x), axes)


def swapaxes(x, axis1, axis2):
    return jnp.swapaxes(_to_tensor(x), axis1, axis2)


def moveaxis(x, source, destination):
    return jnp.moveaxis(_to_tensor(x), source, destination)


def flip(x, axis=None):
    return jnp.flip(_to_tensor(x), axis=axis)


def fliplr(x):
    x = _to_tensor(x)
    _need_ndim("fliplr", x, 2)
    return jnp.flip(x, axis=1)


def flipud(x):
    x = _to_tensor(x)
    _need_ndim("flipud", x, 1)
    return jnp.flip(x, axis=0)


def rot90(array, k=1, axes=(0, 1)):
    return jnp.rot90(_to_tensor(array), k=k, axes=tuple(axes))


def roll(x, shift, axis=None):
    return jnp.roll(_to_tensor(x), shift, axis=axis)


def repeat(x, repeats, axis=None):
    if isinstance(repeats, (list, tuple)):
        repeats = np.asarray(repeats)
    return jnp.repeat(_to_tensor(x), repeats, axis=axis)


def tile(x, repeats):
    return jnp.tile(_to_tensor(x), repeats)


def ndim(x):
    return x.ndim if hasattr(x, "ndim") else np.ndim(x)


def size(x):
    return x.size if hasattr(x, "size") else int(np.size(x))


def _pad_widths(pad_width, rank):
    widths = np.broadcast_to(np.asarray(pad_width, dtype="int64"), (rank, 2))
    if (widths < 0).any():
        raise ValueError(
            f"`pad`: `pad_width` cannot be negative. Received: {pad_width}"
        )
    return [tuple(int(w) for w in pair) for pair in widths]


def pad(x, pad_width, mode="constant", constant_values=None):
    x = _to_tensor(x)
    widths = _pad_widths(pad_width, x.ndim)
    if mode in ("constant", "empty"):
        value = 0 if constant_values is None else constant_values
        value = _to_tensor(value).astype(x.dtype)
        return jnp.pad(x, widths, mode="constant", constant_values=value)
    mode = "wrap" if mode == "circular" else mode
    return jnp.pad(x, widths, mode=mode)


def view(x, dtype=None):
    x = _to_tensor(x)
    if dtype is None:
        return x
    dtype = dtypes.standardize_dtype(dtype)
    if dtype not in dtypes.FLOAT8_TYPES:
        dtype = dtypes.result_type(dtype)
    _check_view(x, jnp.dtype(dtype))
    return x.view(dtype)


def _check_view(x, dtype):
    old, new = x.dtype.itemsize, dtype.itemsize
    if old != new and (x.ndim == 0 or (x.shape[-1] * old) % new):
        raise ValueError(
            f"`view`: cannot view a tensor of shape {x.shape} and dtype "
            f"{x.dtype} as {dtype}: the last axis must hold a whole number "
            "of the new items."
        )
