"""Linear algebra functions on the torch backend."""

import torch

from keras.src import tree
from keras.src.backend.common import dtypes
from keras.src.backend.torch.core import KERAS_DTYPES
from keras.src.backend.torch.core import convert_to_tensor
from keras.src.backend.torch.core import promote
from keras.src.backend.torch.core import to_torch_dtype

_HALF = frozenset(["float16", "bfloat16"])


def _matrix(x):
    """Returns `(x in a float dtype LAPACK takes, the result dtype)`."""
    x = convert_to_tensor(x)
    dtype = KERAS_DTYPES[x.dtype]
    if not (dtypes.is_float_dtype(dtype) or "complex" in dtype):
        dtype = dtypes.result_type(dtype, float)
    work = "float32" if dtype in _HALF else dtype
    return x.to(to_torch_dtype(work)), to_torch_dtype(dtype)


def _matrices(a, b):
    a, b = promote(a, b)
    a, dtype = _matrix(a)
    return a, b.to(a.dtype), dtype


def _swap(x):
    return x.mH


def cholesky(x, upper=False):
    x, dtype = _matrix(x)
    try:
        out = torch.linalg.cholesky(x)
    except RuntimeError as e:
        raise ValueError(
            f"`cholesky`: the input is not positive definite ({e})."
        ) from None
    return (_swap(out) if upper else out).to(dtype)


def cholesky_inverse(x, upper=False):
    x, dtype = _matrix(x)
    return torch.cholesky_inverse(x, upper=upper).to(dtype)


def det(x):
    x, dtype = _matrix(x)
    return torch.linalg.det(x).to(dtype)


def eig(x):
    x, dtype = _matrix(x)
    complex_dtype = (
        torch.complex128 if dtype == torch.float64 else torch.complex64
    )
    w, v = torch.linalg.eig(x)
    return w.to(complex_dtype), v.to(complex_dtype)


def eigh(x):
    x, dtype = _matrix(x)
    w, v = torch.linalg.eigh(x, UPLO="L")
    return w.to(dtype), v.to(dtype)


def inv(x):
    x, dtype = _matrix(x)
    return torch.linalg.inv(x).to(dtype)


def jvp(fun, primals, tangents, has_aux=False):
    primals = tree.map_structure(convert_to_tensor, tuple(primals))
    tangents = tree.map_structure(
        lambda t, p: convert_to_tensor(t).to(p.dtype), tuple(tangents), primals
    )
    return torch.func.jvp(fun, primals, tangents, has_aux=has_aux)


def _cutoff(s, rcond, x):
    """Singular values above this are kept: `rcond` (by default
    `eps * max(M, N)`) times the largest one."""
    if rcond is None:
        rcond = torch.finfo(s.dtype).eps * max(x.shape[-2:])
    return rcond * torch.amax(s, dim=-1, keepdim=True)


def lstsq(a, b, rcond=None):
    a, b, dtype = _matrices(a, b)
    vector = b.ndim == 1
    if vector:
        b = b[:, None]
    u, s, vh = torch.linalg.svd(a, full_matrices=False)
    keep = s > _cutoff(s, rcond, a)
    inv_s = torch.where(keep, 1 / torch.where(keep, s, 1), 0).to(a.dtype)
    x = _swap(vh) @ (inv_s[:, None] * (_swap(u) @ b))
    return (x[:, 0] if vector else x).to(dtype)


def lu_factor(x):
    x, dtype = _matrix(x)
    # The `_ex` variant factors singular matrices too, as LAPACK does.
    lu, pivots, _ = torch.linalg.lu_factor_ex(x)
    # torch counts pivots from 1, as LAPACK does; Keras from 0.
    return lu.to(dtype), (pivots - 1).to(torch.int32)


def matrix_rank(x, tol=None):
    x, _ = _matrix(x)
    s = torch.linalg.svdvals(x)
    if tol is None:
        tol = _cutoff(s, None, x)
    else:
        tol = torch.as_tensor(tol, dtype=s.dtype, device=s.device)[..., None]
    return torch.sum(s > tol, dim=-1).to(torch.int32)


_REAL = {torch.complex64: torch.float32, torch.complex128: torch.float64}


def norm(x, ord=None, axis=None, keepdims=False):
    x, dtype = _matrix(x)
    real = _REAL.get(dtype, dtype)
    if axis is None and ord is None:
        out = torch.linalg.vector_norm(x, 2, dim=None, keepdim=keepdims)
        if keepdims:
            out = out.reshape((1,) * x.ndim)
        return out.to(real)
    if axis is None:
        axis = tuple(range(x.ndim))
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    if len(axes) == 1:
        ord = 2 if ord is None else ord
        out = torch.linalg.vector_norm(x, ord, dim=axes, keepdim=keepdims)
    else:
        ord = "fro" if ord is None else ord
        out = torch.linalg.matrix_norm(x, ord, dim=axes, keepdim=keepdims)
    return out.to(real)


def pinv(x, rcond=None):
    x, dtype = _matrix(x)
    if rcond is None:
        rcond = torch.finfo(x.dtype).eps * max(x.shape[-2:])
    return torch.linalg.pinv(x, rtol=rcond).to(dtype)


def qr(x, mode="reduced"):
    x, dtype = _matrix(x)
    q, r = torch.linalg.qr(x, mode=mode)
    return q.to(dtype), r.to(dtype)


def _system(a, b):
    """Broadcasts `a` and `b` (a vector only if 1-D) to the same batch, so
    that torch cannot take a matrix `b` for a batch of vectors."""
    vector = b.ndim == 1
    if vector:
        b = b[:, None]
    batch = torch.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a = a.expand(batch + a.shape[-2:])
    b = b.expand(batch + b.shape[-2:])
    return a, b, vector


def solve(a, b):
    a, b, dtype = _matrices(a, b)
    a, b, vector = _system(a, b)
    x = torch.linalg.solve(a, b)
    return (x[..., 0] if vector else x).to(dtype)


def solve_triangular(a, b, lower=False):
    a, b, dtype = _matrices(a, b)
    a, b, vector = _system(a, b)
    x = torch.linalg.solve_triangular(a, b, upper=not lower)
    return (x[..., 0] if vector else x).to(dtype)


def svd(x, full_matrices=True, compute_uv=True):
    x, dtype = _matrix(x)
    if not compute_uv:
        return torch.linalg.svdvals(x).to(dtype)
    u, s, vh = torch.linalg.svd(x, full_matrices=full_matrices)
    return u.to(dtype), s.to(dtype), vh.to(dtype)
