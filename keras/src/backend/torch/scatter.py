"""Scatter and dynamic slices on PyTorch: `scatter`, `scatter_update`,
`slice` and `slice_update`."""

import builtins

import torch

from keras.src.backend.torch.conversion import convert_to_tensor


def _index_tuple(indices):
    """Splits `indices` of shape `(..., k)` into `k` index tensors."""
    return tuple(convert_to_tensor(indices).unbind(-1))


def scatter(indices, values, shape):
    """Returns a zero tensor of `shape` with `values` added at `indices`."""
    values = convert_to_tensor(values)
    result = torch.zeros(
        tuple(int(d) for d in shape), dtype=values.dtype,
        device=values.device,
    )
    return result.index_put_(_index_tuple(indices), values, accumulate=True)


_SCATTER_REDUCTIONS = {"max": "amax", "min": "amin", "mul": "prod"}


def _scatter_reduce(result, index, updates, reduction):
    """Combines `updates` into `result` in place at `index` (a tuple of
    `k` index tensors), through a view whose first `k` dims are one."""
    outer, rest = result.shape[:len(index)], result.shape[len(index):]
    linear = torch.zeros_like(index[0])
    for i, dim in zip(index, outer):
        linear = linear * dim + torch.remainder(i, dim)
    flat = result.view((-1,) + tuple(rest))
    source = updates.reshape((-1,) + tuple(rest))
    linear = linear.reshape((-1,) + (1,) * len(rest)).expand_as(source)
    flat.scatter_reduce_(
        0, linear.long(), source, _SCATTER_REDUCTIONS[reduction],
        include_self=True,
    )
    return result


def scatter_update(inputs, indices, updates, reduction=None):
    """Returns `inputs` with `updates` written (or combined with
    `reduction`) at `indices`."""
    inputs = convert_to_tensor(inputs)
    updates = convert_to_tensor(updates, inputs.dtype)
    index = _index_tuple(indices)
    result = inputs.clone()
    if reduction is None:
        return result.index_put_(index, updates)
    if reduction == "add":
        return result.index_put_(index, updates, accumulate=True)
    return _scatter_reduce(result, index, updates, reduction)


def _clamp(value, low, high):
    if isinstance(value, torch.Tensor):
        return torch.clamp(value, low, high)
    return builtins.min(builtins.max(int(value), low), high)


def _starts(start_indices):
    if isinstance(start_indices, torch.Tensor):
        return start_indices.unbind(0)
    return start_indices


def _window_start(start, dim):
    """A start index counted from the end when negative, then clamped to
    the dimension (as `jax.lax.dynamic_slice` does)."""
    if isinstance(start, torch.Tensor):
        return _clamp(torch.where(start < 0, start + dim, start), 0, dim)
    start = int(start)
    return _clamp(start + dim if start < 0 else start, 0, dim)


def slice(inputs, start_indices, shape):
    """Returns the block of `inputs` of `shape` (`-1`: up to the end)
    starting at `start_indices`, moved inside `inputs` where needed."""
    inputs = convert_to_tensor(inputs)
    result = inputs
    for axis, (start, size) in enumerate(zip(_starts(start_indices), shape)):
        dim = inputs.shape[axis]
        start = _window_start(start, dim)
        if size == -1:
            size = dim - int(start)
        start = _clamp(start, 0, dim - size)
        result = result.narrow(axis, start, size)
    return result


def slice_update(inputs, start_indices, updates):
    """Returns `inputs` with `updates` written at `start_indices`, moved
    inside `inputs` where needed."""
    inputs = convert_to_tensor(inputs)
    updates = convert_to_tensor(updates, inputs.dtype)
    result = inputs.clone()
    window = result
    for axis, start in enumerate(_starts(start_indices)):
        size, dim = updates.shape[axis], inputs.shape[axis]
        start = _clamp(_window_start(start, dim), 0, dim - size)
        window = window.narrow(axis, start, size)
    window.copy_(updates)
    return result
