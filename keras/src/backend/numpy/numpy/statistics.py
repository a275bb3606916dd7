"""Statistics (quantiles, histograms, correlations) on NumPy."""

import warnings

import numpy as np

from keras.src.backend.common import dtypes
from keras.src.backend.numpy.core import convert_to_tensor
from keras.src.backend.common.statistics_utils import (
    accumulation_dtype as _compute_dtype,
)
from keras.src.backend.common.statistics_utils import (
    bincount_dtype as _bincount_dtype,
)
from keras.src.backend.common.statistics_utils import (
    float_dtype as _float_dtype,
)
from keras.src.backend.common.statistics_utils import (
    weights_along as _weights_along,
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


def _quantile(x, q, axis, method, keepdims, skip_nans):
    if method not in _METHODS:
        raise ValueError(
            f"`method` must be one of {_METHODS}. Received: {method!r}"
        )
    x = convert_to_tensor(x)
    dtype = _float_dtype(dtypes.standardize_dtype(x.dtype))
    x = x.astype(_compute_dtype(dtype))
    q = np.asarray(q, dtype=x.dtype)
    axis = tuple(axis) if isinstance(axis, list) else axis
    fn = np.nanquantile if skip_nans else np.quantile
    with warnings.catch_warnings():
        # Slices of NaNs only give NaN, silently.
        warnings.simplefilter("ignore", RuntimeWarning)
        out = fn(x, q, axis=axis, method=method, keepdims=keepdims)
    return np.asarray(out).astype(dtype)


def quantile(x, q, axis=None, method="linear", keepdims=False):
    return _quantile(x, q, axis, method, keepdims, skip_nans=False)


def nanquantile(x, q, axis=None, method="linear", keepdims=False):
    return _quantile(x, q, axis, method, keepdims, skip_nans=True)


def percentile(x, q, axis=None, method="linear", keepdims=False):
    q = np.asarray(q, dtype="float64") / 100
    return _quantile(x, q, axis, method, keepdims, skip_nans=False)


def nanpercentile(x, q, axis=None, method="linear", keepdims=False):
    q = np.asarray(q, dtype="float64") / 100
    return _quantile(x, q, axis, method, keepdims, skip_nans=True)


def median(x, axis=None, keepdims=False):
    return _quantile(x, 0.5, axis, "linear", keepdims, skip_nans=False)


def nanmedian(x, axis=None, keepdims=False):
    return _quantile(x, 0.5, axis, "linear", keepdims, skip_nans=True)


def average(x, axis=None, weights=None):
    x = convert_to_tensor(x)
    if weights is None:
        dtype = _float_dtype(dtypes.standardize_dtype(x.dtype))
        axis = tuple(axis) if isinstance(axis, list) else axis
        out = np.mean(x, axis=axis, dtype=_compute_dtype(dtype))
        return np.asarray(out).astype(dtype)
    weights = convert_to_tensor(weights)
    dtype = _float_dtype(dtypes.standardize_dtype(x.dtype),
                         dtypes.standardize_dtype(weights.dtype))
    compute = _compute_dtype(dtype)
    x, weights = x.astype(compute), weights.astype(compute)
    weights = _weights_along(weights, x.shape, axis)
    axis = tuple(axis) if isinstance(axis, list) else axis
    total = np.sum(np.broadcast_to(weights, x.shape), axis=axis)
    return np.asarray(np.sum(x * weights, axis=axis) / total).astype(dtype)


def bincount(x, weights=None, minlength=0, sparse=False):
    if sparse:
        raise ValueError(
            "`bincount`: `sparse=True` is not supported by the numpy backend."
        )
    x = convert_to_tensor(x)
    if weights is None:
        dtype = "int32"
    else:
        weights = convert_to_tensor(weights)
        dtype = _bincount_dtype(dtypes.standardize_dtype(weights.dtype))
        weights = weights.astype("float64").reshape(-1)
    rows = x.shape[0] if x.ndim == 2 else 1
    length = max(int(x.max()) + 1 if x.size else 0, minlength)
    offsets = (np.arange(rows) * length).reshape((-1,) + (1,) * (x.ndim - 1))
    flat = (x.astype("int64") + offsets).reshape(-1)
    out = np.bincount(flat, weights=weights, minlength=rows * length)
    return out.reshape(x.shape[:-1] + (length,)).astype(dtype)


def histogram(x, bins=10, range=None):
    x = convert_to_tensor(x)
    dtype = _float_dtype(dtypes.standardize_dtype(x.dtype))
    compute = _compute_dtype(dtype)
    values = x.astype(compute)
    if range is not None:
        low, high = range
    elif values.size:
        low, high = values.min(), values.max()
    else:
        low, high = 0.0, 1.0
    low, high = np.asarray(low, compute), np.asarray(high, compute)
    if low == high:
        low, high = low - 0.5, high + 0.5
    steps = np.arange(bins + 1, dtype=compute) / np.asarray(bins, compute)
    edges = low + (high - low) * steps
    index = np.searchsorted(edges, values, side="right") - 1
    index = np.where(values == edges[-1], bins - 1, index)
    inside = (index >= 0) & (index < bins)
    counts = np.bincount(index[inside], minlength=bins)
    # int64 counts, as upstream's numpy backend gives them.
    return counts.astype("int64"), edges.astype(dtype)


def correlate(x1, x2, mode="valid"):
    x1, x2 = convert_to_tensor(x1), convert_to_tensor(x2)
    dtype = _float_dtype(dtypes.standardize_dtype(x1.dtype),
                         dtypes.standardize_dtype(x2.dtype))
    compute = _compute_dtype(dtype)
    out = np.correlate(x1.astype(compute), x2.astype(compute), mode=mode)
    return out.astype(dtype)


def corrcoef(x):
    x = convert_to_tensor(x)
    dtype = _float_dtype(dtypes.standardize_dtype(x.dtype))
    rows = x.astype(_compute_dtype(dtype)).reshape((-1, x.shape[-1]))
    centered = rows - rows.mean(axis=1, keepdims=True)
    cov = centered @ centered.conj().T
    std = np.sqrt(np.diagonal(cov).real)
    with np.errstate(invalid="ignore", divide="ignore"):
        out = cov / std[:, None] / std[None, :]
    if out.dtype.kind == "f":
        out = np.clip(out, -1, 1)
    return out.reshape(() if x.ndim == 1 else out.shape).astype(dtype)


def trapezoid(y, x=None, dx=1.0, axis=-1):
    y = convert_to_tensor(y)
    axis = axis % y.ndim
    y_dtype = dtypes.standardize_dtype(y.dtype)
    if x is None:
        dtype = _float_dtype(y_dtype, dtypes.dtype_of(dx))
        d = np.asarray(dx).astype(_compute_dtype(dtype))
    else:
        x = convert_to_tensor(x)
        dtype = _float_dtype(y_dtype, dtypes.standardize_dtype(x.dtype))
        x = x.astype(_compute_dtype(dtype))
        if x.ndim == 1:
            d = np.diff(x).reshape((-1,) + (1,) * (y.ndim - axis - 1))
        else:
            d = np.diff(x, axis=axis)
    y = y.astype(_compute_dtype(dtype))
    n = y.shape[axis]
    head = np.take(y, np.arange(1, n), axis=axis)
    tail = np.take(y, np.arange(0, n - 1), axis=axis)
    out = np.sum(d * (head + tail) / 2.0, axis=axis)
    return np.asarray(out).astype(dtype)
