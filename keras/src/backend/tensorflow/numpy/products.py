"""Products, traces and `vectorize` on TensorFlow."""

import tensorflow as tf

from keras.src.backend.common.product_dtypes import (
    product_dtype,
    slogdet_dtypes,
    trace_dtype,
)
from keras.src.backend.common.vectorize import MapVectorized, static_broadcast
from keras.src.backend.tensorflow.core import convert_to_tensor, promote
from keras.src.backend.tensorflow.core import shape as dynamic_shape
from keras.src.backend.tensorflow.numpy.indexing import diagonal

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

# TensorFlow's CPU matrix products take only 32/64-bit integers.
_NARROW = (tf.bool, tf.int8, tf.uint8, tf.int16, tf.uint16)
_WIDE_UNSIGNED = (tf.uint32, tf.uint64)


def _via_supported(fn, *tensors):
    """Runs the product `fn` in int32 (or int64) where TensorFlow has no
    kernel for the dtype, then casts back; wrapping matches NumPy, and
    bools come back as "any nonzero"."""
    dtype = tensors[0].dtype
    if dtype in _NARROW:
        compute = tf.int32
    elif dtype in _WIDE_UNSIGNED:
        compute = tf.int64
    else:
        return fn(*tensors)
    return tf.cast(fn(*(tf.cast(t, compute) for t in tensors)), dtype)


def _multiply(x1, x2):
    if x1.dtype == tf.bool:
        return tf.logical_and(x1, x2)
    return tf.multiply(x1, x2)


def matmul(x1, x2):
    dtype = product_dtype(x1, x2)
    x1, x2 = convert_to_tensor(x1, dtype), convert_to_tensor(x2, dtype)
    return _via_supported(_matmul, x1, x2)


def _matmul(a, b):
    if a.shape.rank == 1 and b.shape.rank == 1:
        return tf.tensordot(a, b, 1)
    squeeze = []
    if a.shape.rank == 1:
        a, squeeze = a[None, :], squeeze + [-2]
    if b.shape.rank == 1:
        b, squeeze = b[:, None], squeeze + [-1]
    out = tf.linalg.matmul(a, b)
    return tf.squeeze(out, squeeze) if squeeze else out


def einsum(subscripts, *operands, **kwargs):
    dtype = product_dtype(*operands)
    operands = [convert_to_tensor(x, dtype) for x in operands]
    operands = _broadcast_labels(subscripts, operands)
    return _via_supported(
        lambda *ts: tf.einsum(subscripts, *ts), *operands
    )


def _broadcast_labels(subscripts, operands):
    """Broadcasts size-1 labelled dimensions against the other operands'
    sizes of the same label, which NumPy allows and `tf.einsum` not."""
    terms = subscripts.replace(" ", "").split("->")[0].split(",")
    if len(terms) < 2 or any("." in t for t in terms):
        return operands
    sizes = {}
    for term, x in zip(terms, operands):
        for label, dim in zip(term, x.shape):
            if dim is not None and dim != 1:
                sizes[label] = dim
    result = []
    for term, x in zip(terms, operands):
        target = [sizes.get(label, d) if d == 1 else d
                  for label, d in zip(term, x.shape)]
        if target != x.shape.as_list() and None not in target:
            x = tf.broadcast_to(x, target)
        result.append(x)
    return result


def dot(x1, x2):
    x1, x2 = promote(x1, x2)
    if x1.shape.rank == 0 or x2.shape.rank == 0:
        return _multiply(x1, x2)
    axis2 = 0 if x2.shape.rank == 1 else x2.shape.rank - 2
    return _tensordot(x1, x2, [[x1.shape.rank - 1], [axis2]])


def inner(x1, x2):
    x1, x2 = promote(x1, x2)
    if x1.shape.rank == 0 or x2.shape.rank == 0:
        return _multiply(x1, x2)
    return _tensordot(x1, x2, [[x1.shape.rank - 1], [x2.shape.rank - 1]])


def outer(x1, x2):
    x1, x2 = promote(x1, x2)
    return _multiply(tf.reshape(x1, [-1, 1]), tf.reshape(x2, [1, -1]))


def kron(x1, x2):
    x1, x2 = promote(x1, x2)
    ndim = max(x1.shape.rank, x2.shape.rank)
    shape1 = _left_pad(tf.shape(x1), ndim - x1.shape.rank)
    shape2 = _left_pad(tf.shape(x2), ndim - x2.shape.rank)
    # Interleave: (a1, 1, a2, 1, ...) times (1, b1, 1, b2, ...).
    ones = tf.ones([ndim], tf.int32)
    a = tf.reshape(x1, tf.reshape(tf.stack([shape1, ones], 1), [-1]))
    b = tf.reshape(x2, tf.reshape(tf.stack([ones, shape2], 1), [-1]))
    return tf.reshape(_multiply(a, b), shape1 * shape2)


def _left_pad(shape, count):
    return tf.concat([tf.ones([count], shape.dtype), shape], 0)


def vdot(x1, x2):
    x1, x2 = promote(x1, x2)
    x1, x2 = tf.reshape(x1, [-1]), tf.reshape(x2, [-1])
    if x1.dtype.is_complex:
        x1 = tf.math.conj(x1)
    return _tensordot(x1, x2, 1)


def tensordot(x1, x2, axes=2):
    x1, x2 = promote(x1, x2)
    return _tensordot(x1, x2, axes)


def _tensordot(x1, x2, axes):
    return _via_supported(lambda a, b: tf.tensordot(a, b, axes), x1, x2)


def cross(x1, x2, axisa=-1, axisb=-1, axisc=-1, axis=None):
    x1, x2 = promote(x1, x2)
    if x1.dtype == tf.bool:
        raise ValueError("`cross` does not support bool tensors.")
    if axis is not None:
        axisa = axisb = axisc = axis
    a = _move_to_end(x1, axisa)
    b = _move_to_end(x2, axisb)
    if a.shape[-1] not in (2, 3) or b.shape[-1] not in (2, 3):
        raise ValueError(
            "`cross`: the vector dimensions must have 2 or 3 components. "
            f"Received: shapes {x1.shape} and {x2.shape}"
        )
    if a.shape[-1] == 2 and b.shape[-1] == 2:
        return a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]
    a, b = _as_3_vectors(a), _as_3_vectors(b)
    out = tf.stack(
        [
            a[..., 1] * b[..., 2] - a[..., 2] * b[..., 1],
            a[..., 2] * b[..., 0] - a[..., 0] * b[..., 2],
            a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0],
        ],
        axis=-1,
    )
    ndim = out.shape.rank
    axisc = axisc % ndim
    perm = list(range(ndim - 1))
    perm.insert(axisc, ndim - 1)
    return tf.transpose(out, perm)


def _move_to_end(x, axis):
    ndim = x.shape.rank
    axis = axis % ndim
    return tf.transpose(x, [i for i in range(ndim) if i != axis] + [axis])


def _as_3_vectors(v):
    if v.shape[-1] == 3:
        return v
    return tf.concat([v, tf.zeros_like(v[..., :1])], axis=-1)


def trace(x, offset=0, axis1=0, axis2=1):
    x = convert_to_tensor(x)
    x = tf.cast(x, trace_dtype(x.dtype.name))
    return tf.reduce_sum(diagonal(x, offset, axis1, axis2), axis=-1)


def slogdet(x):
    x = convert_to_tensor(x)
    dtype, compute = slogdet_dtypes(x.dtype.name)
    sign, logdet = tf.linalg.slogdet(tf.cast(x, compute))
    return tf.cast(sign, dtype), tf.cast(logdet, dtype)


def vectorize(pyfunc, *, excluded=None, signature=None):
    return MapVectorized(pyfunc, excluded, signature, _TensorFlowMapping)


class _TensorFlowMapping:
    """The array functions `MapVectorized` needs, for TensorFlow
    (`vectorized_map`); unknown dimensions are scalar tensors."""

    to_tensor = staticmethod(convert_to_tensor)
    shape = staticmethod(dynamic_shape)
    broadcast_to = staticmethod(tf.broadcast_to)
    reshape = staticmethod(tf.reshape)

    @staticmethod
    def broadcast_shapes(shapes):
        if all(isinstance(d, int) for s in shapes for d in s):
            return static_broadcast(shapes)
        dynamic = tf.constant([], tf.int32)
        for s in shapes:
            if s:
                s = tf.stack([tf.cast(d, tf.int32) for d in s])
                dynamic = tf.broadcast_dynamic_shape(dynamic, s)
        rank = max(len(s) for s in shapes)
        dims = tf.unstack(dynamic, rank)
        # Keep the dimensions known statically as ints.
        for i in range(rank):
            known = {
                s[len(s) - rank + i] for s in shapes
                if len(s) - rank + i >= 0
                and isinstance(s[len(s) - rank + i], int)
            } - {1}
            unknown = any(
                not isinstance(s[len(s) - rank + i], int) for s in shapes
                if len(s) - rank + i >= 0
            )
            if len(known) == 1:
                dims[i] = known.pop()
            elif not known and not unknown:
                dims[i] = 1
        return tuple(dims)

    @staticmethod
    def map(fn, flat_args):
        return tf.vectorized_map(
            lambda args: fn(*args), tuple(flat_args),
            fallback_to_while_loop=True,
        )
