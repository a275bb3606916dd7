"""Math functions on the jax backend."""

import functools

import jax
import jax.numpy as jnp
import numpy as np

from keras.src.backend.common import array_dtypes
from keras.src.backend.common.array_dtypes import dtype_name as _name
from keras.src.backend.common.array_dtypes import widen_half as _wide
from keras.src.backend.common.math_utils import segment_work_dtype, stft_window
from keras.src.backend.jax.core import convert_to_tensor, promote


def _floating(x):
    return array_dtypes.as_floating(convert_to_tensor(x))


_SEGMENT_FNS = {
    "sum": jax.ops.segment_sum,
    "prod": jax.ops.segment_prod,
    "max": jax.ops.segment_max,
    "min": jax.ops.segment_min,
}


def _segment(reduction, data, segment_ids, num_segments, sorted):
    data = convert_to_tensor(data)
    ids = convert_to_tensor(segment_ids).astype("int32")
    if num_segments is None:
        if isinstance(ids, jax.core.Tracer):
            raise ValueError(
                f"`segment_{reduction}` on the jax backend needs "
                "`num_segments` when `segment_ids` is traced (under `jit`)."
            )
        num_segments = int(jnp.max(ids)) + 1 if ids.size else 0
    return _segment_jit(reduction, data, ids, num_segments, bool(sorted))


@functools.partial(jax.jit, static_argnums=(0, 3, 4))
def _segment_jit(reduction, data, ids, num_segments, sorted):
    work = data.astype(segment_work_dtype(_name(data), reduction))
    out = _SEGMENT_FNS[reduction](
        work, ids, num_segments, indices_are_sorted=sorted
    )
    return out.astype(data.dtype)


def segment_sum(data, segment_ids, num_segments=None, sorted=False):
    return _segment("sum", data, segment_ids, num_segments, sorted)


def segment_max(data, segment_ids, num_segments=None, sorted=False):
    return _segment("max", data, segment_ids, num_segments, sorted)


def segment_min(data, segment_ids, num_segments=None, sorted=False):
    return _segment("min", data, segment_ids, num_segments, sorted)


def segment_prod(data, segment_ids, num_segments=None, sorted=False):
    return _segment("prod", data, segment_ids, num_segments, sorted)


def top_k(x, k, sorted=True):
    x = convert_to_tensor(x)
    values, indices = jax.lax.top_k(x, k)
    return values, indices.astype("int32")


def in_top_k(targets, predictions, k):
    targets = convert_to_tensor(targets)
    return _in_top_k(targets, convert_to_tensor(predictions), k)


@jax.jit
def _in_top_k(targets, predictions, k):
    valid = (targets >= 0) & (targets < predictions.shape[-1])
    safe = jnp.where(valid, targets, 0).astype("int32")
    target = jnp.take_along_axis(predictions, safe[:, None], axis=-1)
    above = jnp.sum(predictions > target, axis=-1)
    return valid & (above < k) & (target[:, 0] == target[:, 0])


def logsumexp(x, axis=None, keepdims=False):
    if isinstance(axis, list):
        axis = tuple(axis)
    return _logsumexp(_floating(x), axis, keepdims)


@functools.partial(jax.jit, static_argnums=(1, 2))
def _logsumexp(x, axis, keepdims):
    dtype = x.dtype
    x = _wide(x)
    peak = jnp.max(x, axis=axis, keepdims=True, initial=-jnp.inf)
    peak = jax.lax.stop_gradient(jnp.where(jnp.isfinite(peak), peak, 0))
    out = jnp.log(jnp.sum(jnp.exp(x - peak), axis=axis, keepdims=True))
    out = out + peak
    if not keepdims:
        out = jnp.squeeze(out, axis=axis)
    return out.astype(dtype)


def _frame(x, frame_length, step):
    """Frames of the last axis: shape `(..., frames, frame_length)`."""
    count = max(0, (x.shape[-1] - frame_length) // step + 1)
    index = np.arange(count)[:, None] * step + np.arange(frame_length)
    return x[..., index]


def extract_sequences(x, sequence_length, sequence_stride):
    x = convert_to_tensor(x)
    return _frame(x, sequence_length, sequence_stride)


def _floating_pair(x):
    """The float `(real, imag)` tensors of a pair, promoted together."""
    real, imag = promote(x[0], x[1])
    return _floating(real), _floating(imag)


def _split(c, dtype):
    return jnp.real(c).astype(dtype), jnp.imag(c).astype(dtype)


_TRANSFORMS = {
    "fft": lambda c, n: jnp.fft.fft(c, axis=-1),
    "fft2": lambda c, n: jnp.fft.fft2(c, axes=(-2, -1)),
    "ifft2": lambda c, n: jnp.fft.ifft2(c, axes=(-2, -1)),
    "irfft": lambda c, n: jnp.fft.irfft(c, n=n, axis=-1),
}


# Jitted: one compiled program rather than a dispatch per primitive.
@functools.partial(jax.jit, static_argnums=(0, 3))
def _transform(kind, real, imag, n=None):
    out = _TRANSFORMS[kind](jax.lax.complex(_wide(real), _wide(imag)), n)
    if kind == "irfft":
        return out.astype(real.dtype)
    return _split(out, real.dtype)


def fft(x):
    return _transform("fft", *_floating_pair(x))


def fft2(x):
    return _transform("fft2", *_floating_pair(x))


def ifft2(x):
    return _transform("ifft2", *_floating_pair(x))


def rfft(x, fft_length=None):
    return _rfft(_floating(x), fft_length)


@functools.partial(jax.jit, static_argnums=1)
def _rfft(x, n):
    return _split(jnp.fft.rfft(_wide(x), n=n, axis=-1), x.dtype)


def irfft(x, fft_length=None):
    return _transform("irfft", *_floating_pair(x), fft_length)


def _window(window, sequence_length, fft_length, dtype):
    if isinstance(window, str) or window is None:
        return jnp.asarray(
            stft_window(window, sequence_length, fft_length), dtype
        )
    left = (fft_length - sequence_length) // 2
    right = fft_length - sequence_length - left
    return jnp.pad(convert_to_tensor(window).astype(dtype), (left, right))


def stft(x, sequence_length, sequence_stride, fft_length, window="hann",
         center=True):
    x = _floating(x)
    win = _window(window, sequence_length, fft_length, _wide(x).dtype)
    return _stft(x, win, sequence_stride, center)


# Jitted: one compiled program rather than a dispatch per primitive.
@functools.partial(jax.jit, static_argnums=(2, 3))
def _stft(x, win, sequence_stride, center):
    dtype = x.dtype
    x = _wide(x)
    fft_length = win.shape[0]
    if center:
        pad = [(0, 0)] * (x.ndim - 1) + [(fft_length // 2,) * 2]
        x = jnp.pad(x, pad, mode="reflect")
    frames = _frame(x, fft_length, sequence_stride) * win
    return _split(jnp.fft.rfft(frames, n=fft_length, axis=-1), dtype)


def istft(x, sequence_length, sequence_stride, fft_length, length=None,
          window="hann", center=True):
    real, imag = _floating_pair(x)
    win = _window(window, sequence_length, fft_length, _wide(real).dtype)
    return _istft(real, imag, win, sequence_stride, length, center)


@functools.partial(jax.jit, static_argnums=(3, 4, 5))
def _istft(real, imag, win, sequence_stride, length, center):
    c, dtype = jax.lax.complex(_wide(real), _wide(imag)), real.dtype
    fft_length = win.shape[0]
    frames = jnp.fft.irfft(c, n=fft_length, axis=-1)
    count = frames.shape[-2]
    total = max(0, (count - 1) * sequence_stride + fft_length)
    index = np.arange(count)[:, None] * sequence_stride + np.arange(fft_length)
    batch = frames.shape[:-2]
    signal = jnp.zeros(batch + (total,), frames.dtype)
    signal = signal.at[..., index.reshape(-1)].add(
        (frames * win).reshape(batch + (-1,))
    )
    weight = jnp.zeros((total,), frames.dtype)
    weight = weight.at[index.reshape(-1)].add(jnp.tile(win * win, count))
    signal = signal / jnp.where(weight > 1e-10, weight, 1)
    start = fft_length // 2 if center else 0
    if length is None:
        length = total - 2 * start
    signal = signal[..., start:start + length]
    missing = length - signal.shape[-1]
    if missing > 0:
        pad = [(0, 0)] * (signal.ndim - 1) + [(0, missing)]
        signal = jnp.pad(signal, pad)
    return signal.astype(dtype)


def rsqrt(x):
    return jax.lax.rsqrt(_floating(x))


def erf(x):
    return jax.scipy.special.erf(_floating(x))


def erfc(x):
    return jax.scipy.special.erfc(_floating(x))


def erfinv(x):
    return jax.scipy.special.erfinv(_floating(x))


def logdet(x):
    return _logdet(_floating(x))


@jax.jit
def _logdet(x):
    return jnp.linalg.slogdet(_wide(x))[1].astype(x.dtype)


def view_as_complex(x):
    x = _wide(_floating(x))
    return jax.lax.complex(x[..., 0], x[..., 1])


def view_as_real(x):
    x = convert_to_tensor(x)
    if not jnp.iscomplexobj(x):
        x = _floating(x)
        return jnp.stack([x, jnp.zeros_like(x)], axis=-1)
    return jnp.stack([jnp.real(x), jnp.imag(x)], axis=-1)


def cdist(x, y):
    x, y = promote(x, y)
    return _cdist(_floating(x), _floating(y))


@jax.jit
def _cdist(x, y):
    diff = x[..., :, None, :] - y[..., None, :, :]
    squared = jnp.sum(diff * diff, axis=-1)
    # The double `where` keeps the gradient at zero distance finite.
    positive = squared > 0
    root = jnp.sqrt(jnp.where(positive, squared, 1))
    return jnp.where(positive, root, 0).astype(squared.dtype)
