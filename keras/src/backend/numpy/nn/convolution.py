"""Convolution, pooling and patch extraction on NumPy."""

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from keras.src.backend import config
from keras.src.backend.common.nn_utils import (
    separable_conv as _separable_conv,
)
from keras.src.backend.common.nn_utils import normalize_tuple as _tuple
from keras.src.backend.common.nn_utils import same_padding as _same_pads
from keras.src.backend.common.nn_utils import (
    transpose_geometry as _transpose_geometry,
)
from keras.src.backend.numpy.core import convert_to_tensor, promote
from keras.src.backend.common.nn_utils import fold_geometry as _fold_geometry
from keras.src.backend.common.nn_utils import pair as _pair
from keras.src.backend.numpy.nn._utils import _wide


def _is_half(dtype):
    return dtype.itemsize == 2 and dtype.kind in "fV"


def _channels_last(x, data_format):
    if config.standardize_data_format(data_format) == "channels_first":
        return np.moveaxis(x, 1, -1), True
    return x, False


def _restore(x, channels_first):
    return np.moveaxis(x, -1, 1) if channels_first else x


def _conv_nd(x, kernel, strides, padding, dilation, groups):
    """Channels-last convolution: a sum over kernel positions of strided
    views times the kernel slice at that position."""
    dtype = x.dtype
    if _is_half(dtype):
        x, kernel = x.astype(np.float32), kernel.astype(np.float32)
    ksize = kernel.shape[:-2]
    if padding == "same":
        pads = [
            _same_pads(x.shape[i + 1], k, s, d)
            for i, (k, s, d) in enumerate(zip(ksize, strides, dilation))
        ]
        x = np.pad(x, [(0, 0)] + pads + [(0, 0)])
    sizes = [
        (x.shape[i + 1] - (k - 1) * d - 1) // s + 1
        for i, (k, s, d) in enumerate(zip(ksize, strides, dilation))
    ]
    if min(sizes) <= 0:
        raise ValueError(
            "The convolution produces an empty output: the input "
            f"{x.shape} is smaller than the dilated kernel {ksize}."
        )
    cin, cout = kernel.shape[-2:]
    w = kernel.reshape(*ksize, cin, groups, cout // groups)
    out = np.zeros((x.shape[0], *sizes, groups, cout // groups), x.dtype)
    for pos in np.ndindex(*ksize):
        index = tuple(
            slice(p * d, p * d + (n - 1) * s + 1, s)
            for p, d, n, s in zip(pos, dilation, sizes, strides)
        )
        patch = x[(slice(None),) + index]
        patch = patch.reshape(*patch.shape[:-1], groups, cin)
        out += np.einsum("...gc,cgo->...go", patch, w[pos])
    return out.reshape(*out.shape[:-2], cout).astype(dtype)


def conv(
    inputs,
    kernel,
    strides=1,
    padding="valid",
    data_format=None,
    dilation_rate=1,
):
    inputs, kernel = promote(inputs, kernel)
    x, channels_first = _channels_last(inputs, data_format)
    n = x.ndim - 2
    out = _conv_nd(
        x,
        kernel,
        _tuple(strides, n),
        padding.lower(),
        _tuple(dilation_rate, n),
        x.shape[-1] // kernel.shape[-2],
    )
    return _restore(out, channels_first)


def depthwise_conv(
    inputs,
    kernel,
    strides=1,
    padding="valid",
    data_format=None,
    dilation_rate=1,
):
    inputs, kernel = promote(inputs, kernel)
    x, channels_first = _channels_last(inputs, data_format)
    n = x.ndim - 2
    channels = kernel.shape[-2]
    kernel = kernel.reshape(*kernel.shape[:-2], 1, -1)
    out = _conv_nd(
        x,
        kernel,
        _tuple(strides, n),
        padding.lower(),
        _tuple(dilation_rate, n),
        channels,
    )
    return _restore(out, channels_first)


def separable_conv(
    inputs,
    depthwise_kernel,
    pointwise_kernel,
    strides=1,
    padding="valid",
    data_format=None,
    dilation_rate=1,
):
    return _separable_conv(
        depthwise_conv, conv, inputs, depthwise_kernel, pointwise_kernel,
        strides, padding, data_format, dilation_rate,
    )


def conv_transpose(
    inputs,
    kernel,
    strides=1,
    padding="valid",
    output_padding=None,
    data_format=None,
    dilation_rate=1,
):
    inputs, kernel = promote(inputs, kernel)
    x, channels_first = _channels_last(inputs, data_format)
    dtype = x.dtype
    if _is_half(dtype):
        x, kernel = x.astype(np.float32), kernel.astype(np.float32)
    n = x.ndim - 2
    ksize = kernel.shape[:-2]
    strides, dilation = _tuple(strides, n), _tuple(dilation_rate, n)
    out_pad = [None] * n if output_padding is None else _tuple(
        output_padding, n
    )
    sizes = x.shape[1:-1]
    full = [(i - 1) * s + (k - 1) * d + 1
            for i, k, s, d in zip(sizes, ksize, strides, dilation)]
    y = np.zeros((x.shape[0], *full, kernel.shape[-2]), x.dtype)
    for pos in np.ndindex(*ksize):
        index = tuple(
            slice(p * d, p * d + (i - 1) * s + 1, s)
            for p, d, i, s in zip(pos, dilation, sizes, strides)
        )
        y[(slice(None),) + index] += x @ kernel[pos].T
    for axis, args in enumerate(zip(sizes, ksize, strides, dilation, out_pad)):
        length, start = _transpose_geometry(*args[:4], padding.lower(), args[4])
        y = _crop_or_pad(y, axis + 1, start, length)
    return _restore(y.astype(dtype), channels_first)


def _crop_or_pad(y, axis, start, length):
    y = np.take(y, np.arange(start, min(start + length, y.shape[axis])), axis)
    missing = length - y.shape[axis]
    if missing > 0:
        pads = [(0, 0)] * y.ndim
        pads[axis] = (0, missing)
        y = np.pad(y, pads)
    return y


def _pool(inputs, pool_size, strides, padding, data_format, average):
    x, channels_first = _channels_last(convert_to_tensor(inputs), data_format)
    if average:
        x, dtype = _wide(x)
    n = x.ndim - 2
    pool = _tuple(pool_size, n)
    strides = pool if strides is None else _tuple(strides, n)
    if padding.lower() == "same":
        pads = [(0, 0)] + [
            _same_pads(x.shape[i + 1], k, s, 1)
            for i, (k, s) in enumerate(zip(pool, strides))
        ] + [(0, 0)]
    else:
        pads = [(0, 0)] * x.ndim
    axes = tuple(range(1, n + 1))
    steps = (slice(None),) + tuple(slice(None, None, s) for s in strides)
    if average:
        windows = sliding_window_view(np.pad(x, pads), pool, axis=axes)[steps]
        mask = np.pad(np.ones(x.shape[1:-1] + (1,), x.dtype), pads[1:])
        counts = sliding_window_view(mask, pool, axis=tuple(range(n)))
        counts = counts[steps[1:]].sum(axis=tuple(range(-n, 0)))
        out = (windows.sum(axis=tuple(range(-n, 0))) / counts).astype(dtype)
    else:
        if x.dtype.kind == "f" or x.dtype.kind == "V":
            fill = -np.inf
        else:
            fill = np.iinfo(x.dtype).min if x.dtype.kind in "iu" else False
        padded = np.pad(x, pads, constant_values=fill)
        windows = sliding_window_view(padded, pool, axis=axes)[steps]
        out = windows.max(axis=tuple(range(-n, 0)))
    if min(out.shape[1:-1]) <= 0:
        raise ValueError(
            f"Pooling produces an empty output: the input {x.shape} is "
            f"smaller than the pool {pool}."
        )
    return _restore(out, channels_first)


def max_pool(inputs, pool_size, strides=None, padding="valid",
             data_format=None):
    return _pool(inputs, pool_size, strides, padding, data_format, False)


def average_pool(inputs, pool_size, strides=None, padding="valid",
                 data_format=None):
    return _pool(inputs, pool_size, strides, padding, data_format, True)


def _adaptive_pool(inputs, output_size, data_format, average):
    x, channels_first = _channels_last(convert_to_tensor(inputs), data_format)
    if average:
        x, dtype = _wide(x)
    reduce = np.mean if average else np.max
    sizes = _tuple(output_size, x.ndim - 2)
    for axis, out in enumerate(sizes, start=1):
        length = x.shape[axis]
        pieces = []
        for i in range(out):
            start, stop = i * length // out, -(-(i + 1) * length // out)
            piece = np.take(x, np.arange(start, stop), axis)
            pieces.append(reduce(piece, axis=axis, keepdims=True))
        x = np.concatenate(pieces, axis=axis)
    if average:
        x = x.astype(dtype)
    return _restore(x, channels_first)


def adaptive_average_pool(inputs, output_size, data_format=None):
    return _adaptive_pool(inputs, output_size, data_format, True)


def adaptive_max_pool(inputs, output_size, data_format=None):
    return _adaptive_pool(inputs, output_size, data_format, False)


def unfold(x, kernel_size, dilation=1, padding=0, stride=1):
    x = convert_to_tensor(x)
    k, d, p, s, (bh, bw) = _fold_geometry(
        x.shape[2:], kernel_size, dilation, padding, stride
    )
    x = np.pad(x, [(0, 0), (0, 0), (p[0], p[0]), (p[1], p[1])])
    columns = [
        x[:, :, i * d[0]: i * d[0] + (bh - 1) * s[0] + 1: s[0],
          j * d[1]: j * d[1] + (bw - 1) * s[1] + 1: s[1]]
        for i in range(k[0]) for j in range(k[1])
    ]
    n, c = x.shape[:2]
    return np.stack(columns, axis=2).reshape(n, c * k[0] * k[1], bh * bw)


def fold(x, output_size, kernel_size, dilation=1, padding=0, stride=1):
    x = convert_to_tensor(x)
    size = _pair(output_size)
    k, d, p, s, (bh, bw) = _fold_geometry(
        size, kernel_size, dilation, padding, stride
    )
    n = x.shape[0]
    c = x.shape[1] // (k[0] * k[1])
    columns = x.reshape(n, c, k[0], k[1], bh, bw)
    y = np.zeros((n, c, size[0] + 2 * p[0], size[1] + 2 * p[1]), x.dtype)
    for i in range(k[0]):
        for j in range(k[1]):
            y[:, :, i * d[0]: i * d[0] + (bh - 1) * s[0] + 1: s[0],
              j * d[1]: j * d[1] + (bw - 1) * s[1] + 1: s[1]] += (
                columns[:, :, i, j])
    return y[:, :, p[0]: p[0] + size[0], p[1]: p[1] + size[1]]


def depth_to_space(x, block_size, data_format="channels_last"):
    x = convert_to_tensor(x)
    b = block_size
    if config.standardize_data_format(data_format) == "channels_first":
        n, c, h, w = x.shape
        x = x.reshape(n, c // (b * b), b, b, h, w)
        return x.transpose(0, 1, 4, 2, 5, 3).reshape(
            n, c // (b * b), h * b, w * b
        )
    n, h, w, c = x.shape
    x = x.reshape(n, h, w, b, b, c // (b * b))
    return x.transpose(0, 1, 3, 2, 4, 5).reshape(n, h * b, w * b, -1)


def space_to_depth(x, block_size, data_format="channels_last"):
    x = convert_to_tensor(x)
    b = block_size
    if config.standardize_data_format(data_format) == "channels_first":
        n, c, h, w = x.shape
        x = x.reshape(n, c, h // b, b, w // b, b)
        return x.transpose(0, 1, 3, 5, 2, 4).reshape(
            n, c * b * b, h // b, w // b
        )
    n, h, w, c = x.shape
    x = x.reshape(n, h // b, b, w // b, b, c)
    return x.transpose(0, 1, 3, 2, 4, 5).reshape(n, h // b, w // b, -1)
