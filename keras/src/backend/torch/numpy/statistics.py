"""Statistics (quantiles, histograms, correlations) on PyTorch."""

import torch

from keras.src.backend.common import dtypes
from keras.src.backend.torch.core import KERAS_DTYPES
from keras.src.backend.torch.core import convert_to_tensor
from keras.src.backend.torch.core import to_torch_dtype
from keras.src.backend.common.statistics_utils import (
    bincount_dtype as _bincount_dtype,
)

__all__ = [
    "average",
    "bincount",
    "corrcoef",
    "correlate",
    "histogram",
    "median",
    "nanmedian",
    "nanpercentile",
    "nanquantile",
    "percentile",
    "quantile",
    "trapezoid",
]

_METHODS = ("linear", "lower", "higher", "midpoint", "nearest")


def _float_dtype(*tensors_or_values):
    """The torch dtype of a float function of these tensors (Python
    scalars are weak)."""
    names = [
        KERAS_DTYPES[v.dtype] if isinstance(v, torch.Tensor)
        else dtypes.dtype_of(v)
        for v in tensors_or_values
    ]
    return to_torch_dtype(dtypes.result_type(*names, float))


def _compute_dtype(dtype):
    # 16-bit floats are accumulated in float32.
    if dtype in (torch.float16, torch.bfloat16):
        return torch.float32
    return dtype


def _to_last_axis(x, axis):
    """Moves the `axis` dims of `x` to one last axis; returns it and the
    reduced axes (non-negative)."""
    ndim = x.ndim
    if axis is None:
        axes = tuple(range(ndim))
    elif isinstance(axis, int):
        axes = (axis % ndim,)
    else:
        axes = tuple(sorted(a % ndim for a in axis))
    kept = [i for i in range(ndim) if i not in axes]
    x = x.permute(kept + list(axes))
    return x.reshape(tuple(x.shape[: len(kept)]) + (-1,)), axes


def _quantile(x, q, axis, method, keepdims, skip_nans):
    """Quantiles by sorting; NaNs sort last and are either skipped or make
    their slice NaN, as in NumPy."""
    if method not in _METHODS:
        raise ValueError(
            f"`method` must be one of {_METHODS}. Received: {method!r}"
        )
    x = convert_to_tensor(x)
    dtype = _float_dtype(x)
    shape = x.shape
    x, axes = _to_last_axis(x.to(_compute_dtype(dtype)), axis)
    q = convert_to_tensor(q).to(device=x.device, dtype=x.dtype)
    nan = torch.isnan(x)
    x = torch.sort(torch.where(nan, torch.inf, x), dim=-1).values
    if skip_nans:
        n = torch.sum(~nan, dim=-1, keepdim=True, dtype=x.dtype)
    else:
        n = torch.tensor(x.shape[-1], dtype=x.dtype, device=x.device)
    top = torch.clamp(n - 1, min=0)
    pos = torch.minimum(torch.clamp(q.reshape(-1) * (n - 1), min=0), top)
    out = _interpolate(x, pos, method)
    missing = n == 0 if skip_nans else torch.any(nan, dim=-1, keepdim=True)
    out = torch.where(missing, torch.nan, out)
    out = torch.movedim(out, -1, 0)
    if keepdims:
        out = out.reshape(out.shape[:1] + tuple(
            1 if i in axes else d for i, d in enumerate(shape)))
    out = out.reshape(q.shape + out.shape[1:])
    return out.to(dtype)


def _interpolate(x, pos, method):
    """Values at fractional positions `pos` of the sorted last axis."""
    if method == "nearest":
        low = high = torch.round(pos)
    else:
        low, high = torch.floor(pos), torch.ceil(pos)
    size = x.shape[:-1] + pos.shape[-1:]
    low_v = torch.take_along_dim(
        x, low.to(torch.int64).expand(size), dim=-1)
    high_v = torch.take_along_dim(
        x, high.to(torch.int64).expand(size), dim=-1)
    if method in ("lower", "nearest"):
        return low_v
    if method == "higher":
        return high_v
    if method == "midpoint":
        return (low_v + high_v) / 2
    step = (high_v - low_v) * (pos - low)
    return torch.where(high_v == low_v, low_v, low_v + step)


def quantile(x, q, axis=None, method="linear", keepdims=False):
    return _quantile(x, q, axis, method, keepdims, skip_nans=False)


def nanquantile(x, q, axis=None, method="linear", keepdims=False):
    return _quantile(x, q, axis, method, keepdims, skip_nans=True)


def percentile(x, q, axis=None, method="linear", keepdims=False):
    q = convert_to_tensor(q).to(torch.float32) / 100
    return _quantile(x, q, axis, method, keepdims, skip_nans=False)


def nanpercentile(x, q, axis=None, method="linear", keepdims=False):
    q = convert_to_tensor(q).to(torch.float32) / 100
    return _quantile(x, q, axis, method, keepdims, skip_nans=True)


def median(x, axis=None, keepdims=False):
    return _quantile(x, 0.5, axis, "linear", keepdims, skip_nans=False)


def nanmedian(x, axis=None, keepdims=False):
    return _quantile(x, 0.5, axis, "linear", keepdims, skip_nans=True)


def _dims(axis):
    return tuple(axis) if isinstance(axis, list) else axis


def average(x, axis=None, weights=None):
    x = convert_to_tensor(x)
    if weights is None:
        dtype = _float_dtype(x)
        out = torch.mean(x.to(_compute_dtype(dtype)), dim=_dims(axis))
        return out.to(dtype)
    weights = convert_to_tensor(weights)
    dtype = _float_dtype(x, weights)
    compute = _compute_dtype(dtype)
    x, weights = x.to(compute), weights.to(compute)
    weights = _weights_along(weights, tuple(x.shape), axis)
    total = torch.sum(weights.expand(x.shape), dim=_dims(axis))
    return (torch.sum(x * weights, dim=_dims(axis)) / total).to(dtype)


def _weights_along(weights, shape, axis):
    """Reshapes 1-D `weights` to broadcast along `axis` of `shape`."""
    if tuple(weights.shape) == shape:
        return weights
    if isinstance(axis, int) and tuple(weights.shape) == (shape[axis],):
        axis = axis % len(shape)
        return weights.reshape((-1,) + (1,) * (len(shape) - axis - 1))
    raise ValueError(
        "`average`: `weights` must have the shape of `x`, or be 1-D with "
        f"the length of `x` along an int `axis`. Received: x.shape={shape}, "
        f"weights.shape={tuple(weights.shape)}, axis={axis}"
    )


def bincount(x, weights=None, minlength=0, sparse=False):
    if sparse:
        raise ValueError(
            "`bincount`: `sparse=True` is not supported by the torch backend."
        )
    x = convert_to_tensor(x).to(torch.int64)
    # The output length depends on the values, so it is read eagerly.
    length = max(int(x.max()) + 1 if x.numel() else 0, minlength)
    if weights is None:
        dtype, weights = torch.int32, torch.ones_like(x, dtype=torch.int32)
    else:
        weights = convert_to_tensor(weights)
        dtype = to_torch_dtype(_bincount_dtype(KERAS_DTYPES[weights.dtype]))
        weights = weights.to(dtype)
    rows = x.shape[0] if x.ndim == 2 else 1
    offsets = torch.arange(rows, device=x.device) * length
    flat = (x + offsets.reshape((-1,) + (1,) * (x.ndim - 1))).reshape(-1)
    out = torch.zeros(rows * length, dtype=dtype, device=x.device)
    out = out.index_add(0, flat, weights.reshape(-1))
    return out.reshape(tuple(x.shape[:-1]) + (length,))


def histogram(x, bins=10, range=None):
    x = convert_to_tensor(x)
    dtype = _float_dtype(x)
    compute = _compute_dtype(dtype)
    values = x.to(compute)
    if range is not None:
        low, high = range
    elif values.numel():
        low, high = torch.min(values), torch.max(values)
    else:
        low, high = 0.0, 1.0
    low = torch.as_tensor(low, dtype=compute, device=values.device)
    high = torch.as_tensor(high, dtype=compute, device=values.device)
    # An empty range widens to one unit around its value, as in NumPy.
    widen = torch.where(low == high, 0.5, 0.0).to(compute)
    low, high = low - widen, high + widen
    steps = torch.arange(bins + 1, dtype=compute, device=values.device)
    edges = low + (high - low) * (steps / bins)
    index = torch.searchsorted(edges, values, right=True) - 1
    index = torch.where(values == edges[-1], bins - 1, index)
    inside = (index >= 0) & (index < bins)
    counts = torch.zeros(bins + 1, dtype=torch.int32, device=values.device)
    counts = counts.index_add(
        0, torch.where(inside, index, bins),
        torch.ones_like(index, dtype=torch.int32),
    )
    # Counts in the edges' dtype, as upstream's torch backend.
    edges = edges.to(dtype)
    return counts[:bins].to(edges.dtype), edges


def _correlate_real(a, v):
    """Full cross-correlation of real 1-D `a` and `v`, as one conv1d."""
    pad = v.shape[0] - 1
    out = torch.nn.functional.conv1d(
        a.reshape(1, 1, -1), v.reshape(1, 1, -1), padding=pad
    )
    return out.reshape(-1)


def correlate(x1, x2, mode="valid"):
    x1, x2 = convert_to_tensor(x1), convert_to_tensor(x2)
    dtype = _float_dtype(x1, x2)
    compute = _compute_dtype(dtype)
    x1, x2 = x1.to(compute), x2.to(compute)
    if x1.is_complex():
        ar, ai, vr, vi = x1.real, x1.imag, x2.real, x2.imag
        full = torch.complex(
            _correlate_real(ar, vr) + _correlate_real(ai, vi),
            _correlate_real(ai, vr) - _correlate_real(ar, vi),
        )
    else:
        full = _correlate_real(x1, x2)
    n, m = x1.shape[0], x2.shape[0]
    if mode == "full":
        return full.to(dtype)
    if mode == "valid":
        start, length = min(n, m) - 1, abs(n - m) + 1
    else:
        start, length = ((m - 1) // 2 if n >= m else n // 2), max(n, m)
    return full[start: start + length].to(dtype)


def corrcoef(x):
    x = convert_to_tensor(x)
    dtype = _float_dtype(x)
    rows = x.to(_compute_dtype(dtype)).reshape(-1, x.shape[-1])
    centered = rows - torch.mean(rows, dim=1, keepdim=True)
    cov = centered @ centered.conj().T
    std = torch.sqrt(torch.diagonal(cov).real).to(cov.dtype)
    out = cov / std[:, None] / std[None, :]
    if not out.is_complex():
        out = torch.clamp(out, -1, 1)
    return (out.reshape(()) if x.ndim == 1 else out).to(dtype)


def trapezoid(y, x=None, dx=1.0, axis=-1):
    y = convert_to_tensor(y)
    axis = axis % y.ndim
    if x is None:
        dtype = _float_dtype(y, dx)
        d = torch.as_tensor(dx, device=y.device).to(_compute_dtype(dtype))
    else:
        x = convert_to_tensor(x)
        dtype = _float_dtype(y, x)
        x = x.to(_compute_dtype(dtype))
        if x.ndim == 1:
            d = torch.diff(x).reshape((-1,) + (1,) * (y.ndim - axis - 1))
        else:
            d = torch.diff(x, dim=axis)
    y = y.to(_compute_dtype(dtype))
    n = y.shape[axis]
    pairs = (y.narrow(axis, 1, n - 1) + y.narrow(axis, 0, n - 1)) / 2.0
    return torch.sum(d * pairs, dim=axis).to(dtype)
