"""nn functions on PyTorch.

Functions used in training steps avoid `.item()`, NumPy and Python branches
on tensor values, so `torch.compile` captures them without graph breaks.
"""

import math

import numpy as np
import torch
import torch.nn.functional as F

from keras.src.backend import config
from keras.src.backend.common import dtypes
from keras.src.backend.common.ctc import ctc_beam_search
from keras.src.backend.common.nn_utils import normalize_axes as _axes
from keras.src.backend.common.nn_utils import (
    separable_conv as _separable_conv,
)
from keras.src.backend.common.nn_utils import normalize_tuple as _tuple
from keras.src.backend.common.nn_utils import same_padding as _same_pads
from keras.src.backend.common.nn_utils import (
    transpose_geometry as _transpose_geometry,
)
from keras.src.backend.torch.core import (
    KERAS_DTYPES,
    cast,
    convert_to_tensor,
    is_capturing,
    promote,
    to_torch_dtype,
)

# ---------------------------------------------------------------- helpers
# The conv arithmetic helpers are repeated in each backend's nn.py so that
# backends import nothing from each other.


def _float(x):
    """`x` as a tensor of a float dtype: integers and bools become floatx."""
    x = convert_to_tensor(x)
    if x.is_floating_point():
        return x
    return x.to(to_torch_dtype(dtypes.result_type(KERAS_DTYPES[x.dtype],
                                                  float)))


def _wide(x):
    """Returns `(x computed in at least float32, dtype to return)`."""
    x = _float(x)
    if x.element_size() == 2:
        return x.float(), x.dtype
    return x, x.dtype


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


def _as(x, dtype):
    return x if x.dtype == dtype else x.to(dtype)


# ------------------------------------------------------------ activations


def relu(x):
    x = convert_to_tensor(x)
    if x.dtype == torch.bool:
        x = x.int()
    return torch.relu(x)


def relu6(x):
    return torch.clamp(relu(x), max=6)


def sigmoid(x):
    return torch.sigmoid(_float(x))


def tanh(x):
    return torch.tanh(_float(x))


def sparse_sigmoid(x):
    return torch.clamp(0.5 * (_float(x) + 1), 0, 1)


def softplus(x):
    x = _float(x)
    return torch.logaddexp(x, torch.zeros((), dtype=x.dtype, device=x.device))


def softsign(x):
    return F.softsign(_float(x))


def silu(x):
    return F.silu(_float(x))


def squareplus(x, b=4):
    x = _float(x)
    return (x + torch.sqrt(torch.square(x) + b)) / 2


def log_sigmoid(x):
    return F.logsigmoid(_float(x))


def leaky_relu(x, negative_slope=0.2):
    return F.leaky_relu(_float(x), negative_slope=negative_slope)


def hard_sigmoid(x):
    return F.hardsigmoid(_float(x))


def hard_silu(x):
    return F.hardswish(_float(x))


def elu(x, alpha=1.0):
    return F.elu(_float(x), alpha=alpha)


def selu(x):
    return F.selu(_float(x))


def gelu(x, approximate=True):
    return F.gelu(_float(x), approximate="tanh" if approximate else "none")


def celu(x, alpha=1.0):
    return F.celu(_float(x), alpha=alpha)


def glu(x, axis=-1):
    return F.glu(_float(x), dim=axis)


def tanh_shrink(x):
    return F.tanhshrink(_float(x))


def hard_tanh(x):
    x = convert_to_tensor(x)
    if x.dtype == torch.bool:
        x = x.int()
    if x.dtype in (torch.uint8, torch.uint16, torch.uint32, torch.uint64):
        return torch.clamp(x, max=1)
    return torch.clamp(x, -1, 1)


def hard_shrink(x, threshold=0.5):
    x = _float(x)
    return torch.where(torch.abs(x) > threshold, x, torch.zeros_like(x))


def threshold(x, threshold, default_value):
    x, threshold, default_value = promote(x, threshold, default_value)
    return torch.where(x > threshold, x, default_value)


def soft_shrink(x, threshold=0.5):
    x = _float(x)
    zero = torch.zeros_like(x)
    y = torch.where(x > threshold, x - threshold, zero)
    return torch.where(x < -threshold, x + threshold, y)


def sparse_plus(x):
    x = _float(x)
    middle = torch.square(x + 1) / 4
    y = torch.where(x <= -1, torch.zeros_like(x), middle)
    return torch.where(x >= 1, x, y)


def softmax(x, axis=-1):
    x = _float(x)
    axes = _axes(axis, x.ndim)
    if len(axes) == 1:
        return torch.softmax(x, dim=axes[0])
    if not axes:
        return torch.ones_like(x)
    e = torch.exp(x - torch.amax(x, dim=axes, keepdim=True))
    return e / torch.sum(e, dim=axes, keepdim=True)


def log_softmax(x, axis=-1):
    x = _float(x)
    axes = _axes(axis, x.ndim)
    if len(axes) == 1:
        return torch.log_softmax(x, dim=axes[0])
    if not axes:
        return torch.zeros_like(x)
    return x - torch.logsumexp(x, dim=axes, keepdim=True)


def sparsemax(x, axis=-1):
    x = _float(x).movedim(axis, -1)
    z = torch.sort(x, dim=-1, descending=True).values
    k = torch.arange(1, x.shape[-1] + 1, dtype=x.dtype, device=x.device)
    cumulative = torch.cumsum(z, dim=-1)
    support = torch.sum(1 + k * z > cumulative, dim=-1, keepdim=True)
    tau = (torch.gather(cumulative, -1, support - 1) - 1) / support
    return torch.clamp(x - tau.to(x.dtype), min=0).movedim(-1, axis)


# ---------------------------------------------------- convolution, pooling


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


# --------------------------------------------------------- one-hot, losses


def one_hot(x, num_classes, axis=-1, dtype=None, sparse=False):
    if sparse:
        raise ValueError("The torch backend does not support sparse tensors.")
    x = convert_to_tensor(x)
    if x.is_floating_point() or x.dtype == torch.bool:
        x = x.int()
    axis = axis % (x.ndim + 1)
    shape = [1] * (x.ndim + 1)
    shape[axis] = num_classes
    classes = torch.arange(num_classes, device=x.device).reshape(shape)
    hot = x.unsqueeze(axis) == classes
    return hot.to(to_torch_dtype(dtypes.standardize_dtype(dtype)))


def multi_hot(inputs, num_classes=None, axis=-1, dtype=None, sparse=False,
              **kwargs):
    num_classes = kwargs.pop("num_tokens", num_classes)
    hot = one_hot(inputs, num_classes, axis=axis, dtype=dtype, sparse=sparse)
    return torch.amax(hot, dim=1 if hot.ndim > 2 else 0)


def _loss_inputs(target, output):
    """Returns `target` and `output` in their promoted float dtype (16-bit
    floats widened to float32), and the torch dtype to return."""
    target, output = convert_to_tensor(target), convert_to_tensor(output)
    dtype = dtypes.result_type(KERAS_DTYPES[target.dtype],
                               KERAS_DTYPES[output.dtype])
    if not dtypes.is_float_dtype(dtype):
        dtype = dtypes.result_type(dtype, float)
    wide = "float32" if dtype in ("float16", "bfloat16") else dtype
    return cast(target, wide), cast(output, wide), to_torch_dtype(dtype)


def _log_probs(output, from_logits, axis):
    if from_logits:
        return torch.log_softmax(output, dim=axis)
    output = output / torch.sum(output, dim=axis, keepdim=True)
    eps = config.epsilon()
    return torch.log(torch.clamp(output, eps, 1 - eps))


def categorical_crossentropy(target, output, from_logits=False, axis=-1):
    target, output, dtype = _loss_inputs(target, output)
    log_probs = _log_probs(output, from_logits, axis)
    return (-torch.sum(target * log_probs, dim=axis)).to(dtype)


def sparse_categorical_crossentropy(target, output, from_logits=False,
                                    axis=-1):
    output, dtype = _wide(output)
    target = convert_to_tensor(target)
    if target.ndim == output.ndim and target.shape[-1] == 1:
        target = target.squeeze(-1)
    classes = output.shape[axis]
    # Targets out of range are ignored: their loss is 0.
    target = torch.where((target >= 0) & (target < classes), target.long(),
                         -100)
    # torch's fused losses want the class axis at 1 (or alone).
    if output.ndim > 1 and axis % output.ndim != 1:
        output = output.movedim(axis, 1)
    if from_logits:
        loss = F.cross_entropy(output, target, reduction="none",
                               ignore_index=-100)
    else:
        class_axis = 1 if output.ndim > 1 else 0
        output = output / torch.sum(output, dim=class_axis, keepdim=True)
        eps = config.epsilon()
        log_probs = torch.log(torch.clamp(output, eps, 1 - eps))
        loss = F.nll_loss(log_probs, target, reduction="none",
                          ignore_index=-100)
    return _as(loss, dtype)


def binary_crossentropy(target, output, from_logits=False):
    target, output, dtype = _loss_inputs(target, output)
    if from_logits:
        loss = torch.relu(output) - output * target
        loss = loss + torch.log1p(torch.exp(-torch.abs(output)))
    else:
        eps = config.epsilon()
        output = torch.clamp(output, eps, 1 - eps)
        loss = -(target * torch.log(output)
                 + (1 - target) * torch.log1p(-output))
    return loss.to(dtype)


# ---------------------------------------------------------- normalization


def moments(x, axes, keepdims=False, synchronized=False):
    x, dtype = _wide(x)
    axes = _axes(axes, x.ndim)
    if synchronized and _distributed():
        mean, variance = _synchronized_moments(x, axes, keepdims)
    elif axes:
        variance, mean = torch.var_mean(x, dim=axes, correction=0,
                                        keepdim=keepdims)
    else:
        mean, variance = x, torch.zeros_like(x)
    return mean.to(dtype), variance.to(dtype)


def _distributed():
    distributed = torch.distributed
    return (
        distributed.is_available()
        and distributed.is_initialized()
        and distributed.get_world_size() > 1
    )


def _synchronized_moments(x, axes, keepdims):
    import warnings

    from torch.distributed.nn.functional import all_reduce

    count = torch.tensor(
        float(math.prod(x.shape[a] for a in axes)), device=x.device
    )
    # The sums go through autograd-aware reductions; the count needs none.
    torch.distributed.all_reduce(count)
    with warnings.catch_warnings():
        # torch 2.13 deprecates this public autograd-aware reduction in
        # favor of a private module.
        warnings.simplefilter("ignore", FutureWarning)
        total = all_reduce(torch.sum(x, dim=axes, keepdim=True))
        squares = all_reduce(
            torch.sum(torch.square(x), dim=axes, keepdim=True)
        )
    mean = total / count
    variance = torch.clamp(squares / count - torch.square(mean), min=0)
    if not keepdims:
        mean, variance = mean.squeeze(axes), variance.squeeze(axes)
    return mean, variance


def _broadcast_to_axis(v, ndim, axis):
    shape = [1] * ndim
    shape[axis] = -1
    return v.reshape(shape)


def batch_normalization(x, mean, variance, axis, offset=None, scale=None,
                        epsilon=1e-3):
    values = [v for v in (x, mean, variance, offset, scale) if v is not None]
    tensors = promote(*values)
    if not tensors[0].is_floating_point():
        tensors = [_float(t) for t in tensors]
    x, mean, variance, *rest = tensors
    axis = axis % x.ndim
    # Scale and shift are folded on the vectors: two full-size operations.
    inv = torch.rsqrt(variance + epsilon)
    if scale is not None:
        inv = inv * rest.pop(-1)
    shift = -mean * inv
    if offset is not None:
        shift = shift + rest[0]
    return torch.addcmul(_broadcast_to_axis(shift, x.ndim, axis), x,
                         _broadcast_to_axis(inv, x.ndim, axis))


def _param(v, x, axes):
    """Reshapes a per-feature parameter so it broadcasts along `axes`."""
    v = convert_to_tensor(v)
    if v.ndim == x.ndim:
        return v
    return v.reshape([x.shape[a] if a in axes else 1 for a in range(x.ndim)])


def _trailing(axes, ndim):
    return axes == tuple(range(ndim - len(axes), ndim))


def layer_normalization(x, gamma=None, beta=None, axis=-1, epsilon=None,
                        **kwargs):
    rms_scaling = kwargs.pop("rms_scaling", False)
    x = _float(x)
    axes = _axes(axis, x.ndim)
    epsilon = config.epsilon() if epsilon is None else epsilon
    if rms_scaling:
        # The legacy `rms_scaling=True` scales by the variance, uncentered,
        # and ignores `beta`.
        wide, dtype = _wide(x)
        variance = torch.var(wide, dim=axes, correction=0, keepdim=True)
        y = wide * torch.rsqrt(variance + epsilon)
        if gamma is not None:
            y = y * _param(gamma, wide, axes)
        return y.to(dtype)
    if _trailing(axes, x.ndim):
        shape = x.shape[axes[0]:]
        weight = None if gamma is None else cast(gamma, x.dtype).reshape(
            shape)
        bias = None if beta is None else cast(beta, x.dtype).reshape(shape)
        return F.layer_norm(x, shape, weight, bias, epsilon)
    wide, dtype = _wide(x)
    variance, mean = torch.var_mean(wide, dim=axes, correction=0,
                                    keepdim=True)
    y = (wide - mean) * torch.rsqrt(variance + epsilon)
    if gamma is not None:
        y = y * _param(gamma, wide, axes)
    if beta is not None:
        y = y + _param(beta, wide, axes)
    return y.to(dtype)


def rms_normalization(x, scale=None, axis=-1, epsilon=None):
    x = _float(x)
    axes = _axes(axis, x.ndim)
    epsilon = config.epsilon() if epsilon is None else epsilon
    if _trailing(axes, x.ndim):
        shape = x.shape[axes[0]:]
        weight = None if scale is None else cast(scale, x.dtype).reshape(
            shape)
        return F.rms_norm(x, shape, weight, epsilon)
    wide, dtype = _wide(x)
    mean_square = torch.mean(torch.square(wide), dim=axes, keepdim=True)
    y = wide * torch.rsqrt(mean_square + epsilon)
    if scale is not None:
        y = y * _param(scale, wide, axes)
    return y.to(dtype)


def normalize(x, axis=-1, order=2, epsilon=None):
    x, dtype = _wide(x)
    axes = _axes(axis, x.ndim)
    epsilon = config.epsilon() if epsilon is None else epsilon
    total = torch.sum(torch.abs(x) ** order, dim=axes, keepdim=True)
    # Flooring `total` keeps the gradient finite where the norm is 0.
    tiny = torch.finfo(x.dtype).tiny
    norm = torch.clamp(torch.clamp(total, min=tiny) ** (1 / order),
                       min=epsilon)
    return (x / norm).to(dtype)


# ------------------------------------------------------------------ misc


def psnr(x1, x2, max_val):
    x1, x2, dtype = _loss_inputs(x1, x2)
    mse = torch.mean(torch.square(x1 - x2))
    max_val = torch.as_tensor(max_val, dtype=x1.dtype, device=x1.device)
    return (20 * torch.log10(max_val) - 10 * torch.log10(mse)).to(dtype)


def polar(abs_, angle):
    abs_, angle, _ = _loss_inputs(abs_, angle)
    return torch.polar(abs_, angle)


def dot_product_attention(query, key, value, bias=None, mask=None,
                          scale=None, is_causal=False, flash_attention=None,
                          attn_logits_soft_cap=None):
    query, key, value = promote(query, key, value)
    query, key, value = (_float(t).transpose(1, 2)
                         for t in (query, key, value))
    heads, kv_heads = query.shape[1], key.shape[1]
    if attn_logits_soft_cap is not None:
        if flash_attention:
            raise ValueError(
                "`dot_product_attention`: flash attention does not support "
                "`attn_logits_soft_cap`; pass flash_attention=None."
            )
        return _capped_attention(query, key, value, bias, mask, scale,
                                 is_causal, attn_logits_soft_cap)
    additive = _additive_mask(query, key, bias, mask, is_causal)
    if additive is not None:
        is_causal = False
    kwargs = {"enable_gqa": heads != kv_heads, "scale": scale}
    if flash_attention:
        from torch.nn.attention import SDPBackend, sdpa_kernel

        with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
            out = F.scaled_dot_product_attention(
                query, key, value, additive, is_causal=is_causal, **kwargs)
    else:
        out = F.scaled_dot_product_attention(
            query, key, value, additive, is_causal=is_causal, **kwargs)
    return out.transpose(1, 2)


def _additive_mask(query, key, bias, mask, is_causal):
    """`bias` plus a large negative number where `mask` (and causality)
    forbid attending; `None` when the plain causal flag is enough."""
    if bias is None and mask is None:
        return None
    dtype = query.dtype
    additive = (torch.zeros((), dtype=dtype, device=query.device)
                if bias is None else cast(bias, dtype))
    keep = None if mask is None else convert_to_tensor(mask).bool()
    if is_causal:
        causal = torch.ones(query.shape[2], key.shape[2], dtype=torch.bool,
                            device=query.device).tril()
        keep = causal if keep is None else keep & causal
    if keep is not None:
        floor = torch.finfo(dtype).min * 0.7
        additive = torch.where(keep, additive, floor)
    return additive


def _capped_attention(query, key, value, bias, mask, scale, is_causal, cap):
    heads, kv_heads = query.shape[1], key.shape[1]
    if heads != kv_heads:
        key = key.repeat_interleave(heads // kv_heads, dim=1)
        value = value.repeat_interleave(heads // kv_heads, dim=1)
    if scale is None:
        scale = 1 / math.sqrt(query.shape[-1])
    logits = torch.matmul(query, key.transpose(-1, -2)).float() * scale
    logits = cap * torch.tanh(logits / cap)
    additive = _additive_mask(logits, key, bias, mask, is_causal)
    if additive is not None:
        logits = logits + additive
    elif is_causal:
        causal = torch.ones(logits.shape[-2:], dtype=torch.bool,
                            device=logits.device).tril()
        logits = torch.where(causal, logits, torch.finfo(logits.dtype).min)
    probs = torch.softmax(logits, dim=-1).to(value.dtype)
    return torch.matmul(probs, value).transpose(1, 2)


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


# ------------------------------------------------------------------- CTC


def _ctc_float(x):
    x = _float(x)
    return x.float() if x.element_size() < 4 else x


def _ctc_feasible(target, target_length, output_length):
    """Whether each target fits: a repeated label needs a blank between."""
    positions = torch.arange(1, target.shape[1], device=target.device)
    inside = positions[None, :] < target_length[:, None]
    repeats = torch.sum((target[:, 1:] == target[:, :-1]) & inside, dim=1)
    return target_length + repeats <= output_length


def ctc_loss(target, output, target_length, output_length, mask_index=0):
    log_probs = torch.log_softmax(_ctc_float(output), dim=-1)
    target = convert_to_tensor(target).long()
    target_length = convert_to_tensor(target_length).long()
    output_length = convert_to_tensor(output_length).long()
    if is_capturing():
        # `F.ctc_loss` has a data-dependent output shape, which breaks the
        # graph; the forward recursion written with tensor ops does not.
        loss = _ctc_forward(log_probs, target, target_length, output_length,
                            mask_index)
    else:
        loss = F.ctc_loss(
            log_probs.transpose(0, 1),
            target,
            output_length,
            target_length,
            blank=mask_index,
            reduction="none",
            # Infeasible targets get inf below, with a zero gradient.
            zero_infinity=True,
        )
    feasible = _ctc_feasible(target, target_length, output_length)
    return torch.where(feasible, loss, math.inf)


def _ctc_forward(log_probs, target, target_length, output_length, blank):
    """The CTC forward recursion over the label sequence with blanks
    interleaved, in log space."""
    batch, steps, _ = log_probs.shape
    labels = torch.full((batch, 2 * target.shape[1] + 1), blank,
                        dtype=torch.long, device=log_probs.device)
    labels[:, 1::2] = target
    allowed = torch.zeros(labels.shape, dtype=torch.bool,
                          device=labels.device)
    allowed[:, 3::2] = labels[:, 3::2] != labels[:, 1:-2:2]
    # A finite log(0) keeps gradients finite; infeasible targets get inf.
    zero = -1e30
    emissions = torch.gather(
        log_probs, 2, labels[:, None, :].expand(-1, steps, -1)
    )
    alpha = torch.where(
        torch.arange(labels.shape[1], device=labels.device) < 2,
        emissions[:, 0], zero,
    )
    for t in range(1, steps):
        previous = F.pad(alpha[:, :-1], (1, 0), value=zero)
        skip = torch.where(allowed, F.pad(alpha[:, :-2], (2, 0), value=zero),
                           zero)
        merged = torch.logaddexp(torch.logaddexp(alpha, previous), skip)
        alpha = torch.where((t < output_length)[:, None],
                            merged + emissions[:, t], alpha)
    last = 2 * target_length
    end = torch.gather(alpha, 1, last[:, None])[:, 0]
    before = torch.gather(alpha, 1, torch.clamp(last - 1, min=0)[:, None])
    before = torch.where(target_length > 0, before[:, 0], zero)
    return -torch.logaddexp(end, before)


def _greedy_decode(inputs, lengths, merge_repeated, blank):
    batch, steps, _ = inputs.shape
    best, ids = torch.max(inputs, dim=-1)
    ids = ids.int()
    positions = torch.arange(steps, device=inputs.device)[None, :]
    valid = positions < lengths[:, None]
    scores = -torch.sum(torch.where(valid, best, torch.zeros_like(best)), 1)
    keep = valid & (ids != blank)
    if merge_repeated:
        repeated = F.pad(ids[:, 1:] == ids[:, :-1], (1, 0))
        keep = keep & ~repeated
    order = torch.argsort((~keep).int(), dim=1, stable=True)
    packed = torch.gather(ids, 1, order)
    count = torch.sum(keep, dim=1, keepdim=True)
    packed = torch.where(positions < count, packed, -1)
    return packed[None], scores[:, None]


def ctc_decode(inputs, sequence_lengths, strategy="greedy", beam_width=100,
               top_paths=1, merge_repeated=True, mask_index=0):
    inputs = _ctc_float(inputs)
    lengths = convert_to_tensor(sequence_lengths).long()
    blank = inputs.shape[-1] - 1 if mask_index is None else mask_index
    if strategy == "greedy":
        return _greedy_decode(inputs, lengths, merge_repeated, blank)
    # Beam search is sequential and data-dependent: it runs on the host.

    log_probs = torch.log_softmax(inputs, dim=-1).detach().cpu().numpy()
    paths, scores = ctc_beam_search(log_probs, lengths.cpu().numpy(),
                                    beam_width, top_paths, blank)
    return (torch.as_tensor(paths, device=inputs.device),
            torch.as_tensor(np.asarray(scores), device=inputs.device))
