"""Activation functions on JAX."""

import jax
import jax.numpy as jnp

from keras.src.backend.common.nn_utils import normalize_axes as _axes
from keras.src.backend.jax.core import convert_to_tensor, promote
from keras.src.backend.jax.nn._utils import _float
from keras.src.backend.jax.nn._utils import _jit


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
