"""Elementwise NumPy-style ops on the representation of numbers: rounding,
bitwise operations, floating-point predicates and steps, complex parts."""

import functools

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.ops import shape_rules
from keras.src.ops.numpy.elementwise import check_integer
from keras.src.ops.numpy.elementwise import int_if_bool
from keras.src.ops.numpy.elementwise import no_bool
from keras.src.ops.numpy.elementwise import real_dtype
from keras.src.ops.operation import symbolic_op
from keras.src.ops.shape_rules import binary_spec
from keras.src.ops.shape_rules import float_result_dtype
from keras.src.ops.shape_rules import unary_dtype_spec

__all__ = [
    "angle", "bitwise_and", "bitwise_invert", "bitwise_left_shift",
    "bitwise_not", "bitwise_or", "bitwise_right_shift", "bitwise_xor",
    "ceil", "conj", "conjugate", "copy", "fabs", "floor", "gcd",
    "imag", "isfinite", "isinf", "isnan", "isneginf",
    "isposinf", "isreal", "lcm", "left_shift", "nan_to_num",
    "nextafter", "real", "right_shift", "round", "signbit", "trunc",
]


def _bitwise_spec(op_name):
    """Spec of a bitwise op on integers and bools."""
    return binary_spec(
        op_name, functools.partial(check_integer, op_name, allow_bool=True)
    )


def _integer_spec(op_name, bools_as_int=False):
    """Spec of an op on integers only (bools count as int32 when
    `bools_as_int`, and are rejected otherwise)."""

    def to_dtype(dtype):
        if bools_as_int:
            dtype = int_if_bool(dtype)
        return check_integer(op_name, dtype, allow_bool=False)

    return binary_spec(op_name, to_dtype)


def _invert_spec(op_name):
    return unary_dtype_spec(
        functools.partial(check_integer, op_name, allow_bool=True)
    )


def _round_spec(x, decimals=0):
    return unary_dtype_spec(no_bool("round"))(x)


def _nan_to_num_spec(x, nan=0.0, posinf=None, neginf=None):
    return shape_rules.same_spec(x)


def _angle_dtype(dtype):
    return real_dtype(float_result_dtype(dtype))


def _check_decimals(decimals):
    if not isinstance(decimals, int) or isinstance(decimals, bool):
        raise TypeError(
            f"`round`: `decimals` must be an int. Received: {decimals!r}"
        )


# Bitwise operations.


@keras_export(["keras.ops.bitwise_and", "keras.ops.numpy.bitwise_and"])
def bitwise_and(x, y):
    """Computes the bitwise AND of two tensors, elementwise.

    Args:
        x: a tensor of integers or bools.
        y: a tensor of integers or bools.

    Returns:
        A tensor of the promoted dtype of the inputs.

    Example:

    >>> keras.ops.bitwise_and(np.array([12, 10]), 6)
    array([4, 2], dtype=int32)
    """
    if any_symbolic_tensors((x, y)):
        return symbolic_op(bitwise_and, _bitwise_spec("bitwise_and"), x, y)
    return backend.numpy.bitwise_and(x, y)


@keras_export(["keras.ops.bitwise_or", "keras.ops.numpy.bitwise_or"])
def bitwise_or(x, y):
    """Computes the bitwise OR of two tensors, elementwise.

    Args:
        x: a tensor of integers or bools.
        y: a tensor of integers or bools.

    Returns:
        A tensor of the promoted dtype of the inputs.

    Example:

    >>> keras.ops.bitwise_or(np.array([12, 10]), 1)
    array([13, 11], dtype=int32)
    """
    if any_symbolic_tensors((x, y)):
        return symbolic_op(bitwise_or, _bitwise_spec("bitwise_or"), x, y)
    return backend.numpy.bitwise_or(x, y)


@keras_export(["keras.ops.bitwise_xor", "keras.ops.numpy.bitwise_xor"])
def bitwise_xor(x, y):
    """Computes the bitwise XOR of two tensors, elementwise.

    Args:
        x: a tensor of integers or bools.
        y: a tensor of integers or bools.

    Returns:
        A tensor of the promoted dtype of the inputs.

    Example:

    >>> keras.ops.bitwise_xor(np.array([12, 10]), 6)
    array([10, 12], dtype=int32)
    """
    if any_symbolic_tensors((x, y)):
        return symbolic_op(bitwise_xor, _bitwise_spec("bitwise_xor"), x, y)
    return backend.numpy.bitwise_xor(x, y)


@keras_export(["keras.ops.bitwise_invert", "keras.ops.numpy.bitwise_invert"])
def bitwise_invert(x):
    """Flips every bit of a tensor, elementwise (`~x`; NOT for bools).

    Args:
        x: a tensor of integers or bools.

    Returns:
        A tensor of the dtype of `x`.

    Example:

    >>> keras.ops.bitwise_invert(np.array([0, 5], "int8"))
    array([-1, -6], dtype=int8)
    """
    if any_symbolic_tensors((x,)):
        spec = _invert_spec("bitwise_invert")
        return symbolic_op(bitwise_invert, spec, x)
    return backend.numpy.bitwise_invert(x)


@keras_export(["keras.ops.bitwise_not", "keras.ops.numpy.bitwise_not"])
def bitwise_not(x):
    """Flips every bit of a tensor, elementwise; the same as
    `bitwise_invert`.

    Args:
        x: a tensor of integers or bools.

    Returns:
        A tensor of the dtype of `x`.

    Example:

    >>> keras.ops.bitwise_not(np.array([0, 5], "int8"))
    array([-1, -6], dtype=int8)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(bitwise_not, _invert_spec("bitwise_not"), x)
    return backend.numpy.bitwise_not(x)


@keras_export(
    ["keras.ops.bitwise_left_shift", "keras.ops.numpy.bitwise_left_shift"]
)
def bitwise_left_shift(x, y):
    """Shifts the bits of `x` left by `y` places, elementwise.

    Args:
        x: a tensor of integers.
        y: the shift amounts, a tensor of integers.

    Returns:
        `x * 2 ** y`, of the promoted dtype of the inputs (bools give
        int32).

    Example:

    >>> keras.ops.bitwise_left_shift(np.array([1, 3]), 2)
    array([ 4, 12], dtype=int32)
    """
    if any_symbolic_tensors((x, y)):
        spec = _integer_spec("bitwise_left_shift", bools_as_int=True)
        return symbolic_op(bitwise_left_shift, spec, x, y)
    return backend.numpy.bitwise_left_shift(x, y)


@keras_export(["keras.ops.left_shift", "keras.ops.numpy.left_shift"])
def left_shift(x, y):
    """Shifts the bits of `x` left by `y` places; the same as
    `bitwise_left_shift`.

    Args:
        x: a tensor of integers.
        y: the shift amounts, a tensor of integers.

    Returns:
        `x * 2 ** y`, of the promoted dtype of the inputs (bools give
        int32).

    Example:

    >>> keras.ops.left_shift(np.array([1, 3]), 2)
    array([ 4, 12], dtype=int32)
    """
    if any_symbolic_tensors((x, y)):
        spec = _integer_spec("left_shift", bools_as_int=True)
        return symbolic_op(left_shift, spec, x, y)
    return backend.numpy.left_shift(x, y)


@keras_export(
    ["keras.ops.bitwise_right_shift", "keras.ops.numpy.bitwise_right_shift"]
)
def bitwise_right_shift(x, y):
    """Shifts the bits of `x` right by `y` places, elementwise (keeping
    the sign of signed integers).

    Args:
        x: a tensor of integers.
        y: the shift amounts, a tensor of integers.

    Returns:
        `x // 2 ** y`, of the promoted dtype of the inputs (bools give
        int32).

    Example:

    >>> keras.ops.bitwise_right_shift(np.array([8, -8]), 2)
    array([ 2, -2], dtype=int32)
    """
    if any_symbolic_tensors((x, y)):
        spec = _integer_spec("bitwise_right_shift", bools_as_int=True)
        return symbolic_op(bitwise_right_shift, spec, x, y)
    return backend.numpy.bitwise_right_shift(x, y)


@keras_export(["keras.ops.right_shift", "keras.ops.numpy.right_shift"])
def right_shift(x, y):
    """Shifts the bits of `x` right by `y` places; the same as
    `bitwise_right_shift`.

    Args:
        x: a tensor of integers.
        y: the shift amounts, a tensor of integers.

    Returns:
        `x // 2 ** y`, of the promoted dtype of the inputs (bools give
        int32).

    Example:

    >>> keras.ops.right_shift(np.array([8, -8]), 2)
    array([ 2, -2], dtype=int32)
    """
    if any_symbolic_tensors((x, y)):
        spec = _integer_spec("right_shift", bools_as_int=True)
        return symbolic_op(right_shift, spec, x, y)
    return backend.numpy.right_shift(x, y)


@keras_export(["keras.ops.gcd", "keras.ops.numpy.gcd"])
def gcd(x1, x2):
    """Computes the greatest common divisor of `|x1|` and `|x2|`,
    elementwise.

    Args:
        x1: a tensor of integers.
        x2: a tensor of integers.

    Returns:
        A tensor of the promoted dtype of the inputs; `gcd(0, 0)` is 0.

    Example:

    >>> keras.ops.gcd(np.array([12, 18]), 8)
    array([4, 2], dtype=int32)
    """
    if any_symbolic_tensors((x1, x2)):
        return symbolic_op(gcd, _integer_spec("gcd"), x1, x2)
    return backend.numpy.gcd(x1, x2)


@keras_export(["keras.ops.lcm", "keras.ops.numpy.lcm"])
def lcm(x1, x2):
    """Computes the least common multiple of `|x1|` and `|x2|`,
    elementwise.

    Args:
        x1: a tensor of integers.
        x2: a tensor of integers.

    Returns:
        A tensor of the promoted dtype of the inputs; it is 0 where either
        input is 0.

    Example:

    >>> keras.ops.lcm(np.array([4, 6]), 10)
    array([20, 30], dtype=int32)
    """
    if any_symbolic_tensors((x1, x2)):
        return symbolic_op(lcm, _integer_spec("lcm"), x1, x2)
    return backend.numpy.lcm(x1, x2)


# Rounding.


@keras_export(["keras.ops.ceil", "keras.ops.numpy.ceil"])
def ceil(x):
    """Rounds a tensor up to integral values, elementwise.

    Args:
        x: a tensor.

    Returns:
        A tensor of floats: integer inputs give `floatx()`.

    Example:

    >>> keras.ops.ceil(np.array([-1.5, 1.2]))
    array([-1.,  2.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(ceil, shape_rules.float_unary_spec, x)
    return backend.numpy.ceil(x)


@keras_export(["keras.ops.floor", "keras.ops.numpy.floor"])
def floor(x):
    """Rounds a tensor down to integral values, elementwise.

    Args:
        x: a tensor.

    Returns:
        A tensor of floats: integer inputs give `floatx()`.

    Example:

    >>> keras.ops.floor(np.array([-1.5, 1.2]))
    array([-2.,  1.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(floor, shape_rules.float_unary_spec, x)
    return backend.numpy.floor(x)


@keras_export(["keras.ops.trunc", "keras.ops.numpy.trunc"])
def trunc(x):
    """Rounds a tensor toward zero to integral values, elementwise.

    Args:
        x: a tensor.

    Returns:
        A tensor of the dtype of `x` (integers are returned unchanged).

    Example:

    >>> keras.ops.trunc(np.array([-1.5, 1.7]))
    array([-1.,  1.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(trunc, shape_rules.unary_spec, x)
    return backend.numpy.trunc(x)


@keras_export(["keras.ops.round", "keras.ops.numpy.round"])
def round(x, decimals=0):
    """Rounds a tensor to `decimals` decimal places, ties to even.

    Args:
        x: a tensor; bools are rejected (`TypeError`).
        decimals: the number of decimal places (an int); negative values
            round to tens, hundreds, ...

    Returns:
        A tensor of the dtype of `x`.

    Example:

    >>> keras.ops.round(np.array([1.234, 5.678]), 1)
    array([1.2, 5.7], dtype=float32)
    """
    _check_decimals(decimals)
    if any_symbolic_tensors((x,)):
        return symbolic_op(round, _round_spec, x, decimals)
    return backend.numpy.round(x, decimals)


@keras_export(["keras.ops.fabs", "keras.ops.numpy.fabs"])
def fabs(x):
    """Returns the absolute value of a tensor as floats, elementwise.

    Args:
        x: a tensor of real numbers.

    Returns:
        A tensor of floats: integer inputs give `floatx()`.

    Example:

    >>> keras.ops.fabs(np.array([-1.5, 2.0]))
    array([1.5, 2. ], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(fabs, shape_rules.float_unary_spec, x)
    return backend.numpy.fabs(x)


# Floating-point predicates and steps.


@keras_export(["keras.ops.isfinite", "keras.ops.numpy.isfinite"])
def isfinite(x):
    """Returns where a tensor is finite (neither infinite nor NaN).

    Args:
        x: a tensor.

    Returns:
        A bool tensor; always true for integers.

    Example:

    >>> keras.ops.isfinite(np.array([1.0, np.inf, np.nan]))
    array([ True, False, False])
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(isfinite, shape_rules.bool_unary_spec, x)
    return backend.numpy.isfinite(x)


@keras_export(["keras.ops.isinf", "keras.ops.numpy.isinf"])
def isinf(x):
    """Returns where a tensor is infinite (of either sign).

    Args:
        x: a tensor.

    Returns:
        A bool tensor.

    Example:

    >>> keras.ops.isinf(np.array([1.0, np.inf, -np.inf]))
    array([False,  True,  True])
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(isinf, shape_rules.bool_unary_spec, x)
    return backend.numpy.isinf(x)


@keras_export(["keras.ops.isnan", "keras.ops.numpy.isnan"])
def isnan(x):
    """Returns where a tensor is NaN.

    Args:
        x: a tensor.

    Returns:
        A bool tensor.

    Example:

    >>> keras.ops.isnan(np.array([1.0, np.nan]))
    array([False,  True])
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(isnan, shape_rules.bool_unary_spec, x)
    return backend.numpy.isnan(x)


@keras_export(["keras.ops.isneginf", "keras.ops.numpy.isneginf"])
def isneginf(x):
    """Returns where a tensor is negative infinity.

    Args:
        x: a tensor of real numbers.

    Returns:
        A bool tensor.

    Example:

    >>> keras.ops.isneginf(np.array([-np.inf, np.inf]))
    array([ True, False])
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(isneginf, shape_rules.bool_unary_spec, x)
    return backend.numpy.isneginf(x)


@keras_export(["keras.ops.isposinf", "keras.ops.numpy.isposinf"])
def isposinf(x):
    """Returns where a tensor is positive infinity.

    Args:
        x: a tensor of real numbers.

    Returns:
        A bool tensor.

    Example:

    >>> keras.ops.isposinf(np.array([-np.inf, np.inf]))
    array([False,  True])
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(isposinf, shape_rules.bool_unary_spec, x)
    return backend.numpy.isposinf(x)


@keras_export(["keras.ops.isreal", "keras.ops.numpy.isreal"])
def isreal(x):
    """Returns where a tensor has a zero imaginary part.

    Args:
        x: a tensor.

    Returns:
        A bool tensor; always true for real dtypes.

    Example:

    >>> keras.ops.isreal(np.array([1 + 0j, 1 + 2j]))
    array([ True, False])
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(isreal, shape_rules.bool_unary_spec, x)
    return backend.numpy.isreal(x)


@keras_export(["keras.ops.signbit", "keras.ops.numpy.signbit"])
def signbit(x):
    """Returns where the sign bit of a tensor is set (true for -0.0).

    Args:
        x: a tensor of real numbers.

    Returns:
        A bool tensor.

    Example:

    >>> keras.ops.signbit(np.array([-0.0, 0.0, -3.0]))
    array([ True, False,  True])
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(signbit, shape_rules.bool_unary_spec, x)
    return backend.numpy.signbit(x)


@keras_export(["keras.ops.nan_to_num", "keras.ops.numpy.nan_to_num"])
def nan_to_num(x, nan=0.0, posinf=None, neginf=None):
    """Replaces NaNs and infinities in a tensor with finite numbers.

    Args:
        x: a tensor.
        nan: the value replacing NaNs.
        posinf: the value replacing positive infinity; by default the
            largest finite value of the dtype.
        neginf: the value replacing negative infinity; by default the
            lowest finite value of the dtype.

    Returns:
        A tensor of the dtype of `x` (integers are returned unchanged).

    Example:

    >>> keras.ops.nan_to_num(np.array([np.nan, np.inf, 1.0]), posinf=9.0)
    array([0., 9., 1.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(
            nan_to_num, _nan_to_num_spec, x, nan, posinf, neginf
        )
    return backend.numpy.nan_to_num(x, nan, posinf, neginf)


@keras_export(["keras.ops.nextafter", "keras.ops.numpy.nextafter"])
def nextafter(x1, x2):
    """Returns the next representable float after `x1` toward `x2`,
    elementwise.

    Args:
        x1: the start tensor.
        x2: the direction tensor.

    Returns:
        A tensor of floats, of the promoted dtype of the inputs (integers
        give `floatx()`).

    Example:

    >>> keras.ops.nextafter(np.array([1.0], "float32"), 2.0)
    array([1.0000001], dtype=float32)
    """
    if any_symbolic_tensors((x1, x2)):
        spec = binary_spec("nextafter", float_result_dtype)
        return symbolic_op(nextafter, spec, x1, x2)
    return backend.numpy.nextafter(x1, x2)


# Complex parts and copies.


@keras_export(["keras.ops.real", "keras.ops.numpy.real"])
def real(x):
    """Returns the real part of a tensor, elementwise.

    Args:
        x: a tensor.

    Returns:
        A tensor of floats for complex inputs; real inputs are returned
        as they are.

    Example:

    >>> keras.ops.real(np.array([1 + 2j, 3 - 1j]))
    array([1., 3.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(real, unary_dtype_spec(real_dtype), x)
    return backend.numpy.real(x)


@keras_export(["keras.ops.imag", "keras.ops.numpy.imag"])
def imag(x):
    """Returns the imaginary part of a tensor, elementwise.

    Args:
        x: a tensor.

    Returns:
        A tensor of floats for complex inputs; zeros of the dtype of `x`
        for real inputs.

    Example:

    >>> keras.ops.imag(np.array([1 + 2j, 3 - 1j]))
    array([ 2., -1.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(imag, unary_dtype_spec(real_dtype), x)
    return backend.numpy.imag(x)


@keras_export(["keras.ops.conj", "keras.ops.numpy.conj"])
def conj(x):
    """Returns the complex conjugate of a tensor, elementwise.

    Args:
        x: a tensor.

    Returns:
        A tensor of the dtype of `x`; real inputs are returned as they
        are.

    Example:

    >>> keras.ops.conj(np.array([1 + 2j]))
    array([1.-2.j], dtype=complex64)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(conj, shape_rules.unary_spec, x)
    return backend.numpy.conj(x)


@keras_export(["keras.ops.conjugate", "keras.ops.numpy.conjugate"])
def conjugate(x):
    """Returns the complex conjugate of a tensor; the same as `conj`.

    Args:
        x: a tensor.

    Returns:
        A tensor of the dtype of `x`; real inputs are returned as they
        are.

    Example:

    >>> keras.ops.conjugate(np.array([1 + 2j]))
    array([1.-2.j], dtype=complex64)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(conjugate, shape_rules.unary_spec, x)
    return backend.numpy.conjugate(x)


@keras_export(["keras.ops.angle", "keras.ops.numpy.angle"])
def angle(x):
    """Returns the angle of complex numbers in radians, elementwise (0 for
    non-negative reals, pi for negative ones).

    Args:
        x: a tensor.

    Returns:
        A tensor of floats (integer inputs give `floatx()`, complex ones
        the float dtype of their parts).

    Example:

    >>> keras.ops.angle(np.array([1j, -1.0]))
    array([1.5707964, 3.1415927], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(angle, unary_dtype_spec(_angle_dtype), x)
    return backend.numpy.angle(x)


@keras_export(["keras.ops.copy", "keras.ops.numpy.copy"])
def copy(x):
    """Returns a copy of a tensor.

    Args:
        x: a tensor.

    Returns:
        A new tensor with the values and dtype of `x`.

    Example:

    >>> keras.ops.copy(np.array([1, 2]))
    array([1, 2], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(copy, shape_rules.unary_spec, x)
    return backend.numpy.copy(x)
