"""Statistics (quantiles, histograms, correlations) on JAX."""

import functools

import jax
import jax.numpy as jnp

from keras.src.backend.common import dtypes
from keras.src.backend.jax.core import convert_to_tensor
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


def _jit(*static_argnames):
    """`jax.jit` for the helpers made of several primitives: eagerly, one
    compiled call is much cheaper than dispatching each primitive."""
    return functools.partial(jax.jit, static_argnames=static_argnames)


def _name(x):
    return dtypes.standardize_dtype(x.dtype)


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
    x = jnp.transpose(x, kept + list(axes))
    return x.reshape(tuple(x.shape[: len(kept)]) + (-1,)), axes


def _quantile(x, q, axis, method, keepdims, skip_nans):
    if method not in _METHODS:
        raise ValueError(
            f"`method` must be one of {_METHODS}. Received: {method!r}"
        )
    x = convert_to_tensor(x)
    dtype = _float_dtype(_name(x))
    x = x.astype(_compute_dtype(dtype))
    q = jnp.asarray(q, dtype=x.dtype)
    axis = tuple(axis) if isinstance(axis, list) else axis
    out = _sorted_quantile(x, q, axis, method, keepdims, skip_nans)
    return out.astype(dtype)


@_jit("axis", "method", "keepdims", "skip_nans")
def _sorted_quantile(x, q, axis, method, keepdims, skip_nans):
    """Quantiles by sorting; NaNs sort last and are either skipped or make
    their slice NaN, as in NumPy."""
    shape = x.shape
    x, axes = _to_last_axis(x, axis)
    nan = jnp.isnan(x)
    x = jnp.sort(jnp.where(nan, jnp.inf, x), axis=-1)
    if skip_nans:
        n = jnp.sum(~nan, axis=-1, keepdims=True).astype(x.dtype)
    else:
        n = jnp.asarray(x.shape[-1], x.dtype)
    pos = jnp.clip(q.reshape(-1) * (n - 1), 0, jnp.maximum(n - 1, 0))
    out = _interpolate(x, pos, method)
    missing = n == 0 if skip_nans else jnp.any(nan, axis=-1, keepdims=True)
    out = jnp.where(missing, jnp.nan, out)
    out = jnp.moveaxis(out, -1, 0)
    if keepdims:
        out = out.reshape(out.shape[:1] + tuple(
            1 if i in axes else d for i, d in enumerate(shape)))
    return out.reshape(q.shape + out.shape[1:])


def _interpolate(x, pos, method):
    """Values at fractional positions `pos` of the sorted last axis."""
    if method == "nearest":
        low = high = jnp.round(pos)
    else:
        low, high = jnp.floor(pos), jnp.ceil(pos)
    size = x.shape[:-1] + pos.shape[-1:]
    low_v = jnp.take_along_axis(
        x, jnp.broadcast_to(low.astype("int32"), size), axis=-1)
    high_v = jnp.take_along_axis(
        x, jnp.broadcast_to(high.astype("int32"), size), axis=-1)
    if method in ("lower", "nearest"):
        return low_v
    if method == "higher":
        return high_v
    if method == "midpoint":
        return (low_v + high_v) / 2
    step = (high_v - low_v) * (pos - low)
    return jnp.where(high_v == low_v, low_v, low_v + step)


def quantile(x, q, axis=None, method="linear", keepdims=False):
    return _quantile(x, q, axis, method, keepdims, skip_nans=False)


def nanquantile(x, q, axis=None, method="linear", keepdims=False):
    return _quantile(x, q, axis, method, keepdims, skip_nans=True)


def percentile(x, q, axis=None, method="linear", keepdims=False):
    q = jnp.asarray(q, dtype="float32") / 100
    return _quantile(x, q, axis, method, keepdims, skip_nans=False)


def nanpercentile(x, q, axis=None, method="linear", keepdims=False):
    q = jnp.asarray(q, dtype="float32") / 100
    return _quantile(x, q, axis, method, keepdims, skip_nans=True)


def median(x, axis=None, keepdims=False):
    return _quantile(x, 0.5, axis, "linear", keepdims, skip_nans=False)


def nanmedian(x, axis=None, keepdims=False):
    return _quantile(x, 0.5, axis, "linear", keepdims, skip_nans=True)


def average(x, axis=None, weights=None):
    x = convert_to_tensor(x)
    axis = tuple(axis) if isinstance(axis, list) else axis
    if weights is None:
        dtype = _float_dtype(_name(x))
        out = jnp.mean(x, axis=axis, dtype=_compute_dtype(dtype))
        return out.astype(dtype)
    weights = convert_to_tensor(weights)
    dtype = _float_dtype(_name(x), _name(weights))
    compute = _compute_dtype(dtype)
    weights = _weights_along(weights, x.shape, axis)
    return _weighted_mean(x, weights, axis, compute).astype(dtype)


@_jit("axis", "compute")
def _weighted_mean(x, weights, axis, compute):
    x, weights = x.astype(compute), weights.astype(compute)
    total = jnp.sum(jnp.broadcast_to(weights, x.shape), axis=axis)
    return jnp.sum(x * weights, axis=axis) / total


def bincount(x, weights=None, minlength=0, sparse=False):
    if sparse:
        raise ValueError(
            "`bincount`: `sparse=True` is not supported by the jax backend."
        )
    x = convert_to_tensor(x).astype("int32")
    if isinstance(x, jax.core.Tracer):
        # Under `jit` the length must be static: values >= minlength are
        # dropped.
        if not minlength:
            raise ValueError(
                "`bincount` on traced values (inside `jax.jit`) needs a "
                "positive `minlength`, the static length of its result."
            )
        length = minlength
    else:
        length = max(int(jnp.max(x, initial=-1)) + 1, minlength)
    if weights is None:
        return _scatter_add(x, jnp.ones((), "int32"), length)
    weights = convert_to_tensor(weights)
    dtype = _bincount_dtype(_name(weights))
    return _scatter_add(x, weights.astype(dtype), length)


@_jit("length")
def _scatter_add(x, weights, length):
    """Adds `weights` at the indices `x` (row by row for 2-D `x`) into
    zeros of length `length`; indices past the end are dropped."""
    out = jnp.zeros(x.shape[:-1] + (length,), weights.dtype)
    if x.ndim == 1:
        return out.at[x].add(weights, mode="drop")
    rows = jnp.arange(x.shape[0])[:, None]
    return out.at[rows, x].add(weights, mode="drop")


def histogram(x, bins=10, range=None):
    x = convert_to_tensor(x)
    dtype = _float_dtype(_name(x))
    compute = _compute_dtype(dtype)
    if range is None and x.size == 0:
        range = (0.0, 1.0)
    if range is None:
        bounds = None
    else:
        bounds = jnp.asarray(range, compute)
    counts, edges = _histogram(x.astype(compute), bounds, bins)
    return counts, edges.astype(dtype)


@_jit("bins")
def _histogram(values, bounds, bins):
    if bounds is None:
        low, high = jnp.min(values), jnp.max(values)
    else:
        low, high = bounds[0], bounds[1]
    # An empty range widens to one unit around its value, as in NumPy.
    widen = jnp.where(low == high, 0.5, 0.0).astype(values.dtype)
    low, high = low - widen, high + widen
    steps = jnp.arange(bins + 1, dtype=values.dtype) / bins
    edges = low + (high - low) * steps
    index = jnp.searchsorted(edges, values, side="right") - 1
    index = jnp.where(values == edges[-1], bins - 1, index)
    inside = (index >= 0) & (index < bins)
    counts = jnp.zeros((bins,), "int32").at[jnp.where(inside, index, bins)]
    # Counts in the edges' dtype, as upstream's jax backend.
    return counts.add(1, mode="drop").astype(edges.dtype), edges


def correlate(x1, x2, mode="valid"):
    x1, x2 = convert_to_tensor(x1), convert_to_tensor(x2)
    dtype = _float_dtype(_name(x1), _name(x2))
    compute = _compute_dtype(dtype)
    out = jnp.correlate(x1.astype(compute), x2.astype(compute), mode=mode,
                        precision="highest")
    return out.astype(dtype)


def corrcoef(x):
    x = convert_to_tensor(x)
    dtype = _float_dtype(_name(x))
    return _corrcoef(x.astype(_compute_dtype(dtype))).astype(dtype)


@jax.jit
def _corrcoef(x):
    rows = x.reshape((-1, x.shape[-1]))
    centered = rows - jnp.mean(rows, axis=1, keepdims=True)
    cov = jnp.matmul(centered, centered.conj().T, precision="highest")
    std = jnp.sqrt(jnp.diagonal(cov).real)
    out = cov / std[:, None] / std[None, :]
    if not jnp.iscomplexobj(out):
        out = jnp.clip(out, -1, 1)
    return out.reshape(() if x.ndim == 1 else out.shape)


def trapezoid(y, x=None, dx=1.0, axis=-1):
    y = convert_to_tensor(y)
    if x is None:
        dtype = _float_dtype(_name(y), dtypes.dtype_of(dx))
        spacing = jnp.asarray(dx, _compute_dtype(dtype))
    else:
        spacing = convert_to_tensor(x)
        dtype = _float_dtype(_name(y), _name(spacing))
    compute = _compute_dtype(dtype)
    out = _trapezoid(y.astype(compute), spacing.astype(compute),
                     axis % y.ndim, x is not None)
    return out.astype(dtype)


@_jit("axis", "points")
def _trapezoid(y, spacing, axis, points):
    """`spacing` is `dx`, or the sample points when `points` is true."""
    if points and spacing.ndim == 1:
        spacing = jnp.diff(spacing).reshape(
            (-1,) + (1,) * (y.ndim - axis - 1))
    elif points:
        spacing = jnp.diff(spacing, axis=axis)
    n = y.shape[axis]
    head = jax.lax.slice_in_dim(y, 1, n, axis=axis)
    tail = jax.lax.slice_in_dim(y, 0, n - 1, axis=axis)
    return jnp.sum(spacing * (head + tail) / 2.0, axis=axis)
