"""Math functions on the numpy backend."""

import math

import numpy as np

from keras.src.backend.common import array_dtypes
from keras.src.backend.common.array_dtypes import dtype_name as _name
from keras.src.backend.common.array_dtypes import widen_half as _wide
from keras.src.backend.common.math_utils import (
    segment_identity,
    segment_work_dtype,
    stft_window,
)
from keras.src.backend.numpy.core import _as_array
from keras.src.backend.numpy.core import convert_to_tensor, promote

_FLOATS = frozenset(["float16", "bfloat16", "float32", "float64"])


def _floating(x):
    return array_dtypes.as_floating(convert_to_tensor(x))


_SEGMENT_UFUNCS = {
    "sum": np.add,
    "prod": np.multiply,
    "max": np.maximum,
    "min": np.minimum,
}


def _segment(reduction, data, segment_ids, num_segments):
    data = _as_array(data)
    ids = np.asarray(segment_ids).astype("int64")
    if num_segments is None:
        num_segments = int(ids.max()) + 1 if ids.size else 0
    dtype = _name(data)
    work = data.astype(segment_work_dtype(dtype, reduction))
    identity = segment_identity(_name(work), reduction)
    out = np.full((num_segments,) + data.shape[1:], identity, work.dtype)
    valid = (ids >= 0) & (ids < num_segments)
    with np.errstate(invalid="ignore"):
        _SEGMENT_UFUNCS[reduction].at(out, ids[valid], work[valid])
    return out.astype(dtype)


def segment_sum(data, segment_ids, num_segments=None, sorted=False):
    return _segment("sum", data, segment_ids, num_segments)


def segment_max(data, segment_ids, num_segments=None, sorted=False):
    return _segment("max", data, segment_ids, num_segments)


def segment_min(data, segment_ids, num_segments=None, sorted=False):
    return _segment("min", data, segment_ids, num_segments)


def segment_prod(data, segment_ids, num_segments=None, sorted=False):
    return _segment("prod", data, segment_ids, num_segments)


def top_k(x, k, sorted=True):
    # As upstream's numpy backend: values keep the array's dtype (no
    # narrowing) and indices are int64.
    x = _as_array(x)
    key = x.astype("float32") if _name(x) == "bfloat16" else x
    # A stable ascending sort of the reversed axis, reversed again, is a
    # descending sort that keeps equal values in index order.
    order = np.argsort(np.flip(key, -1), axis=-1, kind="stable")
    indices = x.shape[-1] - 1 - np.flip(order, -1)[..., :k]
    values = np.take_along_axis(x, indices, axis=-1)
    return values, indices.astype("int64")


def in_top_k(targets, predictions, k):
    targets = convert_to_tensor(targets)
    predictions = convert_to_tensor(predictions)
    valid = (targets >= 0) & (targets < predictions.shape[-1])
    safe = np.where(valid, targets, 0).astype("int64")
    target = np.take_along_axis(predictions, safe[:, None], axis=-1)
    above = np.sum(predictions > target, axis=-1)
    return valid & (above < k) & (target[:, 0] == target[:, 0])


def _is_int(x):
    return x.dtype.kind in "iu"


def logsumexp(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    if _is_int(x):
        # As upstream's numpy backend: integers reduce in float64, and a
        # full reduction gives a NumPy float64 scalar.
        out = _logsumexp(x.astype("float64"), axis, keepdims)
        return out[()] if out.ndim == 0 else out
    x = _floating(x)
    return _logsumexp(_wide(x), axis, keepdims).astype(x.dtype)


def _logsumexp(x, axis, keepdims):
    peak = np.max(x, axis=axis, keepdims=True, initial=-np.inf)
    peak = np.where(np.isfinite(peak), peak, 0)
    with np.errstate(divide="ignore"):
        out = np.log(np.sum(np.exp(x - peak), axis=axis, keepdims=True))
    out = out + peak
    if not keepdims:
        out = np.squeeze(out, axis=axis)
    return np.asarray(out)


def _frame(x, frame_length, step):
    """Frames of the last axis: shape `(..., frames, frame_length)`."""
    if x.shape[-1] < frame_length:
        return np.zeros(x.shape[:-1] + (0, frame_length), x.dtype)
    windows = np.lib.stride_tricks.sliding_window_view(
        x, frame_length, axis=-1
    )
    return windows[..., ::step, :]


def extract_sequences(x, sequence_length, sequence_stride):
    x = convert_to_tensor(x)
    return _frame(x, sequence_length, sequence_stride).copy()


def _complex(x):
    """Returns `(complex array, float dtype)` for a `(real, imag)` pair."""
    real, imag = promote(x[0], x[1])
    real, imag = _floating(real), _floating(imag)
    dtype = real.dtype
    return _wide(real) + 1j * _wide(imag), dtype


def _split(c, dtype):
    return np.real(c).astype(dtype), np.imag(c).astype(dtype)


def fft(x):
    c, dtype = _complex(x)
    return _split(np.fft.fft(c, axis=-1), dtype)


def fft2(x):
    c, dtype = _complex(x)
    return _split(np.fft.fft2(c, axes=(-2, -1)), dtype)


def ifft2(x):
    c, dtype = _complex(x)
    return _split(np.fft.ifft2(c, axes=(-2, -1)), dtype)


def rfft(x, fft_length=None):
    x = _floating(x)
    return _split(np.fft.rfft(_wide(x), n=fft_length, axis=-1), x.dtype)


def irfft(x, fft_length=None):
    c, dtype = _complex(x)
    return np.fft.irfft(c, n=fft_length, axis=-1).astype(dtype)


def _window(window, sequence_length, fft_length):
    if not isinstance(window, str) and window is not None:
        window = np.asarray(convert_to_tensor(window), "float64")
    return stft_window(window, sequence_length, fft_length)


def stft(x, sequence_length, sequence_stride, fft_length, window="hann",
         center=True):
    x = _floating(x)
    dtype = x.dtype
    x = _wide(x)
    if center:
        pad = [(0, 0)] * (x.ndim - 1) + [(fft_length // 2,) * 2]
        x = np.pad(x, pad, mode="reflect")
    frames = _frame(x, fft_length, sequence_stride)
    frames = frames * _window(window, sequence_length, fft_length).astype(
        x.dtype
    )
    return _split(np.fft.rfft(frames, n=fft_length, axis=-1), dtype)


def _overlap_add(frames, step):
    count, frame_length = frames.shape[-2:]
    length = max(0, (count - 1) * step + frame_length)
    out = np.zeros(frames.shape[:-2] + (length,), frames.dtype)
    for i in range(count):
        out[..., i * step:i * step + frame_length] += frames[..., i, :]
    return out


def istft(x, sequence_length, sequence_stride, fft_length, length=None,
          window="hann", center=True):
    c, dtype = _complex(x)
    frames = np.fft.irfft(c, n=fft_length, axis=-1)
    win = _window(window, sequence_length, fft_length).astype(frames.dtype)
    signal = _overlap_add(frames * win, sequence_stride)
    weight = _overlap_add(
        np.broadcast_to(win * win, frames.shape[-2:]), sequence_stride
    )
    signal = signal / np.where(weight > 1e-10, weight, 1)
    start = fft_length // 2 if center else 0
    if length is None:
        length = signal.shape[-1] - 2 * start
    signal = signal[..., start:start + length]
    missing = length - signal.shape[-1]
    if missing > 0:
        signal = np.pad(signal, [(0, 0)] * (signal.ndim - 1) + [(0, missing)])
    return signal.astype(dtype)


def rsqrt(x):
    x = convert_to_tensor(x)
    if _is_int(x):
        return _int_kept(lambda v: 1 / np.sqrt(v), x)
    x = _floating(x)
    with np.errstate(divide="ignore", invalid="ignore"):
        return (1 / np.sqrt(_wide(x))).astype(x.dtype)


_ERF = np.frompyfunc(math.erf, 1, 1)
_ERFC = np.frompyfunc(math.erfc, 1, 1)


def _special(fn, x):
    """Applies a `math` function elementwise, in float64."""
    x = _floating(x)
    out = np.asarray(fn(x.astype("float64")), dtype="float64")
    return out.astype(x.dtype)


def _int_kept(fn, x):
    """`fn` (of a float64 array) of integer `x`, cast back to `x`'s
    dtype, as upstream's numpy backend returns it (NaN and infinities
    become the dtype's minimum, as NumPy casts them)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return fn(x.astype("float64")).astype(x.dtype)


def erf(x):
    x = convert_to_tensor(x)
    if _is_int(x):
        return _int_kept(lambda v: np.asarray(_ERF(v), "float64"), x)
    return _special(_ERF, x)


def erfc(x):
    return _special(_ERFC, x)


def _erfinv64(y):
    a = np.abs(y)
    with np.errstate(all="ignore"):
        # Winitzki's approximation, refined by Halley steps on erf (erfc
        # near 1, where 1 - erf(x) would lose the digits).
        log_term = np.log1p(-a * a)
        b = 2 / (np.pi * 0.147) + log_term / 2
        x = np.sqrt(np.sqrt(b * b - log_term / 0.147) - b)
        upper = a > 0.5
        for _ in range(3):
            tail = (1 - a) - _ERFC(x).astype("float64")
            error = np.where(upper, tail, _ERF(x).astype("float64") - a)
            slope = 2 / np.sqrt(np.pi) * np.exp(-x * x)
            x = x - error / (slope + x * error)
        x = np.where(a == 1, np.inf, x)
        x = np.where(a > 1, np.nan, x)
    return np.copysign(x, y)


def erfinv(x):
    x = _floating(x)
    return _erfinv64(x.astype("float64")).astype(x.dtype)


def logdet(x):
    x = array_dtypes.as_floating(_as_array(x))
    return np.linalg.slogdet(_wide(x))[1].astype(x.dtype)


def _complex_dtype(dtype):
    return "complex128" if dtype == "float64" else "complex64"


def view_as_complex(x):
    x = _floating(x)
    dtype = _complex_dtype(_name(x))
    x = _wide(x)
    return (x[..., 0] + 1j * x[..., 1]).astype(dtype)


def view_as_real(x):
    x = convert_to_tensor(x)
    if x.dtype.kind != "c":
        x = _floating(x)
        return np.stack([x, np.zeros_like(x)], axis=-1)
    return np.stack([x.real, x.imag], axis=-1)


def cdist(x, y):
    x, y = promote(x, y)
    x, y = _floating(x), _floating(y)
    diff = x[..., :, None, :] - y[..., None, :, :]
    return np.sqrt(np.sum(diff * diff, axis=-1))
