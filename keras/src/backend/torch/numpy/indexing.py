"""Indexing, sorting and searching functions on PyTorch."""

import numpy as np
import torch

from keras.src.backend.torch.core import convert_to_tensor
from keras.src.backend.torch.core import promote

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

# Unsigned types that many CPU kernels lack; computed in int64 instead.
_WIDE_UINTS = (torch.uint16, torch.uint32, torch.uint64)


def _widen(x):
    return x.to(torch.int64) if x.dtype in _WIDE_UINTS else x


def argpartition(x, kth, axis=-1):
    # A stable full sort is a valid partition for every `kth`, and gives
    # the same indices on every backend.
    return argsort(x, axis=axis)


def argsort(x, axis=-1):
    x = _widen(convert_to_tensor(x))
    if axis is None or x.ndim == 0:
        x, axis = x.reshape(-1), -1
    return torch.argsort(x, dim=axis, stable=True).to(torch.int32)


def sort(x, axis=-1):
    x = convert_to_tensor(x)
    dtype = x.dtype
    if axis is None or x.ndim == 0:
        x, axis = x.reshape(-1), -1
    return torch.sort(_widen(x), dim=axis, stable=True).values.to(dtype)


def diag(x, k=0):
    x = convert_to_tensor(x)
    if x.ndim not in (1, 2):
        raise ValueError(
            f"`diag` takes a 1-D or 2-D tensor. Received: shape={x.shape}"
        )
    return torch.diag(x, diagonal=k)


def diagflat(x, k=0):
    return torch.diagflat(convert_to_tensor(x), offset=k)


def diagonal(x, offset=0, axis1=0, axis2=1):
    x = convert_to_tensor(x)
    return torch.diagonal(x, offset=offset, dim1=axis1, dim2=axis2)


def digitize(x, bins):
    x, bins = promote(x, bins)
    x, bins = _searchable(x), _searchable(bins)
    increasing = torch.searchsorted(bins, x, right=True, out_int32=True)
    # NumPy also takes decreasing bins: count them from the other end.
    decreasing = bins.shape[0] - torch.searchsorted(
        bins.flip(0), x, right=True, out_int32=True
    )
    if bins.shape[0] < 2:
        return increasing
    return torch.where(bins[-1] < bins[0], decreasing, increasing)


def _searchable(x):
    # searchsorted has no bool or wide unsigned kernels on CPU.
    if x.dtype == torch.bool:
        return x.to(torch.uint8)
    return _widen(x).contiguous()


def searchsorted(sorted_sequence, values, side="left"):
    sorted_sequence, values = promote(sorted_sequence, values)
    if sorted_sequence.ndim != 1:
        raise ValueError(
            "`searchsorted` takes a 1-D `sorted_sequence`. Received: "
            f"shape={tuple(sorted_sequence.shape)}"
        )
    if side not in ("left", "right"):
        raise ValueError(
            "`searchsorted`: `side` must be 'left' or 'right'. "
            f"Received: side={side!r}"
        )
    return torch.searchsorted(
        _searchable(sorted_sequence),
        _searchable(values),
        side=side,
        out_int32=True,
    )


def isin(x1, x2, assume_unique=False, invert=False):
    x1, x2 = promote(x1, x2)
    x1, x2 = _searchable(x1), _searchable(x2)
    return torch.isin(x1, x2, assume_unique=assume_unique, invert=invert)


def nonzero(x):
    x = convert_to_tensor(x)
    if x.ndim == 0:
        raise ValueError("`nonzero` takes a tensor of rank 1 or more.")
    return tuple(
        i.to(torch.int32) for i in torch.nonzero(x, as_tuple=True)
    )


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
        result = torch.where(cond, choice, result)
    shape = torch.broadcast_shapes(
        *(c.shape for c in conds), *(c.shape for c in choices)
    )
    return result.broadcast_to(torch.broadcast_shapes(shape, result.shape))


def take(x, indices, axis=None):
    x = convert_to_tensor(x)
    indices = _as_int_indices(indices)
    if axis is None:
        x, axis = x.reshape(-1), 0
    axis = axis % x.ndim
    indices = _wrap_negative(indices, x.shape[axis])
    out = torch.index_select(x, axis, indices.reshape(-1))
    shape = x.shape[:axis] + indices.shape + x.shape[axis + 1:]
    return out.reshape(shape)


def take_along_axis(x, indices, axis=None):
    x = convert_to_tensor(x)
    indices = _as_int_indices(indices)
    if axis is None:
        x, axis = x.reshape(-1), 0
    indices = _wrap_negative(indices, x.shape[axis])
    dtype = x.dtype
    out = torch.take_along_dim(_widen(x), indices.long(), dim=axis)
    return out.to(dtype)


def _as_int_indices(indices):
    indices = convert_to_tensor(indices)
    if indices.dtype not in (torch.int32, torch.int64):
        indices = indices.to(torch.int64)
    return indices


def _wrap_negative(indices, size):
    return torch.where(indices < 0, indices + size, indices)


def tril(x, k=0):
    x = _at_least_2d("tril", x)
    return torch.tril(_widen(x), diagonal=k).to(x.dtype)


def triu(x, k=0):
    x = _at_least_2d("triu", x)
    return torch.triu(_widen(x), diagonal=k).to(x.dtype)


def _at_least_2d(name, x):
    x = convert_to_tensor(x)
    if x.ndim < 2:
        raise ValueError(
            f"`{name}` takes a tensor of rank 2 or more. Received: "
            f"shape={tuple(x.shape)}"
        )
    return x


def unravel_index(indices, shape):
    indices = convert_to_tensor(indices)
    coords = []
    rest = indices
    for dim in reversed(tuple(shape)):
        coords.append(torch.remainder(rest, dim))
        rest = torch.div(rest, dim, rounding_mode="floor")
    return tuple(reversed(coords))


def get_item(x, key):
    x = convert_to_tensor(x)
    key = key if isinstance(key, tuple) else (key,)
    key = tuple(_torch_key_item(k, x.device) for k in key)
    if any(isinstance(k, slice) and _negative_step(k) for k in key):
        x, key = _flip_negative_steps(x, key)
    if any(isinstance(k, torch.Tensor) and k.ndim for k in key):
        # NumPy reads plain ints beside index arrays as index arrays too,
        # which decides where the indexed dimensions go.
        key = tuple(
            torch.tensor([k], device=x.device) if _is_int(k) else k
            for k in key
        )
    return x[key]


def _is_int(k):
    return isinstance(k, (int, np.integer)) and not isinstance(k, bool)


def _torch_key_item(k, device):
    if isinstance(k, list):
        # `torch.as_tensor` (not NumPy) keeps list keys traceable by Dynamo.
        k = torch.as_tensor(k, device=device)
        return k if k.dtype == torch.bool else k.long()
    if isinstance(k, np.ndarray):
        array = k if k.dtype == np.bool_ else k.astype(np.int64)
        return torch.as_tensor(array, device=device)
    if isinstance(k, torch.Tensor) and k.dtype not in (
        torch.bool, torch.int64, torch.int32
    ):
        return k.to(torch.int64)
    return k


def _negative_step(k):
    return k.step is not None and not isinstance(k.step, torch.Tensor) and (
        k.step < 0
    )


def _flip_negative_steps(x, key):
    # torch slices only step forward: flip the dimension and slice it
    # forward from the mirrored start.
    ndim_left = x.ndim - sum(_dims_consumed(k) for k in key)
    dim, new_key = 0, []
    for k in key:
        if k is Ellipsis:
            dim += ndim_left
        elif isinstance(k, slice) and _negative_step(k):
            size = x.shape[dim]
            start, stop, step = k.indices(size)
            x = x.flip(dim)
            k = slice(size - 1 - start, size - 1 - stop, -step)
        new_key.append(k)
        dim += _dims_consumed(k)
    return x, tuple(new_key)


def _dims_consumed(k):
    if k is None or k is Ellipsis:
        return 0
    if isinstance(k, torch.Tensor) and k.dtype == torch.bool:
        return k.ndim
    return 1


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
    dtype = x.dtype
    values, inverse, counts = torch.unique(
        _widen(x), sorted=True, return_inverse=True, return_counts=True,
        dim=axis,
    )
    values = values.to(dtype)
    inverse = inverse.reshape(x.shape if axis is None else (-1,))
    index = _first_occurrences(inverse.reshape(-1), counts.shape[0])
    if size is not None:
        values, index, counts = _fit_unique_size(
            values, index, counts, axis, size, fill_value
        )
    outputs = [values]
    for flag, extra in (
        (return_index, index),
        (return_inverse, inverse),
        (return_counts, counts),
    ):
        if flag:
            outputs.append(extra.to(torch.int32))
    return outputs[0] if len(outputs) == 1 else tuple(outputs)


def _first_occurrences(inverse, count):
    positions = torch.arange(inverse.shape[0], device=inverse.device)
    first = torch.full((count,), inverse.shape[0], device=inverse.device)
    return first.scatter_reduce(0, inverse, positions, reduce="amin")


def _fit_unique_size(values, index, counts, axis, size, fill_value):
    # Pads (or cuts) the unique values to `size` entries, filling with
    # `fill_value`, or with the smallest unique value when it is `None`.
    axis = 0 if axis is None else axis
    found = values.shape[axis]
    if found >= size:
        return values.narrow(axis, 0, size), index[:size], counts[:size]
    pad_shape = list(values.shape)
    pad_shape[axis] = size - found
    if fill_value is None and found:
        filler = values.narrow(axis, 0, 1).expand(pad_shape)
    else:
        filler = torch.full(
            pad_shape, fill_value or 0, dtype=values.dtype,
            device=values.device,
        )
    values = torch.cat([values, filler], dim=axis)
    zeros = torch.zeros(size - found, dtype=index.dtype, device=index.device)
    return values, torch.cat([index, zeros]), torch.cat([counts, zeros])
