"""Creation functions on TensorFlow: constant tensors, ranges and windows."""

import math

import tensorflow as tf

from keras.src.backend import config
from keras.src.backend.common import dtypes
from keras.src.backend.tensorflow.core import cast as _cast
from keras.src.backend.tensorflow.core import convert_to_tensor as _to_tensor
from keras.src.backend.tensorflow.numpy.manipulation import (
    moveaxis as _moveaxis,
)
from keras.src.backend.common.creation_utils import ramp_dtype as _compute_dtype
from keras.src.backend.common.creation_utils import (
    ramp_work_dtype as _work_dtype,
)
from keras.src.backend.common.creation_utils import range_dtype as _range_dtype

# tf.range computes in these dtypes only; other ints go through them.
_RANGE_DTYPES = ("int32", "int64", "float16", "bfloat16", "float32",
                 "float64")


def _like_dtype(x, dtype):
    return x.dtype.name if dtype is None else dtypes.standardize_dtype(dtype)


def _shape(shape):
    return [shape] if isinstance(shape, int) else shape


def _as_int(x, name):
    if tf.is_tensor(x) and x.shape.rank:
        raise ValueError(f"`{name}` must be a scalar. Received: {x!r}")
    return x if tf.is_tensor(x) else int(x)


def array(x, dtype=None):
    return _to_tensor(x, dtype=dtype)


def arange(start, stop=None, step=None, dtype=None):
    natural = _range_dtype(start, stop, step)
    if stop is None:
        start, stop = 0, start
    if step is None:
        step = 1
    if isinstance(step, (int, float)) and step == 0:
        raise ValueError("`arange`: `step` must be nonzero.")
    dtype = natural if dtype is None else dtypes.standardize_dtype(dtype)
    wide = dtype in ("int64", "uint32", "uint64")
    if dtypes.is_int_dtype(dtype) and any(
        isinstance(v, float) for v in (start, stop, step)
    ):
        return _int_range_of_floats(start, stop, step, dtype, wide)
    work = dtype
    if dtype not in _RANGE_DTYPES:
        work = "int64" if wide else "int32"
    out = tf.range(
        _cast(start, work), _cast(stop, work), _cast(step, work), dtype=work
    )
    return _cast(out, dtype)


def _int_range_of_floats(start, stop, step, dtype, wide):
    # NumPy's rule for int ranges with float bounds: the length comes from
    # the float bounds, the spacing from int(start + step) - int(start).
    count = max(math.ceil((stop - start) / step), 0)
    first = int(start)
    delta = int(start + step) - first
    steps = tf.range(count, dtype="int64" if wide else "int32")
    return _cast(first + steps * delta, dtype)


def empty(shape, dtype=None):
    return zeros(shape, dtype=dtype)


def empty_like(x, dtype=None):
    return zeros_like(x, dtype=dtype)


def _constant(fill, shape, dtype):
    dtype = dtypes.standardize_dtype(dtype)
    if dtype in dtypes.FLOAT8_TYPES:
        # TF fills float8 tensors only through a cast.
        return tf.cast(fill(shape, dtype="float32"), dtype)
    return fill(shape, dtype=dtype)


def zeros(shape, dtype=None):
    return _constant(tf.zeros, shape, dtype)


def ones(shape, dtype=None):
    return _constant(tf.ones, shape, dtype)


def full(shape, fill_value, dtype=None):
    fill_value = _to_tensor(fill_value, dtype=dtypes.standardize_dtype(dtype))
    return tf.broadcast_to(fill_value, _shape(shape))


def _constant_like(fill, x, dtype):
    dtype = _like_dtype(x, dtype)
    if dtype in dtypes.FLOAT8_TYPES:
        return tf.cast(fill(x, dtype="float32"), dtype)
    return fill(x, dtype=dtype)


def zeros_like(x, dtype=None):
    return _constant_like(tf.zeros_like, _to_tensor(x), dtype)


def ones_like(x, dtype=None):
    return _constant_like(tf.ones_like, _to_tensor(x), dtype)


def full_like(x, fill_value, dtype=None):
    x = _to_tensor(x)
    fill_value = _to_tensor(fill_value, dtype=_like_dtype(x, dtype))
    return tf.broadcast_to(fill_value, tf.shape(x))


def _rows_and_cols(N, M, k):
    # Row index + k and column index, shaped to broadcast to (N, M).
    M = N if M is None else M
    rows = tf.range(N)[:, None] + k
    cols = tf.range(M)[None, :]
    return rows, cols


def eye(N, M=None, k=0, dtype=None):
    rows, cols = _rows_and_cols(N, M, k)
    return _cast(tf.equal(rows, cols), dtype)


def identity(n, dtype=None):
    return eye(n, dtype=dtype)


def tri(N, M=None, k=0, dtype=None):
    rows, cols = _rows_and_cols(N, M, k)
    return _cast(tf.greater_equal(rows, cols), dtype)


def _ramp(start, stop, num, endpoint, axis, dtype):
    num = _as_int(num, "num")
    if isinstance(num, int) and num < 0:
        raise ValueError(f"`num` must be non-negative. Received: {num}")
    start = _to_tensor(start, dtype=dtype)
    stop = _to_tensor(stop, dtype=dtype)
    delta = stop - start
    start = start + tf.zeros_like(delta)
    stop = stop + tf.zeros_like(delta)
    rank = delta.shape.rank
    steps = tf.reshape(tf.range(num, dtype=dtype), [-1] + [1] * rank)
    div = num - 1 if endpoint else num
    if isinstance(div, int) and div <= 0:
        step = tf.fill(tf.shape(delta), tf.constant(math.nan, dtype))
        samples = start + steps * delta
    else:
        step = delta / tf.cast(tf.maximum(div, 1), dtype)
        samples = start + steps * step
    if endpoint and not (isinstance(num, int) and num <= 1):
        samples = tf.concat([samples[:-1], stop[None]], axis=0)
    return _moveaxis(samples, 0, axis), step


def _cast_result(values, dtype, floor):
    dtype = dtypes.standardize_dtype(dtype)
    if floor and not (dtypes.is_float_dtype(dtype) or "complex" in dtype):
        values = tf.floor(values)
    return _cast(values, dtype)


def linspace(
    start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0
):
    compute = _compute_dtype(start, stop)
    work = _work_dtype(compute, dtype)
    samples, step = _ramp(start, stop, num, endpoint, axis, work)
    samples = _cast_result(samples, dtype or compute, floor=True)
    if retstep:
        return samples, _cast(step, compute)
    return samples


def logspace(start, stop, num=50, endpoint=True, base=10, dtype=None, axis=0):
    compute = _compute_dtype(start, stop)
    work = _work_dtype(compute, dtype)
    exponents, _ = _ramp(start, stop, num, endpoint, axis, work)
    values = tf.pow(_to_tensor(base, dtype=work), exponents)
    return _cast_result(values, dtype or compute, floor=False)


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    compute = _compute_dtype(start, stop)
    work = _work_dtype(compute, dtype)
    start = _to_tensor(start, dtype=work)
    stop = _to_tensor(stop, dtype=work)
    start, stop = start + tf.zeros_like(stop), stop + tf.zeros_like(start)
    sign = tf.sign(start)
    valid = sign * tf.sign(stop) > 0
    exponents, _ = _ramp(
        _log10(tf.abs(start)), _log10(tf.abs(stop)), num, endpoint, 0, work
    )
    values = tf.pow(tf.constant(10.0, work), exponents)
    first = tf.abs(start)[None]
    last = tf.abs(stop)[None]
    count = tf.shape(values)[0]
    index = tf.reshape(
        tf.range(count), [-1] + [1] * (values.shape.rank - 1)
    )
    values = tf.where(tf.equal(index, 0), first, values)
    if endpoint:
        values = tf.where(
            tf.logical_and(tf.equal(index, count - 1), count > 1),
            last, values,
        )
    values = tf.where(valid, values * sign, tf.constant(math.nan, work))
    return _cast_result(_moveaxis(values, 0, axis), dtype or compute, False)


def _log10(x):
    # log(x) / log(10), refined by one Newton step so that exact powers of
    # ten give exact exponents (as NumPy's log10 does).
    ln10 = tf.constant(math.log(10.0), x.dtype)
    y = tf.math.log(x) / ln10
    return y + (x - tf.pow(tf.constant(10.0, x.dtype), y)) / (x * ln10)


def _window_angles(x):
    # n / (M - 1) for n in [0, M), in float32; and the window length M.
    length = _as_int(x, "x")
    n = tf.range(length, dtype="float32")
    denom = tf.cast(tf.maximum(length - 1, 1), "float32")
    return n / denom, length


def _finish_window(window, length):
    # A one-sample window is [1], whatever the formula gives.
    window = tf.where(length > 1, window, tf.ones_like(window))
    return _cast(window, config.floatx())


def bartlett(x):
    ratio, length = _window_angles(x)
    window = 1.0 - tf.abs(2.0 * ratio - 1.0)
    return _finish_window(window, length)


def blackman(x):
    ratio, length = _window_angles(x)
    window = (
        0.42
        - 0.5 * tf.cos(2.0 * math.pi * ratio)
        + 0.08 * tf.cos(4.0 * math.pi * ratio)
    )
    return _finish_window(window, length)


def hamming(x):
    ratio, length = _window_angles(x)
    window = 0.54 - 0.46 * tf.cos(2.0 * math.pi * ratio)
    return _finish_window(window, length)


def hanning(x):
    ratio, length = _window_angles(x)
    window = 0.5 - 0.5 * tf.cos(2.0 * math.pi * ratio)
    return _finish_window(window, length)


def kaiser(x, beta):
    ratio, length = _window_angles(x)
    beta = _to_tensor(beta, dtype="float32")
    radius = tf.sqrt(tf.maximum(1.0 - tf.square(2.0 * ratio - 1.0), 0.0))
    window = tf.math.bessel_i0(beta * radius) / tf.math.bessel_i0(beta)
    return _finish_window(window, length)


def meshgrid(*x, indexing="xy"):
    if indexing not in ("xy", "ij"):
        raise ValueError(
            "`meshgrid`: `indexing` must be 'xy' or 'ij'. "
            f"Received: indexing={indexing!r}"
        )
    arrays = [tf.reshape(_to_tensor(v), [-1]) for v in x]
    axes = list(range(len(arrays)))
    if indexing == "xy" and len(arrays) > 1:
        axes[0], axes[1] = 1, 0
    shape = [0] * len(arrays)
    for a, axis in zip(arrays, axes):
        shape[axis] = tf.shape(a)[0]
    grids = []
    for a, axis in zip(arrays, axes):
        view = [1] * len(arrays)
        view[axis] = -1
        grids.append(tf.broadcast_to(tf.reshape(a, view), tf.stack(shape)))
    return grids


def vander(x, N=None, increasing=False):
    x = _to_tensor(x)
    if x.shape.rank != 1:
        raise ValueError(
            f"`vander`: `x` must be 1-D. Received: x.shape={x.shape}"
        )
    work = tf.cast(x, "uint8") if x.dtype == tf.bool else x
    if N is None:
        N = x.shape[0] if x.shape[0] is not None else tf.shape(x)[0]
    factors = tf.concat(
        [
            tf.ones_like(work)[:, None][:, :N],
            tf.tile(work[:, None], [1, tf.maximum(N - 1, 0)]),
        ],
        axis=1,
    )
    powers = tf.math.cumprod(factors, axis=1)
    if not increasing:
        powers = tf.reverse(powers, axis=[1])
    return tf.cast(powers, x.dtype)
