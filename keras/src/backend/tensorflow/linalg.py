"""Linear algebra functions on the tensorflow backend."""

import math

import numpy as np
import tensorflow as tf

from keras.src import tree
from keras.src.backend.common import dtypes
from keras.src.backend.tensorflow.core import convert_to_tensor
from keras.src.backend.tensorflow.core import promote

_HALF = frozenset(["float16", "bfloat16"])


def _matrix(x):
    """Returns `(x in a float dtype LAPACK takes, the result dtype)`."""
    x = convert_to_tensor(x)
    dtype = x.dtype.name
    if not (dtypes.is_float_dtype(dtype) or "complex" in dtype):
        dtype = dtypes.result_type(dtype, float)
    work = "float32" if dtype in _HALF else dtype
    return tf.cast(x, work), dtype


def _matrices(a, b):
    a, b = promote(a, b)
    a, dtype = _matrix(a)
    return a, tf.cast(b, a.dtype), dtype


def _eps(x):
    return np.finfo(x.dtype.real_dtype.as_numpy_dtype).eps


def cholesky(x, upper=False):
    x, dtype = _matrix(x)
    out = tf.linalg.cholesky(x)
    if tf.executing_eagerly() and bool(tf.reduce_any(tf.math.is_nan(out))):
        raise ValueError("`cholesky`: the input is not positive definite.")
    return tf.cast(tf.linalg.adjoint(out) if upper else out, dtype)


def _eye_like(x):
    return tf.broadcast_to(tf.eye(tf.shape(x)[-1], dtype=x.dtype), tf.shape(x))


def cholesky_inverse(x, upper=False):
    x, dtype = _matrix(x)
    factor_inv = tf.linalg.triangular_solve(x, _eye_like(x), lower=not upper)
    if upper:
        out = tf.matmul(factor_inv, factor_inv, adjoint_b=True)
    else:
        out = tf.matmul(factor_inv, factor_inv, adjoint_a=True)
    return tf.cast(out, dtype)


def det(x):
    x, dtype = _matrix(x)
    return tf.cast(tf.linalg.det(x), dtype)


def eig(x):
    x, dtype = _matrix(x)
    complex_dtype = "complex128" if dtype == "float64" else "complex64"
    w, v = tf.linalg.eig(x)
    return tf.cast(w, complex_dtype), tf.cast(v, complex_dtype)


def eigh(x):
    x, dtype = _matrix(x)
    w, v = tf.linalg.eigh(x)
    return tf.cast(w, dtype), tf.cast(v, dtype)


def inv(x):
    x, dtype = _matrix(x)
    return tf.cast(tf.linalg.inv(x), dtype)


def jvp(fun, primals, tangents, has_aux=False):
    primals = tree.map_structure(convert_to_tensor, tuple(primals))
    tangents = tree.map_structure(
        lambda t, p: tf.cast(convert_to_tensor(t), p.dtype),
        tuple(tangents), primals,
    )
    with tf.autodiff.ForwardAccumulator(
        tree.flatten(primals), tree.flatten(tangents)
    ) as accumulator:
        outputs = fun(*primals)
    aux = None
    if has_aux:
        outputs, aux = outputs
    tangents_out = tree.map_structure(
        lambda o: accumulator.jvp(
            o, unconnected_gradients=tf.UnconnectedGradients.ZERO
        ),
        outputs,
    )
    if has_aux:
        return outputs, tangents_out, aux
    return outputs, tangents_out


def _cutoff(s, rcond, x):
    """Singular values above this are kept: `rcond` (by default
    `eps * max(M, N)`) times the largest one."""
    if rcond is None:
        rcond = _default_rcond(x)
    largest = tf.reduce_max(s, axis=-1, keepdims=True)
    return tf.cast(rcond, s.dtype) * largest


def _default_rcond(x):
    """`eps * max(M, N)`, with `M` and `N` possibly unknown until run."""
    size = tf.cast(tf.reduce_max(tf.shape(x)[-2:]), x.dtype.real_dtype)
    return _eps(x) * size


def lstsq(a, b, rcond=None):
    a, b, dtype = _matrices(a, b)
    vector = len(b.shape) == 1
    if vector:
        b = b[:, None]
    s, u, v = tf.linalg.svd(a, full_matrices=False)
    keep = s > _cutoff(s, rcond, a)
    inv_s = tf.where(keep, 1 / tf.where(keep, s, tf.ones_like(s)), 0)
    inv_s = tf.cast(inv_s, a.dtype)
    x = tf.matmul(v, inv_s[:, None] * tf.matmul(u, b, adjoint_a=True))
    return tf.cast(x[:, 0] if vector else x, dtype)


def lu_factor(x):
    x, dtype = _matrix(x)
    m, n = x.shape[-2:]
    if m is None or n is None:
        raise ValueError(
            "`lu_factor` on the tensorflow backend needs the matrix "
            f"dimensions to be known. Received shape {x.shape}"
        )
    # tf.linalg.lu rejects singular matrices, which LAPACK's getrf
    # factors: eliminate column by column with partial pivoting instead.
    rows, cols = tf.range(m), tf.range(n)
    below, right = rows[:, None], cols[None, :]
    batch_dims = len(x.shape) - 2
    lu, pivots = x, []
    for j in range(min(m, n)):
        col = tf.abs(lu[..., j:, j])
        best = tf.reduce_max(col, axis=-1, keepdims=True)
        first = tf.argmin(tf.where(col == best, tf.range(m - j), m), -1)
        p = j + tf.cast(first, "int32")
        pivots.append(p)
        order = tf.where(rows == j, p[..., None], rows)
        order = tf.where(rows == p[..., None], j, order)
        lu = tf.gather(lu, order, axis=-2, batch_dims=batch_dims)
        pivot = lu[..., j:j + 1, j:j + 1]
        safe = tf.where(pivot == 0, tf.ones_like(pivot), pivot)
        scale = (below > j) & (pivot != 0)
        column = lu[..., j:j + 1]
        multipliers = tf.where(scale, column / safe, column)
        update = tf.where((below > j) & (right > j), 1.0, 0.0)
        update = tf.cast(update, lu.dtype) * multipliers * lu[..., j:j + 1, :]
        lu = tf.where((below > j) & (right == j), multipliers, lu - update)
    if pivots:
        pivots = tf.stack(pivots, axis=-1)
    else:
        pivots = tf.zeros(tf.concat([tf.shape(x)[:-2], [0]], 0), "int32")
    return tf.cast(lu, dtype), pivots


def matrix_rank(x, tol=None):
    x, _ = _matrix(x)
    s = tf.linalg.svd(x, compute_uv=False)
    if tol is None:
        tol = _cutoff(s, None, x)
    else:
        tol = tf.cast(tol, s.dtype)[..., None]
    return tf.reduce_sum(tf.cast(s > tol, "int32"), axis=-1)


def _vector_norm(x, ord, axis, keepdims):
    x = tf.abs(x)
    if ord is None or ord == 2:
        return tf.sqrt(tf.reduce_sum(x * x, axis=axis, keepdims=keepdims))
    if ord == math.inf:
        return tf.reduce_max(x, axis=axis, keepdims=keepdims)
    if ord == -math.inf:
        return tf.reduce_min(x, axis=axis, keepdims=keepdims)
    if ord == 0:
        nonzero = tf.cast(x != 0, x.dtype)
        return tf.reduce_sum(nonzero, axis=axis, keepdims=keepdims)
    if ord == 1:
        return tf.reduce_sum(x, axis=axis, keepdims=keepdims)
    total = tf.reduce_sum(x**ord, axis=axis, keepdims=keepdims)
    return total ** (1 / ord)


def _singular_norm(x, ord, axes, keepdims):
    rank = len(x.shape)
    others = [i for i in range(rank) if i not in axes]
    s = tf.linalg.svd(tf.transpose(x, others + list(axes)), compute_uv=False)
    reduce = {"nuc": tf.reduce_sum, 2: tf.reduce_max, -2: tf.reduce_min}
    out = reduce[ord](s, axis=-1)
    if keepdims:
        for i in sorted(axes):
            out = tf.expand_dims(out, i)
    return out


def _matrix_norm(x, ord, axes, keepdims):
    if ord is None or ord == "fro":
        x = tf.abs(x)
        return tf.sqrt(tf.reduce_sum(x * x, axis=axes, keepdims=keepdims))
    if ord in ("nuc", 2, -2):
        return _singular_norm(x, ord, axes, keepdims)
    # 1 and inf: the largest column and row sums; -1, -inf: the smallest.
    summed, kept = (axes[0], axes[1]) if abs(ord) == 1 else axes[::-1]
    sums = tf.reduce_sum(tf.abs(x), axis=summed, keepdims=True)
    reduce = tf.reduce_max if ord > 0 else tf.reduce_min
    out = reduce(sums, axis=kept, keepdims=True)
    return out if keepdims else tf.squeeze(out, axis=list(axes))


def norm(x, ord=None, axis=None, keepdims=False):
    x, dtype = _matrix(x)
    rank = len(x.shape)
    real = "float64" if dtype == "complex128" else (
        "float32" if "complex" in dtype else dtype
    )
    if axis is None and ord is None:
        axes = list(range(rank))
        out = _vector_norm(x, None, axes, keepdims)
        return tf.cast(out, real)
    if axis is None:
        axis = tuple(range(rank))
    axes = [axis] if isinstance(axis, int) else [a % rank for a in axis]
    if len(axes) == 1:
        out = _vector_norm(x, ord, axes[0], keepdims)
    else:
        out = _matrix_norm(x, ord, axes, keepdims)
    return tf.cast(out, real)


def pinv(x, rcond=None):
    x, dtype = _matrix(x)
    if rcond is None:
        rcond = _default_rcond(x)
    rcond = tf.cast(rcond, x.dtype.real_dtype)
    return tf.cast(tf.linalg.pinv(x, rcond=rcond), dtype)


def qr(x, mode="reduced"):
    x, dtype = _matrix(x)
    q, r = tf.linalg.qr(x, full_matrices=mode == "complete")
    return tf.cast(q, dtype), tf.cast(r, dtype)


def _system(a, b):
    """Broadcasts `a` and `b` (a vector only if 1-D) to the same batch."""
    vector = len(b.shape) == 1
    if vector:
        b = b[:, None]
    batch = tf.broadcast_dynamic_shape(tf.shape(a)[:-2], tf.shape(b)[:-2])
    a = tf.broadcast_to(a, tf.concat([batch, tf.shape(a)[-2:]], 0))
    b = tf.broadcast_to(b, tf.concat([batch, tf.shape(b)[-2:]], 0))
    return a, b, vector


def solve(a, b):
    a, b, dtype = _matrices(a, b)
    a, b, vector = _system(a, b)
    x = tf.linalg.solve(a, b)
    return tf.cast(x[..., 0] if vector else x, dtype)


def solve_triangular(a, b, lower=False):
    a, b, dtype = _matrices(a, b)
    a, b, vector = _system(a, b)
    x = tf.linalg.triangular_solve(a, b, lower=lower)
    return tf.cast(x[..., 0] if vector else x, dtype)


def svd(x, full_matrices=True, compute_uv=True):
    x, dtype = _matrix(x)
    if not compute_uv:
        return tf.cast(tf.linalg.svd(x, compute_uv=False), dtype)
    s, u, v = tf.linalg.svd(x, full_matrices=full_matrices)
    vh = tf.linalg.adjoint(v)
    return tf.cast(u, dtype), tf.cast(s, dtype), tf.cast(vh, dtype)
