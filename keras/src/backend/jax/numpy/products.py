"""Products, traces and `vectorize` on JAX."""

import jax
import jax.numpy as jnp

from keras.src.backend.common.product_dtypes import (
    product_dtype,
    slogdet_dtypes,
    trace_dtype,
)
from keras.src.backend.common.vectorize import MapVectorized, static_broadcast
from keras.src.backend.jax.core import convert_to_tensor, promote

__all__ = [
    "cross",
    "dot",
    "einsum",
    "inner",
    "kron",
    "matmul",
    "outer",
    "slogdet",
    "tensordot",
    "trace",
    "vdot",
    "vectorize",
]


def matmul(x1, x2):
    dtype = product_dtype(x1, x2)
    x1, x2 = convert_to_tensor(x1, dtype), convert_to_tensor(x2, dtype)
    return jnp.matmul(x1, x2)


def einsum(subscripts, *operands, **kwargs):
    dtype = product_dtype(*operands)
    operands = [convert_to_tensor(x, dtype) for x in operands]
    return jnp.einsum(subscripts, *operands, **kwargs)


def dot(x1, x2):
    x1, x2 = promote(x1, x2)
    return jnp.dot(x1, x2)


def inner(x1, x2):
    x1, x2 = promote(x1, x2)
    return jnp.inner(x1, x2)


def outer(x1, x2):
    x1, x2 = promote(x1, x2)
    return jnp.outer(x1, x2)


def kron(x1, x2):
    x1, x2 = promote(x1, x2)
    if x1.dtype == jnp.bool_:
        return jnp.kron(x1.astype("int8"), x2.astype("int8")).astype("bool")
    return jnp.kron(x1, x2)


def vdot(x1, x2):
    x1, x2 = promote(x1, x2)
    return jnp.vdot(x1, x2)


def tensordot(x1, x2, axes=2):
    x1, x2 = promote(x1, x2)
    return jnp.tensordot(x1, x2, axes=axes)


def cross(x1, x2, axisa=-1, axisb=-1, axisc=-1, axis=None):
    x1, x2 = promote(x1, x2)
    if x1.dtype == jnp.bool_:
        raise ValueError("`cross` does not support bool tensors.")
    return jnp.cross(
        x1, x2, axisa=axisa, axisb=axisb, axisc=axisc, axis=axis
    )


def trace(x, offset=0, axis1=0, axis2=1):
    x = convert_to_tensor(x)
    dtype = trace_dtype(x.dtype)
    return jnp.trace(x, offset=offset, axis1=axis1, axis2=axis2, dtype=dtype)


def slogdet(x):
    x = convert_to_tensor(x)
    dtype, compute = slogdet_dtypes(x.dtype)
    sign, logdet = jnp.linalg.slogdet(x.astype(compute))
    return sign.astype(dtype), logdet.astype(dtype)


def vectorize(pyfunc, *, excluded=None, signature=None):
    return MapVectorized(pyfunc, excluded, signature, _JaxMapping)


class _JaxMapping:
    """The array functions `MapVectorized` needs, for JAX (`vmap`)."""

    to_tensor = staticmethod(convert_to_tensor)
    broadcast_to = staticmethod(jnp.broadcast_to)
    reshape = staticmethod(jnp.reshape)

    @staticmethod
    def shape(x):
        return x.shape

    @staticmethod
    def broadcast_shapes(shapes):
        return static_broadcast(shapes)

    @staticmethod
    def map(fn, flat_args):
        return jax.vmap(fn)(*flat_args)
