"""Convolution, pooling and patch extraction on PyTorch."""

import math

import torch
import torch.nn.functional as F

from keras.src.backend import config
from keras.src.backend.common.nn_utils import (
    separable_conv as _separable_conv,
)
from keras.src.backend.common.nn_utils import normalize_tuple as _tuple
from keras.src.backend.common.nn_utils import same_padding as _same_pads
from keras.src.backend.common.nn_utils import (
    transpose_geometry as _transpose_geometry,
)
from keras.src.backend.torch.core import (
    convert_to_tensor,
    is_capturing,
    promote,
)
from keras.src.backend.torch.nn._utils import _as
from keras.src.backend.torch.nn._utils import _float
from keras.src.backend.torch.nn._utils import _wide


def _channels_first(data_format):
    return config.standardize_data_format(data_format) == "channels_first"


def _to_channels_first(x, channels_first):
    return x if channels_first else x.movedim(-1, 1)


def _from_channels_first(x, channels_first):
    return x if channels_first else x.movedim(1, -1)


def _flat_pads(pads):
    """`F.pad`'s argument (last dim first) from per-dim `(before, after)`."""
    return [p for pair in reversed(pads) for p in pair]


def _exact_float(x):
    """Integer tensors go through float64 in ops that torch only implements
    for floats; returns `(tensor, dtype to return)`."""
    if x.is_floating_point():
        return x, x.dtype
    return x.double(), x.dtype


def _conv(x, weight, strides, padding, dilation, groups, channels_first):
    """`weight` is in torch's layout `(out, in // groups, *kernel)`."""
    x, dtype = _exact_float(_to_channels_first(x, channels_first))
    weight = _as(weight, x.dtype)
    n = x.ndim - 2
    strides, dilation = _tuple(strides, n), _tuple(dilation, n)
    pad = 0
    if padding.lower() == "same":
        pads = [
            _same_pads(size, k, s, d)
            for size, k, s, d in zip(x.shape[2:], weight.shape[2:], strides,
                                     dilation)
        ]
        if all(lo == hi for lo, hi in pads):
            pad = tuple(lo for lo, _ in pads)
        else:
            x = F.pad(x, _flat_pads(pads))
    conv_fn = (F.conv1d, F.conv2d, F.conv3d)[n - 1]
    y = conv_fn(x, weight, None, strides, pad, dilation, groups)
    return _from_channels_first(_as(y, dtype), channels_first)


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
    channels = inputs.shape[1 if channels_first else -1]
    weight = kernel.permute(-1, -2, *range(kernel.ndim - 2))
    return _conv(inputs, weight, strides, padding, dilation_rate,
                 channels // kernel.shape[-2], channels_first)


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
    weight = kernel.permute(-1, -2, *range(kernel.ndim - 2))
    return _conv(inputs, weight, strides, padding, dilation_rate, channels,
                 _channels_first(data_format))


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
    channels_first = _channels_first(data_format)
    x, dtype = _exact_float(_to_channels_first(inputs, channels_first))
    n = x.ndim - 2
    weight = _as(kernel.permute(-1, -2, *range(n)), x.dtype)
    strides, dilation = _tuple(strides, n), _tuple(dilation_rate, n)
    out_pad = (
        [None] * n if output_padding is None else _tuple(output_padding, n)
    )
    geometry = [
        _transpose_geometry(size, k, s, d, padding.lower(), op) + (
            (size - 1) * s + (k - 1) * d + 1,)
        for size, k, s, d, op in zip(x.shape[2:], weight.shape[2:], strides,
                                     dilation, out_pad)
    ]
    # torch crops `before` on both sides and appends `extra` at the end;
    # it accepts only 0 <= extra < max(stride, dilation).
    extras = [length - full + 2 * before for length, before, full in geometry]
    direct = all(
        0 <= e < max(s, d) for e, s, d in zip(extras, strides, dilation)
    )
    conv_fn = (F.conv_transpose1d, F.conv_transpose2d,
               F.conv_transpose3d)[n - 1]
    if direct:
        y = conv_fn(x, weight, None, strides,
                    tuple(before for _, before, _ in geometry), tuple(extras),
                    1, dilation)
    else:
        y = conv_fn(x, weight, None, strides, 0, 0, 1, dilation)
        for axis, (length, before, _) in enumerate(geometry, start=2):
            y = y.narrow(axis, before, min(length, y.shape[axis] - before))
            missing = length - y.shape[axis]
            if missing > 0:
                pads = [(0, 0)] * (y.ndim - 2)
                pads[axis - 2] = (0, missing)
                y = F.pad(y, _flat_pads(pads))
    return _from_channels_first(_as(y, dtype), channels_first)


def _pool_geometry(x, pool_size, strides, padding):
    n = x.ndim - 2
    pool = _tuple(pool_size, n)
    strides = pool if strides is None else _tuple(strides, n)
    pads = [(0, 0)] * n
    if padding.lower() == "same":
        pads = [_same_pads(size, k, s, 1)
                for size, k, s in zip(x.shape[2:], pool, strides)]
    return pool, strides, pads


def max_pool(inputs, pool_size, strides=None, padding="valid",
             data_format=None):
    channels_first = _channels_first(data_format)
    x = _to_channels_first(convert_to_tensor(inputs), channels_first)
    x, dtype = _exact_float(x)
    pool, strides, pads = _pool_geometry(x, pool_size, strides, padding)
    if any(lo or hi for lo, hi in pads):
        x = F.pad(x, _flat_pads(pads), value=-math.inf)
    if strides == pool and is_capturing():
        y = _window_max(x, pool)
    else:
        pool_fn = (F.max_pool1d, F.max_pool2d, F.max_pool3d)[x.ndim - 3]
        y = pool_fn(x, pool, strides)
    return _from_channels_first(_as(y, dtype), channels_first)


def _window_max(x, pool):
    """Max pooling of a channels-first `x` over windows that do not overlap,
    for compiled graphs.

    Inductor turns `max_pool2d`'s backward into a scatter driven by scalar
    index arithmetic, several times slower than eager pooling on CPU. Here
    the forward is two vectorized reductions over a view of the windows
    and the backward one elementwise select; only the small per-window
    argmax is kept between them. As in eager pooling, the gradient goes to
    the first maximum of each window (none to a window holding NaN, whose
    maximum is NaN anyway).
    """
    # Work in the memory order of `x`: the result keeps its layout
    # (channels-last stays channels-last) and every loop stays contiguous.
    channels_inner = x.stride(1) == 1 and x.shape[1] > 1
    if channels_inner:
        x = x.movedim(1, -1)
    start = 1 if channels_inner else 2
    end = start + len(pool)
    counts = [size // p for size, p in zip(x.shape[start:end], pool)]
    crop = [slice(None)] * x.ndim
    window_shape, order_shape = list(x.shape[:start]), [1] * start
    for axis, (count, p) in enumerate(zip(counts, pool), start):
        crop[axis] = slice(0, count * p)
        window_shape += [count, p]
        order_shape += [1, p]
    window_shape += x.shape[end:]
    order_shape += [1] * (x.ndim - end)
    windows = x[tuple(crop)].reshape(window_shape)
    # Position of each element in its window, in row-major window order.
    order = torch.arange(math.prod(pool), dtype=torch.float32,
                         device=x.device).reshape(order_shape)
    axes = tuple(range(start + 1, start + 2 * len(pool), 2))
    y, _ = _WindowMax.apply(windows, order, axes)
    return y.movedim(-1, 1) if channels_inner else y


class _WindowMax(torch.autograd.Function):
    """`(max, argmax)` over `axes` of a window view; see `_window_max`."""

    @staticmethod
    def forward(windows, order, axes):
        top = windows.amax(dim=axes, keepdim=True)
        first = torch.where(windows == top, order, order.numel())
        return top.squeeze(axes), first.amin(dim=axes, keepdim=True)

    @staticmethod
    def setup_context(ctx, inputs, output):
        _, order, axes = inputs
        ctx.save_for_backward(output[1], order)
        ctx.axes = axes
        ctx.mark_non_differentiable(output[1])

    @staticmethod
    def backward(ctx, grad, _):
        first, order = ctx.saved_tensors
        for axis in ctx.axes:
            grad = grad.unsqueeze(axis)
        return torch.where(first == order, grad, 0), None, None


def average_pool(inputs, pool_size, strides=None, padding="valid",
                 data_format=None):
    channels_first = _channels_first(data_format)
    x, dtype = _wide(inputs)
    x = _to_channels_first(x, channels_first)
    pool, strides, pads = _pool_geometry(x, pool_size, strides, padding)
    pool_fn = (F.avg_pool1d, F.avg_pool2d, F.avg_pool3d)[x.ndim - 3]
    if not any(lo or hi for lo, hi in pads):
        y = pool_fn(x, pool, strides)
    else:
        # Windows overlapping the padding average only their real
        # elements: divide by the average of a padded mask of ones.
        flat = _flat_pads(pads)
        mask = F.pad(torch.ones((1, 1) + x.shape[2:], dtype=x.dtype,
                                device=x.device), flat)
        y = pool_fn(F.pad(x, flat), pool, strides) / pool_fn(mask, pool,
                                                             strides)
    return _from_channels_first(_as(y, dtype), channels_first)


def adaptive_average_pool(inputs, output_size, data_format=None):
    channels_first = _channels_first(data_format)
    x, dtype = _wide(_to_channels_first(_float(inputs), channels_first))
    size = _tuple(output_size, x.ndim - 2)
    pool_fn = (F.adaptive_avg_pool1d, F.adaptive_avg_pool2d,
               F.adaptive_avg_pool3d)[x.ndim - 3]
    return _from_channels_first(_as(pool_fn(x, size), dtype), channels_first)


def adaptive_max_pool(inputs, output_size, data_format=None):
    channels_first = _channels_first(data_format)
    x = _to_channels_first(convert_to_tensor(inputs), channels_first)
    x, dtype = _exact_float(x)
    size = _tuple(output_size, x.ndim - 2)
    pool_fn = (F.adaptive_max_pool1d, F.adaptive_max_pool2d,
               F.adaptive_max_pool3d)[x.ndim - 3]
    return _from_channels_first(_as(pool_fn(x, size), dtype), channels_first)


def unfold(x, kernel_size, dilation=1, padding=0, stride=1):
    x, dtype = _exact_float(convert_to_tensor(x))
    return F.unfold(x, kernel_size, dilation, padding, stride).to(dtype)


def fold(x, output_size, kernel_size, dilation=1, padding=0, stride=1):
    x, dtype = _exact_float(convert_to_tensor(x))
    y = F.fold(x, output_size, kernel_size, dilation, padding, stride)
    return y.to(dtype)


def depth_to_space(x, block_size, data_format="channels_last"):
    x = convert_to_tensor(x)
    b = block_size
    if _channels_first(data_format):
        return F.pixel_shuffle(x, b)
    n, h, w, c = x.shape
    x = x.reshape(n, h, w, b, b, c // (b * b))
    return x.permute(0, 1, 3, 2, 4, 5).reshape(n, h * b, w * b, -1)


def space_to_depth(x, block_size, data_format="channels_last"):
    x = convert_to_tensor(x)
    b = block_size
    if _channels_first(data_format):
        return F.pixel_unshuffle(x, b)
    n, h, w, c = x.shape
    x = x.reshape(n, h // b, b, w // b, b, c)
    return x.permute(0, 1, 3, 2, 4, 5).reshape(n, h // b, w // b, -1)
