"""Backend-independent pieces of the math ops, shared by every backend."""

import numpy as np

_FLOATS = frozenset(["float16", "bfloat16", "float32", "float64"])


def segment_identity(dtype, reduction):
    """The value of an empty segment for `reduction` on `dtype` (shared
    by the backends)."""
    if reduction == "sum":
        return 0
    if reduction == "prod":
        return 1
    if dtype in _FLOATS:
        return -np.inf if reduction == "max" else np.inf
    info = np.iinfo(dtype)
    return info.min if reduction == "max" else info.max


def segment_work_dtype(dtype, reduction):
    """The dtype a segment reduction of `dtype` data is computed in: bools
    are computed as integers and converted back."""
    if dtype != "bool":
        return dtype
    return "uint8" if reduction in ("max", "min") else "int32"


def stft_window(window, sequence_length, fft_length):
    """The STFT window as a float64 NumPy array of `fft_length` samples
    (shared by the backends): the periodic Hann or Hamming window, or ones
    for `None`, of `sequence_length` samples, centered with zeros.

    `window` may also be an array of `sequence_length` samples."""
    if isinstance(window, str) or window is None:
        n = np.arange(sequence_length)
        cosine = np.cos(2 * np.pi * n / sequence_length)
        if window == "hann":
            window = 0.5 - 0.5 * cosine
        elif window == "hamming":
            window = 0.54 - 0.46 * cosine
        else:
            window = np.ones(sequence_length)
    window = np.asarray(window, dtype="float64")
    left = (fft_length - sequence_length) // 2
    right = fft_length - sequence_length - left
    return np.pad(window, (left, right))
