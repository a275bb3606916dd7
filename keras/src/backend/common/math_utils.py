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


def numpy_unique(x, return_index, return_inverse, return_counts, axis,
                 size, fill_value):
    """`keras.ops.unique` on a NumPy array (sorted; int32 extras), for the
    NumPy backend and for backends that run it on the host."""
    values, index, inverse, counts = np.unique(
        x,
        return_index=True,
        return_inverse=True,
        return_counts=True,
        axis=axis,
    )
    inverse = inverse.reshape(x.shape if axis is None else (-1,))
    if size is not None:
        values, index, counts = _fit_unique_size(
            values, index, counts, axis, size, fill_value
        )
    outputs = [values]
    for flag, extra in (
        (return_index, index),
        (return_inverse, inverse),
        (return_counts, counts),
    ):
        if flag:
            outputs.append(extra.astype("int32"))
    return outputs[0] if len(outputs) == 1 else tuple(outputs)


def _fit_unique_size(values, index, counts, axis, size, fill_value):
    # Pads (or cuts) the unique values to `size` entries, filling with
    # `fill_value`, or with the smallest unique value when it is `None`.
    axis = 0 if axis is None else axis
    found = values.shape[axis]
    if found >= size:
        keep = np.arange(size)
        return (
            np.take(values, keep, axis=axis), index[:size], counts[:size]
        )
    pad_shape = list(values.shape)
    pad_shape[axis] = size - found
    if fill_value is None:
        filler = np.take(values, [0] * (size - found), axis=axis)
        if found == 0:
            filler = np.zeros(pad_shape, values.dtype)
    else:
        filler = np.full(pad_shape, fill_value, values.dtype)
    values = np.concatenate([values, filler], axis=axis)
    index = np.concatenate([index, np.zeros(size - found, index.dtype)])
    counts = np.concatenate([counts, np.zeros(size - found, counts.dtype)])
    return values, index, counts
