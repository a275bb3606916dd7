"""Shape and dtype inference shared by the ops.

Ops of one family use the same rule: elementwise ops broadcast, reductions
drop axes, and so on. Every error names the op and the shapes involved.
"""

import numpy as np

from keras.src.backend.common import dtypes
from keras.src.backend.common.dtypes import dtype_of
from keras.src.backend.common.keras_tensor import KerasTensor


def shape_of(x):
    """Returns the shape of a tensor, `KerasTensor`, array or Python value,
    read without converting it (`None` for unknown dims)."""
    shape = getattr(x, "shape", None)
    if shape is None:
        return np.shape(x)
    return tuple(shape)


def float_result_dtype(dtype):
    """The dtype float functions give for inputs of `dtype`: floats and
    complex numbers keep theirs, integers and bools become floatx."""
    if dtypes.is_float_dtype(dtype) or "complex" in dtype:
        return dtype
    return dtypes.result_type(dtype, float)


def float_dtype_of(x):
    """The dtype of ops that always return floats (`sqrt`, `mean`, ...)
    applied to `x`."""
    return float_result_dtype(dtypes.result_type(dtype_of(x)))


def broadcast_shapes(op_name, *shapes):
    """Returns the broadcast of `shapes`; `None` marks an unknown dim.

    Raises:
        ValueError: naming `op_name` and the shapes, when they don't
            broadcast.
    """
    ndim = max((len(s) for s in shapes), default=0)
    result = []
    for i in range(ndim):
        dims = [s[len(s) - ndim + i] for s in shapes if len(s) - ndim + i >= 0]
        known = {d for d in dims if d is not None and d != 1}
        if len(known) > 1:
            raise ValueError(
                f"`{op_name}`: shapes {' and '.join(map(str, shapes))} "
                "cannot be broadcast together."
            )
        if known:
            result.append(known.pop())
        elif None in dims:
            result.append(None)
        else:
            result.append(1)
    return tuple(result)


def canonicalize_axis(op_name, axis, ndim):
    """Returns `axis` as a non-negative int, checking it against `ndim`."""
    if not -ndim <= axis < max(ndim, 1):
        raise ValueError(
            f"`{op_name}`: axis {axis} is out of bounds for a tensor of "
            f"rank {ndim}."
        )
    return axis % ndim if ndim else 0


def reduce_shape(op_name, shape, axis=None, keepdims=False):
    """Returns `shape` with the `axis` dims removed (or set to 1)."""
    if axis is None:
        return tuple(1 for _ in shape) if keepdims else ()
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    axes = {canonicalize_axis(op_name, a, len(shape)) for a in axes}
    if keepdims:
        return tuple(1 if i in axes else d for i, d in enumerate(shape))
    return tuple(d for i, d in enumerate(shape) if i not in axes)


def same_spec(x, dtype=None):
    """A `KerasTensor` with the shape of `x` and `dtype` (default: `x`'s)."""
    return KerasTensor(
        shape_of(x),
        dtype=dtypes.result_type(dtype_of(x)) if dtype is None else dtype,
        sparse=getattr(x, "sparse", False),
    )


def unary_spec(x):
    """Spec of an elementwise op that keeps the dtype (`abs`, `negative`)."""
    return same_spec(x)


def float_unary_spec(x):
    """Spec of an elementwise op that returns floats (`exp`, `sqrt`)."""
    return same_spec(x, dtype=float_dtype_of(x))


def bool_unary_spec(x):
    """Spec of an elementwise predicate (`isnan`, `logical_not`)."""
    return same_spec(x, dtype="bool")


def unary_dtype_spec(to_dtype):
    """Returns the spec of an elementwise op whose result dtype is
    `to_dtype(dtype of x)`."""

    def spec(x):
        return same_spec(x, dtype=to_dtype(dtypes.result_type(dtype_of(x))))

    return spec


def binary_spec(op_name, to_dtype=None):
    """Returns the spec of an elementwise binary op that promotes its
    inputs' dtypes (`add`, `maximum`), optionally mapped by `to_dtype`."""

    def spec(x1, x2):
        shape = broadcast_shapes(op_name, shape_of(x1), shape_of(x2))
        dtype = dtypes.result_type(dtype_of(x1), dtype_of(x2))
        return KerasTensor(shape, dtype=to_dtype(dtype) if to_dtype else dtype)

    return spec


def comparison_spec(op_name):
    """Returns the spec of an elementwise comparison (`equal`, `less`)."""

    def spec(x1, x2):
        shape = broadcast_shapes(op_name, shape_of(x1), shape_of(x2))
        return KerasTensor(shape, dtype="bool")

    return spec


def shape_equal(shape1, shape2, axis=None, allow_none=True):
    """Returns whether two shapes are equal, ignoring the axes in `axis`.

    Args:
        shape1: a shape.
        shape2: another shape.
        axis: an int or a list of ints: axes not compared.
        allow_none: whether `None` (an unknown dim) equals any dim.

    Returns:
        A bool; shapes of different ranks are never equal.

    Example:

    >>> shape_equal((2, None), (2, 3)), shape_equal((2, 3), (2, 4), axis=1)
    (True, True)
    """
    if len(shape1) != len(shape2):
        return False
    rank = len(shape1)
    ignored = set()
    if axis is not None:
        axes = [axis] if isinstance(axis, int) else list(axis)
        ignored = {a % rank for a in axes} if rank else set()
    for i, (a, b) in enumerate(zip(shape1, shape2)):
        if i in ignored:
            continue
        if allow_none and (a is None or b is None):
            continue
        if a != b:
            return False
    return True
