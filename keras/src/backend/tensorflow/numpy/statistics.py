"""Statistics (quantiles, histograms, correlations) on TensorFlow."""

import tensorflow as tf

from keras.src.backend.common import dtypes
from keras.src.backend.tensorflow.core import convert_to_tensor
from keras.src.backend.common.statistics_utils import (
    accumulation_dtype as _compute_dtype,
)
from keras.src.backend.common.statistics_utils import (
    bincount_dtype as _bincount_dtype,
)
from keras.src.backend.common.statistics_utils import (
    float_dtype as _float_dtype,
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


def _cast(x, dtype):
    return x if x.dtype.name == dtype else tf.cast(x, dtype)


def _to_last_axis(x, axis):
    """Moves the `axis` dims of `x` to one last axis; returns it and the
    reduced axes (non-negative)."""
    ndim = x.shape.rank
    if axis is None:
        axes = tuple(range(ndim))
    elif isinstance(axis, int):
        axes = (axis % ndim,)
    else:
        axes = tuple(sorted(a % ndim for a in axis))
    kept = [i for i in range(ndim) if i not in axes]
    x = tf.transpose(x, kept + list(axes))
    shape = tf.concat([tf.shape(x)[: len(kept)], [-1]], axis=0)
    return tf.reshape(x, shape), axes


def _quantile(x, q, axis, method, keepdims, skip_nans):
    """Quantiles by sorting; NaNs are moved last and are either skipped or
    make their slice NaN, as in NumPy."""
    if method not in _METHODS:
        raise ValueError(
            f"`method` must be one of {_METHODS}. Received: {method!r}"
        )
    x = convert_to_tensor(x)
    dtype = _float_dtype(x.dtype.name)
    shape, rank_in = tf.shape(x), x.shape.rank
    x, axes = _to_last_axis(_cast(x, _compute_dtype(dtype)), axis)
    q = tf.cast(convert_to_tensor(q), x.dtype)
    nan = tf.math.is_nan(x)
    x = tf.sort(tf.where(nan, tf.cast(float("inf"), x.dtype), x), axis=-1)
    if skip_nans:
        valid = tf.cast(tf.logical_not(nan), x.dtype)
        n = tf.reduce_sum(valid, axis=-1, keepdims=True)
    else:
        n = tf.cast(tf.shape(x)[-1], x.dtype)
    pos = tf.reshape(q, [-1]) * (n - 1)
    pos = tf.clip_by_value(pos, tf.zeros_like(n), tf.maximum(n - 1, 0))
    out = _interpolate(x, pos, method)
    if skip_nans:
        missing = tf.equal(n, 0)
    else:
        missing = tf.reduce_any(nan, axis=-1, keepdims=True)
    out = tf.where(missing, tf.cast(float("nan"), out.dtype), out)
    rank = out.shape.rank
    out = tf.transpose(out, [rank - 1] + list(range(rank - 1)))
    if keepdims:
        dims = [1 if i in axes else shape[i] for i in range(rank_in)]
        kept = tf.stack(dims) if dims else tf.zeros([0], "int32")
        out = tf.reshape(out, tf.concat([tf.shape(out)[:1], kept], axis=0))
    out = tf.reshape(out, tf.concat([tf.shape(q), tf.shape(out)[1:]], 0))
    return _cast(out, dtype)


def _interpolate(x, pos, method):
    """Values at fractional positions `pos` of the sorted last axis."""
    if method == "nearest":
        low = high = tf.round(pos)
    else:
        low, high = tf.floor(pos), tf.math.ceil(pos)
    size = tf.concat([tf.shape(x)[:-1], tf.shape(pos)[-1:]], axis=0)
    batch = x.shape.rank - 1

    def take(index):
        index = tf.broadcast_to(tf.cast(index, "int32"), size)
        return tf.gather(x, index, axis=-1, batch_dims=batch)

    low_v, high_v = take(low), take(high)
    if method in ("lower", "nearest"):
        return low_v
    if method == "higher":
        return high_v
    if method == "midpoint":
        return (low_v + high_v) / 2
    step = (high_v - low_v) * (pos - low)
    return tf.where(tf.equal(high_v, low_v), low_v, low_v + step)


def quantile(x, q, axis=None, method="linear", keepdims=False):
    return _quantile(x, q, axis, method, keepdims, skip_nans=False)


def nanquantile(x, q, axis=None, method="linear", keepdims=False):
    return _quantile(x, q, axis, method, keepdims, skip_nans=True)


def percentile(x, q, axis=None, method="linear", keepdims=False):
    q = _cast(convert_to_tensor(q), "float32") / 100
    return _quantile(x, q, axis, method, keepdims, skip_nans=False)


def nanpercentile(x, q, axis=None, method="linear", keepdims=False):
    q = _cast(convert_to_tensor(q), "float32") / 100
    return _quantile(x, q, axis, method, keepdims, skip_nans=True)


def median(x, axis=None, keepdims=False):
    return _quantile(x, 0.5, axis, "linear", keepdims, skip_nans=False)


def nanmedian(x, axis=None, keepdims=False):
    return _quantile(x, 0.5, axis, "linear", keepdims, skip_nans=True)


def average(x, axis=None, weights=None):
    x = convert_to_tensor(x)
    axis = list(axis) if isinstance(axis, tuple) else axis
    if weights is None:
        dtype = _float_dtype(x.dtype.name)
        out = tf.reduce_mean(_cast(x, _compute_dtype(dtype)), axis=axis)
        return _cast(out, dtype)
    weights = convert_to_tensor(weights)
    dtype = _float_dtype(x.dtype.name, weights.dtype.name)
    compute = _compute_dtype(dtype)
    x, weights = _cast(x, compute), _cast(weights, compute)
    weights = _weights_along(weights, x.shape, axis)
    total = tf.reduce_sum(tf.broadcast_to(weights, tf.shape(x)), axis=axis)
    return _cast(tf.reduce_sum(x * weights, axis=axis) / total, dtype)


def _weights_along(weights, shape, axis):
    """Reshapes 1-D `weights` to broadcast along `axis` of `shape`."""
    shape, w_shape = tuple(shape), tuple(weights.shape)
    if w_shape == shape:
        return weights
    if isinstance(axis, int) and w_shape == (shape[axis],):
        axis = axis % len(shape)
        return tf.reshape(weights, (-1,) + (1,) * (len(shape) - axis - 1))
    raise ValueError(
        "`average`: `weights` must have the shape of `x`, or be 1-D with "
        f"the length of `x` along an int `axis`. Received: x.shape={shape}, "
        f"weights.shape={w_shape}, axis={axis}"
    )


def bincount(x, weights=None, minlength=0, sparse=False):
    x = convert_to_tensor(x)
    if x.dtype not in (tf.int32, tf.int64):
        x = tf.cast(x, "int32")
    dtype = "int32"
    if weights is not None:
        weights = convert_to_tensor(weights)
        dtype = _bincount_dtype(weights.dtype.name)
        weights = _cast(weights, _compute_dtype(dtype))
    if sparse:
        out = tf.sparse.bincount(x, weights=weights, minlength=minlength,
                                 axis=-1)
        values = _cast(out.values, dtype)
        return tf.SparseTensor(out.indices, values, out.dense_shape)
    out = tf.math.bincount(x, weights=weights, minlength=minlength,
                           dtype=dtype if weights is None else weights.dtype,
                           axis=-1)
    return _cast(out, dtype)


def histogram(x, bins=10, range=None):
    x = convert_to_tensor(x)
    dtype = _float_dtype(x.dtype.name)
    compute = _compute_dtype(dtype)
    values = _cast(x, compute)
    if range is not None:
        low, high = range
    elif values.shape.num_elements() == 0:
        low, high = 0.0, 1.0
    else:
        low, high = tf.reduce_min(values), tf.reduce_max(values)
    low, high = tf.cast(low, compute), tf.cast(high, compute)
    # An empty range widens to one unit around its value, as in NumPy.
    widen = tf.where(tf.equal(low, high), 0.5, 0.0)
    low, high = low - tf.cast(widen, compute), high + tf.cast(widen, compute)
    steps = tf.range(bins + 1, dtype=compute) / tf.cast(bins, compute)
    edges = low + (high - low) * steps
    index = tf.searchsorted(edges, values, side="right") - 1
    index = tf.where(tf.equal(values, edges[-1]), bins - 1, index)
    inside = tf.logical_and(index >= 0, index < bins)
    counts = tf.math.unsorted_segment_sum(
        tf.ones_like(index), tf.where(inside, index, bins), bins + 1
    )
    # Counts in the edges' dtype, as upstream's tensorflow backend.
    edges = _cast(edges, dtype)
    return tf.cast(counts[:bins], edges.dtype), edges


def _correlate_real(a, v):
    """Full cross-correlation of real 1-D `a` and `v`, as one conv1d."""
    pad = tf.shape(v)[0] - 1
    a = tf.pad(a, [[pad, pad]])
    out = tf.nn.conv1d(a[None, :, None], v[:, None, None], stride=1,
                       padding="VALID")
    return out[0, :, 0]


def correlate(x1, x2, mode="valid"):
    x1, x2 = convert_to_tensor(x1), convert_to_tensor(x2)
    dtype = _float_dtype(x1.dtype.name, x2.dtype.name)
    compute = _compute_dtype(dtype)
    x1, x2 = _cast(x1, compute), _cast(x2, compute)
    if x1.dtype.is_complex:
        ar, ai = tf.math.real(x1), tf.math.imag(x1)
        vr, vi = tf.math.real(x2), tf.math.imag(x2)
        full = tf.complex(
            _correlate_real(ar, vr) + _correlate_real(ai, vi),
            _correlate_real(ai, vr) - _correlate_real(ar, vi),
        )
    else:
        full = _correlate_real(x1, x2)
    n, m = tf.shape(x1)[0], tf.shape(x2)[0]
    if mode == "full":
        return _cast(full, dtype)
    if mode == "valid":
        start = tf.minimum(n, m) - 1
        length = tf.abs(n - m) + 1
    else:
        start = tf.where(n >= m, (m - 1) // 2, n // 2)
        length = tf.maximum(n, m)
    return _cast(full[start: start + length], dtype)


def corrcoef(x):
    x = convert_to_tensor(x)
    dtype = _float_dtype(x.dtype.name)
    rows = tf.reshape(_cast(x, _compute_dtype(dtype)), [-1, tf.shape(x)[-1]])
    centered = rows - tf.reduce_mean(rows, axis=1, keepdims=True)
    cov = tf.matmul(centered, centered, adjoint_b=True)
    std = tf.sqrt(tf.math.real(tf.linalg.diag_part(cov)))
    std = tf.cast(std, cov.dtype)
    out = cov / std[:, None] / std[None, :]
    if not out.dtype.is_complex:
        out = tf.clip_by_value(out, -1, 1)
    return _cast(tf.reshape(out, []) if x.shape.rank == 1 else out, dtype)


def trapezoid(y, x=None, dx=1.0, axis=-1):
    y = convert_to_tensor(y)
    axis = axis % y.shape.rank
    if x is None:
        dtype = _float_dtype(y.dtype.name, dtypes.dtype_of(dx))
        d = tf.cast(dx, _compute_dtype(dtype))
    else:
        x = convert_to_tensor(x)
        dtype = _float_dtype(y.dtype.name, x.dtype.name)
        x = _cast(x, _compute_dtype(dtype))
        if x.shape.rank == 1:
            d = tf.reshape(x[1:] - x[:-1],
                           (-1,) + (1,) * (y.shape.rank - axis - 1))
        else:
            d = _shift(x, axis, 1) - _shift(x, axis, 0)
    y = _cast(y, _compute_dtype(dtype))
    pairs = (_shift(y, axis, 1) + _shift(y, axis, 0)) / 2.0
    return _cast(tf.reduce_sum(d * pairs, axis=axis), dtype)


def _shift(x, axis, first):
    """`x` without its last (`first=0`) or first (`first=1`) entry along
    `axis`."""
    index = slice(1, None) if first else slice(None, -1)
    return x[(slice(None),) * axis + (index,)]
