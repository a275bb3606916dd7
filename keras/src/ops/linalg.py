"""Linear algebra ops, exported as `keras.ops.linalg.<name>` and
`keras.ops.<name>`.

Integer inputs are computed as floatx; float16 and bfloat16 inputs are
computed in float32 and returned in their own dtype.
"""

import math

from keras.src import backend
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.backend.common import dtypes
from keras.src.backend.common.dtypes import dtype_of
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.ops import shape_rules
from keras.src.ops.operation import symbolic_op
from keras.src.ops.shape_rules import shape_of
from keras.src.ops import op_tables
from keras.src.ops.op_class import op_classes_on_demand


def _float_of(*xs):
    dtype = dtypes.result_type(*(dtype_of(x) for x in xs))
    if dtypes.is_float_dtype(dtype):
        return dtype
    return dtypes.result_type(dtype, float)


def _matrix_shape(op_name, x, square=False):
    """Returns the shape of `x`, checking it is a (batch of) matrices."""
    shape = shape_of(x)
    if len(shape) < 2:
        raise ValueError(
            f"`{op_name}`: the input must have rank >= 2. Received shape "
            f"{shape}"
        )
    m, n = shape[-2:]
    if square and m is not None and n is not None and m != n:
        raise ValueError(
            f"`{op_name}`: expected square matrices. Received shape {shape}"
        )
    return shape


def _min_dim(m, n):
    return None if m is None or n is None else min(m, n)


def _square_spec(op_name):
    def spec(x, *args, **kwargs):
        shape = _matrix_shape(op_name, x, square=True)
        return KerasTensor(shape, dtype=_float_of(x))

    return spec


def _export(name):
    return keras_export([f"keras.ops.{name}", f"keras.ops.linalg.{name}"])


@_export("cholesky")
def cholesky(x, upper=False):
    """Computes the Cholesky factor of Hermitian positive definite matrices.

    Only the lower triangle of `x` is read.

    Args:
        x: a tensor of shape `(..., M, M)`.
        upper: whether to return the upper factor `U` (`x = U^H U`)
            instead of the lower one `L` (`x = L L^H`).

    Returns:
        A float tensor of shape `(..., M, M)`.

    Raises:
        ValueError: (eagerly) when `x` is not positive definite.

    Example:

    >>> keras.ops.cholesky(np.array([[4., 2.], [2., 2.]], "float32"))
    array([[2., 0.],
           [1., 1.]], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(cholesky, _square_spec("cholesky"), x, upper)
    return backend.linalg.cholesky(x, upper)


@_export("cholesky_inverse")
def cholesky_inverse(x, upper=False):
    """Inverts a Hermitian positive definite matrix from its Cholesky
    factor.

    Args:
        x: the factor, of shape `(..., M, M)`: lower triangular (only that
            triangle is read), or upper triangular when `upper`.
        upper: whether `x` is the upper factor.

    Returns:
        The inverse of `x @ x^H` (`x^H @ x` when `upper`).

    Example:

    >>> keras.ops.cholesky_inverse(np.array([[2., 0.], [1., 1.]], "float32"))
    array([[ 0.5, -0.5],
           [-0.5,  1. ]], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(
            cholesky_inverse, _square_spec("cholesky_inverse"), x, upper
        )
    return backend.linalg.cholesky_inverse(x, upper)


def _det_spec(x):
    shape = _matrix_shape("det", x, square=True)
    return KerasTensor(shape[:-2], dtype=_float_of(x))


@_export("det")
def det(x):
    """Computes the determinant of square matrices.

    Args:
        x: a tensor of shape `(..., M, M)`.

    Returns:
        A float tensor of shape `x.shape[:-2]`.

    Example:

    >>> keras.ops.det(np.array([[1., 2.], [3., 4.]], "float32"))
    array(-2., dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(det, _det_spec, x)
    return backend.linalg.det(x)


def _vectors_spec(shape, dtype):
    """Specs of eigenvalues and eigenvectors of `shape` matrices."""
    values = KerasTensor(shape[:-1], dtype=dtype)
    return values, KerasTensor(shape, dtype=dtype)


def _eig_spec(x):
    shape = _matrix_shape("eig", x, square=True)
    dtype = "complex128" if _float_of(x) == "float64" else "complex64"
    return _vectors_spec(shape, dtype)


@_export("eig")
def eig(x):
    """Computes the eigenvalues and right eigenvectors of square matrices.

    Args:
        x: a tensor of shape `(..., M, M)`.

    Returns:
        A tuple `(w, v)` of complex tensors (complex128 for float64 inputs,
        complex64 otherwise): eigenvalues `w` of shape `(..., M)` and
        eigenvectors, the columns of `v`, of shape `(..., M, M)`.

    Example:

    >>> w, v = keras.ops.eig(np.array([[0., -1.], [1., 0.]], "float32"))
    >>> w
    array([0.+1.j, 0.-1.j], dtype=complex64)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(eig, _eig_spec, x)
    return backend.linalg.eig(x)


def _eigh_spec(x):
    shape = _matrix_shape("eigh", x, square=True)
    return _vectors_spec(shape, _float_of(x))


@_export("eigh")
def eigh(x):
    """Computes the eigenvalues and eigenvectors of symmetric matrices.

    Only the lower triangle of `x` is read.

    Args:
        x: a tensor of shape `(..., M, M)`.

    Returns:
        A tuple `(w, v)`: eigenvalues in ascending order, of shape
        `(..., M)`, and the matching eigenvectors (the columns of `v`).

    Example:

    >>> w, v = keras.ops.eigh(np.array([[2., 1.], [1., 2.]], "float32"))
    >>> w
    array([1., 3.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(eigh, _eigh_spec, x)
    return backend.linalg.eigh(x)


@_export("inv")
def inv(x):
    """Computes the inverse of square matrices.

    Args:
        x: a tensor of shape `(..., M, M)`.

    Returns:
        A float tensor of shape `(..., M, M)`.

    Example:

    >>> keras.ops.inv(np.array([[2., 0.], [0., 4.]], "float32"))
    array([[0.5 , 0.  ],
           [0.  , 0.25]], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(inv, _square_spec("inv"), x)
    return backend.linalg.inv(x)


def _check_primals(primals, tangents):
    if not isinstance(primals, (tuple, list)) or not isinstance(
        tangents, (tuple, list)
    ):
        raise ValueError(
            "`jvp`: `primals` and `tangents` must be tuples or lists. "
            f"Received: {type(primals).__name__}, {type(tangents).__name__}"
        )
    if len(primals) != len(tangents):
        raise ValueError(
            "`jvp`: `primals` and `tangents` must have the same length. "
            f"Received: {len(primals)} and {len(tangents)}"
        )
    for p, t in zip(tree.flatten(primals), tree.flatten(tangents)):
        p_shape, t_shape = shape_of(p), shape_of(t)
        if len(p_shape) != len(t_shape) or any(
            a is not None and b is not None and a != b
            for a, b in zip(p_shape, t_shape)
        ):
            raise ValueError(
                "`jvp`: each tangent must have the shape of its primal. "
                f"Received: {p_shape} and {t_shape}"
            )


def _jvp_spec(fun, primals, tangents, has_aux=False):
    outputs = fun(*primals)
    aux = None
    if has_aux:
        outputs, aux = outputs
    tangents_out = tree.map_structure(
        lambda t: KerasTensor(t.shape, dtype=t.dtype), outputs
    )
    if has_aux:
        return outputs, tangents_out, aux
    return outputs, tangents_out


@_export("jvp")
def jvp(fun, primals, tangents, has_aux=False):
    """Computes `fun(*primals)` and its Jacobian-vector product in forward
    mode: the derivative of `fun` at `primals` along `tangents`.

    Needs a backend with automatic differentiation (not numpy).

    Args:
        fun: a function of tensors, returning a (nested structure of)
            tensor(s); with `has_aux`, a pair `(outputs, aux)`.
        primals: a tuple or list of the arguments of `fun`.
        tangents: a tuple or list of tensors shaped like `primals`.
        has_aux: whether `fun` also returns auxiliary data.

    Returns:
        `(outputs, tangents_out)`, or `(outputs, tangents_out, aux)` when
        `has_aux`.

    Example:

    >>> x, t = np.array([1., 2.], "float32"), np.ones(2, "float32")
    >>> out, tangent = keras.ops.jvp(lambda x: x * x, (x,), (t,))
    >>> keras.ops.convert_to_numpy(tangent)
    array([2., 4.], dtype=float32)
    """
    _check_primals(primals, tangents)
    if any_symbolic_tensors((primals, tangents)):
        return symbolic_op(
            jvp, _jvp_spec, fun, primals, tangents, has_aux=has_aux
        )
    return backend.linalg.jvp(fun, primals, tangents, has_aux)


def _lstsq_spec(a, b, rcond=None):
    a_shape, b_shape = shape_of(a), shape_of(b)
    valid = len(a_shape) == 2 and len(b_shape) in (1, 2)
    if valid and None not in (a_shape[0], b_shape[0]):
        valid = a_shape[0] == b_shape[0]
    if not valid:
        raise ValueError(
            "`lstsq`: expected `a` of shape (M, N) and `b` of shape (M,) or "
            f"(M, K). Received: a.shape={a_shape}, b.shape={b_shape}"
        )
    return KerasTensor((a_shape[1],) + b_shape[1:], dtype=_float_of(a, b))


@_export("lstsq")
def lstsq(a, b, rcond=None):
    """Solves `a @ x = b` in the least-squares sense.

    Args:
        a: a tensor of shape `(M, N)`.
        b: a tensor of shape `(M,)` or `(M, K)`.
        rcond: singular values of `a` at most `rcond` times the largest
            are treated as zero; defaults to `eps * max(M, N)`.

    Returns:
        The minimum-norm solution, of shape `(N,)` or `(N, K)`.

    Example:

    >>> a = np.array([[1., 0.], [0., 1.], [0., 0.]], "float32")
    >>> keras.ops.lstsq(a, np.array([1., 2., 3.], "float32"))
    array([1., 2.], dtype=float32)
    """
    if any_symbolic_tensors((a, b)):
        return symbolic_op(lstsq, _lstsq_spec, a, b, rcond=rcond)
    _lstsq_spec(a, b)
    return backend.linalg.lstsq(a, b, rcond)


def _lu_factor_spec(x):
    shape = _matrix_shape("lu_factor", x)
    pivots = shape[:-2] + (_min_dim(*shape[-2:]),)
    return (
        KerasTensor(shape, dtype=_float_of(x)),
        KerasTensor(pivots, dtype="int32"),
    )


@_export("lu_factor")
def lu_factor(x):
    """Computes the LU factorization of matrices, with partial pivoting.

    Args:
        x: a tensor of shape `(..., M, N)`.

    Returns:
        A tuple `(lu, pivots)`: `lu` of shape `(..., M, N)` holds `U` in
        its upper triangle and the multipliers of the unit lower triangular
        `L` below; `pivots` (int32, shape `(..., min(M, N))`) says that row
        `i` was swapped with row `pivots[i]`, in order (LAPACK's `getrf`,
        but counting from 0).

    Example:

    >>> lu, pivots = keras.ops.lu_factor(np.array([[1., 2.], [3., 4.]]))
    >>> pivots
    array([1, 1], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(lu_factor, _lu_factor_spec, x)
    return backend.linalg.lu_factor(x)


def _matrix_rank_spec(x, tol=None):
    shape = _matrix_shape("matrix_rank", x)
    return KerasTensor(shape[:-2], dtype="int32")


@_export("matrix_rank")
def matrix_rank(x, tol=None):
    """Computes the rank of matrices: their number of singular values
    above a threshold.

    Args:
        x: a tensor of shape `(..., M, N)`.
        tol: the threshold; defaults to the largest singular value times
            `max(M, N) * eps`.

    Returns:
        An int32 tensor of shape `x.shape[:-2]`.

    Example:

    >>> keras.ops.matrix_rank(np.array([[1., 2.], [2., 4.]]))
    np.int32(1)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(matrix_rank, _matrix_rank_spec, x, tol=tol)
    return backend.linalg.matrix_rank(x, tol)


_MATRIX_ORDS = ("fro", "nuc", 1, -1, 2, -2, math.inf, -math.inf)


def _norm_axes(shape, ord, axis):
    """Validates the arguments of `norm`; returns the reduced axes (`None`
    for the 2-norm of all the entries)."""
    ndim = len(shape)
    if axis is None:
        if ord is None:
            return None
        if ndim not in (1, 2):
            raise ValueError(
                "`norm`: with `axis=None` and an `ord`, the input must have "
                f"rank 1 or 2. Received shape {shape}"
            )
        axis = tuple(range(ndim))
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    axes = tuple(
        shape_rules.canonicalize_axis("norm", a, ndim) for a in axes
    )
    if len(axes) not in (1, 2) or len(set(axes)) != len(axes):
        raise ValueError(
            "`norm`: `axis` must name one axis (vector norm) or two distinct "
            f"axes (matrix norm). Received: axis={axis}"
        )
    if len(axes) == 1 and (isinstance(ord, str) or isinstance(ord, bool)):
        raise ValueError(f"`norm`: invalid `ord` for a vector norm: {ord!r}")
    if len(axes) == 2 and ord is not None and (
        isinstance(ord, bool) or ord not in _MATRIX_ORDS
    ):
        raise ValueError(f"`norm`: invalid `ord` for a matrix norm: {ord!r}")
    return axes


def _norm_spec(x, ord=None, axis=None, keepdims=False):
    shape = shape_of(x)
    axes = _norm_axes(shape, ord, axis)
    shape = shape_rules.reduce_shape("norm", shape, axes, keepdims)
    dtype = dtypes.result_type(dtype_of(x))
    if "complex" in dtype:
        dtype = "float64" if dtype == "complex128" else "float32"
    else:
        dtype = _float_of(x)
    return KerasTensor(shape, dtype=dtype)


@_export("norm")
def norm(x, ord=None, axis=None, keepdims=False):
    """Computes a vector or matrix norm, like `numpy.linalg.norm`.

    With one axis, the vector norm of order `ord` (`None`: 2; `inf`,
    `-inf`, 0 and any number). With two axes, the matrix norm (`None` or
    `"fro"`: Frobenius; `"nuc"`: nuclear; 1, -1, 2, -2, `inf`, `-inf`).
    With `axis=None`, the 2-norm of all entries when `ord` is `None`, else
    the vector or matrix norm of a rank 1 or 2 input.

    Args:
        x: a tensor.
        ord: the order of the norm.
        axis: an int, a pair of ints, or `None`.
        keepdims: whether to keep the reduced axes with size 1.

    Returns:
        A real float tensor.

    Example:

    >>> keras.ops.norm(np.array([3., 4.], "float32"))
    array(5., dtype=float32)
    """
    axes = _norm_axes(shape_of(x), ord, axis)
    if any_symbolic_tensors((x,)):
        return symbolic_op(
            norm, _norm_spec, x, ord=ord, axis=axis, keepdims=keepdims
        )
    return backend.linalg.norm(x, ord, axes, keepdims)


def _pinv_spec(x, rcond=None):
    shape = _matrix_shape("pinv", x)
    return KerasTensor(
        shape[:-2] + (shape[-1], shape[-2]), dtype=_float_of(x)
    )


@_export("pinv")
def pinv(x, rcond=None):
    """Computes the Moore-Penrose pseudo-inverse of matrices.

    Args:
        x: a tensor of shape `(..., M, N)`.
        rcond: singular values at most `rcond` times the largest are
            treated as zero; defaults to `eps * max(M, N)`.

    Returns:
        A float tensor of shape `(..., N, M)`.

    Example:

    >>> keras.ops.pinv(np.array([[2., 0.], [0., 0.]], "float32"))
    array([[0.5, 0. ],
           [0. , 0. ]], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(pinv, _pinv_spec, x, rcond=rcond)
    return backend.linalg.pinv(x, rcond)


def _check_qr_mode(mode):
    if mode not in ("reduced", "complete"):
        raise ValueError(
            "`qr`: `mode` must be 'reduced' or 'complete'. Received: "
            f"mode={mode!r}"
        )


def _qr_spec(x, mode="reduced"):
    shape = _matrix_shape("qr", x)
    batch, (m, n) = shape[:-2], shape[-2:]
    k = m if mode == "complete" else _min_dim(m, n)
    dtype = _float_of(x)
    return (
        KerasTensor(batch + (m, k), dtype=dtype),
        KerasTensor(batch + (k, n), dtype=dtype),
    )


@_export("qr")
def qr(x, mode="reduced"):
    """Computes the QR decomposition of matrices: `x = q @ r`.

    Args:
        x: a tensor of shape `(..., M, N)`.
        mode: `"reduced"` (`q` is `(..., M, K)`, `r` is `(..., K, N)`,
            `K = min(M, N)`) or `"complete"` (`q` is `(..., M, M)`, `r` is
            `(..., M, N)`).

    Returns:
        A tuple `(q, r)`: `q` has orthonormal columns, `r` is upper
        triangular.

    Example:

    >>> q, r = keras.ops.qr(np.array([[1., 2.], [3., 4.], [5., 6.]]))
    >>> q.shape, r.shape
    ((3, 2), (2, 2))
    """
    _check_qr_mode(mode)
    if any_symbolic_tensors((x,)):
        return symbolic_op(qr, _qr_spec, x, mode=mode)
    return backend.linalg.qr(x, mode)


def _system_shape(op_name, a, b):
    """Checks the shapes of `a @ x = b`; returns the shape of `x`."""
    a_shape = _matrix_shape(op_name, a, square=True)
    b_shape = shape_of(b)
    m = a_shape[-1] if a_shape[-1] is not None else a_shape[-2]
    if len(b_shape) == 1:
        rows, shape = b_shape[0], a_shape[:-1]
    elif len(b_shape) >= 2:
        rows = b_shape[-2]
        batch = shape_rules.broadcast_shapes(
            op_name, a_shape[:-2], b_shape[:-2]
        )
        shape = batch + (m, b_shape[-1])
    else:
        rows, shape = -1, None
    if rows is None or m is None:
        rows = m
    if rows != m:
        raise ValueError(
            f"`{op_name}`: `b` must have shape (M,) or (..., M, K) for "
            f"`a` of shape (..., M, M). Received: a.shape={a_shape}, "
            f"b.shape={b_shape}"
        )
    return shape


def _solve_spec(op_name):
    def spec(a, b, *args, **kwargs):
        shape = _system_shape(op_name, a, b)
        return KerasTensor(shape, dtype=_float_of(a, b))

    return spec


@_export("solve")
def solve(a, b):
    """Solves the linear system `a @ x = b`.

    As in NumPy 2, `b` is a vector only when it is 1-D; otherwise it holds
    matrices whose batch dimensions broadcast with `a`'s.

    Args:
        a: a tensor of shape `(..., M, M)`.
        b: a tensor of shape `(M,)` or `(..., M, K)`.

    Returns:
        The solution `x`, of `b`'s shape (with broadcast batch dimensions).

    Example:

    >>> keras.ops.solve(np.array([[2., 0.], [0., 4.]]), np.array([2., 4.]))
    array([1., 1.], dtype=float32)
    """
    if any_symbolic_tensors((a, b)):
        return symbolic_op(solve, _solve_spec("solve"), a, b)
    _system_shape("solve", a, b)
    return backend.linalg.solve(a, b)


@_export("solve_triangular")
def solve_triangular(a, b, lower=False):
    """Solves `a @ x = b` for triangular matrices `a`.

    Only the triangle of `a` named by `lower` is read. `b` is a vector only
    when it is 1-D, as in `solve`.

    Args:
        a: a tensor of shape `(..., M, M)`.
        b: a tensor of shape `(M,)` or `(..., M, K)`.
        lower: whether `a` is lower (else upper) triangular.

    Returns:
        The solution `x`, of `b`'s shape (with broadcast batch dimensions).

    Example:

    >>> a = np.array([[1., 0.], [1., 1.]], "float32")
    >>> keras.ops.solve_triangular(a, np.array([1., 3.], "float32"), True)
    array([1., 2.], dtype=float32)
    """
    if any_symbolic_tensors((a, b)):
        return symbolic_op(
            solve_triangular, _solve_spec("solve_triangular"), a, b,
            lower=lower,
        )
    _system_shape("solve_triangular", a, b)
    return backend.linalg.solve_triangular(a, b, lower)


def _svd_spec(x, full_matrices=True, compute_uv=True):
    shape = _matrix_shape("svd", x)
    batch, (m, n) = shape[:-2], shape[-2:]
    k = _min_dim(m, n)
    dtype = _float_of(x)
    s = KerasTensor(batch + (k,), dtype=dtype)
    if not compute_uv:
        return s
    u_cols, v_rows = (m, n) if full_matrices else (k, k)
    return (
        KerasTensor(batch + (m, u_cols), dtype=dtype),
        s,
        KerasTensor(batch + (v_rows, n), dtype=dtype),
    )


@_export("svd")
def svd(x, full_matrices=True, compute_uv=True):
    """Computes the singular value decomposition `x = u @ diag(s) @ vh`.

    Args:
        x: a tensor of shape `(..., M, N)`.
        full_matrices: whether `u` and `vh` are square (`(..., M, M)` and
            `(..., N, N)`) or reduced to `K = min(M, N)` columns and rows.
        compute_uv: whether to compute `u` and `vh`, or only `s`.

    Returns:
        A tuple `(u, s, vh)`, or `s` alone when not `compute_uv`; the
        singular values `s` (shape `(..., K)`) are in decreasing order.

    Example:

    >>> keras.ops.svd(np.array([[3., 0.], [0., 4.]]), compute_uv=False)
    array([4., 3.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(
            svd, _svd_spec, x, full_matrices=full_matrices,
            compute_uv=compute_uv,
        )
    return backend.linalg.svd(x, full_matrices, compute_uv)


# The op classes (`Inv`, ...): what symbolic calls record, at Keras's
# paths. Made from the op functions above; see `op_class.py`.
__getattr__ = op_classes_on_demand(__name__, globals(), op_tables.LINALG)
