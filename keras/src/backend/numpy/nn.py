"""nn functions on NumPy: activations, losses, normalization, convolution
and pooling written with plain NumPy (inference only: no gradients)."""

import math

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

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
from keras.src.backend.numpy.core import _as_array
from keras.src.backend.numpy.core import convert_to_tensor, promote
from keras.src.backend.numpy.core import is_tensor as _is_tensor
from keras.src.backend.common.nn_utils import fold_geometry as _fold_geometry
from keras.src.backend.common.nn_utils import pair as _pair

try:
    from scipy.special import erf as _erf
except ImportError:  # scipy is optional with the numpy backend.
    _erf = np.vectorize(math.erf, otypes=[np.float64])

_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


# ---------------------------------------------------------------- helpers


def _dtype(x):
    return dtypes.standardize_dtype(x.dtype)


def _float(x):
    """`x` as an array of a float dtype: integers and bools become floatx."""
    x = convert_to_tensor(x)
    dtype = _dtype(x)
    if dtypes.is_float_dtype(dtype):
        return x
    return x.astype(dtypes.result_type(dtype, float))


# Integer input of activations, as upstream Keras's numpy backend gives it
# (the parity suite's golden files): some compute it in NumPy's float64 and
# return float64, others cast the float64 result back to the integer dtype.
# Its other backends differ (float32, or a framework error): a Keras user
# on numpy gets numpy's behaviour.
_INT_TO_FLOAT64 = "float64"
_INT_KEPT = "kept"


def _wide(x, ints=None):
    """Returns `(x in a dtype NumPy computes well, dtype to return)`: 16-bit
    floats are computed in float32; integers in floatx, or, with `ints`,
    in float64 returned as float64 (`_INT_TO_FLOAT64`) or as the integer
    dtype (`_INT_KEPT`)."""
    x = convert_to_tensor(x)
    if ints is not None and x.dtype.kind in "iu":
        kept = x.dtype if ints == _INT_KEPT else np.dtype("float64")
        return x.astype(np.float64), kept
    x = _float(x)
    dtype = x.dtype
    if dtype.itemsize == 2:
        return x.astype(np.float32), dtype
    return x, dtype


def _is_half(dtype):
    return dtype.itemsize == 2 and dtype.kind in "fV"


def _channels_last(x, data_format):
    if config.standardize_data_format(data_format) == "channels_first":
        return np.moveaxis(x, 1, -1), True
    return x, False


def _restore(x, channels_first):
    return np.moveaxis(x, -1, 1) if channels_first else x


# ------------------------------------------------------------ activations


def relu(x):
    x = convert_to_tensor(x)
    if x.dtype == np.bool_:
        x = x.astype(np.int32)
    return np.maximum(x, x.dtype.type(0))


def relu6(x):
    x = relu(x)
    return np.minimum(x, x.dtype.type(6))


def _sigmoid(x):
    """Sigmoid of an array, in its dtype (no conversion: `convert_to_tensor`
    would narrow a float64 intermediate)."""
    e = np.exp(-np.abs(x))
    return np.where(x >= 0, 1 / (1 + e), e / (1 + e))


def sigmoid(x):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    return _sigmoid(x).astype(dtype)


def tanh(x):
    x, dtype = _wide(x)
    return np.tanh(x).astype(dtype)


def sparse_sigmoid(x):
    x, dtype = _wide(x, _INT_KEPT)
    return np.clip(0.5 * (x + 1), 0, 1).astype(dtype)


def softplus(x):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    return np.logaddexp(x, 0).astype(dtype)


def softsign(x):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    return (x / (1 + np.abs(x))).astype(dtype)


def silu(x):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    return (x * _sigmoid(x)).astype(dtype)


def squareplus(x, b=4):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    return ((x + np.sqrt(np.square(x) + b)) / 2).astype(dtype)


def log_sigmoid(x):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    return (-np.logaddexp(-x, 0)).astype(dtype)


def leaky_relu(x, negative_slope=0.2):
    x, dtype = _wide(x, _INT_KEPT)
    return np.where(x >= 0, x, negative_slope * x).astype(dtype)


def hard_sigmoid(x):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    return np.clip(x / 6 + 0.5, 0, 1).astype(dtype)


def hard_silu(x):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    return (x * np.clip(x / 6 + 0.5, 0, 1)).astype(dtype)


def elu(x, alpha=1.0):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    return np.where(x > 0, x, alpha * np.expm1(np.minimum(x, 0))).astype(dtype)


def selu(x):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    negative = _SELU_ALPHA * np.expm1(np.minimum(x, 0))
    return (_SELU_SCALE * np.where(x > 0, x, negative)).astype(dtype)


def gelu(x, approximate=True):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    if approximate:
        inner = math.sqrt(2 / math.pi) * (x + 0.044715 * x**3)
        y = 0.5 * x * (1 + np.tanh(inner))
    else:
        y = 0.5 * x * (1 + _erf(x / math.sqrt(2)))
    return y.astype(dtype)


def celu(x, alpha=1.0):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    negative = alpha * np.expm1(np.minimum(x, 0) / alpha)
    return np.where(x > 0, x, negative).astype(dtype)


def glu(x, axis=-1):
    x, dtype = _wide(x)
    a, b = np.split(x, 2, axis=axis)
    return (a * _sigmoid(b)).astype(dtype)


def tanh_shrink(x):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    return (x - np.tanh(x)).astype(dtype)


def hard_tanh(x):
    x = convert_to_tensor(x)
    if x.dtype == np.bool_:
        x = x.astype(np.int32)
    one = x.dtype.type(1)
    if x.dtype.kind == "u":
        return np.minimum(x, one)
    return np.minimum(np.maximum(x, -one), one)


def hard_shrink(x, threshold=0.5):
    x, dtype = _wide(x, _INT_KEPT)
    return np.where(np.abs(x) > threshold, x, 0).astype(dtype)


def threshold(x, threshold, default_value):
    x, threshold, default_value = promote(x, threshold, default_value)
    return np.where(x > threshold, x, default_value)


def soft_shrink(x, threshold=0.5):
    x, dtype = _wide(x, _INT_KEPT)
    y = np.where(x > threshold, x - threshold, 0)
    return np.where(x < -threshold, x + threshold, y).astype(dtype)


def sparse_plus(x):
    x, dtype = _wide(x, _INT_KEPT)
    middle = np.square(x + 1) / 4
    y = np.where(x >= 1, x, np.where(x <= -1, 0, middle))
    return y.astype(dtype)


def softmax(x, axis=-1):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    axes = _axes(axis, x.ndim)
    e = np.exp(x - np.max(x, axis=axes, keepdims=True))
    return (e / np.sum(e, axis=axes, keepdims=True)).astype(dtype)


def log_softmax(x, axis=-1):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    axes = _axes(axis, x.ndim)
    shifted = x - np.max(x, axis=axes, keepdims=True)
    lse = np.log(np.sum(np.exp(shifted), axis=axes, keepdims=True))
    return (shifted - lse).astype(dtype)


def sparsemax(x, axis=-1):
    x, dtype = _wide(x, _INT_TO_FLOAT64)
    if dtype == np.float32:
        # As upstream's numpy backend: float32 input gives float64.
        dtype = np.dtype("float64")
    x = np.moveaxis(x, axis, -1)
    z = -np.sort(-x, axis=-1)
    k = np.arange(1, x.shape[-1] + 1, dtype=x.dtype)
    cumulative = np.cumsum(z, axis=-1)
    support = np.sum(1 + k * z > cumulative, axis=-1, keepdims=True)
    tau = (np.take_along_axis(cumulative, support - 1, -1) - 1) / support
    y = np.maximum(x - tau, 0)
    return np.moveaxis(y, -1, axis).astype(dtype)


# ---------------------------------------------------- convolution, pooling


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


# --------------------------------------------------------- one-hot, losses


def one_hot(x, num_classes, axis=-1, dtype=None, sparse=False):
    if sparse:
        raise ValueError("The numpy backend does not support sparse tensors.")
    x = convert_to_tensor(x)
    if x.dtype.kind not in "iu":
        x = x.astype(np.int32)
    axis = axis % (x.ndim + 1)
    shape = [1] * (x.ndim + 1)
    shape[axis] = num_classes
    classes = np.arange(num_classes).reshape(shape)
    hot = np.expand_dims(x, axis) == classes
    return hot.astype(dtypes.standardize_dtype(dtype))


def multi_hot(inputs, num_classes=None, axis=-1, dtype=None, sparse=False,
              **kwargs):
    num_classes = kwargs.pop("num_tokens", num_classes)
    hot = one_hot(inputs, num_classes, axis=axis, dtype=dtype, sparse=sparse)
    return np.max(hot, axis=1 if hot.ndim > 2 else 0)


def _loss_inputs(target, output):
    """Returns `target` and `output` in their promoted float dtype (16-bit
    floats widened to float32), and the dtype to return."""
    target, output = convert_to_tensor(target), convert_to_tensor(output)
    dtype = dtypes.result_type(_dtype(target), _dtype(output))
    if not dtypes.is_float_dtype(dtype):
        dtype = dtypes.result_type(dtype, float)
    wide = "float32" if dtype in ("float16", "bfloat16") else dtype
    return target.astype(wide), output.astype(wide), dtype


def categorical_crossentropy(target, output, from_logits=False, axis=-1):
    target, output, dtype = _loss_inputs(target, output)
    if from_logits:
        log_probs = log_softmax(output, axis=axis)
    else:
        output = output / np.sum(output, axis=axis, keepdims=True)
        eps = config.epsilon()
        log_probs = np.log(np.clip(output, eps, 1 - eps))
    return (-np.sum(target * log_probs, axis=axis)).astype(dtype)


def sparse_categorical_crossentropy(target, output, from_logits=False,
                                   axis=-1):
    output, dtype = _wide(output)
    target = convert_to_tensor(target)
    if target.ndim == output.ndim and target.shape[-1] == 1:
        target = np.squeeze(target, -1)
    target = target.astype(np.int64)
    output = np.moveaxis(output, axis, -1)
    if from_logits:
        log_probs = log_softmax(output)
    else:
        output = output / np.sum(output, axis=-1, keepdims=True)
        eps = config.epsilon()
        log_probs = np.log(np.clip(output, eps, 1 - eps))
    classes = output.shape[-1]
    index = np.clip(target, 0, classes - 1)[..., None]
    picked = np.take_along_axis(log_probs, index, -1)[..., 0]
    valid = (target >= 0) & (target < classes)
    return np.where(valid, -picked, 0).astype(dtype)


def binary_crossentropy(target, output, from_logits=False):
    target, output, dtype = _loss_inputs(target, output)
    if from_logits:
        loss = np.maximum(output, 0) - output * target
        loss = loss + np.log1p(np.exp(-np.abs(output)))
    else:
        eps = config.epsilon()
        output = np.clip(output, eps, 1 - eps)
        loss = -(target * np.log(output) + (1 - target) * np.log1p(-output))
    return loss.astype(dtype)


# ---------------------------------------------------------- normalization


def moments(x, axes, keepdims=False, synchronized=False):
    # A NumPy process holds all of its data, so `synchronized` changes
    # nothing here.
    x, dtype = _wide(x)
    axes = _axes(axes, x.ndim)
    mean = np.mean(x, axis=axes, keepdims=True)
    variance = np.mean(np.square(x - mean), axis=axes, keepdims=True)
    if not keepdims:
        mean, variance = np.squeeze(mean, axes), np.squeeze(variance, axes)
    return mean.astype(dtype), variance.astype(dtype)


def _broadcast_to_axis(v, ndim, axis):
    shape = [1] * ndim
    shape[axis] = -1
    return np.reshape(v, shape)


def batch_normalization(x, mean, variance, axis, offset=None, scale=None,
                        epsilon=1e-3):
    values = [v for v in (x, mean, variance, offset, scale) if v is not None]
    arrays = promote(*values)
    dtype = arrays[0].dtype
    if any(_as_array(v).dtype == np.float64 for v in values if _is_tensor(v)):
        # As upstream's numpy backend: float64 statistics (not narrowed)
        # give a float64 result.
        dtype = np.dtype("float64")
    if dtype.kind not in "fV":
        dtype = np.dtype(dtypes.result_type(_dtype(arrays[0]), float))
    x, mean, variance, *rest = [a.astype(dtype) for a in arrays]
    axis = axis % x.ndim
    # Scale and shift are folded on the vectors: two full-size operations.
    inv = 1 / np.sqrt(variance + epsilon)
    if scale is not None:
        inv = inv * rest.pop(-1)
    shift = -mean * inv
    if offset is not None:
        shift = shift + rest[0]
    y = (x * _broadcast_to_axis(inv, x.ndim, axis)
         + _broadcast_to_axis(shift, x.ndim, axis))
    return y.astype(dtype)


def _param(v, x, axes):
    """Reshapes a per-feature parameter so it broadcasts along `axes`."""
    v = convert_to_tensor(v)
    if v.ndim == x.ndim:
        return v
    shape = [1] * x.ndim
    for a in axes:
        shape[a] = x.shape[a]
    return v.reshape(shape)


def layer_normalization(x, gamma=None, beta=None, axis=-1, epsilon=None,
                        **kwargs):
    rms_scaling = kwargs.pop("rms_scaling", False)
    x, dtype = _wide(x)
    axes = _axes(axis, x.ndim)
    epsilon = config.epsilon() if epsilon is None else epsilon
    mean = np.mean(x, axis=axes, keepdims=True)
    variance = np.mean(np.square(x - mean), axis=axes, keepdims=True)
    if rms_scaling:
        # The legacy `rms_scaling=True` scales by the variance, uncentered,
        # and ignores `beta`.
        y = x / np.sqrt(variance + epsilon)
        beta = None
    else:
        y = (x - mean) / np.sqrt(variance + epsilon)
    if gamma is not None:
        y = y * _param(gamma, x, axes)
    if beta is not None:
        y = y + _param(beta, x, axes)
    return y.astype(dtype)


def rms_normalization(x, scale=None, axis=-1, epsilon=None):
    x, dtype = _wide(x)
    axes = _axes(axis, x.ndim)
    epsilon = config.epsilon() if epsilon is None else epsilon
    y = x / np.sqrt(np.mean(np.square(x), axis=axes, keepdims=True) + epsilon)
    if scale is not None:
        y = y * _param(scale, x, axes)
    return y.astype(dtype)


def normalize(x, axis=-1, order=2, epsilon=None):
    x, dtype = _wide(x)
    axes = _axes(axis, x.ndim)
    epsilon = config.epsilon() if epsilon is None else epsilon
    total = np.sum(np.abs(x) ** order, axis=axes, keepdims=True)
    tiny = np.finfo(x.dtype).tiny
    norm = np.maximum(np.maximum(total, tiny) ** (1 / order), epsilon)
    return (x / norm).astype(dtype)


# ------------------------------------------------------------------ misc


def psnr(x1, x2, max_val):
    x1, x2, dtype = _loss_inputs(x1, x2)
    mse = np.mean(np.square(x1 - x2))
    with np.errstate(divide="ignore"):
        value = 20 * np.log10(max_val) - 10 * np.log10(mse)
    return np.asarray(value).astype(dtype)


def polar(abs_, angle):
    abs_, angle, _ = _loss_inputs(abs_, angle)
    dtype = np.complex128 if abs_.dtype == np.float64 else np.complex64
    return (abs_ * np.cos(angle) + 1j * abs_ * np.sin(angle)).astype(dtype)


def dot_product_attention(query, key, value, bias=None, mask=None,
                          scale=None, is_causal=False, flash_attention=None,
                          attn_logits_soft_cap=None):
    if flash_attention:
        raise ValueError(
            "`dot_product_attention`: flash attention is not available on "
            "the numpy backend. Pass flash_attention=None or False."
        )
    query, key, value = promote(query, key, value)
    query, dtype = _wide(query)
    key, value = key.astype(query.dtype), value.astype(query.dtype)
    heads, kv_heads = query.shape[-2], key.shape[-2]
    if heads != kv_heads:
        key = np.repeat(key, heads // kv_heads, axis=-2)
        value = np.repeat(value, heads // kv_heads, axis=-2)
    if scale is None:
        scale = 1 / math.sqrt(query.shape[-1])
    logits = np.einsum("btnh,bsnh->bnts", query, key) * scale
    if attn_logits_soft_cap is not None:
        cap = attn_logits_soft_cap
        logits = cap * np.tanh(logits / cap)
    if bias is not None:
        logits = logits + convert_to_tensor(bias).astype(logits.dtype)
    keep = _attention_mask(mask, is_causal, logits.shape[-2:])
    if keep is not None:
        floor = np.finfo(logits.dtype).min * 0.7
        logits = np.where(keep, logits, floor)
    probs = softmax(logits, axis=-1)
    return np.einsum("bnts,bsnh->btnh", probs, value).astype(dtype)


def _attention_mask(mask, is_causal, shape):
    keep = None if mask is None else convert_to_tensor(mask).astype(bool)
    if is_causal:
        causal = np.tril(np.ones(shape, dtype=bool))
        keep = causal if keep is None else keep & causal
    return keep


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


# ------------------------------------------------------------------- CTC


def _ctc_dtype(x):
    x = _float(x)
    return x.astype(np.float32) if x.dtype.itemsize < 4 else x


def _ctc_feasible(target, target_length, output_length):
    """Whether each target fits: a repeated label needs a blank between."""
    positions = np.arange(target.shape[1])
    inside = positions[None, 1:] < target_length[:, None]
    repeats = np.sum((target[:, 1:] == target[:, :-1]) & inside, axis=1)
    return target_length + repeats <= output_length


def ctc_loss(target, output, target_length, output_length, mask_index=0):
    output = _ctc_dtype(output)
    log_probs = log_softmax(output, axis=-1)
    target = convert_to_tensor(target).astype(np.int64)
    target_length = convert_to_tensor(target_length).astype(np.int64)
    output_length = convert_to_tensor(output_length).astype(np.int64)
    batch, steps, _ = log_probs.shape
    labels = np.full((batch, 2 * target.shape[1] + 1), mask_index, np.int64)
    labels[:, 1::2] = target
    allowed = np.zeros(labels.shape, bool)
    allowed[:, 3::2] = labels[:, 3::2] != labels[:, 1:-2:2]
    zero = np.asarray(-1e30, log_probs.dtype)
    alpha = np.full(labels.shape, zero)
    alpha[:, :2] = np.take_along_axis(log_probs[:, 0], labels[:, :2], 1)
    for t in range(1, steps):
        previous = np.concatenate([np.full((batch, 1), zero), alpha[:, :-1]], 1)
        skip = np.concatenate([np.full((batch, 2), zero), alpha[:, :-2]], 1)
        skip = np.where(allowed, skip, zero)
        merged = np.logaddexp(np.logaddexp(alpha, previous), skip)
        step = merged + np.take_along_axis(log_probs[:, t], labels, 1)
        alpha = np.where((t < output_length)[:, None], step, alpha)
    last = 2 * target_length
    ends = np.stack([last, np.maximum(last - 1, 0)], 1)
    final = np.take_along_axis(alpha, ends, 1)
    final[:, 1] = np.where(target_length > 0, final[:, 1], zero)
    loss = -np.logaddexp(final[:, 0], final[:, 1])
    feasible = _ctc_feasible(target, target_length, output_length)
    return np.where(feasible, loss, np.inf).astype(output.dtype)


def _greedy_decode(inputs, lengths, merge_repeated, blank):
    batch, steps, _ = inputs.shape
    ids = np.argmax(inputs, axis=-1)
    valid = np.arange(steps)[None, :] < lengths[:, None]
    scores = -np.sum(np.where(valid, np.max(inputs, -1), 0), axis=1)
    keep = valid & (ids != blank)
    if merge_repeated:
        repeated = np.concatenate(
            [np.zeros((batch, 1), bool), ids[:, 1:] == ids[:, :-1]], 1
        )
        keep &= ~repeated
    order = np.argsort(~keep, axis=1, kind="stable")
    packed = np.take_along_axis(ids, order, 1)
    count = np.sum(keep, axis=1, keepdims=True)
    packed = np.where(np.arange(steps)[None, :] < count, packed, -1)
    return packed[None].astype(np.int32), scores[:, None]


def ctc_decode(inputs, sequence_lengths, strategy="greedy", beam_width=100,
               top_paths=1, merge_repeated=True, mask_index=0):
    inputs = _ctc_dtype(inputs)
    lengths = convert_to_tensor(sequence_lengths).astype(np.int64)
    blank = inputs.shape[-1] - 1 if mask_index is None else mask_index
    if strategy == "greedy":
        return _greedy_decode(inputs, lengths, merge_repeated, blank)
    log_probs = log_softmax(inputs, axis=-1)
    return ctc_beam_search(log_probs, lengths, beam_width, top_paths, blank)
