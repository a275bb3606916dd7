"""Moments, normalization layers' ops, PSNR and polar on TensorFlow."""

import numpy as np
import tensorflow as tf

from keras.src.backend import config
from keras.src.backend.common.nn_utils import normalize_axes as _axes
from keras.src.backend.tensorflow.core import convert_to_tensor, promote
from keras.src.backend.tensorflow.nn._utils import _float
from keras.src.backend.tensorflow.nn._utils import _loss_inputs
from keras.src.backend.tensorflow.nn._utils import _wide


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
    # A float x keeps its dtype whatever the statistics' dtype, as in
    # Keras's TensorFlow backend.
    x = convert_to_tensor(x)
    x_dtype = x.dtype
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
    y = (x * _broadcast_to_axis(inv, rank, axis)
         + _broadcast_to_axis(shift, rank, axis))
    return tf.cast(y, x_dtype) if x_dtype.is_floating else y


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
