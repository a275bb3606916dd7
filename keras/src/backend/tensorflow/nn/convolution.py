"""Convolution, pooling and patch extraction on TensorFlow."""

import itertools
import math

import numpy as np
import tensorflow as tf

from keras.src.backend import config
from keras.src.backend.common.nn_utils import (
    separable_conv as _separable_conv,
)
from keras.src.backend.common.nn_utils import normalize_tuple as _tuple
from keras.src.backend.common.nn_utils import same_padding as _same_pads
from keras.src.backend.common.nn_utils import (
    transpose_geometry as _transpose_geometry,
)
from keras.src.backend.common.nn_utils import fold_geometry as _fold_geometry
from keras.src.backend.common.nn_utils import pair as _pair
from keras.src.backend.tensorflow.core import convert_to_tensor, promote
from keras.src.backend.tensorflow.nn._utils import _wide


def _exact_float(x):
    """Integer tensors go through float64 in ops TensorFlow only runs on
    floats; returns `(tensor, dtype to return)`."""
    if x.dtype.is_floating:
        return x, x.dtype
    return tf.cast(x, "float64"), x.dtype


def _channels_first(data_format):
    return config.standardize_data_format(data_format) == "channels_first"


# TensorFlow's CPU kernels want channels last; channels-first data is
# transposed around them.
def _to_channels_last(x, channels_first):
    if not channels_first:
        return x
    return tf.transpose(x, [0, *range(2, x.shape.rank), 1])


def _from_channels_last(x, channels_first):
    if not channels_first:
        return x
    rank = x.shape.rank
    return tf.transpose(x, [0, rank - 1, *range(1, rank - 1)])


def _dilate_kernel(kernel, dilation):
    """Inserts zeros between kernel taps, for strides and dilation at
    once (TensorFlow's convolutions take only one of them above 1)."""
    for axis, d in enumerate(dilation):
        if d == 1:
            continue
        size = kernel.shape[axis]
        kernel = tf.expand_dims(kernel, axis + 1)
        pads = [[0, 0]] * kernel.shape.rank
        pads[axis + 1] = [0, d - 1]
        kernel = tf.pad(kernel, pads)
        shape = tf.concat([tf.shape(kernel)[:axis], [size * d],
                           tf.shape(kernel)[axis + 2:]], 0)
        kernel = tf.reshape(kernel, shape)
        kernel = tf.gather(kernel, tf.range((size - 1) * d + 1), axis=axis)
    return kernel


def _conv(x, kernel, strides, padding, dilation, groups):
    """Channels-last convolution with `groups` groups."""
    n = x.shape.rank - 2
    strides, dilation = _tuple(strides, n), _tuple(dilation, n)
    if max(strides) > 1 and max(dilation) > 1:
        kernel, dilation = _dilate_kernel(kernel, dilation), (1,) * n
    padding = padding.upper()
    if groups == 1:
        return tf.nn.convolution(x, kernel, strides, padding,
                                 dilations=dilation)
    # TensorFlow's own CPU kernels (used where oneDNN is off, as on CPUs
    # without AVX-512) have no gradient for grouped convolutions and no
    # grouped 3D convolution at all: depthwise ones go to the depthwise
    # kernel, the others convolve each group apart.
    if groups == x.shape[-1] and n in (1, 2):
        depthwise = _depthwise_conv2d(x, kernel, strides, padding, dilation)
        if depthwise is not None:
            return depthwise
    xs = tf.split(x, groups, axis=-1)
    ks = tf.split(kernel, groups, axis=-1)
    return tf.concat(
        [tf.nn.convolution(a, b, strides, padding, dilations=dilation)
         for a, b in zip(xs, ks)], axis=-1)


def _depthwise_conv2d(x, kernel, strides, padding, dilation):
    """`tf.nn.depthwise_conv2d` of a channels-last 1D or 2D input with a
    grouped kernel `(k..., 1, channels * multiplier)`, or `None` where that
    kernel does not apply (it takes equal strides only)."""
    one_d = len(strides) == 1
    if one_d:
        x, kernel = x[:, None], kernel[None]
        strides, dilation = (1,) + strides, (1,) + dilation
    if strides[0] != strides[1]:
        return None
    kernel = tf.reshape(kernel, [*kernel.shape[:2], x.shape[-1], -1])
    y = tf.nn.depthwise_conv2d(x, kernel, (1, *strides, 1), padding,
                               dilations=dilation)
    return y[:, 0] if one_d else y


def conv(
    inputs,
    kernel,
    strides=1,
    padding="valid",
    data_format=None,
    dilation_rate=1,
):
    inputs, kernel = promote(inputs, kernel)
    channels_first = _channels_first(data_format)
    x, dtype = _exact_float(_to_channels_last(inputs, channels_first))
    kernel = tf.cast(kernel, x.dtype)
    groups = x.shape[-1] // kernel.shape[-2]
    y = _conv(x, kernel, strides, padding, dilation_rate, groups)
    return _from_channels_last(tf.cast(y, dtype), channels_first)


def depthwise_conv(
    inputs,
    kernel,
    strides=1,
    padding="valid",
    data_format=None,
    dilation_rate=1,
):
    inputs, kernel = promote(inputs, kernel)
    channels_first = _channels_first(data_format)
    x, dtype = _exact_float(_to_channels_last(inputs, channels_first))
    channels = kernel.shape[-2]
    kernel = tf.reshape(tf.cast(kernel, x.dtype),
                        [*kernel.shape[:-2], 1, channels * kernel.shape[-1]])
    y = _conv(x, kernel, strides, padding, dilation_rate, channels)
    return _from_channels_last(tf.cast(y, dtype), channels_first)


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
    # The full ("valid", no output padding) transposed convolution, then
    # the part the geometry keeps, zero-padded at the end if it is longer.
    # Where the full output starts and how much longer the result is do not
    # depend on the input size, so unknown spatial dims work too.
    inputs, kernel = promote(inputs, kernel)
    channels_first = _channels_first(data_format)
    x, dtype = _exact_float(_to_channels_last(inputs, channels_first))
    kernel = tf.cast(kernel, x.dtype)
    n = x.shape.rank - 2
    strides, dilation = _tuple(strides, n), _tuple(dilation_rate, n)
    out_pad = (
        [None] * n if output_padding is None else _tuple(output_padding, n)
    )
    ksize = kernel.shape[:-2]
    spans = [(k - 1) * d + 1 for k, d in zip(ksize, dilation)]
    full = (tf.shape(x)[1:-1] - 1) * strides + spans
    output_shape = tf.concat(
        [tf.shape(x)[:1], full, [kernel.shape[-2]]], axis=0
    )
    if max(dilation) > 1:
        # TensorFlow's own CPU kernels (no oneDNN) take no dilation here.
        kernel = _dilate_kernel(kernel, dilation)
    y = tf.nn.conv_transpose(x, kernel, output_shape, strides, "VALID")
    begin, cut, pads = [0], [0], [[0, 0]]
    for k, s, d, op, span in zip(ksize, strides, dilation, out_pad, spans):
        length, start = _transpose_geometry(1, k, s, d, padding.lower(), op)
        extra = length - span
        begin.append(start)
        cut.append(min(extra, -start))
        pads.append([0, max(extra + start, 0)])
    size = tf.shape(y) + tf.constant(cut + [0])
    y = tf.slice(y, begin + [0], size)
    y = tf.pad(y, pads + [[0, 0]])
    return _from_channels_last(tf.cast(y, dtype), channels_first)


def _native_pool(x):
    # CPU 3D pooling kernels only exist for float32 and bfloat16.
    return x.shape.rank < 5 or x.dtype in (tf.float32, tf.bfloat16)


def _sliced_pool(x, pool, strides, padding, average):
    """Pooling as a reduction over strided slices, for any dtype."""
    n = len(pool)
    sizes = x.shape[1:-1]
    pads = [(0, 0)] * n
    if padding == "SAME":
        pads = [_same_pads(s, k, st, 1) for s, k, st in zip(sizes, pool,
                                                            strides)]
    if average:
        fill = 0
    elif x.dtype.is_floating:
        fill = -math.inf
    else:
        fill = x.dtype.min
    padded = tf.pad(x, [[0, 0], *pads, [0, 0]], constant_values=fill)
    out = [(s + lo + hi - k) // st + 1
           for s, (lo, hi), k, st in zip(sizes, pads, pool, strides)]
    result = None
    for pos in itertools.product(*(range(k) for k in pool)):
        begin = [0, *pos, 0]
        end = [0, *(p + (o - 1) * st + 1 for p, o, st in
                    zip(pos, out, strides)), 0]
        piece = tf.strided_slice(padded, begin, end, [1, *strides, 1],
                                 begin_mask=1, end_mask=1 | (1 << (n + 1)))
        if result is None:
            result = piece
        elif average:
            result = result + piece
        else:
            result = tf.maximum(result, piece)
    return result


def max_pool(inputs, pool_size, strides=None, padding="valid",
             data_format=None):
    channels_first = _channels_first(data_format)
    x = _to_channels_last(convert_to_tensor(inputs), channels_first)
    n = x.shape.rank - 2
    pool = _tuple(pool_size, n)
    strides = pool if strides is None else _tuple(strides, n)
    if _native_pool(x):
        y = tf.nn.max_pool(x, pool, strides, padding.upper())
    else:
        y = _sliced_pool(x, pool, strides, padding.upper(), False)
    return _from_channels_last(y, channels_first)


def average_pool(inputs, pool_size, strides=None, padding="valid",
                 data_format=None):
    channels_first = _channels_first(data_format)
    x, dtype = _wide(inputs)
    x = _to_channels_last(x, channels_first)
    n = x.shape.rank - 2
    pool = _tuple(pool_size, n)
    strides = pool if strides is None else _tuple(strides, n)
    if _native_pool(x):
        # TensorFlow's "SAME" average leaves the padding out of the count.
        y = tf.nn.avg_pool(x, pool, strides, padding.upper())
    else:
        total = _sliced_pool(x, pool, strides, padding.upper(), True)
        ones = tf.ones([1, *x.shape[1:-1], 1], x.dtype)
        y = total / _sliced_pool(ones, pool, strides, padding.upper(), True)
    return _from_channels_last(tf.cast(y, dtype), channels_first)


def _adaptive_pool(x, output_size, data_format, reduce):
    first = 2 if _channels_first(data_format) else 1
    sizes = _tuple(output_size, x.shape.rank - 2)
    for axis, out in enumerate(sizes, start=first):
        length = x.shape[axis]
        pieces = [
            reduce(
                tf.gather(x, tf.range(i * length // out,
                                      -(-(i + 1) * length // out)),
                          axis=axis),
                axis=axis,
                keepdims=True,
            )
            for i in range(out)
        ]
        x = tf.concat(pieces, axis=axis)
    return x


def adaptive_average_pool(inputs, output_size, data_format=None):
    x, dtype = _wide(inputs)
    y = _adaptive_pool(x, output_size, data_format, tf.reduce_mean)
    return tf.cast(y, dtype)


def adaptive_max_pool(inputs, output_size, data_format=None):
    x = convert_to_tensor(inputs)
    return _adaptive_pool(x, output_size, data_format, tf.reduce_max)


def unfold(x, kernel_size, dilation=1, padding=0, stride=1):
    x = convert_to_tensor(x)
    k, d, p, s, (bh, bw) = _fold_geometry(
        x.shape[2:], kernel_size, dilation, padding, stride
    )
    x = tf.pad(x, [[0, 0], [0, 0], [p[0], p[0]], [p[1], p[1]]])
    columns = [
        x[:, :, i * d[0]: i * d[0] + (bh - 1) * s[0] + 1: s[0],
          j * d[1]: j * d[1] + (bw - 1) * s[1] + 1: s[1]]
        for i in range(k[0]) for j in range(k[1])
    ]
    c = x.shape[1]
    return tf.reshape(tf.stack(columns, axis=2),
                      [-1, c * k[0] * k[1], bh * bw])


def fold(x, output_size, kernel_size, dilation=1, padding=0, stride=1):
    # Each column entry is summed into its padded-image pixel.
    x = convert_to_tensor(x)
    size = _pair(output_size)
    k, d, p, s, (bh, bw) = _fold_geometry(
        size, kernel_size, dilation, padding, stride
    )
    width = size[1] + 2 * p[1]
    rows = (np.arange(k[0])[:, None, None, None] * d[0]
            + np.arange(bh)[None, None, :, None] * s[0])
    cols = (np.arange(k[1])[None, :, None, None] * d[1]
            + np.arange(bw)[None, None, None, :] * s[1])
    pixels = (rows * width + cols).reshape(-1)
    c = x.shape[1] // (k[0] * k[1])
    columns = tf.reshape(x, [-1, c, k[0] * k[1] * bh * bw])
    summed = tf.math.unsorted_segment_sum(
        tf.transpose(columns, [2, 0, 1]), pixels,
        (size[0] + 2 * p[0]) * width,
    )
    image = tf.reshape(tf.transpose(summed, [1, 2, 0]),
                       [-1, c, size[0] + 2 * p[0], width])
    return image[:, :, p[0]: p[0] + size[0], p[1]: p[1] + size[1]]


def _channel_blocks(x, first, second):
    """Reorders channels-last channels from `(first, second)` blocks to
    `(second, first)` blocks."""
    shape = tf.shape(x)
    x = tf.reshape(x, tf.concat([shape[:-1], [first, second]], 0))
    x = tf.transpose(x, [0, 1, 2, 4, 3])
    return tf.reshape(x, shape)


def depth_to_space(x, block_size, data_format="channels_last"):
    x = convert_to_tensor(x)
    b = block_size
    if not _channels_first(data_format):
        return tf.nn.depth_to_space(x, b)
    # Channels first uses PyTorch's channel order, (c, i, j).
    x = tf.transpose(x, [0, 2, 3, 1])
    x = _channel_blocks(x, x.shape[-1] // (b * b), b * b)
    return tf.transpose(tf.nn.depth_to_space(x, b), [0, 3, 1, 2])


def space_to_depth(x, block_size, data_format="channels_last"):
    x = convert_to_tensor(x)
    b = block_size
    if not _channels_first(data_format):
        return tf.nn.space_to_depth(x, b)
    x = tf.nn.space_to_depth(tf.transpose(x, [0, 2, 3, 1]), b)
    x = _channel_blocks(x, b * b, x.shape[-1] // (b * b))
    return tf.transpose(x, [0, 3, 1, 2])
