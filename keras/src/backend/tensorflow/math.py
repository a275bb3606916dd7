"""Math functions on the tensorflow backend."""

import tensorflow as tf

from keras.src.backend.common import dtypes
from keras.src.backend.common.math_utils import (
    segment_identity,
    segment_work_dtype,
    stft_window,
)
from keras.src.backend.tensorflow.core import convert_to_tensor, promote
from keras.src.backend.tensorflow.numpy.elementwise import _require_float

_INEXACT = frozenset(
    ["float16", "bfloat16", "float32", "float64", "complex64", "complex128"]
)
_HALF = frozenset(["float16", "bfloat16"])


def _floating(x):
    """`x` as a tensor of the float dtype Keras gives float functions."""
    x = convert_to_tensor(x)
    dtype = x.dtype.name
    if dtype in _INEXACT:
        return x
    return tf.cast(x, dtypes.result_type(dtype, float))


def _wide(x):
    """`x` in a dtype TensorFlow's FFT and special functions take."""
    return tf.cast(x, "float32") if x.dtype.name in _HALF else x


_SEGMENT_FNS = {
    "sum": tf.math.unsorted_segment_sum,
    "prod": tf.math.unsorted_segment_prod,
    "max": tf.math.unsorted_segment_max,
    "min": tf.math.unsorted_segment_min,
}


def _segment(reduction, data, segment_ids, num_segments):
    data = convert_to_tensor(data)
    ids = tf.cast(convert_to_tensor(segment_ids), "int32")
    if num_segments is None:
        num_segments = tf.maximum(tf.reduce_max(ids) + 1, 0)
    dtype = data.dtype.name
    work = tf.cast(data, segment_work_dtype(dtype, reduction))
    # Ids out of range are dropped: TensorFlow drops the negative ones.
    ids = tf.where((ids >= 0) & (ids < num_segments), ids, -1)
    out = _SEGMENT_FNS[reduction](work, ids, num_segments)
    if reduction in ("max", "min") and work.dtype.is_floating:
        # Empty segments hold +-inf, not TensorFlow's largest finite value.
        counts = tf.math.unsorted_segment_sum(
            tf.ones_like(ids), ids, num_segments
        )
        counts = tf.reshape(counts, [-1] + [1] * (len(out.shape) - 1))
        identity = tf.constant(segment_identity(dtype, reduction), out.dtype)
        out = tf.where(counts > 0, out, identity)
    return tf.cast(out, dtype)


def segment_sum(data, segment_ids, num_segments=None, sorted=False):
    return _segment("sum", data, segment_ids, num_segments)


def segment_max(data, segment_ids, num_segments=None, sorted=False):
    return _segment("max", data, segment_ids, num_segments)


def segment_min(data, segment_ids, num_segments=None, sorted=False):
    return _segment("min", data, segment_ids, num_segments)


def segment_prod(data, segment_ids, num_segments=None, sorted=False):
    return _segment("prod", data, segment_ids, num_segments)


def top_k(x, k, sorted=True):
    x = convert_to_tensor(x)
    if x.dtype == tf.bool:
        values, indices = tf.math.top_k(tf.cast(x, "uint8"), k, sorted)
        return tf.cast(values, "bool"), indices
    return tf.math.top_k(x, k, sorted=sorted)


def in_top_k(targets, predictions, k):
    targets = tf.cast(convert_to_tensor(targets), "int32")
    predictions = convert_to_tensor(predictions)
    valid = (targets >= 0) & (targets < tf.shape(predictions)[-1])
    safe = tf.where(valid, targets, 0)
    target = tf.gather(predictions, safe[:, None], batch_dims=1)
    above = tf.reduce_sum(tf.cast(predictions > target, "int32"), axis=-1)
    return valid & (above < k) & (target[:, 0] == target[:, 0])


def _axes(axis):
    return list(axis) if isinstance(axis, (tuple, list)) else axis


def logsumexp(x, axis=None, keepdims=False):
    x = _floating(_require_float(x, "logsumexp"))
    dtype = x.dtype
    x, axis = _wide(x), _axes(axis)
    peak = tf.reduce_max(x, axis=axis, keepdims=True)
    peak = tf.stop_gradient(
        tf.where(tf.math.is_finite(peak), peak, tf.zeros_like(peak))
    )
    total = tf.reduce_sum(tf.exp(x - peak), axis=axis, keepdims=True)
    out = tf.math.log(total) + peak
    if not keepdims:
        out = tf.squeeze(out, axis=axis)
    return tf.cast(out, dtype)


def extract_sequences(x, sequence_length, sequence_stride):
    x = convert_to_tensor(x)
    return tf.signal.frame(x, sequence_length, sequence_stride, axis=-1)


def _complex(x):
    """Returns `(complex tensor, float dtype)` for a `(real, imag)` pair."""
    real, imag = promote(x[0], x[1])
    real, imag = _floating(real), _floating(imag)
    return tf.complex(_wide(real), _wide(imag)), real.dtype


def _split(c, dtype):
    return tf.cast(tf.math.real(c), dtype), tf.cast(tf.math.imag(c), dtype)


def fft(x):
    c, dtype = _complex(x)
    return _split(tf.signal.fft(c), dtype)


def fft2(x):
    c, dtype = _complex(x)
    return _split(tf.signal.fft2d(c), dtype)


def ifft2(x):
    c, dtype = _complex(x)
    return _split(tf.signal.ifft2d(c), dtype)


def rfft(x, fft_length=None):
    x = _floating(x)
    length = None if fft_length is None else [fft_length]
    return _split(tf.signal.rfft(_wide(x), fft_length=length), x.dtype)


def irfft(x, fft_length=None):
    c, dtype = _complex(x)
    length = None if fft_length is None else [fft_length]
    return tf.cast(tf.signal.irfft(c, fft_length=length), dtype)


def _window(window, sequence_length, fft_length, dtype):
    if isinstance(window, str) or window is None:
        window = stft_window(window, sequence_length, fft_length)
        return tf.constant(window, dtype)
    left = (fft_length - sequence_length) // 2
    right = fft_length - sequence_length - left
    return tf.pad(tf.cast(convert_to_tensor(window), dtype), [[left, right]])


def stft(x, sequence_length, sequence_stride, fft_length, window="hann",
         center=True):
    x = _floating(x)
    dtype = x.dtype
    x = _wide(x)
    if center:
        half = fft_length // 2
        pad = [[0, 0]] * (len(x.shape) - 1) + [[half, half]]
        x = tf.pad(x, pad, mode="REFLECT")
    frames = tf.signal.frame(x, fft_length, sequence_stride, axis=-1)
    frames = frames * _window(window, sequence_length, fft_length, x.dtype)
    return _split(tf.signal.rfft(frames, fft_length=[fft_length]), dtype)


def istft(x, sequence_length, sequence_stride, fft_length, length=None,
          window="hann", center=True):
    c, dtype = _complex(x)
    frames = tf.signal.irfft(c, fft_length=[fft_length])
    win = _window(window, sequence_length, fft_length, frames.dtype)
    signal = tf.signal.overlap_and_add(frames * win, sequence_stride)
    count = tf.shape(frames)[-2]
    weight = tf.signal.overlap_and_add(
        tf.tile((win * win)[None], [count, 1]), sequence_stride
    )
    signal = signal / tf.where(weight > 1e-10, weight, tf.ones_like(weight))
    start = fft_length // 2 if center else 0
    total = tf.shape(signal)[-1]
    if length is None:
        length = total - 2 * start
    signal = signal[..., start:start + length]
    missing = tf.maximum(length - tf.shape(signal)[-1], 0)
    pad = [[0, 0]] * (len(signal.shape) - 1) + [[0, missing]]
    return tf.cast(tf.pad(signal, pad), dtype)


def _special(fn, x):
    x = _floating(x)
    return tf.cast(fn(_wide(x)), x.dtype)


def rsqrt(x):
    return _special(tf.math.rsqrt, _require_float(x, "rsqrt"))


def erf(x):
    return _special(tf.math.erf, _require_float(x, "erf"))


def erfc(x):
    return _special(tf.math.erfc, x)


def erfinv(x):
    return _special(tf.math.erfinv, x)


def logdet(x):
    x = _floating(x)
    return tf.cast(tf.linalg.slogdet(_wide(x))[1], x.dtype)


def view_as_complex(x):
    x = _wide(_floating(x))
    return tf.complex(x[..., 0], x[..., 1])


def view_as_real(x):
    x = convert_to_tensor(x)
    if not x.dtype.is_complex:
        x = _floating(x)
        return tf.stack([x, tf.zeros_like(x)], axis=-1)
    return tf.stack([tf.math.real(x), tf.math.imag(x)], axis=-1)


def cdist(x, y):
    x, y = promote(x, y)
    x, y = _floating(x), _floating(y)
    diff = x[..., :, None, :] - y[..., None, :, :]
    squared = tf.reduce_sum(diff * diff, axis=-1)
    # The double `where` keeps the gradient at zero distance finite.
    positive = squared > 0
    root = tf.sqrt(tf.where(positive, squared, tf.ones_like(squared)))
    return tf.where(positive, root, tf.zeros_like(root))
