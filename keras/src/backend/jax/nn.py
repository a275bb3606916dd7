"""nn functions on JAX (jit-compatible: no branching on traced values).

Composite functions run through a compiled core (`_jit`): an eager call is
then one dispatch instead of one per primitive, and one compilation per
input signature instead of one per primitive. Configuration (epsilon,
floatx, image data format) is read before calling a core, never inside,
where it would be frozen into the compiled code.
"""

import functools
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from keras.src.backend import config
from keras.src.backend.common import dtypes
from keras.src.backend.common.ctc import ctc_beam_search
from keras.src.backend.common.nn_utils import normalize_axes as _axes
from keras.src.backend.common.nn_utils import (
    separable_conv as _separable_conv,
)
from keras.src.backend.common.nn_utils import normalize_tuple as _tuple
from keras.src.backend.common.nn_utils import (
    transpose_geometry as _transpose_geometry,
)
from keras.src.backend.jax.core import convert_to_tensor, promote
from keras.src.backend.common.nn_utils import pair as _pair

# ---------------------------------------------------------------- helpers
# The conv arithmetic helpers are repeated in each backend's nn.py so that
# backends import nothing from each other.


def _jit(*static_argnames):
    return functools.partial(jax.jit, static_argnames=static_argnames)


def _dtype(x):
    return dtypes.standardize_dtype(x.dtype)


def _float(x):
    """`x` as an array of a float dtype: integers and bools become floatx."""
    x = convert_to_tensor(x)
    dtype = _dtype(x)
    if dtypes.is_float_dtype(dtype):
        return x
    return x.astype(dtypes.result_type(dtype, float))


def _channels_first(data_format):
    return config.standardize_data_format(data_format) == "channels_first"


_SPATIAL = {1: "W", 2: "HW", 3: "DHW"}


def _dimension_numbers(n, channels_first):
    spatial = _SPATIAL[n]
    lhs = "NC" + spatial if channels_first else "N" + spatial + "C"
    return lhs, spatial + "IO", lhs


# ------------------------------------------------------------ activations


def relu(x):
    x = convert_to_tensor(x)
    if x.dtype == jnp.bool_:
        x = x.astype(jnp.int32)
    # jax.nn's versions have a zero gradient at 0, like the other backends.
    return jax.nn.relu(x)


def relu6(x):
    x = convert_to_tensor(x)
    if jnp.issubdtype(x.dtype, jnp.floating):
        return jax.nn.relu6(x)
    return jnp.clip(relu(x), max=jnp.asarray(6, x.dtype))


def sigmoid(x):
    return jax.nn.sigmoid(_float(x))


def tanh(x):
    return jnp.tanh(_float(x))


def sparse_sigmoid(x):
    return jax.nn.sparse_sigmoid(_float(x))


def softplus(x):
    return jax.nn.softplus(_float(x))


def softsign(x):
    return jax.nn.soft_sign(_float(x))


def silu(x):
    return jax.nn.silu(_float(x))


def squareplus(x, b=4):
    return _squareplus(_float(x), b)


@_jit()
def _squareplus(x, b):
    return (x + jnp.sqrt(jnp.square(x) + b)) / 2


def log_sigmoid(x):
    return jax.nn.log_sigmoid(_float(x))


def leaky_relu(x, negative_slope=0.2):
    return _leaky_relu(_float(x), negative_slope)


@_jit()
def _leaky_relu(x, negative_slope):
    # `x > 0` (not `>=`): the gradient at 0 is the slope, as elsewhere.
    return jnp.where(x > 0, x, negative_slope * x)


def hard_sigmoid(x):
    return jax.nn.hard_sigmoid(_float(x))


def hard_silu(x):
    return jax.nn.hard_silu(_float(x))


def elu(x, alpha=1.0):
    return jax.nn.elu(_float(x), alpha=alpha)


def selu(x):
    return jax.nn.selu(_float(x))


def gelu(x, approximate=True):
    return jax.nn.gelu(_float(x), approximate=approximate)


def celu(x, alpha=1.0):
    return jax.nn.celu(_float(x), alpha=alpha)


def glu(x, axis=-1):
    return jax.nn.glu(_float(x), axis=axis)


def tanh_shrink(x):
    return _tanh_shrink(_float(x))


@_jit()
def _tanh_shrink(x):
    return x - jnp.tanh(x)


def hard_tanh(x):
    x = convert_to_tensor(x)
    if x.dtype == jnp.bool_:
        x = x.astype(jnp.int32)
    one = jnp.ones((), x.dtype)
    if jnp.issubdtype(x.dtype, jnp.unsignedinteger):
        return jnp.minimum(x, one)
    return jnp.clip(x, -one, one)


def hard_shrink(x, threshold=0.5):
    return _hard_shrink(_float(x), threshold)


@_jit()
def _hard_shrink(x, threshold):
    return jnp.where(jnp.abs(x) > threshold, x, jnp.zeros((), x.dtype))


def threshold(x, threshold, default_value):
    x, threshold, default_value = promote(x, threshold, default_value)
    return jnp.where(x > threshold, x, default_value)


def soft_shrink(x, threshold=0.5):
    return _soft_shrink(_float(x), threshold)


@_jit()
def _soft_shrink(x, threshold):
    zero = jnp.zeros((), x.dtype)
    y = jnp.where(x > threshold, x - threshold, zero)
    return jnp.where(x < -threshold, x + threshold, y)


def sparse_plus(x):
    return jax.nn.sparse_plus(_float(x))


def softmax(x, axis=-1):
    x = _float(x)
    return jax.nn.softmax(x, axis=_axes(axis, x.ndim))


def log_softmax(x, axis=-1):
    x = _float(x)
    return jax.nn.log_softmax(x, axis=_axes(axis, x.ndim))


def sparsemax(x, axis=-1):
    return _sparsemax(_float(x), axis)


@_jit("axis")
def _sparsemax(x, axis):
    x = jnp.moveaxis(x, axis, -1)
    z = -jnp.sort(-x, axis=-1)
    k = jnp.arange(1, x.shape[-1] + 1, dtype=x.dtype)
    cumulative = jnp.cumsum(z, axis=-1)
    support = jnp.sum(1 + k * z > cumulative, axis=-1, keepdims=True)
    tau = (jnp.take_along_axis(cumulative, support - 1, -1) - 1) / support
    y = jnp.maximum(x - tau.astype(x.dtype), 0)
    return jnp.moveaxis(y, -1, axis)


# ---------------------------------------------------- convolution, pooling


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


# --------------------------------------------------------- one-hot, losses


def one_hot(x, num_classes, axis=-1, dtype=None, sparse=False):
    if sparse:
        raise ValueError("The jax backend does not support sparse tensors.")
    x = convert_to_tensor(x)
    return _one_hot(x, num_classes, axis % (x.ndim + 1),
                    dtypes.standardize_dtype(dtype))


@_jit("num_classes", "axis", "dtype")
def _one_hot(x, num_classes, axis, dtype):
    if not jnp.issubdtype(x.dtype, jnp.integer):
        x = x.astype(jnp.int32)
    shape = [1] * (x.ndim + 1)
    shape[axis] = num_classes
    classes = jnp.arange(num_classes).reshape(shape)
    return (jnp.expand_dims(x, axis) == classes).astype(dtype)


def multi_hot(inputs, num_classes=None, axis=-1, dtype=None, sparse=False,
              **kwargs):
    num_classes = kwargs.pop("num_tokens", num_classes)
    hot = one_hot(inputs, num_classes, axis=axis, dtype=dtype, sparse=sparse)
    return jnp.max(hot, axis=1 if hot.ndim > 2 else 0)


def _loss_dtype(*values):
    """The promoted float dtype of `values`, and the dtype computed in
    (16-bit floats are widened to float32)."""
    dtype = dtypes.result_type(*(_dtype(v) for v in values))
    if not dtypes.is_float_dtype(dtype):
        dtype = dtypes.result_type(dtype, float)
    return dtype, "float32" if dtype in ("float16", "bfloat16") else dtype


def _log_probs(output, from_logits, axis, eps):
    if from_logits:
        return jax.nn.log_softmax(output, axis=axis)
    output = output / jnp.sum(output, axis=axis, keepdims=True)
    return jnp.log(jnp.clip(output, eps, 1 - eps))


def categorical_crossentropy(target, output, from_logits=False, axis=-1):
    target, output = convert_to_tensor(target), convert_to_tensor(output)
    return _categorical_crossentropy(target, output, from_logits, axis,
                                     *_loss_dtype(target, output),
                                     config.epsilon())


@_jit("from_logits", "axis", "dtype", "wide")
def _categorical_crossentropy(target, output, from_logits, axis, dtype, wide,
                              eps):
    target, output = target.astype(wide), output.astype(wide)
    log_probs = _log_probs(output, from_logits, axis, eps)
    return (-jnp.sum(target * log_probs, axis=axis)).astype(dtype)


def sparse_categorical_crossentropy(target, output, from_logits=False,
                                    axis=-1):
    output = _float(output)
    target = convert_to_tensor(target)
    if target.ndim == output.ndim and target.shape[-1] == 1:
        target = jnp.squeeze(target, -1)
    return _sparse_categorical_crossentropy(target, output, from_logits,
                                            axis, config.epsilon())


@_jit("from_logits", "axis")
def _sparse_categorical_crossentropy(target, output, from_logits, axis, eps):
    dtype = output.dtype
    output = jnp.moveaxis(output.astype(_loss_dtype(output)[1]), axis, -1)
    target = target.astype(jnp.int32)
    log_probs = _log_probs(output, from_logits, -1, eps)
    classes = output.shape[-1]
    index = jnp.clip(target, 0, classes - 1)[..., None]
    picked = jnp.take_along_axis(log_probs, index, -1)[..., 0]
    valid = (target >= 0) & (target < classes)
    return jnp.where(valid, -picked, 0).astype(dtype)


def binary_crossentropy(target, output, from_logits=False):
    target, output = convert_to_tensor(target), convert_to_tensor(output)
    return _binary_crossentropy(target, output, from_logits,
                                *_loss_dtype(target, output),
                                config.epsilon())


@_jit("from_logits", "dtype", "wide")
def _binary_crossentropy(target, output, from_logits, dtype, wide, eps):
    target, output = target.astype(wide), output.astype(wide)
    if from_logits:
        loss = jnp.maximum(output, 0) - output * target
        loss = loss + jnp.log1p(jnp.exp(-jnp.abs(output)))
    else:
        output = jnp.clip(output, eps, 1 - eps)
        loss = -(target * jnp.log(output)
                 + (1 - target) * jnp.log1p(-output))
    return loss.astype(dtype)


# ---------------------------------------------------------- normalization


def moments(x, axes, keepdims=False, synchronized=False):
    # Arrays sharded across devices are global under `jit`, so the mean
    # over the batch axis is already synchronized.
    x = _float(x)
    return _moments(x, _axes(axes, x.ndim), keepdims)


@_jit("axes", "keepdims")
def _moments(x, axes, keepdims):
    dtype = x.dtype
    x = x.astype(jnp.float32) if x.dtype.itemsize == 2 else x
    mean = jnp.mean(x, axis=axes, keepdims=True)
    variance = jnp.mean(jnp.square(x - mean), axis=axes, keepdims=True)
    if not keepdims:
        mean, variance = jnp.squeeze(mean, axes), jnp.squeeze(variance, axes)
    return mean.astype(dtype), variance.astype(dtype)


def _broadcast_to_axis(v, ndim, axis):
    shape = [1] * ndim
    shape[axis] = -1
    return jnp.reshape(v, shape)


def batch_normalization(x, mean, variance, axis, offset=None, scale=None,
                        epsilon=1e-3):
    values = [v for v in (x, mean, variance, offset, scale) if v is not None]
    arrays = promote(*values)
    dtype = _dtype(arrays[0])
    if not dtypes.is_float_dtype(dtype):
        arrays = [a.astype(dtypes.result_type(dtype, float)) for a in arrays]
    x, mean, variance, *rest = arrays
    scale = rest.pop(-1) if scale is not None else None
    offset = rest[0] if offset is not None else None
    return _batch_normalization(x, mean, variance, axis % x.ndim, offset,
                                scale, epsilon)


@_jit("axis")
def _batch_normalization(x, mean, variance, axis, offset, scale, epsilon):
    # Scale and shift are folded on the vectors: two full-size operations.
    inv = lax.rsqrt(variance + epsilon)
    if scale is not None:
        inv = inv * scale
    shift = -mean * inv
    if offset is not None:
        shift = shift + offset
    return (x * _broadcast_to_axis(inv, x.ndim, axis)
            + _broadcast_to_axis(shift, x.ndim, axis))


def _param(v, x, axes):
    """Reshapes a per-feature parameter so it broadcasts along `axes`."""
    if v.ndim == x.ndim:
        return v
    shape = [1] * x.ndim
    for a in axes:
        shape[a] = x.shape[a]
    return v.reshape(shape)


def _optional(v):
    return None if v is None else convert_to_tensor(v)


def layer_normalization(x, gamma=None, beta=None, axis=-1, epsilon=None,
                        **kwargs):
    rms_scaling = kwargs.pop("rms_scaling", False)
    x = _float(x)
    epsilon = config.epsilon() if epsilon is None else epsilon
    return _layer_normalization(x, _optional(gamma), _optional(beta),
                                _axes(axis, x.ndim), epsilon, rms_scaling)


@_jit("axes", "rms_scaling")
def _layer_normalization(x, gamma, beta, axes, epsilon, rms_scaling):
    dtype = x.dtype
    x = x.astype(jnp.float32) if x.dtype.itemsize == 2 else x
    mean = jnp.mean(x, axis=axes, keepdims=True)
    variance = jnp.mean(jnp.square(x - mean), axis=axes, keepdims=True)
    if rms_scaling:
        # The legacy `rms_scaling=True` scales by the variance, uncentered,
        # and ignores `beta`.
        y = x * lax.rsqrt(variance + epsilon)
        beta = None
    else:
        y = (x - mean) * lax.rsqrt(variance + epsilon)
    if gamma is not None:
        y = y * _param(gamma, x, axes)
    if beta is not None:
        y = y + _param(beta, x, axes)
    return y.astype(dtype)


def rms_normalization(x, scale=None, axis=-1, epsilon=None):
    x = _float(x)
    epsilon = config.epsilon() if epsilon is None else epsilon
    return _rms_normalization(x, _optional(scale), _axes(axis, x.ndim),
                              epsilon)


@_jit("axes")
def _rms_normalization(x, scale, axes, epsilon):
    dtype = x.dtype
    x = x.astype(jnp.float32) if x.dtype.itemsize == 2 else x
    mean_square = jnp.mean(jnp.square(x), axis=axes, keepdims=True)
    y = x * lax.rsqrt(mean_square + epsilon)
    if scale is not None:
        y = y * _param(scale, x, axes)
    return y.astype(dtype)


def normalize(x, axis=-1, order=2, epsilon=None):
    x = _float(x)
    epsilon = config.epsilon() if epsilon is None else epsilon
    return _normalize(x, _axes(axis, x.ndim), order, epsilon)


@_jit("axes", "order")
def _normalize(x, axes, order, epsilon):
    dtype = x.dtype
    x = x.astype(jnp.float32) if x.dtype.itemsize == 2 else x
    total = jnp.sum(jnp.abs(x) ** order, axis=axes, keepdims=True)
    # Flooring `total` keeps the gradient finite where the norm is 0.
    tiny = jnp.finfo(x.dtype).tiny
    norm = jnp.maximum(jnp.maximum(total, tiny) ** (1 / order), epsilon)
    return (x / norm).astype(dtype)


# ------------------------------------------------------------------ misc


def psnr(x1, x2, max_val):
    x1, x2 = convert_to_tensor(x1), convert_to_tensor(x2)
    return _psnr(x1, x2, max_val, *_loss_dtype(x1, x2))


@_jit("dtype", "wide")
def _psnr(x1, x2, max_val, dtype, wide):
    x1, x2 = x1.astype(wide), x2.astype(wide)
    mse = jnp.mean(jnp.square(x1 - x2))
    max_val = jnp.asarray(max_val, wide)
    return (20 * jnp.log10(max_val) - 10 * jnp.log10(mse)).astype(dtype)


def polar(abs_, angle):
    abs_, angle = convert_to_tensor(abs_), convert_to_tensor(angle)
    wide = _loss_dtype(abs_, angle)[1]
    abs_, angle = abs_.astype(wide), angle.astype(wide)
    return lax.complex(abs_ * jnp.cos(angle), abs_ * jnp.sin(angle))


def dot_product_attention(query, key, value, bias=None, mask=None,
                          scale=None, is_causal=False, flash_attention=None,
                          attn_logits_soft_cap=None):
    query, key, value = promote(query, key, value)
    query, key, value = (_float(t) for t in (query, key, value))
    bias = _optional(bias)
    mask = None if mask is None else convert_to_tensor(mask).astype(bool)
    if scale is None:
        scale = 1 / math.sqrt(query.shape[-1])
    if flash_attention:
        return _fused_attention(query, key, value, bias, mask, scale,
                                is_causal, attn_logits_soft_cap)
    return _attention(query, key, value, bias, mask, scale, is_causal,
                      attn_logits_soft_cap)


@_jit("is_causal", "cap")
def _attention(query, key, value, bias, mask, scale, is_causal, cap):
    heads, kv_heads = query.shape[-2], key.shape[-2]
    if heads != kv_heads:
        key = jnp.repeat(key, heads // kv_heads, axis=-2)
        value = jnp.repeat(value, heads // kv_heads, axis=-2)
    logits = jnp.einsum("btnh,bsnh->bnts", query, key,
                        preferred_element_type=jnp.float32) * scale
    if cap is not None:
        logits = cap * jnp.tanh(logits / cap)
    if bias is not None:
        logits = logits + bias.astype(logits.dtype)
    keep = mask
    if is_causal:
        causal = jnp.tril(jnp.ones(logits.shape[-2:], dtype=bool))
        keep = causal if keep is None else keep & causal
    if keep is not None:
        logits = jnp.where(keep, logits, jnp.finfo(logits.dtype).min * 0.7)
    probs = jax.nn.softmax(logits, axis=-1).astype(value.dtype)
    return jnp.einsum("bnts,bsnh->btnh", probs, value)


def _fused_attention(query, key, value, bias, mask, scale, is_causal, cap):
    if cap is not None:
        raise ValueError(
            "`dot_product_attention`: the fused (flash) kernel of JAX does "
            "not support `attn_logits_soft_cap`; pass flash_attention=None."
        )
    if mask is not None:
        mask = mask.reshape((1,) * (4 - mask.ndim) + mask.shape)
    if bias is not None:
        bias = bias.astype(query.dtype)
        bias = bias.reshape((1,) * (4 - bias.ndim) + bias.shape)
    return jax.nn.dot_product_attention(
        query, key, value, bias=bias, mask=mask, scale=scale,
        is_causal=is_causal, implementation="cudnn",
    )


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


# ------------------------------------------------------------------- CTC


def _ctc_float(x):
    x = _float(x)
    return x.astype(jnp.float32) if x.dtype.itemsize < 4 else x


def ctc_loss(target, output, target_length, output_length, mask_index=0):
    return _ctc_loss(
        convert_to_tensor(target).astype(jnp.int32),
        _ctc_float(output),
        convert_to_tensor(target_length).astype(jnp.int32),
        convert_to_tensor(output_length).astype(jnp.int32),
        mask_index,
    )


@_jit("mask_index")
def _ctc_loss(target, output, target_length, output_length, mask_index):
    log_probs = jax.nn.log_softmax(output, axis=-1)
    batch = log_probs.shape[0]
    labels = jnp.full((batch, 2 * target.shape[1] + 1), mask_index,
                      jnp.int32)
    labels = labels.at[:, 1::2].set(target)
    allowed = jnp.zeros(labels.shape, bool)
    allowed = allowed.at[:, 3::2].set(labels[:, 3::2] != labels[:, 1:-2:2])
    # A finite log(0) keeps gradients finite; infeasible targets are set to
    # inf at the end.
    zero = jnp.asarray(-1e30, log_probs.dtype)
    emissions = jnp.take_along_axis(log_probs, labels[:, None, :], axis=2)
    first = jnp.where(jnp.arange(labels.shape[1]) < 2, emissions[:, 0], zero)

    def step(alpha, inputs):
        emission, t = inputs
        previous = jnp.pad(alpha[:, :-1], ((0, 0), (1, 0)),
                           constant_values=zero)
        skip = jnp.pad(alpha[:, :-2], ((0, 0), (2, 0)), constant_values=zero)
        skip = jnp.where(allowed, skip, zero)
        merged = jnp.logaddexp(jnp.logaddexp(alpha, previous), skip)
        new = jnp.where((t < output_length)[:, None], merged + emission,
                        alpha)
        return new, None

    steps = jnp.arange(1, log_probs.shape[1])
    alpha, _ = lax.scan(step, first,
                        (jnp.swapaxes(emissions[:, 1:], 0, 1), steps))
    last = 2 * target_length
    end = jnp.take_along_axis(alpha, last[:, None], 1)[:, 0]
    before = jnp.take_along_axis(alpha, jnp.maximum(last - 1, 0)[:, None],
                                 1)[:, 0]
    before = jnp.where(target_length > 0, before, zero)
    loss = -jnp.logaddexp(end, before)
    # A repeated label needs a blank between: infeasible targets cost inf.
    inside = jnp.arange(1, target.shape[1])[None, :] < target_length[:, None]
    repeats = jnp.sum((target[:, 1:] == target[:, :-1]) & inside, axis=1)
    return jnp.where(target_length + repeats <= output_length, loss, jnp.inf)


@_jit("merge_repeated", "blank")
def _greedy_decode(inputs, lengths, merge_repeated, blank):
    batch, steps, _ = inputs.shape
    ids = jnp.argmax(inputs, axis=-1).astype(jnp.int32)
    valid = jnp.arange(steps)[None, :] < lengths[:, None]
    scores = -jnp.sum(jnp.where(valid, jnp.max(inputs, -1), 0), axis=1)
    keep = valid & (ids != blank)
    if merge_repeated:
        repeated = jnp.pad(ids[:, 1:] == ids[:, :-1], ((0, 0), (1, 0)))
        keep = keep & ~repeated
    order = jnp.argsort(~keep, axis=1, stable=True)
    packed = jnp.take_along_axis(ids, order, 1)
    count = jnp.sum(keep, axis=1, keepdims=True)
    packed = jnp.where(jnp.arange(steps)[None, :] < count, packed, -1)
    return packed[None], scores[:, None]


def ctc_decode(inputs, sequence_lengths, strategy="greedy", beam_width=100,
               top_paths=1, merge_repeated=True, mask_index=0):
    inputs = _ctc_float(inputs)
    lengths = convert_to_tensor(sequence_lengths).astype(jnp.int32)
    blank = inputs.shape[-1] - 1 if mask_index is None else mask_index
    if strategy == "greedy":
        return _greedy_decode(inputs, lengths, merge_repeated, blank)
    # Beam search is sequential and data-dependent: it runs on the host,
    # through a callback that also works under `jit`.

    log_probs = jax.nn.log_softmax(inputs, axis=-1)
    batch, steps, _ = inputs.shape
    shapes = (
        jax.ShapeDtypeStruct((top_paths, batch, steps), jnp.int32),
        jax.ShapeDtypeStruct((batch, top_paths), inputs.dtype),
    )

    def search(log_probs, lengths):
        return ctc_beam_search(np.asarray(log_probs), np.asarray(lengths),
                               beam_width, top_paths, blank)

    return jax.pure_callback(search, shapes, log_probs, lengths)
