"""Convolution, pooling and patch extraction on JAX."""

import math

import jax.numpy as jnp
import numpy as np
from jax import lax

from keras.src.backend import config
from keras.src.backend.common.nn_utils import (
    separable_conv as _separable_conv,
)
from keras.src.backend.common.nn_utils import normalize_tuple as _tuple
from keras.src.backend.common.nn_utils import (
    transpose_geometry as _transpose_geometry,
)
from keras.src.backend.common.nn_utils import pair as _pair
from keras.src.backend.jax.core import convert_to_tensor, promote
from keras.src.backend.jax.nn._utils import _float
from keras.src.backend.jax.nn._utils import _jit


def _channels_first(data_format):
    return config.standardize_data_format(data_format) == "channels_first"


_SPATIAL = {1: "W", 2: "HW", 3: "DHW"}


def _dimension_numbers(n, channels_first):
    spatial = _SPATIAL[n]
    lhs = "NC" + spatial if channels_first else "N" + spatial + "C"
    return lhs, spatial + "IO", lhs


def _conv(x, kernel, strides, padding, data_format, dilation, groups):
    channels_first = _channels_first(data_format)
    n = x.ndim - 2
    return lax.conv_general_dilated(
        x,
        kernel,
        window_strides=_tuple(strides, n),
        padding=padding.upper(),
        rhs_dilation=_tuple(dilation, n),
        dimension_numbers=_dimension_numbers(n, channels_first),
        feature_group_count=groups,
    )


def conv(
    inputs,
    kernel,
    strides=1,
    padding="valid",
    data_format=None,
    dilation_rate=1,
):
    inputs, kernel = promote(inputs, kernel)
    channels = inputs.shape[1 if _channels_first(data_format) else -1]
    groups = channels // kernel.shape[-2]
    return _conv(inputs, kernel, strides, padding, data_format,
                 dilation_rate, groups)


def depthwise_conv(
    inputs,
    kernel,
    strides=1,
    padding="valid",
    data_format=None,
    dilation_rate=1,
):
    inputs, kernel = promote(inputs, kernel)
    channels = kernel.shape[-2]
    kernel = kernel.reshape(*kernel.shape[:-2], 1, -1)
    return _conv(inputs, kernel, strides, padding, data_format,
                 dilation_rate, channels)


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
    # A stride-1 convolution of the input dilated by `strides` with the
    # flipped kernel; the padding selects the part of the full output kept.
    inputs, kernel = promote(inputs, kernel)
    channels_first = _channels_first(data_format)
    n = inputs.ndim - 2
    sizes = inputs.shape[2:] if channels_first else inputs.shape[1:-1]
    ksize = kernel.shape[:-2]
    strides, dilation = _tuple(strides, n), _tuple(dilation_rate, n)
    out_pad = (
        [None] * n if output_padding is None else _tuple(output_padding, n)
    )
    pads = []
    for size, k, s, d, op in zip(sizes, ksize, strides, dilation, out_pad):
        length, before = _transpose_geometry(size, k, s, d, padding.lower(),
                                             op)
        low = (k - 1) * d - before
        pads.append((low, length - (size - 1) * s - 1 + before))
    return _conv_transpose(inputs, kernel, tuple(pads), strides, dilation,
                           channels_first)


@_jit("pads", "strides", "dilation", "channels_first")
def _conv_transpose(inputs, kernel, pads, strides, dilation, channels_first):
    n = inputs.ndim - 2
    kernel = jnp.flip(jnp.swapaxes(kernel, -1, -2), axis=tuple(range(n)))
    return lax.conv_general_dilated(
        inputs,
        kernel,
        window_strides=(1,) * n,
        padding=pads,
        lhs_dilation=strides,
        rhs_dilation=dilation,
        dimension_numbers=_dimension_numbers(n, channels_first),
    )


def _window(x, pool_size, strides, data_format):
    n = x.ndim - 2
    pool = _tuple(pool_size, n)
    strides = pool if strides is None else _tuple(strides, n)
    if _channels_first(data_format):
        return (1, 1) + pool, (1, 1) + strides
    return (1,) + pool + (1,), (1,) + strides + (1,)


def max_pool(inputs, pool_size, strides=None, padding="valid",
             data_format=None):
    x = convert_to_tensor(inputs)
    window, steps = _window(x, pool_size, strides, data_format)
    # A concrete NumPy init value lets JAX use its differentiable max and
    # sum window primitives.
    if jnp.issubdtype(x.dtype, jnp.integer):
        init = np.array(jnp.iinfo(x.dtype).min, x.dtype)
    else:
        init = np.array(-np.inf, x.dtype)
    return lax.reduce_window(x, init, lax.max, window, steps,
                             padding.upper())


def average_pool(inputs, pool_size, strides=None, padding="valid",
                 data_format=None):
    x = _float(inputs)
    window, steps = _window(x, pool_size, strides, data_format)
    return _average_pool(x, window, steps, padding.upper())


@_jit("window", "steps", "padding")
def _average_pool(x, window, steps, padding):
    zero = np.array(0, x.dtype)
    total = lax.reduce_window(x, zero, lax.add, window, steps, padding)
    if padding == "VALID":
        return total / math.prod(window)
    # Windows overlapping the padding average only their real elements.
    ones = jnp.ones([1 if w == 1 else d for d, w in zip(x.shape, window)],
                    x.dtype)
    counts = lax.reduce_window(ones, zero, lax.add, window, steps, "SAME")
    return total / counts


@_jit("sizes", "first", "average")
def _adaptive_pool(x, sizes, first, average):
    reduce = jnp.mean if average else jnp.max
    for axis, out in enumerate(sizes, start=first):
        length = x.shape[axis]
        pieces = [
            reduce(
                lax.slice_in_dim(x, i * length // out,
                                 -(-(i + 1) * length // out), axis=axis),
                axis=axis,
                keepdims=True,
            )
            for i in range(out)
        ]
        x = jnp.concatenate(pieces, axis=axis)
    return x


def adaptive_average_pool(inputs, output_size, data_format=None):
    x = _float(inputs)
    first = 2 if _channels_first(data_format) else 1
    return _adaptive_pool(x, _tuple(output_size, x.ndim - 2), first, True)


def adaptive_max_pool(inputs, output_size, data_format=None):
    x = convert_to_tensor(inputs)
    first = 2 if _channels_first(data_format) else 1
    return _adaptive_pool(x, _tuple(output_size, x.ndim - 2), first, False)


def _fold_geometry(size, kernel_size, dilation, padding, stride):
    k, d, p, s = (_pair(v) for v in (kernel_size, dilation, padding, stride))
    blocks = tuple(
        (size[i] + 2 * p[i] - d[i] * (k[i] - 1) - 1) // s[i] + 1
        for i in range(2)
    )
    return k, d, p, s, blocks


def _block_slices(k, d, s, blocks):
    for i in range(k[0]):
        for j in range(k[1]):
            yield (
                slice(None),
                slice(None),
                slice(i * d[0], i * d[0] + (blocks[0] - 1) * s[0] + 1, s[0]),
                slice(j * d[1], j * d[1] + (blocks[1] - 1) * s[1] + 1, s[1]),
            )


def unfold(x, kernel_size, dilation=1, padding=0, stride=1):
    x = convert_to_tensor(x)
    return _unfold(x, *_fold_geometry(x.shape[2:], kernel_size, dilation,
                                      padding, stride))


@_jit("k", "d", "p", "s", "blocks")
def _unfold(x, k, d, p, s, blocks):
    x = jnp.pad(x, [(0, 0), (0, 0), (p[0], p[0]), (p[1], p[1])])
    columns = [x[index] for index in _block_slices(k, d, s, blocks)]
    n, c = x.shape[:2]
    return jnp.stack(columns, axis=2).reshape(
        n, c * k[0] * k[1], blocks[0] * blocks[1]
    )


def fold(x, output_size, kernel_size, dilation=1, padding=0, stride=1):
    x = convert_to_tensor(x)
    size = _pair(output_size)
    return _fold(x, size, *_fold_geometry(size, kernel_size, dilation,
                                          padding, stride))


@_jit("size", "k", "d", "p", "s", "blocks")
def _fold(x, size, k, d, p, s, blocks):
    n = x.shape[0]
    c = x.shape[1] // (k[0] * k[1])
    columns = x.reshape(n, c, k[0] * k[1], *blocks)
    y = jnp.zeros((n, c, size[0] + 2 * p[0], size[1] + 2 * p[1]), x.dtype)
    for position, index in enumerate(_block_slices(k, d, s, blocks)):
        y = y.at[index].add(columns[:, :, position])
    return y[:, :, p[0]: p[0] + size[0], p[1]: p[1] + size[1]]


def depth_to_space(x, block_size, data_format="channels_last"):
    x = convert_to_tensor(x)
    b = block_size
    if _channels_first(data_format):
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
    if _channels_first(data_format):
        n, c, h, w = x.shape
        x = x.reshape(n, c, h // b, b, w // b, b)
        return x.transpose(0, 1, 3, 5, 2, 4).reshape(
            n, c * b * b, h // b, w // b
        )
    n, h, w, c = x.shape
    x = x.reshape(n, h // b, b, w // b, b, c)
    return x.transpose(0, 1, 3, 2, 4, 5).reshape(n, h // b, w // b, -1)
