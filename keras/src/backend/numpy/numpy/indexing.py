"""Indexing, sorting and searching functions on NumPy."""

import numpy as np

from keras.src.backend.common import dtypes
from keras.src.backend.common.math_utils import numpy_unique
from keras.src.backend.numpy.core import convert_to_tensor

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


def argpartition(x, kth, axis=-1):
    # A stable full sort is a valid partition for every `kth`, and gives
    # the same indices on every backend.
    return argsort(x, axis=axis)


def argsort(x, axis=-1):
    x = convert_to_tensor(x)
    if axis is None or x.ndim == 0:
        x, axis = x.reshape(-1), -1
    return np.argsort(x, axis=axis, kind="stable").astype("int32")


def sort(x, axis=-1):
    x = convert_to_tensor(x)
    if axis is None or x.ndim == 0:
        x, axis = x.reshape(-1), -1
    return np.sort(x, axis=axis, kind="stable")


def diag(x, k=0):
    x = convert_to_tensor(x)
    if x.ndim not in (1, 2):
        raise ValueError(
            f"`diag` takes a 1-D or 2-D tensor. Received: shape={x.shape}"
        )
    return np.diag(x, k=k)


def diagflat(x, k=0):
    return np.diagflat(convert_to_tensor(x), k=k)


def diagonal(x, offset=0, axis1=0, axis2=1):
    x = convert_to_tensor(x)
    return np.diagonal(x, offset=offset, axis1=axis1, axis2=axis2).copy()


def digitize(x, bins):
    x = convert_to_tensor(x)
    bins = convert_to_tensor(bins)
    dtype = dtypes.result_type(x.dtype, bins.dtype)
    return np.digitize(x.astype(dtype), bins.astype(dtype)).astype("int32")


def searchsorted(sorted_sequence, values, side="left"):
    sorted_sequence = convert_to_tensor(sorted_sequence)
    values = convert_to_tensor(values)
    if sorted_sequence.ndim != 1:
        raise ValueError(
            "`searchsorted` takes a 1-D `sorted_sequence`. Received: "
            f"shape={sorted_sequence.shape}"
        )
    _check_side(side)
    dtype = dtypes.result_type(sorted_sequence.dtype, values.dtype)
    out = np.searchsorted(
        sorted_sequence.astype(dtype), values.astype(dtype), side=side
    )
    return out.astype("int32")


def _check_side(side):
    if side not in ("left", "right"):
        raise ValueError(
            "`searchsorted`: `side` must be 'left' or 'right'. "
            f"Received: side={side!r}"
        )


def isin(x1, x2, assume_unique=False, invert=False):
    x1 = convert_to_tensor(x1)
    x2 = convert_to_tensor(x2)
    return np.isin(x1, x2, assume_unique=assume_unique, invert=invert)


def nonzero(x):
    x = convert_to_tensor(x)
    if x.ndim == 0:
        raise ValueError("`nonzero` takes a tensor of rank 1 or more.")
    return tuple(i.astype("int32") for i in np.nonzero(x))


def select(condlist, choicelist, default=0):
    if len(condlist) != len(choicelist) or not condlist:
        raise ValueError(
            "`select`: `condlist` and `choicelist` must be non-empty and of "
            f"the same length. Received: {len(condlist)} conditions and "
            f"{len(choicelist)} choices."
        )
    dtype = dtypes.result_type(
        *(dtypes.dtype_of(c) for c in choicelist), dtypes.dtype_of(default)
    )
    conds = [convert_to_tensor(c, "bool") for c in condlist]
    choices = [convert_to_tensor(c, dtype) for c in choicelist]
    return np.select(conds, choices, convert_to_tensor(default, dtype))


def take(x, indices, axis=None):
    x = convert_to_tensor(x)
    indices = _as_int_indices(indices)
    return np.take(x, indices, axis=axis)


def take_along_axis(x, indices, axis=None):
    x = convert_to_tensor(x)
    indices = _as_int_indices(indices)
    if axis is None:
        return np.take_along_axis(x.reshape(-1), indices, axis=0)
    axis = axis % x.ndim
    # The non-`axis` dimensions broadcast; the `axis` ones stay apart.
    x_dims, i_dims = list(x.shape), list(indices.shape)
    x_dims[axis] = i_dims[axis] = 1
    shape = list(np.broadcast_shapes(tuple(x_dims), tuple(i_dims)))
    x_shape, i_shape = list(shape), list(shape)
    x_shape[axis], i_shape[axis] = x.shape[axis], indices.shape[axis]
    x = np.broadcast_to(x, x_shape)
    indices = np.broadcast_to(indices, i_shape)
    return np.take_along_axis(x, indices, axis=axis)


def _as_int_indices(indices):
    indices = convert_to_tensor(indices)
    if indices.dtype.kind not in "iu":
        indices = indices.astype("int32")
    return indices


def tril(x, k=0):
    x = _at_least_2d("tril", x)
    return np.tril(x, k=k)


def triu(x, k=0):
    x = _at_least_2d("triu", x)
    return np.triu(x, k=k)


def _at_least_2d(name, x):
    x = convert_to_tensor(x)
    if x.ndim < 2:
        raise ValueError(
            f"`{name}` takes a tensor of rank 2 or more. Received: "
            f"shape={x.shape}"
        )
    return x


def unravel_index(indices, shape):
    indices = convert_to_tensor(indices)
    coords = np.unravel_index(indices, shape)
    return tuple(np.asarray(c, dtype=indices.dtype) for c in coords)


def get_item(x, key):
    x = convert_to_tensor(x)
    if isinstance(key, list):
        key = np.asarray(key)
    return x[key]


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
    return numpy_unique(
        convert_to_tensor(x), return_index, return_inverse, return_counts,
        axis, size, fill_value,
    )
