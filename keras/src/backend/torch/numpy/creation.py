"""Creation functions on PyTorch: constant tensors, ranges and windows."""

import math

import torch

from keras.src.backend import config
from keras.src.backend.common import dtypes
from keras.src.backend.torch.core import convert_to_tensor as _to_tensor
from keras.src.backend.torch.core import get_device as _get_device
from keras.src.backend.torch.core import to_torch_dtype as _torch_dtype
from keras.src.backend.common.creation_utils import ramp_dtype as _compute_dtype
from keras.src.backend.common.creation_utils import (
    ramp_work_dtype as _work_dtype,
)
from keras.src.backend.common.creation_utils import range_dtype as _range_dtype


def _like_dtype(x, dtype):
    return x.dtype if dtype is None else _torch_dtype(dtype)


def _shape(shape):
    if isinstance(shape, int):
        return (shape,)
    # Symbolic sizes (torch.export, captured steps) stay symbolic: `int()`
    # would fix them to the traced value.
    return tuple(
        d if isinstance(d, torch.SymInt) else int(d) for d in shape
    )


def _scalar(x):
    # Python number of a 0-d tensor or array (range bounds are static).
    if isinstance(x, torch.Tensor):
        if x.ndim:
            raise ValueError(f"Expected a scalar. Received: {x!r}")
        return x.item()
    if hasattr(x, "item"):
        return x.item()
    return x


def _as_int(x, name):
    if getattr(x, "ndim", 0):
        raise ValueError(f"`{name}` must be a scalar. Received: {x!r}")
    return int(x)


def array(x, dtype=None):
    return _to_tensor(x, dtype=dtype)


def arange(start, stop=None, step=None, dtype=None):
    natural = _range_dtype(start, stop, step)
    if stop is None:
        start, stop = 0, start
    if step is None:
        step = 1
    start, stop, step = _scalar(start), _scalar(stop), _scalar(step)
    if step == 0:
        raise ValueError("`arange`: `step` must be nonzero.")
    dtype = _torch_dtype(natural if dtype is None else dtype)
    return torch.arange(start, stop, step, dtype=dtype, device=_get_device())


def empty(shape, dtype=None):
    return zeros(shape, dtype=dtype)


def empty_like(x, dtype=None):
    return zeros_like(x, dtype=dtype)


def zeros(shape, dtype=None):
    return torch.zeros(
        _shape(shape), dtype=_torch_dtype(dtype), device=_get_device()
    )


def ones(shape, dtype=None):
    return torch.ones(
        _shape(shape), dtype=_torch_dtype(dtype), device=_get_device()
    )


def full(shape, fill_value, dtype=None):
    fill_value = _to_tensor(fill_value, dtype=dtypes.standardize_dtype(dtype))
    return fill_value.expand(_shape(shape)).clone()


def zeros_like(x, dtype=None):
    x = _to_tensor(x)
    return torch.zeros_like(x, dtype=_like_dtype(x, dtype))


def ones_like(x, dtype=None):
    x = _to_tensor(x)
    return torch.ones_like(x, dtype=_like_dtype(x, dtype))


def full_like(x, fill_value, dtype=None):
    x = _to_tensor(x)
    fill_value = _to_tensor(fill_value, dtype=_like_dtype(x, dtype))
    return fill_value.to(x.device).expand(x.shape).clone()


def _rows_and_cols(N, M, k):
    # Row index + k and column index, shaped to broadcast to (N, M).
    M = N if M is None else M
    device = _get_device()
    rows = torch.arange(N, device=device)[:, None]
    cols = torch.arange(M, device=device)[None, :]
    return rows + k, cols


def eye(N, M=None, k=0, dtype=None):
    rows, cols = _rows_and_cols(N, M, k)
    return (rows == cols).to(_torch_dtype(dtype))


def identity(n, dtype=None):
    return eye(n, dtype=dtype)


def tri(N, M=None, k=0, dtype=None):
    rows, cols = _rows_and_cols(N, M, k)
    return (rows >= cols).to(_torch_dtype(dtype))


def _ramp(start, stop, num, endpoint, axis, dtype):
    num = _as_int(num, "num")
    if num < 0:
        raise ValueError(f"`num` must be non-negative. Received: {num}")
    start, stop = torch.broadcast_tensors(
        _to_tensor(start, dtype=dtype), _to_tensor(stop, dtype=dtype)
    )
    delta = stop - start
    steps = torch.arange(num, dtype=start.dtype, device=start.device)
    steps = steps.reshape((-1,) + (1,) * delta.ndim)
    div = num - 1 if endpoint else num
    if div > 0:
        step = delta / div
        samples = start + steps * step
    else:
        step = torch.full_like(delta, math.nan)
        samples = start + steps * delta
    if endpoint and num > 1:
        samples = torch.cat([samples[:-1], stop[None]], dim=0)
    return torch.movedim(samples, 0, axis), step


def _cast_result(values, dtype, floor):
    dtype = dtypes.standardize_dtype(dtype)
    if floor and not (dtypes.is_float_dtype(dtype) or "complex" in dtype):
        values = torch.floor(values)
    return values.to(_torch_dtype(dtype))


def linspace(
    start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0
):
    compute = _compute_dtype(start, stop)
    work = _work_dtype(compute, dtype)
    samples, step = _ramp(start, stop, num, endpoint, axis, work)
    samples = _cast_result(samples, dtype or compute, floor=True)
    if retstep:
        return samples, step.to(_torch_dtype(compute))
    return samples


def logspace(start, stop, num=50, endpoint=True, base=10, dtype=None, axis=0):
    compute = _compute_dtype(start, stop)
    work = _work_dtype(compute, dtype)
    exponents, _ = _ramp(start, stop, num, endpoint, axis, work)
    base = _to_tensor(base, dtype=work).to(exponents.device)
    values = torch.pow(base, exponents)
    return _cast_result(values, dtype or compute, floor=False)


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    compute = _compute_dtype(start, stop)
    work = _work_dtype(compute, dtype)
    start, stop = torch.broadcast_tensors(
        _to_tensor(start, dtype=work), _to_tensor(stop, dtype=work)
    )
    sign = torch.sign(start)
    valid = sign * torch.sign(stop) > 0
    exponents, _ = _ramp(
        torch.log10(start.abs()), torch.log10(stop.abs()), num, endpoint,
        0, work,
    )
    values = torch.pow(10.0, exponents)
    if values.shape[0]:
        ends = [start.abs()[None], values[1:]]
        values = torch.cat(ends, dim=0)
        if endpoint and values.shape[0] > 1:
            values = torch.cat([values[:-1], stop.abs()[None]], dim=0)
    values = torch.where(valid, values * sign, math.nan)
    values = torch.movedim(values, 0, axis)
    return _cast_result(values, dtype or compute, floor=False)


def _window(fn, x, **kwargs):
    return fn(
        _as_int(x, "x"), periodic=False, dtype=_torch_dtype(config.floatx()),
        device=_get_device(), **kwargs,
    )


def bartlett(x):
    return _window(torch.bartlett_window, x)


def blackman(x):
    return _window(torch.blackman_window, x)


def hamming(x):
    return _window(torch.hamming_window, x)


def hanning(x):
    return _window(torch.hann_window, x)


def kaiser(x, beta):
    return _window(torch.kaiser_window, x, beta=float(beta))


def meshgrid(*x, indexing="xy"):
    if indexing not in ("xy", "ij"):
        raise ValueError(
            "`meshgrid`: `indexing` must be 'xy' or 'ij'. "
            f"Received: indexing={indexing!r}"
        )
    arrays = [_to_tensor(v).reshape(-1) for v in x]
    axes = list(range(len(arrays)))
    if indexing == "xy" and len(arrays) > 1:
        axes[0], axes[1] = 1, 0
    shape = [0] * len(arrays)
    for a, axis in zip(arrays, axes):
        shape[axis] = a.shape[0]
    grids = []
    for a, axis in zip(arrays, axes):
        view = [1] * len(arrays)
        view[axis] = -1
        grids.append(a.reshape(view).expand(shape))
    return grids


def vander(x, N=None, increasing=False):
    x = _to_tensor(x)
    if x.ndim != 1:
        raise ValueError(
            f"`vander`: `x` must be 1-D. Received: x.shape={tuple(x.shape)}"
        )
    work = x.to(torch.uint8) if x.dtype == torch.bool else x
    return torch.vander(work, N, increasing=increasing).to(x.dtype)
