"""nn functions on TensorFlow (usable inside `tf.function`: tf ops only,
dynamic dims read with `tf.shape`)."""

import itertools
import math

import numpy as np
import tensorflow as tf

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
from keras.src.backend.tensorflow.core import cast, convert_to_tensor, promote
from keras.src.backend.common.nn_utils import fold_geometry as _fold_geometry
from keras.src.backend.common.nn_utils import pair as _pair

# ---------------------------------------------------------------- helpers
# The conv arithmetic helpers are repeated in each backend's nn.py so that
# backends import nothing from each other.


def _float(x):
    """`x` as a tensor of a float dtype: integers and bools become floatx."""
    x = convert_to_tensor(x)
    if x.dtype.is_floating:
        return x
    return tf.cast(x, dtypes.result_type(x.dtype.name, float))


def _wide(x):
    """Returns `(x computed in at least float32, dtype to return)`."""
    x = _float(x)
    if x.dtype.size == 2:
        return tf.cast(x, "float32"), x.dtype
    return x, x.dtype


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


# ------------------------------------------------------------ activations


def relu(x):
    x = convert_to_tensor(x)
    if x.dtype == tf.bool:
        x = tf.cast(x, "int32")
    return tf.nn.relu(x)


def relu6(x):
    x = relu(x)
    return tf.minimum(x, tf.cast(6, x.dtype))


def sigmoid(x):
    return tf.sigmoid(_float(x))


def tanh(x):
    return tf.tanh(_float(x))


def sparse_sigmoid(x):
    return tf.clip_by_value(0.5 * (_float(x) + 1), 0, 1)


def softplus(x):
    return tf.nn.softplus(_float(x))


def softsign(x):
    return tf.nn.softsign(_float(x))


def silu(x):
    return tf.nn.silu(_float(x))


def squareplus(x, b=4):
    x = _float(x)
    return (x + tf.sqrt(tf.square(x) + tf.cast(b, x.dtype))) / 2


def log_sigmoid(x):
    return tf.math.log_sigmoid(_float(x))


def leaky_relu(x, negative_slope=0.2):
    return tf.nn.leaky_relu(_float(x), alpha=negative_slope)


def hard_sigmoid(x):
    return tf.clip_by_value(_float(x) / 6 + 0.5, 0, 1)


def hard_silu(x):
    x = _float(x)
    return x * tf.clip_by_value(x / 6 + 0.5, 0, 1)


def elu(x, alpha=1.0):
    x = _float(x)
    return tf.where(x > 0, x, alpha * tf.math.expm1(tf.minimum(x, 0)))


def selu(x):
    return tf.nn.selu(_float(x))


def gelu(x, approximate=True):
    return tf.nn.gelu(_float(x), approximate=approximate)


def celu(x, alpha=1.0):
    x = _float(x)
    negative = alpha * tf.math.expm1(tf.minimum(x, 0) / alpha)
    return tf.where(x > 0, x, negative)


def glu(x, axis=-1):
    a, b = tf.split(_float(x), 2, axis=axis)
    return a * tf.sigmoid(b)


def tanh_shrink(x):
    x = _float(x)
    return x - tf.tanh(x)


def hard_tanh(x):
    x = convert_to_tensor(x)
    if x.dtype == tf.bool:
        x = tf.cast(x, "int32")
    one = tf.ones((), x.dtype)
    if x.dtype.is_unsigned:
        return tf.minimum(x, one)
    return tf.clip_by_value(x, -one, one)


def hard_shrink(x, threshold=0.5):
    x = _float(x)
    return tf.where(tf.abs(x) > threshold, x, tf.zeros_like(x))


def threshold(x, threshold, default_value):
    x, threshold, default_value = promote(x, threshold, default_value)
    return tf.where(x > threshold, x, default_value)


def soft_shrink(x, threshold=0.5):
    x = _float(x)
    y = tf.where(x > threshold, x - threshold, tf.zeros_like(x))
    return tf.where(x < -threshold, x + threshold, y)


def sparse_plus(x):
    x = _float(x)
    middle = tf.square(x + 1) / 4
    y = tf.where(x <= -1, tf.zeros_like(x), middle)
    return tf.where(x >= 1, x, y)


def softmax(x, axis=-1):
    x = _float(x)
    axes = _axes(axis, x.shape.rank)
    if len(axes) == 1:
        return tf.nn.softmax(x, axis=axes[0])
    e = tf.exp(x - tf.reduce_max(x, axis=axes, keepdims=True))
    return e / tf.reduce_sum(e, axis=axes, keepdims=True)


def log_softmax(x, axis=-1):
    x = _float(x)
    axes = _axes(axis, x.shape.rank)
    if len(axes) == 1:
        return tf.nn.log_softmax(x, axis=axes[0])
    return x - tf.reduce_logsumexp(x, axis=axes, keepdims=True)


def _move_to_last(x, axis):
    rank = x.shape.rank
    axis = axis % rank
    perm = [a for a in range(rank) if a != axis] + [axis]
    return tf.transpose(x, perm), perm


def sparsemax(x, axis=-1):
    x, perm = _move_to_last(_float(x), axis)
    z = tf.sort(x, axis=-1, direction="DESCENDING")
    k = tf.range(1, tf.shape(x)[-1] + 1, dtype=x.dtype)
    cumulative = tf.cumsum(z, axis=-1)
    support = tf.reduce_sum(
        tf.cast(1 + k * z > cumulative, "int32"), axis=-1, keepdims=True
    )
    picked = tf.gather(cumulative, support - 1, axis=-1,
                       batch_dims=x.shape.rank - 1)
    tau = (picked - 1) / tf.cast(support, x.dtype)
    y = tf.maximum(x - tau, 0)
    return tf.transpose(y, np.argsort(perm))


# ---------------------------------------------------- convolution, pooling


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


# --------------------------------------------------------- one-hot, losses


def one_hot(x, num_classes, axis=-1, dtype=None, sparse=False):
    x = convert_to_tensor(x)
    if x.dtype not in (tf.int32, tf.int64):
        x = tf.cast(x, "int32")
    rank = x.shape.rank
    axis = axis % (rank + 1)
    shape = [1] * (rank + 1)
    shape[axis] = num_classes
    classes = tf.reshape(tf.range(num_classes, dtype=x.dtype), shape)
    hot = tf.cast(tf.expand_dims(x, axis) == classes,
                  dtypes.standardize_dtype(dtype))
    return tf.sparse.from_dense(hot) if sparse else hot


def multi_hot(inputs, num_classes=None, axis=-1, dtype=None, sparse=False,
              **kwargs):
    num_classes = kwargs.pop("num_tokens", num_classes)
    hot = one_hot(inputs, num_classes, axis=axis, dtype=dtype)
    hot = tf.reduce_max(hot, axis=1 if hot.shape.rank > 2 else 0)
    return tf.sparse.from_dense(hot) if sparse else hot


def _loss_inputs(target, output):
    """Returns `target` and `output` in their promoted float dtype (16-bit
    floats widened to float32), and the dtype to return."""
    target, output = convert_to_tensor(target), convert_to_tensor(output)
    dtype = dtypes.result_type(target.dtype.name, output.dtype.name)
    if not dtypes.is_float_dtype(dtype):
        dtype = dtypes.result_type(dtype, float)
    wide = "float32" if dtype in ("float16", "bfloat16") else dtype
    return cast(target, wide), cast(output, wide), dtype


def _log_probs(output, from_logits, axis):
    if from_logits:
        return tf.nn.log_softmax(output, axis=axis)
    output = output / tf.reduce_sum(output, axis=axis, keepdims=True)
    eps = config.epsilon()
    return tf.math.log(tf.clip_by_value(output, eps, 1 - eps))


def categorical_crossentropy(target, output, from_logits=False, axis=-1):
    target, output, dtype = _loss_inputs(target, output)
    log_probs = _log_probs(output, from_logits, axis)
    return tf.cast(-tf.reduce_sum(target * log_probs, axis=axis), dtype)


def sparse_categorical_crossentropy(target, output, from_logits=False,
                                    axis=-1):
    output, dtype = _wide(output)
    output, _ = _move_to_last(output, axis)
    target = convert_to_tensor(target)
    if target.shape.rank == output.shape.rank and target.shape[-1] == 1:
        target = tf.squeeze(target, -1)
    target = tf.cast(target, "int32")
    log_probs = _log_probs(output, from_logits, -1)
    classes = output.shape[-1]
    index = tf.clip_by_value(target, 0, classes - 1)
    rank = target.shape.rank
    picked = tf.gather(log_probs, index, axis=rank, batch_dims=rank)
    valid = (target >= 0) & (target < classes)
    return tf.cast(tf.where(valid, -picked, tf.zeros_like(picked)), dtype)


def binary_crossentropy(target, output, from_logits=False):
    target, output, dtype = _loss_inputs(target, output)
    if from_logits:
        loss = tf.nn.relu(output) - output * target
        loss = loss + tf.math.log1p(tf.exp(-tf.abs(output)))
    else:
        eps = config.epsilon()
        output = tf.clip_by_value(output, eps, 1 - eps)
        loss = -(target * tf.math.log(output)
                 + (1 - target) * tf.math.log1p(-output))
    return tf.cast(loss, dtype)


# ---------------------------------------------------------- normalization


def moments(x, axes, keepdims=False, synchronized=False):
    x, dtype = _wide(x)
    axes = list(_axes(axes, x.shape.rank))
    context = tf.distribute.get_replica_context()
    if synchronized and context is not None and (
        context.num_replicas_in_sync > 1
    ):
        mean, variance = _synchronized_moments(context, x, axes, keepdims)
    else:
        mean = tf.reduce_mean(x, axis=axes, keepdims=True)
        variance = tf.reduce_mean(tf.math.squared_difference(x, mean),
                                  axis=axes, keepdims=True)
        if not keepdims:
            mean = tf.squeeze(mean, axes)
            variance = tf.squeeze(variance, axes)
    return tf.cast(mean, dtype), tf.cast(variance, dtype)


def _synchronized_moments(context, x, axes, keepdims):
    count = tf.cast(tf.reduce_prod(tf.gather(tf.shape(x), axes)), x.dtype)
    total, squares, count = context.all_reduce(
        tf.distribute.ReduceOp.SUM,
        [tf.reduce_sum(x, axes, keepdims=keepdims),
         tf.reduce_sum(tf.square(x), axes, keepdims=keepdims), count],
    )
    mean = total / count
    return mean, tf.maximum(squares / count - tf.square(mean), 0)


def _broadcast_to_axis(v, rank, axis):
    shape = [1] * rank
    shape[axis] = -1
    return tf.reshape(v, shape)


def batch_normalization(x, mean, variance, axis, offset=None, scale=None,
                        epsilon=1e-3):
    values = [v for v in (x, mean, variance, offset, scale) if v is not None]
    tensors = promote(*values)
    if not tensors[0].dtype.is_floating:
        tensors = [_float(t) for t in tensors]
    x, mean, variance, *rest = tensors
    rank = x.shape.rank
    axis = axis % rank
    # Scale and shift are folded on the vectors: two full-size operations.
    inv = tf.math.rsqrt(variance + epsilon)
    if scale is not None:
        inv = inv * rest.pop(-1)
    shift = -mean * inv
    if offset is not None:
        shift = shift + rest[0]
    return (x * _broadcast_to_axis(inv, rank, axis)
            + _broadcast_to_axis(shift, rank, axis))


def _param(v, x, axes):
    """Reshapes a per-feature parameter so it broadcasts along `axes`."""
    v = tf.cast(convert_to_tensor(v), x.dtype)
    rank = x.shape.rank
    if v.shape.rank == rank:
        return v
    return tf.reshape(v, [x.shape[a] if a in axes else 1
                          for a in range(rank)])


def layer_normalization(x, gamma=None, beta=None, axis=-1, epsilon=None,
                        **kwargs):
    rms_scaling = kwargs.pop("rms_scaling", False)
    x, dtype = _wide(x)
    axes = list(_axes(axis, x.shape.rank))
    epsilon = config.epsilon() if epsilon is None else epsilon
    mean, variance = tf.nn.moments(x, axes, keepdims=True)
    if rms_scaling:
        # The legacy `rms_scaling=True` scales by the variance, uncentered,
        # and ignores `beta`.
        y = x * tf.math.rsqrt(variance + epsilon)
        beta = None
    else:
        y = (x - mean) * tf.math.rsqrt(variance + epsilon)
    if gamma is not None:
        y = y * _param(gamma, x, axes)
    if beta is not None:
        y = y + _param(beta, x, axes)
    return tf.cast(y, dtype)


def rms_normalization(x, scale=None, axis=-1, epsilon=None):
    x, dtype = _wide(x)
    axes = list(_axes(axis, x.shape.rank))
    epsilon = config.epsilon() if epsilon is None else epsilon
    mean_square = tf.reduce_mean(tf.square(x), axis=axes, keepdims=True)
    y = x * tf.math.rsqrt(mean_square + epsilon)
    if scale is not None:
        y = y * _param(scale, x, axes)
    return tf.cast(y, dtype)


def normalize(x, axis=-1, order=2, epsilon=None):
    x, dtype = _wide(x)
    axes = list(_axes(axis, x.shape.rank))
    epsilon = config.epsilon() if epsilon is None else epsilon
    total = tf.reduce_sum(tf.abs(x) ** order, axis=axes, keepdims=True)
    # Flooring `total` keeps the gradient finite where the norm is 0.
    tiny = np.finfo(x.dtype.as_numpy_dtype).tiny
    norm = tf.maximum(tf.maximum(total, tiny) ** (1 / order), epsilon)
    return tf.cast(x / norm, dtype)


# ------------------------------------------------------------------ misc


def psnr(x1, x2, max_val):
    x1, x2, dtype = _loss_inputs(x1, x2)
    mse = tf.reduce_mean(tf.square(x1 - x2))
    ten = tf.math.log(tf.constant(10, x1.dtype))
    max_val = tf.cast(max_val, x1.dtype)
    value = (20 * tf.math.log(max_val) - 10 * tf.math.log(mse)) / ten
    return tf.cast(value, dtype)


def polar(abs_, angle):
    abs_, angle, _ = _loss_inputs(abs_, angle)
    return tf.complex(abs_ * tf.cos(angle), abs_ * tf.sin(angle))


def dot_product_attention(query, key, value, bias=None, mask=None,
                          scale=None, is_causal=False, flash_attention=None,
                          attn_logits_soft_cap=None):
    if flash_attention:
        raise ValueError(
            "`dot_product_attention`: flash attention is not available on "
            "the tensorflow backend. Pass flash_attention=None or False."
        )
    query, key, value = promote(query, key, value)
    query, key, value = (_float(t) for t in (query, key, value))
    heads, kv_heads = query.shape[-2], key.shape[-2]
    if heads != kv_heads:
        key = tf.repeat(key, heads // kv_heads, axis=-2)
        value = tf.repeat(value, heads // kv_heads, axis=-2)
    if scale is None:
        scale = 1 / math.sqrt(query.shape[-1])
    logits = tf.einsum("btnh,bsnh->bnts", query, key)
    logits = tf.cast(logits, "float32") * scale
    if attn_logits_soft_cap is not None:
        cap = attn_logits_soft_cap
        logits = cap * tf.tanh(logits / cap)
    if bias is not None:
        logits = logits + tf.cast(convert_to_tensor(bias), logits.dtype)
    keep = None if mask is None else tf.cast(convert_to_tensor(mask), bool)
    if is_causal:
        shape = tf.shape(logits)[-2:]
        causal = tf.linalg.band_part(tf.ones(shape, bool), -1, 0)
        keep = causal if keep is None else keep & causal
    if keep is not None:
        logits = tf.where(keep, logits, logits.dtype.min * 0.7)
    probs = tf.cast(tf.nn.softmax(logits, axis=-1), value.dtype)
    return tf.einsum("bnts,bsnh->btnh", probs, value)


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


# ------------------------------------------------------------------- CTC


def _ctc_float(x):
    x = _float(x)
    return tf.cast(x, "float32") if x.dtype.size < 4 else x


def _ctc_feasible(target, target_length, output_length):
    """Whether each target fits: a repeated label needs a blank between."""
    positions = tf.range(1, tf.shape(target)[1])
    inside = positions[None, :] < target_length[:, None]
    repeated = (target[:, 1:] == target[:, :-1]) & inside
    repeats = tf.reduce_sum(tf.cast(repeated, "int32"), axis=1)
    return target_length + repeats <= output_length


def ctc_loss(target, output, target_length, output_length, mask_index=0):
    # TensorFlow's CTC kernels compute in float32 only.
    output = _ctc_float(output)
    dtype = output.dtype
    output = tf.cast(output, "float32")
    target = tf.cast(convert_to_tensor(target), "int32")
    target_length = tf.cast(convert_to_tensor(target_length), "int32")
    output_length = tf.cast(convert_to_tensor(output_length), "int32")
    loss = tf.nn.ctc_loss(
        labels=target,
        logits=output,
        label_length=target_length,
        logit_length=output_length,
        logits_time_major=False,
        blank_index=mask_index,
    )
    feasible = _ctc_feasible(target, target_length, output_length)
    return tf.cast(tf.where(feasible, loss, math.inf), dtype)


def _greedy_decode(inputs, lengths, merge_repeated, blank):
    steps = tf.shape(inputs)[1]
    ids = tf.argmax(inputs, axis=-1, output_type=tf.int32)
    positions = tf.range(steps)[None, :]
    valid = positions < lengths[:, None]
    best = tf.reduce_max(inputs, axis=-1)
    scores = -tf.reduce_sum(tf.where(valid, best, tf.zeros_like(best)), 1)
    keep = valid & (ids != blank)
    if merge_repeated:
        repeated = tf.pad(ids[:, 1:] == ids[:, :-1], [[0, 0], [1, 0]])
        keep = keep & ~repeated
    order = tf.argsort(tf.cast(~keep, "int32"), axis=1, stable=True)
    packed = tf.gather(ids, order, batch_dims=1)
    count = tf.reduce_sum(tf.cast(keep, "int32"), axis=1, keepdims=True)
    packed = tf.where(positions < count, packed, -1)
    return packed[None], scores[:, None]


def ctc_decode(inputs, sequence_lengths, strategy="greedy", beam_width=100,
               top_paths=1, merge_repeated=True, mask_index=0):
    inputs = _ctc_float(inputs)
    lengths = tf.cast(convert_to_tensor(sequence_lengths), "int32")
    blank = inputs.shape[-1] - 1 if mask_index is None else mask_index
    if strategy == "greedy":
        return _greedy_decode(inputs, lengths, merge_repeated, blank)
    # Beam search is sequential and data-dependent: it runs on the host,
    # through `tf.numpy_function`, which also works in `tf.function`.

    def search(log_probs, lengths):
        return ctc_beam_search(log_probs, lengths, beam_width, top_paths,
                               blank)

    log_probs = tf.nn.log_softmax(inputs, axis=-1)
    paths, scores = tf.numpy_function(search, [log_probs, lengths],
                                      [tf.int32, inputs.dtype])
    paths.set_shape([top_paths, inputs.shape[0], inputs.shape[1]])
    scores.set_shape([inputs.shape[0], top_paths])
    return paths, scores
