"""Activation functions on TensorFlow."""

import numpy as np
import tensorflow as tf

from keras.src.backend.common.nn_utils import normalize_axes as _axes
from keras.src.backend.tensorflow.core import convert_to_tensor, promote
from keras.src.backend.tensorflow.nn._utils import _float
from keras.src.backend.tensorflow.nn._utils import _move_to_last
from keras.src.backend.tensorflow.numpy.elementwise import _require_float


def relu(x):
    x = convert_to_tensor(x)
    if x.dtype == tf.bool:
        x = tf.cast(x, "int32")
    return tf.nn.relu(x)


def relu6(x):
    x = relu(x)
    return tf.minimum(x, tf.cast(6, x.dtype))


def sigmoid(x):
    return tf.sigmoid(_float(_require_float(x, "sigmoid")))


def tanh(x):
    return tf.tanh(_float(x))


def sparse_sigmoid(x):
    x = _require_float(x, "sparse_sigmoid", TypeError)
    return tf.clip_by_value(0.5 * (_float(x) + 1), 0, 1)


def softplus(x):
    return tf.nn.softplus(_float(_require_float(x, "softplus")))


def softsign(x):
    return tf.nn.softsign(_float(_require_float(x, "softsign")))


def silu(x):
    return tf.nn.silu(_float(_require_float(x, "silu")))


def squareplus(x, b=4):
    x = _float(_require_float(x, "squareplus"))
    return (x + tf.sqrt(tf.square(x) + tf.cast(b, x.dtype))) / 2


def log_sigmoid(x):
    return tf.math.log_sigmoid(_float(_require_float(x, "log_sigmoid")))


def leaky_relu(x, negative_slope=0.2):
    return tf.nn.leaky_relu(_float(x), alpha=negative_slope)


def hard_sigmoid(x):
    x = _require_float(x, "hard_sigmoid", TypeError)
    return tf.clip_by_value(_float(x) / 6 + 0.5, 0, 1)


def hard_silu(x):
    x = _float(_require_float(x, "hard_silu", TypeError))
    return x * tf.clip_by_value(x / 6 + 0.5, 0, 1)


def elu(x, alpha=1.0):
    x = _float(_require_float(x, "elu"))
    return tf.where(x > 0, x, alpha * tf.math.expm1(tf.minimum(x, 0)))


def selu(x):
    return tf.nn.selu(_float(_require_float(x, "selu")))


def gelu(x, approximate=True):
    x = _require_float(x, "gelu", ValueError)
    return tf.nn.gelu(_float(x), approximate=approximate)


def celu(x, alpha=1.0):
    x = _float(_require_float(x, "celu", TypeError))
    negative = alpha * tf.math.expm1(tf.minimum(x, 0) / alpha)
    return tf.where(x > 0, x, negative)


def glu(x, axis=-1):
    a, b = tf.split(_float(x), 2, axis=axis)
    return a * tf.sigmoid(b)


def tanh_shrink(x):
    x = _float(_require_float(x, "tanh_shrink"))
    return x - tf.tanh(x)


def hard_tanh(x):
    x = _require_float(x, "hard_tanh", TypeError)
    if x.dtype == tf.bool:
        x = tf.cast(x, "int32")
    one = tf.ones((), x.dtype)
    if x.dtype.is_unsigned:
        return tf.minimum(x, one)
    return tf.clip_by_value(x, -one, one)


def hard_shrink(x, threshold=0.5):
    x = _float(_require_float(x, "hard_shrink", TypeError))
    return tf.where(tf.abs(x) > threshold, x, tf.zeros_like(x))


def threshold(x, threshold, default_value):
    x, threshold, default_value = promote(x, threshold, default_value)
    return tf.where(x > threshold, x, default_value)


def soft_shrink(x, threshold=0.5):
    # Integers keep their dtype (the shrunk value truncated), as in Keras's
    # TensorFlow backend.
    x = convert_to_tensor(x)
    dtype = x.dtype
    x = _float(x)
    y = tf.where(x > threshold, x - threshold, tf.zeros_like(x))
    y = tf.where(x < -threshold, x + threshold, y)
    return tf.cast(y, dtype) if dtype.is_integer else y


def sparse_plus(x):
    x = _float(_require_float(x, "sparse_plus", TypeError))
    middle = tf.square(x + 1) / 4
    y = tf.where(x <= -1, tf.zeros_like(x), middle)
    return tf.where(x >= 1, x, y)


def softmax(x, axis=-1):
    x = _float(_require_float(x, "softmax"))
    axes = _axes(axis, x.shape.rank)
    if len(axes) == 1:
        return tf.nn.softmax(x, axis=axes[0])
    e = tf.exp(x - tf.reduce_max(x, axis=axes, keepdims=True))
    return e / tf.reduce_sum(e, axis=axes, keepdims=True)


def log_softmax(x, axis=-1):
    x = _float(_require_float(x, "log_softmax"))
    axes = _axes(axis, x.shape.rank)
    if len(axes) == 1:
        return tf.nn.log_softmax(x, axis=axes[0])
    return x - tf.reduce_logsumexp(x, axis=axes, keepdims=True)


def sparsemax(x, axis=-1):
    x = _float(_require_float(x, "sparsemax"))
    x, perm = _move_to_last(x, axis)
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
