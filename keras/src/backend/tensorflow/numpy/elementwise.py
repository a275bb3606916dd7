"""Elementwise functions on TensorFlow.

TensorFlow lacks kernels for some dtypes (bool arithmetic, unsigned
`abs`, half `truncatemod`, ...); these functions route such inputs through
another op or dtype so that every dtype gives NumPy's result.
"""

import numpy as np
import tensorflow as tf

from keras.src.backend.common import dtypes
from keras.src.backend.tensorflow.core import convert_to_tensor
from keras.src.backend.tensorflow.core import promote

_HALF = (tf.float16, tf.bfloat16)
_UNSIGNED = (tf.uint8, tf.uint16, tf.uint32, tf.uint64)
# Same-width signed integers, for reading a float's sign bit.
_BITS = {
    tf.float16: tf.int16,
    tf.bfloat16: tf.int16,
    tf.float32: tf.int32,
    tf.float64: tf.int64,
}


def _is_inexact(x):
    return x.dtype.is_floating or x.dtype.is_complex


def _floating(x):
    """`x` as a tensor of the float dtype Keras gives float functions."""
    x = convert_to_tensor(x)
    if _is_inexact(x):
        return x
    return tf.cast(x, dtypes.result_type(x.dtype.name, float))


def _require_float(x, op, error=tf.errors.InvalidArgumentError):
    """`x` as a tensor, refused with `error` if its dtype is an integer.

    TensorFlow has no integer kernels for activations and transcendental
    functions; Keras's TensorFlow backend lets TensorFlow's own error
    through (its class differs by op, so callers pass it). Ours names the op
    and the cure instead.
    """
    x = convert_to_tensor(x)
    if not x.dtype.is_integer:
        return x
    message = (
        f"`{op}` needs floating-point input on the TensorFlow backend. "
        f"Received: x.dtype={x.dtype.name}. Cast it first, e.g. "
        f'`keras.ops.cast(x, "float32")`.'
    )
    if issubclass(error, tf.errors.OpError):
        raise error(None, None, message)
    raise error(message)


def _floating_pair(x1, x2):
    x1, x2 = promote(x1, x2)
    if _is_inexact(x1):
        return x1, x2
    dtype = dtypes.result_type(x1.dtype.name, float)
    return tf.cast(x1, dtype), tf.cast(x2, dtype)


def _int_pair(x1, x2):
    """Promotes `x1` and `x2`; bools become int32, as arithmetic on bools
    does not stay boolean."""
    x1, x2 = promote(x1, x2)
    if x1.dtype == tf.bool:
        return tf.cast(x1, tf.int32), tf.cast(x2, tf.int32)
    return x1, x2


def _in_float32(fn, *xs):
    """`fn(*xs)`, computed in float32 for half inputs."""
    dtype = xs[0].dtype
    if dtype in _HALF:
        return tf.cast(fn(*(tf.cast(x, tf.float32) for x in xs)), dtype)
    return fn(*xs)


def _in_wider_int(fn, *xs):
    """`fn(*xs)` for integer ops that lack narrow or unsigned kernels:
    computed in int64 (wrapping as the narrow type would) and cast back."""
    dtype = xs[0].dtype
    if dtype in (tf.int32, tf.int64):
        return fn(*xs)
    return tf.cast(fn(*(tf.cast(x, tf.int64) for x in xs)), dtype)


def _check_integer(name, x, allow_bool=True):
    if x.dtype.is_integer or (allow_bool and x.dtype == tf.bool):
        return
    raise TypeError(
        f"`{name}` only supports integer{' and bool' if allow_bool else ''}"
        f" inputs. Received: dtype={x.dtype.name}"
    )


def _check_not_bool(name, x):
    if x.dtype == tf.bool:
        raise TypeError(f"`{name}` does not support bool inputs.")


def _falses(x):
    return tf.zeros_like(x, dtype=tf.bool)


def add(x1, x2):
    x1, x2 = promote(x1, x2)
    if x1.dtype == tf.bool:
        return tf.logical_or(x1, x2)
    return tf.add(x1, x2)


def abs(x):
    x = convert_to_tensor(x)
    if x.dtype == tf.bool or x.dtype in _UNSIGNED:
        return x
    return tf.abs(x)


def absolute(x):
    return abs(x)


def angle(x):
    x = _floating(x)
    if x.dtype.is_complex:
        return tf.math.angle(x)
    # atan2 keeps NaNs and gives pi for -0.0, as NumPy does.
    return tf.atan2(tf.zeros_like(x), x)


def arccos(x):
    return tf.acos(_floating(x))


def arccosh(x):
    return tf.acosh(_floating(x))


def arcsin(x):
    return tf.asin(_floating(x))


def arcsinh(x):
    return tf.asinh(_floating(x))


def arctan(x):
    return tf.atan(_floating(x))


def arctan2(x1, x2):
    return tf.atan2(*_floating_pair(x1, x2))


def arctanh(x):
    return tf.atanh(_floating(x))


def _bitwise(name, bool_fn, int_fn, x, y):
    x, y = promote(x, y)
    _check_integer(name, x)
    return bool_fn(x, y) if x.dtype == tf.bool else int_fn(x, y)


def _shift(name, fn, x, y):
    x, y = _int_pair(x, y)
    _check_integer(name, x, allow_bool=False)
    # Shifts by a negative amount or by the width or more: NumPy's result
    # (all bits shifted out), where TensorFlow's is undefined.
    inside = tf.logical_and(y >= 0, y < x.dtype.size * 8)
    shifted = fn(x, tf.where(inside, y, tf.zeros_like(y)))
    if fn is tf.bitwise.right_shift and x.dtype not in _UNSIGNED:
        fill = -tf.cast(x < 0, x.dtype)
    else:
        fill = tf.zeros_like(x)
    return tf.where(inside, shifted, fill)


def bitwise_and(x, y):
    return _bitwise(
        "bitwise_and", tf.logical_and, tf.bitwise.bitwise_and, x, y
    )


def _invert(name, x):
    x = convert_to_tensor(x)
    _check_integer(name, x)
    if x.dtype == tf.bool:
        return tf.logical_not(x)
    return tf.bitwise.invert(x)


def bitwise_invert(x):
    return _invert("bitwise_invert", x)


def bitwise_not(x):
    return _invert("bitwise_not", x)


def bitwise_left_shift(x, y):
    return _shift("bitwise_left_shift", tf.bitwise.left_shift, x, y)


def bitwise_or(x, y):
    return _bitwise("bitwise_or", tf.logical_or, tf.bitwise.bitwise_or, x, y)


def bitwise_right_shift(x, y):
    return _shift("bitwise_right_shift", tf.bitwise.right_shift, x, y)


def bitwise_xor(x, y):
    return _bitwise(
        "bitwise_xor", tf.math.logical_xor, tf.bitwise.bitwise_xor, x, y
    )


def cbrt(x):
    x = _floating(x)
    return tf.sign(x) * tf.pow(tf.abs(x), tf.constant(1 / 3, x.dtype))


def ceil(x):
    return tf.math.ceil(_floating(x))


def clip(x, x_min, x_max):
    bounds = [b for b in (x_min, x_max) if b is not None]
    x, *bounds = promote(x, *bounds)
    if x.dtype == tf.bool:
        x, bounds = tf.cast(x, tf.int32), [tf.cast(b, tf.int32) for b in bounds]
    bounds = iter(bounds)
    if x_min is not None:
        x = tf.maximum(x, next(bounds))
    if x_max is not None:
        x = tf.minimum(x, next(bounds))
    return x


def conj(x):
    x = convert_to_tensor(x)
    return tf.math.conj(x) if x.dtype.is_complex else x


def conjugate(x):
    return conj(x)


def copy(x):
    return tf.identity(convert_to_tensor(x))


def cos(x):
    return tf.cos(_floating(x))


def cosh(x):
    return tf.cosh(_floating(x))


def deg2rad(x):
    x = _floating(x)
    return x * tf.constant(np.pi / 180, x.dtype)


def divide(x1, x2):
    return tf.divide(*_floating_pair(x1, x2))


def divide_no_nan(x1, x2):
    return tf.math.divide_no_nan(*_floating_pair(x1, x2))


def equal(x1, x2):
    return tf.equal(*promote(x1, x2))


def exp(x):
    return tf.exp(_floating(x))


def exp2(x):
    x = _floating(x)
    return tf.pow(tf.constant(2, x.dtype), x)


def expm1(x):
    return tf.math.expm1(_floating(x))


def fabs(x):
    return tf.abs(_floating(x))


def floor(x):
    return tf.floor(_floating(x))


def floor_divide(x1, x2):
    return _int_safe(tf.math.floordiv, *_int_pair(x1, x2))


def _int_safe(fn, x1, x2):
    """`fn(x1, x2)`, 0 where an integer `x2` is 0, as in NumPy
    (TensorFlow raises instead)."""
    if not x1.dtype.is_integer:
        return fn(x1, x2)
    zero = tf.equal(x2, 0)
    result = fn(x1, tf.where(zero, tf.ones_like(x2), x2))
    return tf.where(zero, tf.zeros_like(result), result)


def _fminmax(fn, bool_fn, x1, x2):
    x1, x2 = promote(x1, x2)
    if x1.dtype == tf.bool:
        return bool_fn(x1, x2)
    if not x1.dtype.is_floating:
        return fn(x1, x2)
    # The NaN-ignoring variants: a NaN loses to the other operand.
    result = tf.where(tf.math.is_nan(x1), x2, fn(x1, x2))
    return tf.where(tf.math.is_nan(x2), x1, result)


def fmax(x1, x2):
    return _fminmax(tf.maximum, tf.logical_or, x1, x2)


def fmin(x1, x2):
    return _fminmax(tf.minimum, tf.logical_and, x1, x2)


def fmod(x1, x2):
    x1, x2 = _int_pair(x1, x2)
    if x1.dtype.is_integer:
        return _int_safe(_truncated_rest, x1, x2)
    return _in_float32(tf.truncatemod, x1, x2)


def _truncated_rest(x1, x2):
    return x1 - tf.truncatediv(x1, x2) * x2


def _gcd(a, b):
    shape = tf.broadcast_dynamic_shape(tf.shape(a), tf.shape(b))
    a, b = tf.broadcast_to(a, shape), tf.broadcast_to(b, shape)
    a, b = abs(a), abs(b)

    def step(a, b):
        nonzero = tf.not_equal(b, 0)
        rest = tf.math.floormod(a, tf.where(nonzero, b, tf.ones_like(b)))
        return tf.where(nonzero, b, a), tf.where(nonzero, rest, b)

    def running(a, b):
        return tf.reduce_any(tf.not_equal(b, 0))

    return tf.while_loop(running, step, (a, b))[0]


def gcd(x1, x2):
    x1, x2 = promote(x1, x2)
    _check_integer("gcd", x1, allow_bool=False)
    return _gcd(x1, x2)


def greater(x1, x2):
    return tf.greater(*_ordered(x1, x2))


def greater_equal(x1, x2):
    return tf.greater_equal(*_ordered(x1, x2))


def _ordered(x1, x2):
    """Promotes `x1` and `x2` for an order comparison; TensorFlow orders
    no bools, so they compare as int8."""
    x1, x2 = promote(x1, x2)
    if x1.dtype == tf.bool:
        return tf.cast(x1, tf.int8), tf.cast(x2, tf.int8)
    return x1, x2


def heaviside(x1, x2):
    x1, x2 = _floating_pair(x1, x2)
    # NaN steps stay NaN, as in NumPy.
    steps = tf.where(x1 > 0, tf.ones_like(x1), x1)
    steps = tf.where(x1 < 0, tf.zeros_like(x1), steps)
    return tf.where(tf.equal(x1, 0), x2, steps)


def hypot(x1, x2):
    x1, x2 = _floating_pair(x1, x2)
    a, b = tf.abs(x1), tf.abs(x2)
    big, small = tf.maximum(a, b), tf.minimum(a, b)
    # Scaled by the larger operand so that squaring cannot overflow.
    ratio = tf.math.divide_no_nan(small, big)
    result = big * tf.sqrt(1 + ratio * ratio)
    infinite = tf.logical_or(tf.math.is_inf(a), tf.math.is_inf(b))
    return tf.where(infinite, tf.constant(np.inf, result.dtype), result)


def i0(x):
    x = _floating(x)
    if x.dtype == tf.bfloat16:
        return _in_float32(tf.math.bessel_i0, x)
    return tf.math.bessel_i0(x)


def imag(x):
    x = convert_to_tensor(x)
    return tf.math.imag(x) if x.dtype.is_complex else tf.zeros_like(x)


def isclose(x1, x2, rtol=1e-05, atol=1e-08, equal_nan=False):
    x1, x2 = promote(x1, x2)
    if not _is_inexact(x1) or x1.dtype in _HALF:
        dtype = dtypes.result_type(x1.dtype.name, "float32")
        x1, x2 = tf.cast(x1, dtype), tf.cast(x2, dtype)
    finite = tf.logical_and(isfinite(x1), isfinite(x2))
    tolerance = atol + rtol * tf.abs(x2)
    near = tf.logical_and(finite, tf.abs(x1 - x2) <= tolerance)
    close = tf.logical_or(tf.equal(x1, x2), near)
    if equal_nan:
        both_nan = tf.logical_and(isnan(x1), isnan(x2))
        close = tf.logical_or(close, both_nan)
    return close


def isfinite(x):
    x = convert_to_tensor(x)
    if x.dtype.is_complex:
        return tf.logical_and(
            tf.math.is_finite(tf.math.real(x)),
            tf.math.is_finite(tf.math.imag(x)),
        )
    if x.dtype.is_floating:
        return tf.math.is_finite(x)
    return tf.ones_like(x, dtype=tf.bool)


def isinf(x):
    x = convert_to_tensor(x)
    if x.dtype.is_complex:
        return tf.logical_or(
            tf.math.is_inf(tf.math.real(x)), tf.math.is_inf(tf.math.imag(x))
        )
    return tf.math.is_inf(x) if x.dtype.is_floating else _falses(x)


def isnan(x):
    x = convert_to_tensor(x)
    if x.dtype.is_complex:
        return tf.logical_or(
            tf.math.is_nan(tf.math.real(x)), tf.math.is_nan(tf.math.imag(x))
        )
    return tf.math.is_nan(x) if x.dtype.is_floating else _falses(x)


def isneginf(x):
    x = convert_to_tensor(x)
    if not x.dtype.is_floating:
        return _falses(x)
    return tf.equal(x, tf.constant(-np.inf, x.dtype))


def isposinf(x):
    x = convert_to_tensor(x)
    if not x.dtype.is_floating:
        return _falses(x)
    return tf.equal(x, tf.constant(np.inf, x.dtype))


def isreal(x):
    x = convert_to_tensor(x)
    if x.dtype.is_complex:
        return tf.equal(tf.math.imag(x), 0)
    return tf.ones_like(x, dtype=tf.bool)


def lcm(x1, x2):
    x1, x2 = promote(x1, x2)
    _check_integer("lcm", x1, allow_bool=False)
    return _lcm(x1, x2)


def _lcm(a, b):
    divisor = _gcd(a, b)
    safe = tf.where(tf.equal(divisor, 0), tf.ones_like(divisor), divisor)
    multiple = abs(tf.math.floordiv(a, safe) * b)
    return tf.where(tf.equal(divisor, 0), tf.zeros_like(multiple), multiple)


def ldexp(x1, x2):
    x1, x2 = _floating(x1), convert_to_tensor(x2)
    _check_integer("ldexp", x2, allow_bool=False)

    def scale(x, exponent):
        return x * tf.pow(tf.constant(2, x.dtype), tf.cast(exponent, x.dtype))

    if x1.dtype in _HALF:
        return tf.cast(scale(tf.cast(x1, tf.float32), x2), x1.dtype)
    return scale(x1, x2)


def left_shift(x, y):
    return _shift("left_shift", tf.bitwise.left_shift, x, y)


def less(x1, x2):
    return tf.less(*_ordered(x1, x2))


def less_equal(x1, x2):
    return tf.less_equal(*_ordered(x1, x2))


def log(x):
    return tf.math.log(_floating(x))


def log10(x):
    return _in_float32(lambda x: tf.math.log(x) / np.log(10), _floating(x))


def log1p(x):
    return tf.math.log1p(_floating(x))


def log2(x):
    return _in_float32(lambda x: tf.math.log(x) / np.log(2), _floating(x))


def _logaddexp(x1, x2, log1p_of_exp):
    big = tf.maximum(x1, x2)
    # Equal infinities give NaN differences; their sum is the infinity.
    delta = tf.where(tf.equal(x1, x2), tf.zeros_like(x1), x1 - x2)
    return big + log1p_of_exp(-tf.abs(delta))


def logaddexp(x1, x2):
    x1, x2 = _floating_pair(x1, x2)
    return _logaddexp(x1, x2, lambda d: tf.math.log1p(tf.exp(d)))


def logaddexp2(x1, x2):
    x1, x2 = _floating_pair(x1, x2)
    two = tf.constant(2, x1.dtype)
    return _logaddexp(
        x1, x2, lambda d: tf.math.log1p(tf.pow(two, d)) / tf.math.log(two)
    )


def _as_bool(x):
    x = convert_to_tensor(x)
    return x if x.dtype == tf.bool else tf.cast(x, tf.bool)


def logical_and(x1, x2):
    return tf.logical_and(_as_bool(x1), _as_bool(x2))


def logical_not(x):
    return tf.logical_not(_as_bool(x))


def logical_or(x1, x2):
    return tf.logical_or(_as_bool(x1), _as_bool(x2))


def logical_xor(x1, x2):
    return tf.math.logical_xor(_as_bool(x1), _as_bool(x2))


def maximum(x1, x2):
    x1, x2 = promote(x1, x2)
    if x1.dtype == tf.bool:
        return tf.logical_or(x1, x2)
    return tf.maximum(x1, x2)


def minimum(x1, x2):
    x1, x2 = promote(x1, x2)
    if x1.dtype == tf.bool:
        return tf.logical_and(x1, x2)
    return tf.minimum(x1, x2)


def mod(x1, x2):
    return _int_safe(tf.math.floormod, *_int_pair(x1, x2))


def multiply(x1, x2):
    x1, x2 = promote(x1, x2)
    if x1.dtype == tf.bool:
        return tf.logical_and(x1, x2)
    return tf.multiply(x1, x2)


def nan_to_num(x, nan=0.0, posinf=None, neginf=None):
    x = convert_to_tensor(x)
    if x.dtype.is_complex:
        parts = (tf.math.real(x), tf.math.imag(x))
        real, imag = (nan_to_num(p, nan, posinf, neginf) for p in parts)
        return tf.complex(real, imag)
    if not x.dtype.is_floating:
        return x
    posinf = x.dtype.max if posinf is None else posinf
    neginf = x.dtype.min if neginf is None else neginf
    x = tf.where(tf.math.is_nan(x), tf.constant(nan, x.dtype), x)
    x = tf.where(isposinf(x), tf.constant(posinf, x.dtype), x)
    return tf.where(isneginf(x), tf.constant(neginf, x.dtype), x)


def negative(x):
    x = convert_to_tensor(x)
    _check_not_bool("negative", x)
    if x.dtype in _UNSIGNED:
        return tf.zeros_like(x) - x
    return tf.negative(x)


def nextafter(x1, x2):
    x1, x2 = _floating_pair(x1, x2)
    if x1.dtype in _HALF:
        return _nextafter_half(x1, x2)
    return tf.math.nextafter(x1, x2)


def _nextafter_half(x1, x2):
    # Steps the 16-bit pattern: sign-magnitude, so a step away from zero
    # adds one to the int16 view of a positive number and subtracts one from
    # that of a negative number.
    bits = tf.bitcast(x1, tf.int16)
    one = tf.ones_like(bits)
    step = tf.where(tf.equal(x2 > x1, x1 > 0), one, -one)
    moved = tf.bitcast(bits + step, x1.dtype)
    # From zero, the smallest subnormal with the sign of the target.
    tiny = tf.where(x2 > 0, one, tf.constant(-32767, tf.int16) * one)
    result = tf.where(tf.equal(x1, 0), tf.bitcast(tiny, x1.dtype), moved)
    result = tf.where(tf.equal(x1, x2), x2, result)
    nan = tf.logical_or(tf.math.is_nan(x1), tf.math.is_nan(x2))
    return tf.where(nan, x1 + x2, result)


def not_equal(x1, x2):
    return tf.not_equal(*promote(x1, x2))


def power(x1, x2):
    x1, x2 = _int_pair(x1, x2)
    if x1.dtype in _UNSIGNED:
        return _in_wider_int(tf.pow, x1, x2)
    if x1.dtype.is_integer:
        return _int_power(x1, x2)
    return tf.pow(x1, x2)


def _int_power(x1, x2):
    # Negative powers truncate toward zero, as in C: only 1 and -1 survive
    # (TensorFlow raises instead).
    negative = x2 < 0
    result = tf.pow(x1, tf.where(negative, tf.zeros_like(x2), x2))
    unit = tf.logical_or(tf.equal(x1, 1), tf.equal(x1, -1))
    inverse = tf.pow(x1, tf.math.floormod(x2, 2))
    inverse = tf.where(unit, inverse, tf.zeros_like(inverse))
    return tf.where(negative, inverse, result)


def rad2deg(x):
    x = _floating(x)
    return x * tf.constant(180 / np.pi, x.dtype)


def real(x):
    x = convert_to_tensor(x)
    return tf.math.real(x) if x.dtype.is_complex else x


def reciprocal(x):
    x = _require_float(x, "reciprocal", tf.errors.NotFoundError)
    return tf.math.reciprocal(_floating(x))


def right_shift(x, y):
    return _shift("right_shift", tf.bitwise.right_shift, x, y)


def round(x, decimals=0):
    x = convert_to_tensor(x)
    _check_not_bool("round", x)
    if x.dtype.is_integer:
        return _round_int(x, decimals)
    if x.dtype.is_complex:
        parts = (tf.math.real(x), tf.math.imag(x))
        return tf.complex(*(round(p, decimals) for p in parts))
    return _in_float32(lambda x: _round_float(x, decimals), x)


def _round_float(x, decimals):
    # Ties go to even, like NumPy (`tf.round` rounds half to even).
    if decimals == 0:
        return tf.round(x)
    if decimals < 0:
        factor = tf.constant(10.0**-decimals, x.dtype)
        return tf.round(x / factor) * factor
    factor = tf.constant(10.0**decimals, x.dtype)
    return tf.round(x * factor) / factor


def _round_int(x, decimals):
    # Integers round to a multiple of 10**-decimals, ties to even.
    if decimals >= 0:
        return x
    factor = 10**-decimals
    if factor > x.dtype.max:
        return tf.zeros_like(x)
    factor = tf.constant(factor, x.dtype)
    quotient = tf.math.floordiv(x, factor)
    rest = x - quotient * factor
    odd = tf.equal(tf.math.floormod(quotient, 2), 1)
    tie = tf.logical_and(tf.equal(rest, factor - rest), odd)
    up = tf.logical_or(rest > factor - rest, tie)
    return (quotient + tf.cast(up, x.dtype)) * factor


def sign(x):
    x = convert_to_tensor(x)
    _check_not_bool("sign", x)
    if x.dtype in _UNSIGNED:
        return tf.cast(x > 0, x.dtype)
    return tf.sign(x)


def signbit(x):
    x = convert_to_tensor(x)
    if x.dtype.is_floating:
        # The sign bit, also set on -0.0 and negative NaNs.
        return tf.bitcast(x, _BITS[x.dtype]) < 0
    if x.dtype == tf.bool or x.dtype in _UNSIGNED:
        return _falses(x)
    return x < 0


def sin(x):
    return tf.sin(_floating(x))


def sinc(x):
    x = _floating(x)
    zero = tf.equal(x, 0)
    scaled = np.pi * tf.where(zero, tf.ones_like(x), x)
    return tf.where(zero, tf.ones_like(x), tf.sin(scaled) / scaled)


def sinh(x):
    return tf.sinh(_floating(x))


def sqrt(x):
    return tf.sqrt(_floating(x))


def square(x):
    x = convert_to_tensor(x)
    if x.dtype == tf.bool:
        x = tf.cast(x, tf.int32)
    return tf.square(x)


def subtract(x1, x2):
    x1, x2 = promote(x1, x2)
    _check_not_bool("subtract", x1)
    return tf.subtract(x1, x2)


def tan(x):
    return tf.tan(_floating(x))


def tanh(x):
    return tf.tanh(_floating(x))


def true_divide(x1, x2):
    return divide(x1, x2)


def trunc(x):
    x = convert_to_tensor(x)
    if not x.dtype.is_floating:
        return x
    return tf.where(x < 0, tf.math.ceil(x), tf.floor(x))


def where(condition, x1=None, x2=None):
    condition = _as_bool(condition)
    if x1 is None and x2 is None:
        indices = tf.cast(tf.where(condition), tf.int32)
        return tuple(tf.unstack(indices, num=condition.shape.rank, axis=1))
    x1, x2 = promote(x1, x2)
    return tf.where(condition, x1, x2)


def allclose(x1, x2, rtol=1e-05, atol=1e-08, equal_nan=False):
    return tf.reduce_all(isclose(x1, x2, rtol, atol, equal_nan))
