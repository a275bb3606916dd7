"""Elementwise NumPy-style ops: arithmetic and selection, and the shape
and dtype rules of the whole elementwise family.

The family continues in `elementwise_compare` (comparisons, logic),
`elementwise_math` (exponentials, logarithms, trigonometry) and
`elementwise_numeric` (rounding, bits, predicates, complex parts).
"""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common import dtypes
from keras.src.backend.common.dtypes import dtype_of
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.ops import shape_rules
from keras.src.ops.operation import symbolic_op
from keras.src.ops.shape_rules import binary_spec
from keras.src.ops.shape_rules import float_result_dtype
from keras.src.ops.shape_rules import unary_dtype_spec

_OWN_OPS = [
    "abs", "absolute", "add", "clip", "divide", "divide_no_nan",
    "floor_divide", "fmax", "fmin", "fmod", "maximum", "minimum", "mod",
    "multiply", "negative", "power", "reciprocal", "sign", "square",
    "subtract", "true_divide", "where",
]


# Shape and dtype rules shared by the family.


def real_dtype(dtype):
    """The dtype of the real (or imaginary) part of `dtype`."""
    return {"complex64": "float32", "complex128": "float64"}.get(dtype, dtype)


def int_if_bool(dtype):
    """Arithmetic that has no boolean form counts bools as int32."""
    return "int32" if dtype == "bool" else dtype


def no_bool(op_name):
    """A dtype rule that keeps dtypes but rejects bools (`TypeError`), for
    ops NumPy does not define on bools (`negative`, `subtract`)."""

    def to_dtype(dtype):
        if dtype == "bool":
            raise TypeError(f"`{op_name}` does not support bool inputs.")
        return dtype

    return to_dtype


def check_integer(op_name, dtype, allow_bool=True):
    """Raises `TypeError` unless `dtype` is an integer (or bool) dtype."""
    if dtypes.is_int_dtype(dtype) or (allow_bool and dtype == "bool"):
        return dtype
    raise TypeError(
        f"`{op_name}` only supports integer"
        f"{' and bool' if allow_bool else ''} inputs. Received: "
        f"dtype={dtype}"
    )


def _clip_spec(x, x_min, x_max):
    args = [a for a in (x, x_min, x_max) if a is not None]
    shape = shape_rules.broadcast_shapes(
        "clip", *(shape_rules.shape_of(a) for a in args)
    )
    dtype = dtypes.result_type(*(dtype_of(a) for a in args))
    return KerasTensor(shape, dtype=int_if_bool(dtype))


def _where_spec(condition, x1=None, x2=None):
    if x1 is None:
        # One index vector per axis; how many elements hold is unknown.
        rank = len(shape_rules.shape_of(condition))
        return tuple(KerasTensor((None,), dtype="int32") for _ in range(rank))
    shape = shape_rules.broadcast_shapes(
        "where", *(shape_rules.shape_of(a) for a in (condition, x1, x2))
    )
    return KerasTensor(shape, dtype=dtypes.result_type(dtype_of(x1),
                                                      dtype_of(x2)))


def _check_where_args(x1, x2):
    if (x1 is None) != (x2 is None):
        raise ValueError(
            "`where`: give both `x1` and `x2`, or neither (to get the "
            f"indices of nonzero elements). Received: x1={x1}, x2={x2}"
        )


# Arithmetic.


@keras_export(["keras.ops.add", "keras.ops.numpy.add"])
def add(x1, x2):
    """Adds two tensors elementwise, with broadcasting.

    Args:
        x1: a tensor.
        x2: a tensor.

    Returns:
        The elementwise sum, of the promoted dtype of `x1` and `x2`.

    Example:

    >>> keras.ops.add(np.array([1.0, 2.0]), 1.0)
    array([2., 3.], dtype=float32)
    """
    if any_symbolic_tensors((x1, x2)):
        return symbolic_op(add, binary_spec("add"), x1, x2)
    return backend.numpy.add(x1, x2)


@keras_export(["keras.ops.subtract", "keras.ops.numpy.subtract"])
def subtract(x1, x2):
    """Subtracts `x2` from `x1` elementwise, with broadcasting.

    Args:
        x1: a tensor.
        x2: a tensor.

    Returns:
        The elementwise difference, of the promoted dtype of the inputs.
        Bools cannot be subtracted (`TypeError`).

    Example:

    >>> keras.ops.subtract(np.array([3, 5]), np.array([1, 2]))
    array([2, 3], dtype=int32)
    """
    if any_symbolic_tensors((x1, x2)):
        spec = binary_spec("subtract", no_bool("subtract"))
        return symbolic_op(subtract, spec, x1, x2)
    return backend.numpy.subtract(x1, x2)


@keras_export(["keras.ops.multiply", "keras.ops.numpy.multiply"])
def multiply(x1, x2):
    """Multiplies two tensors elementwise, with broadcasting.

    Args:
        x1: a tensor.
        x2: a tensor.

    Returns:
        The elementwise product, of the promoted dtype of the inputs.

    Example:

    >>> keras.ops.multiply(np.array([1, 2, 3]), 2)
    array([2, 4, 6], dtype=int32)
    """
    if any_symbolic_tensors((x1, x2)):
        spec = binary_spec("multiply")
        return symbolic_op(multiply, spec, x1, x2)
    return backend.numpy.multiply(x1, x2)


@keras_export(["keras.ops.divide", "keras.ops.numpy.divide"])
def divide(x1, x2):
    """Divides `x1` by `x2` elementwise (true division).

    Args:
        x1: the dividend tensor.
        x2: the divisor tensor.

    Returns:
        A tensor of floats: integer inputs give `floatx()`.

    Example:

    >>> keras.ops.divide(np.array([1, 3], "int32"), 2)
    array([0.5, 1.5], dtype=float32)
    """
    if any_symbolic_tensors((x1, x2)):
        spec = binary_spec("divide", float_result_dtype)
        return symbolic_op(divide, spec, x1, x2)
    return backend.numpy.divide(x1, x2)


@keras_export(["keras.ops.true_divide", "keras.ops.numpy.true_divide"])
def true_divide(x1, x2):
    """Divides `x1` by `x2` elementwise; the same as `divide`.

    Args:
        x1: the dividend tensor.
        x2: the divisor tensor.

    Returns:
        A tensor of floats: integer inputs give `floatx()`.

    Example:

    >>> keras.ops.true_divide(np.array([1, 3], "int32"), 2)
    array([0.5, 1.5], dtype=float32)
    """
    if any_symbolic_tensors((x1, x2)):
        spec = binary_spec("true_divide", float_result_dtype)
        return symbolic_op(true_divide, spec, x1, x2)
    return backend.numpy.true_divide(x1, x2)


@keras_export(["keras.ops.divide_no_nan", "keras.ops.numpy.divide_no_nan"])
def divide_no_nan(x1, x2):
    """Divides `x1` by `x2` elementwise, giving 0 wherever `x2` is 0.

    Args:
        x1: the dividend tensor.
        x2: the divisor tensor.

    Returns:
        A tensor of floats (integer inputs give `floatx()`) that is 0 where
        `x2 == 0`, even where `x1` is NaN or infinite.

    Example:

    >>> keras.ops.divide_no_nan(np.array([1.0, 2.0]), np.array([0.0, 4.0]))
    array([0. , 0.5], dtype=float32)
    """
    if any_symbolic_tensors((x1, x2)):
        spec = binary_spec("divide_no_nan", float_result_dtype)
        return symbolic_op(divide_no_nan, spec, x1, x2)
    return backend.numpy.divide_no_nan(x1, x2)


@keras_export(["keras.ops.floor_divide", "keras.ops.numpy.floor_divide"])
def floor_divide(x1, x2):
    """Divides `x1` by `x2` elementwise, rounding down (like Python's
    `//`).

    Args:
        x1: the dividend tensor.
        x2: the divisor tensor.

    Returns:
        A tensor of the promoted dtype of the inputs (bools give int32).

    Example:

    >>> keras.ops.floor_divide(np.array([7, -7]), 2)
    array([ 3, -4], dtype=int32)
    """
    if any_symbolic_tensors((x1, x2)):
        spec = binary_spec("floor_divide", int_if_bool)
        return symbolic_op(floor_divide, spec, x1, x2)
    return backend.numpy.floor_divide(x1, x2)


@keras_export(["keras.ops.mod", "keras.ops.numpy.mod"])
def mod(x1, x2):
    """Returns the remainder of `x1 // x2` elementwise; it has the sign of
    `x2` (like Python's `%`).

    Args:
        x1: the dividend tensor.
        x2: the divisor tensor.

    Returns:
        A tensor of the promoted dtype of the inputs (bools give int32).

    Example:

    >>> keras.ops.mod(np.array([7, -7]), 3)
    array([1, 2], dtype=int32)
    """
    if any_symbolic_tensors((x1, x2)):
        return symbolic_op(mod, binary_spec("mod", int_if_bool), x1, x2)
    return backend.numpy.mod(x1, x2)


@keras_export(["keras.ops.fmod", "keras.ops.numpy.fmod"])
def fmod(x1, x2):
    """Returns the remainder of the division of `x1` by `x2`, truncated
    toward zero; it has the sign of `x1` (like C's `fmod`).

    Args:
        x1: the dividend tensor.
        x2: the divisor tensor.

    Returns:
        A tensor of the promoted dtype of the inputs (bools give int32).

    Example:

    >>> keras.ops.fmod(np.array([7, -7]), 3)
    array([ 1, -1], dtype=int32)
    """
    if any_symbolic_tensors((x1, x2)):
        return symbolic_op(fmod, binary_spec("fmod", int_if_bool), x1, x2)
    return backend.numpy.fmod(x1, x2)


@keras_export(["keras.ops.power", "keras.ops.numpy.power"])
def power(x1, x2):
    """Raises `x1` to the power `x2` elementwise.

    Args:
        x1: the base tensor.
        x2: the exponent tensor.

    Returns:
        A tensor of the promoted dtype of the inputs (bools give int32).

    Example:

    >>> keras.ops.power(np.array([1, 2, 3]), 2)
    array([1, 4, 9], dtype=int32)
    """
    if any_symbolic_tensors((x1, x2)):
        return symbolic_op(power, binary_spec("power", int_if_bool), x1, x2)
    return backend.numpy.power(x1, x2)


@keras_export(["keras.ops.maximum", "keras.ops.numpy.maximum"])
def maximum(x1, x2):
    """Returns the elementwise maximum of two tensors; NaNs propagate.

    Args:
        x1: a tensor.
        x2: a tensor.

    Returns:
        A tensor of the promoted dtype of the inputs.

    Example:

    >>> keras.ops.maximum(np.array([1, 5]), np.array([3, 2]))
    array([3, 5], dtype=int32)
    """
    if any_symbolic_tensors((x1, x2)):
        spec = binary_spec("maximum")
        return symbolic_op(maximum, spec, x1, x2)
    return backend.numpy.maximum(x1, x2)


@keras_export(["keras.ops.minimum", "keras.ops.numpy.minimum"])
def minimum(x1, x2):
    """Returns the elementwise minimum of two tensors; NaNs propagate.

    Args:
        x1: a tensor.
        x2: a tensor.

    Returns:
        A tensor of the promoted dtype of the inputs.

    Example:

    >>> keras.ops.minimum(np.array([1, 5]), np.array([3, 2]))
    array([1, 2], dtype=int32)
    """
    if any_symbolic_tensors((x1, x2)):
        spec = binary_spec("minimum")
        return symbolic_op(minimum, spec, x1, x2)
    return backend.numpy.minimum(x1, x2)


@keras_export(["keras.ops.fmax", "keras.ops.numpy.fmax"])
def fmax(x1, x2):
    """Returns the elementwise maximum of two tensors, ignoring NaNs: where
    one operand is NaN, the other is returned.

    Args:
        x1: a tensor.
        x2: a tensor.

    Returns:
        A tensor of the promoted dtype of the inputs.

    Example:

    >>> keras.ops.fmax(np.array([np.nan, 1.0]), np.array([2.0, np.nan]))
    array([2., 1.], dtype=float32)
    """
    if any_symbolic_tensors((x1, x2)):
        return symbolic_op(fmax, binary_spec("fmax"), x1, x2)
    return backend.numpy.fmax(x1, x2)


@keras_export(["keras.ops.fmin", "keras.ops.numpy.fmin"])
def fmin(x1, x2):
    """Returns the elementwise minimum of two tensors, ignoring NaNs: where
    one operand is NaN, the other is returned.

    Args:
        x1: a tensor.
        x2: a tensor.

    Returns:
        A tensor of the promoted dtype of the inputs.

    Example:

    >>> keras.ops.fmin(np.array([np.nan, 1.0]), np.array([2.0, np.nan]))
    array([2., 1.], dtype=float32)
    """
    if any_symbolic_tensors((x1, x2)):
        return symbolic_op(fmin, binary_spec("fmin"), x1, x2)
    return backend.numpy.fmin(x1, x2)


@keras_export(["keras.ops.negative", "keras.ops.numpy.negative"])
def negative(x):
    """Negates a tensor elementwise.

    Args:
        x: a tensor; bools are rejected (`TypeError`).

    Returns:
        `-x`, of the dtype of `x`.

    Example:

    >>> keras.ops.negative(np.array([1, -2]))
    array([-1,  2], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        spec = unary_dtype_spec(no_bool("negative"))
        return symbolic_op(negative, spec, x)
    return backend.numpy.negative(x)


@keras_export(["keras.ops.abs", "keras.ops.numpy.abs"])
def abs(x):
    """Returns the absolute value of a tensor, elementwise.

    Args:
        x: a tensor.

    Returns:
        `|x|`, of the dtype of `x`; complex inputs give their magnitude as
        floats.

    Example:

    >>> keras.ops.abs(np.array([-1.5, 2.0]))
    array([1.5, 2. ], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(abs, unary_dtype_spec(real_dtype), x)
    return backend.numpy.abs(x)


@keras_export(["keras.ops.absolute", "keras.ops.numpy.absolute"])
def absolute(x):
    """Returns the absolute value of a tensor, elementwise; the same as
    `abs`.

    Args:
        x: a tensor.

    Returns:
        `|x|`, of the dtype of `x`; complex inputs give their magnitude as
        floats.

    Example:

    >>> keras.ops.absolute(np.array([-3, 4]))
    array([3, 4], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(absolute, unary_dtype_spec(real_dtype), x)
    return backend.numpy.absolute(x)


@keras_export(["keras.ops.square", "keras.ops.numpy.square"])
def square(x):
    """Squares a tensor elementwise.

    Args:
        x: a tensor.

    Returns:
        `x * x`, of the dtype of `x` (bools give int32).

    Example:

    >>> keras.ops.square(np.array([-2, 3]))
    array([4, 9], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(square, unary_dtype_spec(int_if_bool), x)
    return backend.numpy.square(x)


@keras_export(["keras.ops.reciprocal", "keras.ops.numpy.reciprocal"])
def reciprocal(x):
    """Returns `1 / x` elementwise.

    Args:
        x: a tensor.

    Returns:
        A tensor of `x`'s float dtype. Integers follow the backend, as in
        Keras: `floatx()` on JAX and torch, an integer division on NumPy,
        an error on TensorFlow (cast them first).

    Example:

    >>> keras.ops.reciprocal(np.array([2.0, 4.0], "float32"))
    array([0.5 , 0.25], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(reciprocal, shape_rules.float_unary_spec, x)
    return backend.numpy.reciprocal(x)


@keras_export(["keras.ops.sign", "keras.ops.numpy.sign"])
def sign(x):
    """Returns the sign of a tensor elementwise: -1, 0 or 1 (NaN for NaN;
    `x / |x|` for complex numbers).

    Args:
        x: a tensor; bools are rejected (`TypeError`).

    Returns:
        A tensor of the dtype of `x`.

    Example:

    >>> keras.ops.sign(np.array([-3, 0, 2]))
    array([-1,  0,  1], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(sign, unary_dtype_spec(no_bool("sign")), x)
    return backend.numpy.sign(x)


# Selection.


@keras_export(["keras.ops.where", "keras.ops.numpy.where"])
def where(condition, x1=None, x2=None):
    """Picks elements from `x1` where `condition` is true, from `x2`
    elsewhere; with `condition` alone, returns where it is nonzero.

    Args:
        condition: a tensor; nonzero values are true.
        x1: the values where `condition` is true.
        x2: the values where `condition` is false.

    Returns:
        With `x1` and `x2`: the broadcast selection, of their promoted
        dtype. Without: a tuple of int32 index tensors, one per axis of
        `condition` (symbolically, of unknown length).

    Example:

    >>> keras.ops.where(np.array([True, False]), 1, np.array([5, 6]))
    array([1, 6], dtype=int32)
    """
    _check_where_args(x1, x2)
    if any_symbolic_tensors((condition, x1, x2)):
        return symbolic_op(where, _where_spec, condition, x1, x2)
    return backend.numpy.where(condition, x1, x2)


@keras_export(["keras.ops.clip", "keras.ops.numpy.clip"])
def clip(x, x_min, x_max):
    """Limits the values of a tensor to `[x_min, x_max]`.

    Args:
        x: a tensor.
        x_min: the lower bound (a scalar or a broadcastable tensor).
        x_max: the upper bound; it wins where it is below `x_min`.

    Returns:
        A tensor of the promoted dtype of `x` and the bounds (bools give
        int32).

    Example:

    >>> keras.ops.clip(np.array([-2, 0, 5]), 0, 3)
    array([0, 0, 3], dtype=int32)
    """
    if any_symbolic_tensors((x, x_min, x_max)):
        return symbolic_op(clip, _clip_spec, x, x_min, x_max)
    return backend.numpy.clip(x, x_min, x_max)


__all__ = _OWN_OPS
