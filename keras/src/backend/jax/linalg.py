"""Linear algebra functions on the jax backend.

Each function converts its inputs (and promotes them, Python scalars being
weak) eagerly, then runs a jitted body: one compiled program per call
signature rather than a dispatch per primitive.
"""

import functools

import jax
import jax.numpy as jnp
import numpy as np

from keras.src import tree
from keras.src.backend.common import dtypes
from keras.src.backend.jax.core import convert_to_tensor
from keras.src.backend.jax.core import promote

_HALF = frozenset(["float16", "bfloat16"])


def _jit(*static_argnums):
    return functools.partial(jax.jit, static_argnums=static_argnums)


def _matrix(x):
    """Returns `(x in a float dtype LAPACK takes, the result dtype)`."""
    dtype = dtypes.standardize_dtype(x.dtype)
    if not (dtypes.is_float_dtype(dtype) or "complex" in dtype):
        dtype = dtypes.result_type(dtype, float)
    work = "float32" if dtype in _HALF else dtype
    return x.astype(work), dtype


def _matrices(a, b):
    a, dtype = _matrix(a)
    return a, b.astype(a.dtype), dtype


def _swap(x):
    return jnp.conj(jnp.swapaxes(x, -1, -2))


def cholesky(x, upper=False):
    out = _cholesky(convert_to_tensor(x), upper)
    if not isinstance(out, jax.core.Tracer) and bool(jnp.isnan(out).any()):
        raise ValueError("`cholesky`: the input is not positive definite.")
    return out


@_jit(1)
def _cholesky(x, upper):
    x, dtype = _matrix(x)
    out = jax.lax.linalg.cholesky(x, symmetrize_input=False)
    return (_swap(out) if upper else out).astype(dtype)


def cholesky_inverse(x, upper=False):
    return _cholesky_inverse(convert_to_tensor(x), upper)


@_jit(1)
def _cholesky_inverse(x, upper):
    x, dtype = _matrix(x)
    eye = jnp.broadcast_to(jnp.eye(x.shape[-1], dtype=x.dtype), x.shape)
    factor_inv = jax.lax.linalg.triangular_solve(
        x, eye, left_side=True, lower=not upper
    )
    if upper:
        out = factor_inv @ _swap(factor_inv)
    else:
        out = _swap(factor_inv) @ factor_inv
    return out.astype(dtype)


def det(x):
    return _det(convert_to_tensor(x))


@jax.jit
def _det(x):
    x, dtype = _matrix(x)
    return jnp.linalg.det(x).astype(dtype)


def eig(x):
    return _eig(convert_to_tensor(x))


@jax.jit
def _eig(x):
    x, dtype = _matrix(x)
    complex_dtype = "complex128" if dtype == "float64" else "complex64"
    w, v = jnp.linalg.eig(x)
    return w.astype(complex_dtype), v.astype(complex_dtype)


def eigh(x):
    return _eigh(convert_to_tensor(x))


@jax.jit
def _eigh(x):
    x, dtype = _matrix(x)
    w, v = jnp.linalg.eigh(x, UPLO="L", symmetrize_input=False)
    return w.astype(dtype), v.astype(dtype)


def inv(x):
    return _inv(convert_to_tensor(x))


@jax.jit
def _inv(x):
    x, dtype = _matrix(x)
    return jnp.linalg.inv(x).astype(dtype)


def jvp(fun, primals, tangents, has_aux=False):
    primals = tree.map_structure(convert_to_tensor, tuple(primals))
    tangents = tree.map_structure(
        lambda t, p: convert_to_tensor(t, p.dtype), tuple(tangents), primals
    )
    return jax.jvp(fun, primals, tangents, has_aux=has_aux)


def _cutoff(s, rcond, shape, dtype):
    """Singular values above this are kept: `rcond` (by default
    `eps * max(M, N)`) times the largest one."""
    if rcond is None:
        rcond = np.finfo(dtype).eps * max(shape[-2:])
    return rcond * jnp.max(s, axis=-1, keepdims=True, initial=0)


def lstsq(a, b, rcond=None):
    return _lstsq(*promote(a, b), rcond)


@_jit(2)
def _lstsq(a, b, rcond):
    a, b, dtype = _matrices(a, b)
    vector = b.ndim == 1
    if vector:
        b = b[:, None]
    u, s, vh = jnp.linalg.svd(a, full_matrices=False)
    keep = s > _cutoff(s, rcond, a.shape, a.dtype)
    inv_s = jnp.where(keep, 1 / jnp.where(keep, s, 1), 0)
    x = _swap(vh) @ (inv_s[:, None] * (_swap(u) @ b))
    return (x[:, 0] if vector else x).astype(dtype)


def lu_factor(x):
    return _lu_factor(convert_to_tensor(x))


@jax.jit
def _lu_factor(x):
    x, dtype = _matrix(x)
    lu, pivots, _ = jax.lax.linalg.lu(x)
    return lu.astype(dtype), pivots.astype("int32")


def matrix_rank(x, tol=None):
    return _matrix_rank(convert_to_tensor(x), tol)


@jax.jit
def _matrix_rank(x, tol):
    x, _ = _matrix(x)
    s = jnp.linalg.svd(x, compute_uv=False)
    if tol is None:
        tol = _cutoff(s, None, x.shape, x.dtype)
    else:
        tol = jnp.asarray(tol)[..., None]
    return jnp.sum(s > tol, axis=-1).astype("int32")


_REAL = {"complex64": "float32", "complex128": "float64"}


def norm(x, ord=None, axis=None, keepdims=False):
    if isinstance(axis, list):
        axis = tuple(axis)
    return _norm(convert_to_tensor(x), ord, axis, keepdims)


@_jit(1, 2, 3)
def _norm(x, ord, axis, keepdims):
    x, dtype = _matrix(x)
    out = jnp.linalg.norm(x, ord=ord, axis=axis, keepdims=keepdims)
    return out.astype(_REAL.get(dtype, dtype))


def pinv(x, rcond=None):
    return _pinv(convert_to_tensor(x), rcond)


@_jit(1)
def _pinv(x, rcond):
    x, dtype = _matrix(x)
    if rcond is None:
        rcond = np.finfo(x.dtype).eps * max(x.shape[-2:])
    return jnp.linalg.pinv(x, rtol=rcond).astype(dtype)


def qr(x, mode="reduced"):
    return _qr(convert_to_tensor(x), mode)


@_jit(1)
def _qr(x, mode):
    x, dtype = _matrix(x)
    q, r = jnp.linalg.qr(x, mode=mode)
    return q.astype(dtype), r.astype(dtype)


def solve(a, b):
    return _solve(*promote(a, b))


@jax.jit
def _solve(a, b):
    a, b, dtype = _matrices(a, b)
    return jnp.linalg.solve(a, b).astype(dtype)


def solve_triangular(a, b, lower=False):
    return _solve_triangular(*promote(a, b), lower)


@_jit(2)
def _solve_triangular(a, b, lower):
    a, b, dtype = _matrices(a, b)
    vector = b.ndim == 1
    if vector:
        b = b[:, None]
    batch = jnp.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a = jnp.broadcast_to(a, batch + a.shape[-2:])
    b = jnp.broadcast_to(b, batch + b.shape[-2:])
    x = jax.lax.linalg.triangular_solve(a, b, left_side=True, lower=lower)
    return (x[..., 0] if vector else x).astype(dtype)


def svd(x, full_matrices=True, compute_uv=True):
    return _svd(convert_to_tensor(x), full_matrices, compute_uv)


@_jit(1, 2)
def _svd(x, full_matrices, compute_uv):
    x, dtype = _matrix(x)
    if not compute_uv:
        return jnp.linalg.svd(x, compute_uv=False).astype(dtype)
    u, s, vh = jnp.linalg.svd(x, full_matrices=full_matrices)
    return u.astype(dtype), s.astype(dtype), vh.astype(dtype)
