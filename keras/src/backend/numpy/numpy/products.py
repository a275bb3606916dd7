"""Products, traces and `vectorize` on NumPy.

Also holds the dtype rules of the products and the map-based `vectorize`
that the other backends import, so that every backend applies the same
rules.
"""


import numpy as np

from keras.src.backend.common import dtypes
from keras.src.backend.common.product_dtypes import (
    product_dtype,
    slogdet_dtypes,
    trace_dtype,
)
from keras.src.backend.common.vectorize import (
    MapVectorized,
    map_outputs,
    static_broadcast,
)
from keras.src.backend.numpy.core import _as_array
from keras.src.backend.numpy.core import convert_to_tensor

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


def _promote(*values, dtype=None):
    dtype = dtype or dtypes.result_type(*(dtypes.dtype_of(v) for v in values))
    return [convert_to_tensor(v, dtype) for v in values]


def _half_product(fn, dtype, *operands):
    """`fn(*operands)` in `dtype`; NumPy has no bfloat16 products (they
    come back float32, or fail in einsum), so those run in float32 and are
    cast back, as the other backends return bfloat16."""
    if dtype != "bfloat16":
        return np.asarray(fn(*_promote(*operands, dtype=dtype)))
    result = fn(*_promote(*operands, dtype="float32"))
    return convert_to_tensor(np.asarray(result), dtype)


def matmul(x1, x2):
    return _half_product(np.matmul, product_dtype(x1, x2), x1, x2)


def einsum(subscripts, *operands, **kwargs):
    return _half_product(
        lambda *ops: np.einsum(subscripts, *ops, **kwargs),
        product_dtype(*operands), *operands,
    )


def dot(x1, x2):
    x1, x2 = _promote(x1, x2)
    return np.asarray(np.dot(x1, x2))


def inner(x1, x2):
    x1, x2 = _promote(x1, x2)
    return np.asarray(np.inner(x1, x2))


def outer(x1, x2):
    x1, x2 = _promote(x1, x2)
    return np.outer(x1, x2)


def kron(x1, x2):
    x1, x2 = _promote(x1, x2)
    return np.kron(x1, x2)


def vdot(x1, x2):
    x1, x2 = _promote(x1, x2)
    return np.asarray(np.vdot(x1, x2))


def tensordot(x1, x2, axes=2):
    x1, x2 = _promote(x1, x2)
    return np.asarray(np.tensordot(x1, x2, axes=axes))


def cross(x1, x2, axisa=-1, axisb=-1, axisc=-1, axis=None):
    x1, x2 = _promote(x1, x2)
    if x1.dtype == np.bool_:
        raise ValueError("`cross` does not support bool tensors.")
    if axis is not None:
        axisa = axisb = axisc = axis
    a, b = np.moveaxis(x1, axisa, -1), np.moveaxis(x2, axisb, -1)
    if a.shape[-1] == 2 and b.shape[-1] == 2:
        # NumPy 2 deprecates 2-D vectors in `np.cross`: the z component.
        return np.asarray(a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0])
    a, b = _as_3_vectors(a), _as_3_vectors(b)
    return np.moveaxis(np.cross(a, b), -1, axisc)


def _as_3_vectors(v):
    if v.shape[-1] != 2:
        return v
    return np.concatenate([v, np.zeros_like(v[..., :1])], axis=-1)


def trace(x, offset=0, axis1=0, axis2=1):
    x = convert_to_tensor(x)
    dtype = trace_dtype(x.dtype)
    out = np.trace(x, offset=offset, axis1=axis1, axis2=axis2, dtype=dtype)
    return np.asarray(out)


def slogdet(x):
    x = _as_array(x)
    # Upstream's numpy backend keeps float64 here (no narrowing).
    if x.dtype == np.float64:
        dtype = compute = "float64"
    else:
        dtype, compute = slogdet_dtypes(x.dtype)
    sign, logdet = np.linalg.slogdet(x.astype(compute))
    return np.asarray(sign, dtype), np.asarray(logdet, dtype)


def vectorize(pyfunc, *, excluded=None, signature=None):
    return MapVectorized(pyfunc, excluded, signature, _NumpyMapping)


class _NumpyMapping:
    """The array functions `MapVectorized` needs, for NumPy."""

    to_tensor = staticmethod(convert_to_tensor)
    shape = staticmethod(np.shape)
    broadcast_to = staticmethod(np.broadcast_to)
    reshape = staticmethod(np.reshape)

    @staticmethod
    def broadcast_shapes(shapes):
        return static_broadcast(shapes)

    @staticmethod
    def map(fn, flat_args):
        count = flat_args[0].shape[0]
        if count == 0:
            # Run once on zeros to learn the outputs' shapes and dtypes.
            sample = fn(*(np.zeros(a.shape[1:], a.dtype) for a in flat_args))
            return map_outputs(
                lambda o: np.zeros((0,) + np.shape(o), np.asarray(o).dtype),
                sample,
            )
        results = [fn(*(a[i] for a in flat_args)) for i in range(count)]
        if isinstance(results[0], (tuple, list)):
            return tuple(
                np.stack([np.asarray(r[j]) for r in results])
                for j in range(len(results[0]))
            )
        return np.stack([np.asarray(r) for r in results])
