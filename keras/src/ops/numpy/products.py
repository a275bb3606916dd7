"""Products NumPy-style ops: matrix and tensor products, traces,
determinants, and `vectorize`."""

import functools

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common import dtypes
from keras.src.backend.common.dtypes import dtype_of
from keras.src.backend.common.keras_tensor import (
    KerasTensor,
    any_symbolic_tensors,
)

# The backends share these dtype rules; the specs apply the same ones.
from keras.src.backend.common.product_dtypes import (
    product_dtype,
    slogdet_dtypes,
    trace_dtype,
)
from keras.src.ops import shape_rules
from keras.src.ops.operation import symbolic_op
from keras.src.ops.shape_rules import shape_of

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


def _promoted(*values):
    return dtypes.result_type(*(dtype_of(v) for v in values))


def _size(shape):
    size = 1
    for d in shape:
        if d is None:
            return None
        size *= d
    return size


def _mismatch(op_name, s1, s2, what="are incompatible"):
    return ValueError(f"`{op_name}`: shapes {s1} and {s2} {what}.")


def _check_equal(op_name, d1, d2, s1, s2):
    if d1 is not None and d2 is not None and d1 != d2:
        raise _mismatch(
            op_name, s1, s2, f"have contracted dimensions {d1} != {d2}"
        )


@keras_export(["keras.ops.matmul", "keras.ops.numpy.matmul"])
def matmul(x1, x2):
    """Matrix product of two tensors, NumPy-style.

    Leading (batch) dimensions broadcast; a 1-D operand acts as a row
    (first operand) or column (second operand) vector and its dimension is
    removed from the result. int8 by int8 products return int32.

    Args:
        x1: a tensor of rank 1 or more.
        x2: a tensor of rank 1 or more.

    Returns:
        The product, of the promoted dtype of the inputs.

    Example:

    >>> x = np.array([[1.0, 2.0], [3.0, 4.0]])
    >>> keras.ops.matmul(x, np.array([1.0, 1.0]))
    array([3., 7.], dtype=float32)
    """
    if any_symbolic_tensors((x1, x2)):
        return symbolic_op(matmul, _matmul_spec, x1, x2)
    return backend.numpy.matmul(x1, x2)


def _matmul_spec(x1, x2):
    s1, s2 = shape_of(x1), shape_of(x2)
    if not s1 or not s2:
        raise _mismatch("matmul", s1, s2, "must both have rank 1 or more")
    a = (1,) + s1 if len(s1) == 1 else s1
    b = s2 + (1,) if len(s2) == 1 else s2
    _check_equal("matmul", a[-1], b[-2], s1, s2)
    try:
        batch = shape_rules.broadcast_shapes("matmul", a[:-2], b[:-2])
    except ValueError:
        raise _mismatch(
            "matmul", s1, s2, "have batch dimensions that do not broadcast"
        ) from None
    out = batch + (a[-2:-1] if len(s1) > 1 else ())
    out += b[-1:] if len(s2) > 1 else ()
    return KerasTensor(out, dtype=product_dtype(x1, x2))


@keras_export(["keras.ops.dot", "keras.ops.numpy.dot"])
def dot(x1, x2):
    """Dot product, NumPy-style.

    Scalars multiply; two 1-D tensors give their inner product; an N-D
    tensor by a 1-D one sums over the last axis of `x1`; otherwise the
    sum runs over the last axis of `x1` and the second-to-last of `x2`.

    Args:
        x1: a tensor.
        x2: a tensor.

    Returns:
        The product, of the promoted dtype of the inputs.

    Example:

    >>> keras.ops.dot(np.array([1.0, 2.0]), np.array([3.0, 4.0]))
    array(11., dtype=float32)
    """
    if any_symbolic_tensors((x1, x2)):
        return symbolic_op(dot, _dot_spec, x1, x2)
    return backend.numpy.dot(x1, x2)


def _dot_spec(x1, x2):
    s1, s2 = shape_of(x1), shape_of(x2)
    if not s1 or not s2:
        shape = shape_rules.broadcast_shapes("dot", s1, s2)
    elif len(s2) == 1:
        _check_equal("dot", s1[-1], s2[0], s1, s2)
        shape = s1[:-1]
    else:
        _check_equal("dot", s1[-1], s2[-2], s1, s2)
        shape = s1[:-1] + s2[:-2] + s2[-1:]
    return KerasTensor(shape, dtype=_promoted(x1, x2))


@keras_export(["keras.ops.einsum", "keras.ops.numpy.einsum"])
def einsum(subscripts, *operands, **kwargs):
    """Evaluates the Einstein summation `subscripts` on `operands`.

    `subscripts` names each operand's axes with letters (and `...` for
    broadcast dimensions); letters missing from the output (after `->`)
    are summed over. Without `->`, the output holds the letters that
    appear once, in alphabetical order. int8-only inputs return int32.

    Args:
        subscripts: the equation, e.g. `"ij,jk->ik"`.
        *operands: the tensors.
        **kwargs: passed to the backend's einsum.

    Returns:
        The result, of the promoted dtype of the operands.

    Example:

    >>> x = np.array([[1.0, 2.0], [3.0, 4.0]])
    >>> keras.ops.einsum("ii->", x)
    array(5., dtype=float32)
    """
    if any_symbolic_tensors(operands):
        return symbolic_op(einsum, _einsum_spec, subscripts, *operands,
                           **kwargs)
    return backend.numpy.einsum(subscripts, *operands, **kwargs)


def _einsum_spec(subscripts, *operands, **kwargs):
    shapes = [shape_of(x) for x in operands]
    text = subscripts.replace(" ", "")
    inputs, arrow, output = text.partition("->")
    terms = inputs.split(",")
    if len(terms) != len(operands):
        raise ValueError(
            f"`einsum`: {subscripts!r} names {len(terms)} operands, but "
            f"{len(operands)} were given (shapes {shapes})."
        )
    sizes, ellipsis_shapes, counts = {}, [], {}
    for term, shape in zip(terms, shapes):
        letters, dims, ellipsis = _einsum_term(subscripts, term, shape)
        if ellipsis is not None:
            ellipsis_shapes.append(ellipsis)
        for letter, dim in zip(letters, dims):
            counts[letter] = counts.get(letter, 0) + 1
            sizes[letter] = _merge_dim(subscripts, sizes, letter, dim, shapes)
    broadcast = shape_rules.broadcast_shapes("einsum", *ellipsis_shapes)
    if not arrow:
        output = ("..." if ellipsis_shapes else "") + "".join(
            sorted(k for k, n in counts.items() if n == 1)
        )
    if "..." not in output and broadcast:
        raise ValueError(
            f"`einsum`: {subscripts!r} drops the '...' dimensions of "
            f"shapes {shapes}; name them in the output."
        )
    before, has_ellipsis, after = output.partition("...")
    out = [_label_size(subscripts, sizes, x) for x in before]
    out += list(broadcast) if has_ellipsis else []
    out += [_label_size(subscripts, sizes, x) for x in after]
    return KerasTensor(tuple(out), dtype=product_dtype(*operands))


def _einsum_term(subscripts, term, shape):
    """Returns (letters, their dims, the '...' dims or None) of one
    operand."""
    letters_only = term.replace("...", "")
    if term.count("...") > 1 or (letters_only and not letters_only.isalpha()):
        raise ValueError(f"`einsum`: invalid subscripts {subscripts!r}.")
    before, has_ellipsis, _ = term.partition("...")
    extra = len(shape) - len(letters_only)
    if extra < 0 or (extra and not has_ellipsis):
        raise ValueError(
            f"`einsum`: subscripts {term!r} of {subscripts!r} do not fit "
            f"an operand of shape {shape}."
        )
    if not has_ellipsis:
        return letters_only, shape, None
    dims = shape[: len(before)] + shape[len(before) + extra:]
    return letters_only, dims, shape[len(before): len(before) + extra]


def _merge_dim(subscripts, sizes, letter, dim, shapes):
    """Merges one more size of a label; 1 broadcasts, None is unknown."""
    if letter not in sizes:
        return dim
    known = sizes[letter]
    if dim == known or dim == 1:
        return known
    if known == 1 or known is None or dim is None:
        return dim if known in (1, None) else known
    raise ValueError(
        f"`einsum`: label {letter!r} of {subscripts!r} has sizes {known} "
        f"and {dim} in shapes {shapes}."
    )


def _label_size(subscripts, sizes, letter):
    if letter not in sizes:
        raise ValueError(
            f"`einsum`: output label {letter!r} of {subscripts!r} is not "
            "among the inputs' labels."
        )
    return sizes[letter]


@keras_export(["keras.ops.inner", "keras.ops.numpy.inner"])
def inner(x1, x2):
    """Inner product over the last axes of `x1` and `x2`.

    Args:
        x1: a tensor.
        x2: a tensor whose last dimension matches that of `x1`.

    Returns:
        A tensor of shape `x1.shape[:-1] + x2.shape[:-1]` (scalars
        multiply), of the promoted dtype.

    Example:

    >>> keras.ops.inner(np.array([1.0, 2.0]), np.array([3.0, 4.0]))
    array(11., dtype=float32)
    """
    if any_symbolic_tensors((x1, x2)):
        return symbolic_op(inner, _inner_spec, x1, x2)
    return backend.numpy.inner(x1, x2)


def _inner_spec(x1, x2):
    s1, s2 = shape_of(x1), shape_of(x2)
    if not s1 or not s2:
        shape = shape_rules.broadcast_shapes("inner", s1, s2)
    else:
        _check_equal("inner", s1[-1], s2[-1], s1, s2)
        shape = s1[:-1] + s2[:-1]
    return KerasTensor(shape, dtype=_promoted(x1, x2))


@keras_export(["keras.ops.outer", "keras.ops.numpy.outer"])
def outer(x1, x2):
    """Outer product of the flattened `x1` and `x2`.

    Args:
        x1: a tensor, flattened to length `m`.
        x2: a tensor, flattened to length `n`.

    Returns:
        An `(m, n)` tensor of the promoted dtype.

    Example:

    >>> keras.ops.outer(np.array([1, 2], "int32"), np.array([3, 4], "int32"))
    array([[3, 4],
           [6, 8]], dtype=int32)
    """
    if any_symbolic_tensors((x1, x2)):
        return symbolic_op(outer, _outer_spec, x1, x2)
    return backend.numpy.outer(x1, x2)


def _outer_spec(x1, x2):
    shape = (_size(shape_of(x1)), _size(shape_of(x2)))
    return KerasTensor(shape, dtype=_promoted(x1, x2))


@keras_export(["keras.ops.kron", "keras.ops.numpy.kron"])
def kron(x1, x2):
    """Kronecker product: blocks of `x2` scaled by each element of `x1`.

    Args:
        x1: a tensor.
        x2: a tensor.

    Returns:
        A tensor whose dimensions are the products of the inputs'
        dimensions (the lower rank padded with leading ones).

    Example:

    >>> keras.ops.kron(np.array([1, 2], "int32"), np.array([1, 10], "int32"))
    array([ 1, 10,  2, 20], dtype=int32)
    """
    if any_symbolic_tensors((x1, x2)):
        return symbolic_op(kron, _kron_spec, x1, x2)
    return backend.numpy.kron(x1, x2)


def _kron_spec(x1, x2):
    s1, s2 = shape_of(x1), shape_of(x2)
    ndim = max(len(s1), len(s2))
    s1 = (1,) * (ndim - len(s1)) + tuple(s1)
    s2 = (1,) * (ndim - len(s2)) + tuple(s2)
    shape = tuple(
        None if a is None or b is None else a * b for a, b in zip(s1, s2)
    )
    return KerasTensor(shape, dtype=_promoted(x1, x2))


@keras_export(["keras.ops.vdot", "keras.ops.numpy.vdot"])
def vdot(x1, x2):
    """Dot product of the flattened inputs, conjugating `x1`.

    Args:
        x1: a tensor.
        x2: a tensor with as many elements as `x1`.

    Returns:
        A scalar tensor of the promoted dtype.

    Example:

    >>> keras.ops.vdot(np.array([[1.0, 2.0]]), np.array([3.0, 4.0]))
    array(11., dtype=float32)
    """
    if any_symbolic_tensors((x1, x2)):
        return symbolic_op(vdot, _vdot_spec, x1, x2)
    return backend.numpy.vdot(x1, x2)


def _vdot_spec(x1, x2):
    s1, s2 = shape_of(x1), shape_of(x2)
    n1, n2 = _size(s1), _size(s2)
    if n1 is not None and n2 is not None and n1 != n2:
        raise _mismatch("vdot", s1, s2, "have different sizes")
    return KerasTensor((), dtype=_promoted(x1, x2))


@keras_export(["keras.ops.tensordot", "keras.ops.numpy.tensordot"])
def tensordot(x1, x2, axes=2):
    """Sums the products of `x1` and `x2` over the given axes.

    Args:
        x1: a tensor.
        x2: a tensor.
        axes: an int `N` (the last `N` axes of `x1` with the first `N` of
            `x2`) or a pair of axis lists `(axes_of_x1, axes_of_x2)`.

    Returns:
        The remaining axes of `x1` followed by those of `x2`, in the
        promoted dtype.

    Example:

    >>> x = np.ones((2, 3))
    >>> keras.ops.tensordot(x, np.ones((3, 4)), axes=1).shape
    (2, 4)
    """
    if any_symbolic_tensors((x1, x2)):
        return symbolic_op(tensordot, _tensordot_spec, x1, x2, axes=axes)
    return backend.numpy.tensordot(x1, x2, axes=axes)


def _tensordot_spec(x1, x2, axes=2):
    s1, s2 = shape_of(x1), shape_of(x2)
    if isinstance(axes, int):
        if not 0 <= axes <= min(len(s1), len(s2)):
            raise _mismatch("tensordot", s1, s2, f"cannot contract {axes} axes")
        axes1 = list(range(len(s1) - axes, len(s1)))
        axes2 = list(range(axes))
    else:
        axes1, axes2 = ([a] if isinstance(a, int) else list(a) for a in axes)
        if len(axes1) != len(axes2):
            raise _mismatch("tensordot", s1, s2, f"got axes {axes}")
        axes1 = [shape_rules.canonicalize_axis("tensordot", a, len(s1))
                 for a in axes1]
        axes2 = [shape_rules.canonicalize_axis("tensordot", a, len(s2))
                 for a in axes2]
    for a1, a2 in zip(axes1, axes2):
        _check_equal("tensordot", s1[a1], s2[a2], s1, s2)
    shape = tuple(d for i, d in enumerate(s1) if i not in axes1)
    shape += tuple(d for i, d in enumerate(s2) if i not in axes2)
    return KerasTensor(shape, dtype=_promoted(x1, x2))


@keras_export(["keras.ops.cross", "keras.ops.numpy.cross"])
def cross(x1, x2, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """Cross product of 2- or 3-component vectors.

    Args:
        x1: a tensor of vectors along `axisa`.
        x2: a tensor of vectors along `axisb`.
        axisa: the vector axis of `x1`.
        axisb: the vector axis of `x2`.
        axisc: the vector axis of the result (absent when both inputs
            have 2 components: the result is then the scalar z value).
        axis: if set, overrides `axisa`, `axisb` and `axisc`.

    Returns:
        The cross products, broadcast over the other axes, in the
        promoted dtype.

    Example:

    >>> keras.ops.cross(np.array([1.0, 0.0, 0.0]), np.array([0.0, 1.0, 0.0]))
    array([0., 0., 1.], dtype=float32)
    """
    if any_symbolic_tensors((x1, x2)):
        return symbolic_op(
            cross, _cross_spec, x1, x2, axisa, axisb, axisc, axis
        )
    return backend.numpy.cross(
        x1, x2, axisa=axisa, axisb=axisb, axisc=axisc, axis=axis
    )


def _cross_spec(x1, x2, axisa=-1, axisb=-1, axisc=-1, axis=None):
    s1, s2 = shape_of(x1), shape_of(x2)
    if axis is not None:
        axisa = axisb = axisc = axis
    if not s1 or not s2:
        raise _mismatch("cross", s1, s2, "must both have rank 1 or more")
    a = shape_rules.canonicalize_axis("cross", axisa, len(s1))
    b = shape_rules.canonicalize_axis("cross", axisb, len(s2))
    n1, n2 = s1[a], s2[b]
    if n1 not in (2, 3, None) or n2 not in (2, 3, None):
        raise _mismatch(
            "cross", s1, s2, "must have 2 or 3 components on the vector axes"
        )
    batch = shape_rules.broadcast_shapes(
        "cross", s1[:a] + s1[a + 1:], s2[:b] + s2[b + 1:]
    )
    dtype = _promoted(x1, x2)
    if n1 == 2 and n2 == 2:
        return KerasTensor(batch, dtype=dtype)
    c = shape_rules.canonicalize_axis("cross", axisc, len(batch) + 1)
    return KerasTensor(batch[:c] + (3,) + batch[c:], dtype=dtype)


@keras_export(["keras.ops.trace", "keras.ops.numpy.trace"])
def trace(x, offset=0, axis1=0, axis2=1):
    """Sums a diagonal of the matrices that two axes of `x` form.

    Bools and integers narrower than 32 bits are summed as 32-bit
    integers (unsigned ones as uint32).

    Args:
        x: a tensor of rank 2 or more.
        offset: the diagonal: 0 is the main one, above it when positive.
        axis1: the axis of the matrix rows.
        axis2: the axis of the matrix columns.

    Returns:
        A tensor without `axis1` and `axis2`.

    Example:

    >>> keras.ops.trace(np.array([[1, 2], [3, 4]], "int32"))
    array(5, dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(trace, _trace_spec, x, offset, axis1, axis2)
    return backend.numpy.trace(x, offset=offset, axis1=axis1, axis2=axis2)


def _trace_spec(x, offset=0, axis1=0, axis2=1):
    shape = shape_of(x)
    if len(shape) < 2:
        raise ValueError(
            f"`trace` takes a tensor of rank 2 or more. Received: {shape}"
        )
    axis1 = shape_rules.canonicalize_axis("trace", axis1, len(shape))
    axis2 = shape_rules.canonicalize_axis("trace", axis2, len(shape))
    if axis1 == axis2:
        raise ValueError("`trace`: `axis1` and `axis2` must differ.")
    rest = tuple(d for i, d in enumerate(shape) if i not in (axis1, axis2))
    return KerasTensor(rest, dtype=trace_dtype(dtype_of(x)))


@keras_export(["keras.ops.slogdet", "keras.ops.numpy.slogdet"])
def slogdet(x):
    """Sign and log of the absolute value of the determinant.

    Args:
        x: a tensor of square matrices, shape `(..., n, n)`.

    Returns:
        A tuple `(sign, logabsdet)` of tensors of shape `x.shape[:-2]`,
        with `det = sign * exp(logabsdet)`; float dtype (integers give
        `floatx()`).

    Example:

    >>> sign, logdet = keras.ops.slogdet(np.array([[2.0, 0.0], [0.0, 3.0]]))
    >>> float(sign), round(float(logdet), 4)
    (1.0, 1.7918)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(slogdet, _slogdet_spec, x)
    return backend.numpy.slogdet(x)


def _slogdet_spec(x):
    shape = shape_of(x)
    if len(shape) < 2:
        raise ValueError(
            f"`slogdet` takes square matrices. Received shape: {shape}"
        )
    if None not in shape[-2:] and shape[-1] != shape[-2]:
        raise ValueError(
            f"`slogdet` takes square matrices. Received shape: {shape}"
        )
    dtype = slogdet_dtypes(dtype_of(x))[0]
    return (
        KerasTensor(shape[:-2], dtype=dtype),
        KerasTensor(shape[:-2], dtype=dtype),
    )


@keras_export(["keras.ops.vectorize", "keras.ops.numpy.vectorize"])
def vectorize(pyfunc, *, excluded=None, signature=None):
    """Turns `pyfunc` into a function mapped over its inputs' elements.

    Without `signature`, `pyfunc` is applied to each element of its
    broadcast inputs. A signature such as `"(m,n),(n)->(m)"` gives the
    core dimensions each call receives; the dimensions before them are
    mapped over. Keyword arguments, and the positional arguments listed
    in `excluded`, are passed to each call unchanged.

    Args:
        pyfunc: a function of tensors.
        excluded: indices of positional arguments not to map over.
        signature: a generalized ufunc signature.

    Returns:
        The vectorized function.

    Example:

    >>> dot = keras.ops.vectorize(
    ...     lambda a, b: keras.ops.sum(a * b), signature="(n),(n)->()")
    >>> dot(np.ones((4, 3)), np.ones((3,))).shape
    (4,)
    """
    mapped = backend.numpy.vectorize(
        pyfunc, excluded=excluded, signature=signature
    )

    @functools.wraps(pyfunc)
    def vectorized(*args, **kwargs):
        if any_symbolic_tensors(args, kwargs):
            return symbolic_op(
                vectorized, _traced_spec(mapped), *args, **kwargs
            )
        return mapped(*args, **kwargs)

    return vectorized


def _traced_spec(fn):
    def spec(*args, **kwargs):
        return backend.compute_output_spec(fn, *args, **kwargs)

    return spec
