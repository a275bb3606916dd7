"""Math functions on the torch backend."""

import numpy as np
import torch

from keras.src.backend.common import dtypes
from keras.src.backend.common.math_utils import (
    segment_identity,
    segment_work_dtype,
)
from keras.src.backend.torch.core import (
    KERAS_DTYPES,
    convert_to_tensor,
    promote,
    to_torch_dtype,
)

_INEXACT = frozenset(
    [
        torch.float16,
        torch.bfloat16,
        torch.float32,
        torch.float64,
        torch.complex64,
        torch.complex128,
    ]
)
_HALF = frozenset([torch.float16, torch.bfloat16])


def _floating(x):
    """`x` as a tensor of the float dtype Keras gives float functions."""
    x = convert_to_tensor(x)
    if x.dtype in _INEXACT:
        return x
    dtype = dtypes.result_type(KERAS_DTYPES[x.dtype], float)
    return x.to(to_torch_dtype(dtype))


def _wide(x):
    """`x` in a dtype torch's FFT and special functions take on CPU."""
    return x.to(torch.float32) if x.dtype in _HALF else x


_SEGMENT_REDUCE = {"sum": "sum", "prod": "prod", "max": "amax", "min": "amin"}
# scatter_reduce lacks the wide unsigned types: they are computed as int64.
_NO_SCATTER = frozenset(["uint16", "uint32", "uint64"])


def _segment(reduction, data, segment_ids, num_segments):
    data = convert_to_tensor(data)
    ids = convert_to_tensor(segment_ids).to(torch.int64)
    if num_segments is None:
        num_segments = int(ids.max()) + 1 if ids.numel() else 0
    work_name = segment_work_dtype(KERAS_DTYPES[data.dtype], reduction)
    identity = segment_identity(work_name, reduction)
    work_dtype = "int64" if work_name in _NO_SCATTER else work_name
    work = data.to(to_torch_dtype(work_dtype))
    # Ids out of range go to one extra segment, dropped at the end.
    ids = torch.where((ids >= 0) & (ids < num_segments), ids, num_segments)
    index = ids.reshape((-1,) + (1,) * (data.ndim - 1)).expand(work.shape)
    out = torch.full(
        (num_segments + 1,) + tuple(data.shape[1:]), identity,
        dtype=work.dtype, device=work.device,
    )
    out = out.scatter_reduce(
        0, index, work, reduce=_SEGMENT_REDUCE[reduction], include_self=True
    )
    return out[:num_segments].to(data.dtype)


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
    # A stable sort, unlike torch.topk, keeps equal values in index order
    # as the other backends do.
    values, indices = torch.sort(x, dim=-1, descending=True, stable=True)
    # int64 indices, as upstream's torch backend gives them.
    return values[..., :k], indices[..., :k]


def in_top_k(targets, predictions, k):
    targets = convert_to_tensor(targets).to(torch.int64)
    predictions = convert_to_tensor(predictions)
    valid = (targets >= 0) & (targets < predictions.shape[-1])
    safe = torch.where(valid, targets, 0)
    target = torch.gather(predictions, -1, safe[:, None])
    above = torch.sum(predictions > target, dim=-1)
    return valid & (above < k) & (target[:, 0] == target[:, 0])


def logsumexp(x, axis=None, keepdims=False):
    x = _floating(x)
    dtype = x.dtype
    x = _wide(x)
    if axis is None:
        axis = tuple(range(x.ndim))
    if x.ndim == 0:
        return x.to(dtype)
    return torch.logsumexp(x, dim=axis, keepdim=keepdims).to(dtype)


def _frame(x, frame_length, step):
    """Frames of the last axis: shape `(..., frames, frame_length)`."""
    if x.shape[-1] < frame_length:
        shape = tuple(x.shape[:-1]) + (0, frame_length)
        return torch.zeros(shape, dtype=x.dtype, device=x.device)
    return x.unfold(-1, frame_length, step)


def extract_sequences(x, sequence_length, sequence_stride):
    x = convert_to_tensor(x)
    return _frame(x, sequence_length, sequence_stride)


def _complex(x):
    """Returns `(complex tensor, float dtype)` for a `(real, imag)` pair."""
    real, imag = promote(x[0], x[1])
    real, imag = _floating(real), _floating(imag)
    return torch.complex(_wide(real), _wide(imag)), real.dtype


def _split(c, dtype):
    return c.real.to(dtype), c.imag.to(dtype)


def fft(x):
    c, dtype = _complex(x)
    return _split(torch.fft.fft(c, dim=-1), dtype)


def fft2(x):
    c, dtype = _complex(x)
    return _split(torch.fft.fft2(c, dim=(-2, -1)), dtype)


def ifft2(x):
    c, dtype = _complex(x)
    return _split(torch.fft.ifft2(c, dim=(-2, -1)), dtype)


def rfft(x, fft_length=None):
    x = _floating(x)
    return _split(torch.fft.rfft(_wide(x), n=fft_length, dim=-1), x.dtype)


def irfft(x, fft_length=None):
    c, dtype = _complex(x)
    return torch.fft.irfft(c, n=fft_length, dim=-1).to(dtype)


def _window(window, sequence_length, fft_length, like):
    """The window of `stft_window`, built with torch ops so that
    `torch.compile` traces it."""
    options = {"dtype": like.dtype, "device": like.device}
    if window == "hann":
        window = torch.hann_window(sequence_length, periodic=True, **options)
    elif window == "hamming":
        window = torch.hamming_window(sequence_length, periodic=True,
                                      **options)
    elif window is None:
        window = torch.ones(sequence_length, **options)
    else:
        window = convert_to_tensor(window).to(like.dtype)
    left = (fft_length - sequence_length) // 2
    right = fft_length - sequence_length - left
    return torch.nn.functional.pad(window, (left, right))


def _reflect(x, pad):
    """Pads the last axis by `pad` on both sides, mirroring (without
    repeating the edge samples)."""
    n = x.shape[-1]
    left, right = np.arange(pad, 0, -1), np.arange(n - 2, n - 2 - pad, -1)
    index = np.concatenate([left, np.arange(n), right])
    return x[..., torch.as_tensor(index, device=x.device)]


def stft(x, sequence_length, sequence_stride, fft_length, window="hann",
         center=True):
    x = _floating(x)
    dtype = x.dtype
    x = _wide(x)
    if center:
        x = _reflect(x, fft_length // 2)
    frames = _frame(x, fft_length, sequence_stride)
    frames = frames * _window(window, sequence_length, fft_length, x)
    return _split(torch.fft.rfft(frames, n=fft_length, dim=-1), dtype)


def istft(x, sequence_length, sequence_stride, fft_length, length=None,
          window="hann", center=True):
    c, dtype = _complex(x)
    frames = torch.fft.irfft(c, n=fft_length, dim=-1)
    win = _window(window, sequence_length, fft_length, frames)
    count = frames.shape[-2]
    total = max(0, (count - 1) * sequence_stride + fft_length)
    index = np.arange(count)[:, None] * sequence_stride + np.arange(fft_length)
    index = torch.as_tensor(index.reshape(-1), device=frames.device)
    batch = tuple(frames.shape[:-2])
    signal = torch.zeros(batch + (total,), dtype=frames.dtype,
                         device=frames.device)
    signal = signal.index_add(-1, index, (frames * win).reshape(batch + (-1,)))
    weight = torch.zeros((total,), dtype=frames.dtype, device=frames.device)
    weight = weight.index_add(0, index, (win * win).repeat(count))
    signal = signal / torch.where(weight > 1e-10, weight, 1)
    start = fft_length // 2 if center else 0
    if length is None:
        length = total - 2 * start
    signal = signal[..., start:start + length]
    missing = length - signal.shape[-1]
    if missing > 0:
        signal = torch.nn.functional.pad(signal, (0, missing))
    return signal.to(dtype)


def _special(fn, x):
    x = _floating(x)
    return fn(_wide(x)).to(x.dtype)


def rsqrt(x):
    return _special(torch.rsqrt, x)


def erf(x):
    return _special(torch.erf, x)


def erfc(x):
    return _special(torch.erfc, x)


def erfinv(x):
    return _special(torch.erfinv, x)


def logdet(x):
    x = _floating(x)
    return torch.linalg.slogdet(_wide(x))[1].to(x.dtype)


def view_as_complex(x):
    x = _wide(_floating(x))
    return torch.complex(x[..., 0], x[..., 1])


def view_as_real(x):
    x = convert_to_tensor(x)
    if not x.is_complex():
        x = _floating(x)
        return torch.stack([x, torch.zeros_like(x)], dim=-1)
    return torch.stack([x.real, x.imag], dim=-1)


def cdist(x, y):
    x, y = promote(x, y)
    x, y = _floating(x), _floating(y)
    dtype = x.dtype
    out = torch.cdist(
        _wide(x), _wide(y), compute_mode="donot_use_mm_for_euclid_dist"
    )
    return out.to(dtype)
