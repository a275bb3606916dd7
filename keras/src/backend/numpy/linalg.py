"""Linear algebra functions on the numpy backend."""

import numpy as np

from keras.src.backend.common import dtypes
from keras.src.backend.numpy.core import convert_to_tensor
from keras.src.backend.numpy.core import promote

_HALF = frozenset(["float16", "bfloat16"])


def _matrix(x):
    """Returns `(x in a float dtype LAPACK takes, the result dtype)`."""
    x = convert_to_tensor(x)
    dtype = dtypes.standardize_dtype(x.dtype)
    if not (dtypes.is_float_dtype(dtype) or "complex" in dtype):
        dtype = dtypes.result_type(dtype, float)
    work = "float32" if dtype in _HALF else dtype
    return x.astype(work), dtype


def _matrices(a, b):
    a, b = promote(a, b)
    a, dtype = _matrix(a)
    return a, b.astype(a.dtype), dtype


def _swap(x):
    return np.conj(np.swapaxes(x, -1, -2))


def cholesky(x, upper=False):
    x, dtype = _matrix(x)
    try:
        out = np.linalg.cholesky(x)
    except np.linalg.LinAlgError as e:
        raise ValueError(
            f"`cholesky`: the input is not positive definite ({e})."
        ) from None
    return (_swap(out) if upper else out).astype(dtype)


def cholesky_inverse(x, upper=False):
    x, dtype = _matrix(x)
    factor = np.triu(x) if upper else np.tril(x)
    factor_inv = np.linalg.inv(factor)
    if upper:
        out = factor_inv @ _swap(factor_inv)
    else:
        out = _swap(factor_inv) @ factor_inv
    return out.astype(dtype)


def det(x):
    x, dtype = _matrix(x)
    return np.asarray(np.linalg.det(x)).astype(dtype)


def eig(x):
    x, dtype = _matrix(x)
    complex_dtype = "complex128" if dtype == "float64" else "complex64"
    w, v = np.linalg.eig(x)
    return w.astype(complex_dtype), v.astype(complex_dtype)


def eigh(x):
    x, dtype = _matrix(x)
    w, v = np.linalg.eigh(x)
    return w.astype(dtype), v.astype(dtype)


def inv(x):
    x, dtype = _matrix(x)
    return np.linalg.inv(x).astype(dtype)


def jvp(fun, primals, tangents, has_aux=False):
    raise RuntimeError(
        "`jvp` needs automatic differentiation, which the numpy backend "
        "does not have. Use the jax, tensorflow or torch backend."
    )


def _cutoff(s, rcond, shape, dtype):
    """Singular values above this are kept: `rcond` (by default
    `eps * max(M, N)`) times the largest one."""
    if rcond is None:
        rcond = np.finfo(dtype).eps * max(shape[-2:])
    return rcond * np.max(s, axis=-1, keepdims=True, initial=0)


def lstsq(a, b, rcond=None):
    a, b, dtype = _matrices(a, b)
    vector = b.ndim == 1
    if vector:
        b = b[:, None]
    u, s, vh = np.linalg.svd(a, full_matrices=False)
    keep = s > _cutoff(s, rcond, a.shape, a.dtype)
    inv_s = np.where(keep, 1 / np.where(keep, s, 1), 0)
    x = _swap(vh) @ (inv_s[:, None] * (_swap(u) @ b))
    return (x[:, 0] if vector else x).astype(dtype)


def lu_factor(x):
    x, dtype = _matrix(x)
    lu = np.array(x, copy=True)
    m, n = lu.shape[-2:]
    batch = lu.shape[:-2]
    pivots = np.zeros(batch + (min(m, n),), "int32")
    for j in range(min(m, n)):
        # Partial pivoting: the first largest entry of the column.
        p = j + np.argmax(np.abs(lu[..., j:, j]), axis=-1)
        pivots[..., j] = p
        index = np.broadcast_to(p[..., None, None], batch + (1, n))
        row_j = lu[..., j:j + 1, :].copy()
        lu[..., j:j + 1, :] = np.take_along_axis(lu, index, axis=-2)
        np.put_along_axis(lu, index, row_j, axis=-2)
        pivot = lu[..., j:j + 1, j]
        safe = np.where(pivot == 0, 1, pivot)
        lu[..., j + 1:, j] = np.where(
            pivot == 0, lu[..., j + 1:, j], lu[..., j + 1:, j] / safe
        )
        lu[..., j + 1:, j + 1:] -= (
            lu[..., j + 1:, j:j + 1] * lu[..., j:j + 1, j + 1:]
        )
    return lu.astype(dtype), pivots


def matrix_rank(x, tol=None):
    x, _ = _matrix(x)
    s = np.linalg.svd(x, compute_uv=False)
    if tol is None:
        tol = _cutoff(s, None, x.shape, x.dtype)
    else:
        tol = np.asarray(tol)[..., None]
    return np.sum(s > tol, axis=-1).astype("int32")


def _real_dtype(dtype):
    if "complex" in dtype:
        return "float64" if dtype == "complex128" else "float32"
    return dtype


def norm(x, ord=None, axis=None, keepdims=False):
    x, dtype = _matrix(x)
    if isinstance(axis, list):
        axis = tuple(axis)
    out = np.linalg.norm(x, ord=ord, axis=axis, keepdims=keepdims)
    return np.asarray(out).astype(_real_dtype(dtype))


def pinv(x, rcond=None):
    x, dtype = _matrix(x)
    if rcond is None:
        rcond = np.finfo(x.dtype).eps * max(x.shape[-2:])
    return np.linalg.pinv(x, rtol=rcond).astype(dtype)


def qr(x, mode="reduced"):
    x, dtype = _matrix(x)
    q, r = np.linalg.qr(x, mode=mode)
    return q.astype(dtype), r.astype(dtype)


def solve(a, b):
    a, b, dtype = _matrices(a, b)
    return np.linalg.solve(a, b).astype(dtype)


def solve_triangular(a, b, lower=False):
    a, b, dtype = _matrices(a, b)
    a = np.tril(a) if lower else np.triu(a)
    return np.linalg.solve(a, b).astype(dtype)


def svd(x, full_matrices=True, compute_uv=True):
    x, dtype = _matrix(x)
    if not compute_uv:
        return np.linalg.svd(x, compute_uv=False).astype(dtype)
    u, s, vh = np.linalg.svd(x, full_matrices=full_matrices)
    return u.astype(dtype), s.astype(dtype), vh.astype(dtype)
