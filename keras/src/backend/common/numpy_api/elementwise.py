"""Elementwise functions of NumPy's API, shared by the numpy and jax
backends (see `include` in this package): `xp` is the backend's array
module, `convert_to_tensor` and `promote` its own.

Dtype rules come from `array_dtypes`: float functions of integers compute
in the float dtype Keras gives them, bools count as int32 in arithmetic.
"""

import numpy as np

from keras.src.backend.common import array_dtypes
from keras.src.backend.common import dtypes
from keras.src.backend.common.array_dtypes import HALF as _HALF
from keras.src.backend.common.array_dtypes import INEXACT as _INEXACT
from keras.src.backend.common.array_dtypes import (
    check_integer as _check_integer,
)
from keras.src.backend.common.array_dtypes import (
    check_not_bool as _check_not_bool,
)
from keras.src.backend.common.array_dtypes import dtype_name as _name


def _floating(x):
    return array_dtypes.as_floating(convert_to_tensor(x))


def _floating_pair(x1, x2):
    return array_dtypes.as_floating_pair(*promote(x1, x2))


def _int_pair(x1, x2):
    return array_dtypes.bools_as_int32(*promote(x1, x2))


def add(x1, x2):
    x1, x2 = promote(x1, x2)
    return xp.add(x1, x2)


def abs(x):
    return xp.abs(convert_to_tensor(x))


def absolute(x):
    return abs(x)


def angle(x):
    return xp.angle(_floating(x))


def arccos(x):
    return xp.arccos(_floating(x))


def arccosh(x):
    return xp.arccosh(_floating(x))


def arcsin(x):
    return xp.arcsin(_floating(x))


def arcsinh(x):
    return xp.arcsinh(_floating(x))


def arctan(x):
    return xp.arctan(_floating(x))


def arctan2(x1, x2):
    return xp.arctan2(*_floating_pair(x1, x2))


def arctanh(x):
    return xp.arctanh(_floating(x))


def _shift(name, fn, x, y):
    x, y = _int_pair(x, y)
    _check_integer(name, x, allow_bool=False)
    return fn(x, y)


def bitwise_and(x, y):
    x, y = promote(x, y)
    _check_integer("bitwise_and", x)
    return xp.bitwise_and(x, y)


def _invert(name, x):
    x = convert_to_tensor(x)
    _check_integer(name, x)
    return xp.invert(x)


def bitwise_invert(x):
    return _invert("bitwise_invert", x)


def bitwise_not(x):
    return _invert("bitwise_not", x)


def bitwise_left_shift(x, y):
    return _shift("bitwise_left_shift", xp.left_shift, x, y)


def bitwise_or(x, y):
    x, y = promote(x, y)
    _check_integer("bitwise_or", x)
    return xp.bitwise_or(x, y)


def bitwise_right_shift(x, y):
    return _shift("bitwise_right_shift", xp.right_shift, x, y)


def bitwise_xor(x, y):
    x, y = promote(x, y)
    _check_integer("bitwise_xor", x)
    return xp.bitwise_xor(x, y)


def cbrt(x):
    return xp.cbrt(_floating(x))


def ceil(x):
    return xp.ceil(_floating(x))


def clip(x, x_min, x_max):
    bounds = [b for b in (x_min, x_max) if b is not None]
    x, *bounds = promote(x, *bounds)
    if x.dtype == bool:
        x, bounds = x.astype("int32"), [b.astype("int32") for b in bounds]
    bounds = iter(bounds)
    if x_min is not None:
        x = xp.maximum(x, next(bounds))
    if x_max is not None:
        x = xp.minimum(x, next(bounds))
    return x


def conj(x):
    x = convert_to_tensor(x)
    return xp.conj(x) if x.dtype.kind == "c" else x


def conjugate(x):
    return conj(x)


def copy(x):
    return xp.array(convert_to_tensor(x), copy=True)


def cos(x):
    return xp.cos(_floating(x))


def cosh(x):
    return xp.cosh(_floating(x))


def deg2rad(x):
    return xp.deg2rad(_floating(x))


def divide(x1, x2):
    return xp.divide(*_floating_pair(x1, x2))


def equal(x1, x2):
    return xp.equal(*promote(x1, x2))


def exp(x):
    return xp.exp(_floating(x))


def exp2(x):
    return xp.exp2(_floating(x))


def expm1(x):
    return xp.expm1(_floating(x))


def fabs(x):
    return xp.fabs(_floating(x))


def floor(x):
    return xp.floor(_floating(x))


def fmax(x1, x2):
    return xp.fmax(*promote(x1, x2))


def fmin(x1, x2):
    return xp.fmin(*promote(x1, x2))


def gcd(x1, x2):
    x1, x2 = promote(x1, x2)
    _check_integer("gcd", x1, allow_bool=False)
    return xp.gcd(x1, x2)


def greater(x1, x2):
    return xp.greater(*promote(x1, x2))


def greater_equal(x1, x2):
    return xp.greater_equal(*promote(x1, x2))


def heaviside(x1, x2):
    return xp.heaviside(*_floating_pair(x1, x2))


def hypot(x1, x2):
    return xp.hypot(*_floating_pair(x1, x2))


def i0(x):
    x = _floating(x)
    if _name(x) in _HALF:
        return xp.i0(x.astype("float32")).astype(x.dtype)
    return xp.i0(x).astype(x.dtype, copy=False)


def imag(x):
    x = convert_to_tensor(x)
    if x.dtype.kind == "c":
        return xp.imag(x)
    return xp.zeros_like(x)


def isclose(x1, x2, rtol=1e-05, atol=1e-08, equal_nan=False):
    x1, x2 = promote(x1, x2)
    if _name(x1) not in _INEXACT or _name(x1) in _HALF:
        dtype = dtypes.result_type(_name(x1), "float32")
        x1, x2 = x1.astype(dtype), x2.astype(dtype)
    return xp.isclose(x1, x2, rtol=rtol, atol=atol, equal_nan=equal_nan)


def isfinite(x):
    return xp.isfinite(convert_to_tensor(x))


def isinf(x):
    return xp.isinf(convert_to_tensor(x))


def isnan(x):
    return xp.isnan(convert_to_tensor(x))


def isneginf(x):
    x = convert_to_tensor(x)
    if x.dtype.kind == "c":
        return xp.zeros(x.shape, bool)
    return xp.isneginf(x)


def isposinf(x):
    x = convert_to_tensor(x)
    if x.dtype.kind == "c":
        return xp.zeros(x.shape, bool)
    return xp.isposinf(x)


def isreal(x):
    return xp.isreal(convert_to_tensor(x))


def lcm(x1, x2):
    x1, x2 = promote(x1, x2)
    _check_integer("lcm", x1, allow_bool=False)
    return xp.lcm(x1, x2)


def ldexp(x1, x2):
    x1, x2 = _floating(x1), convert_to_tensor(x2)
    _check_integer("ldexp", x2, allow_bool=False)
    if _name(x1) in _HALF:
        return xp.ldexp(x1.astype("float32"), x2).astype(x1.dtype)
    return xp.ldexp(x1, x2).astype(x1.dtype, copy=False)


def left_shift(x, y):
    return _shift("left_shift", xp.left_shift, x, y)


def less(x1, x2):
    return xp.less(*promote(x1, x2))


def less_equal(x1, x2):
    return xp.less_equal(*promote(x1, x2))


def log(x):
    return xp.log(_floating(x))


def log10(x):
    return xp.log10(_floating(x))


def log1p(x):
    return xp.log1p(_floating(x))


def log2(x):
    return xp.log2(_floating(x))


def logaddexp(x1, x2):
    return xp.logaddexp(*_floating_pair(x1, x2))


def logaddexp2(x1, x2):
    return xp.logaddexp2(*_floating_pair(x1, x2))


def logical_and(x1, x2):
    return xp.logical_and(convert_to_tensor(x1), convert_to_tensor(x2))


def logical_not(x):
    return xp.logical_not(convert_to_tensor(x))


def logical_or(x1, x2):
    return xp.logical_or(convert_to_tensor(x1), convert_to_tensor(x2))


def logical_xor(x1, x2):
    return xp.logical_xor(convert_to_tensor(x1), convert_to_tensor(x2))


def maximum(x1, x2):
    return xp.maximum(*promote(x1, x2))


def minimum(x1, x2):
    return xp.minimum(*promote(x1, x2))


def multiply(x1, x2):
    return xp.multiply(*promote(x1, x2))


def negative(x):
    x = convert_to_tensor(x)
    _check_not_bool("negative", x)
    return xp.negative(x)


def nextafter(x1, x2):
    return xp.nextafter(*_floating_pair(x1, x2))


def not_equal(x1, x2):
    return xp.not_equal(*promote(x1, x2))


def _int_power(x1, x2):
    """`x1 ** x2` for integers, as each backend's `power` gives it when
    `x2` may be negative: negative powers truncate toward zero, as in C,
    so only 1 and -1 survive."""
    negative = x2 < 0
    result = xp.power(x1, xp.where(negative, 0, x2))
    unit = (x1 == 1) | (x1 == -1)
    inverse = xp.where(unit, xp.power(x1, xp.mod(x2, 2)), 0)
    return xp.where(negative, inverse.astype(result.dtype), result)


def rad2deg(x):
    return xp.rad2deg(_floating(x))


def real(x):
    return xp.real(convert_to_tensor(x))


def right_shift(x, y):
    return _shift("right_shift", xp.right_shift, x, y)


def round(x, decimals=0):
    x = convert_to_tensor(x)
    _check_not_bool("round", x)
    if x.dtype.kind in "iu":
        return _round_int(x, decimals)
    if _name(x) in _HALF:
        return xp.round(x.astype("float32"), decimals).astype(x.dtype)
    return xp.round(x, decimals)


def _round_int(x, decimals):
    # Integers round to a multiple of 10**-decimals, ties to even.
    if decimals >= 0:
        return x
    factor = 10**-decimals
    if factor > np.iinfo(x.dtype).max:
        return xp.zeros_like(x)
    factor = xp.asarray(factor, x.dtype)
    quotient = xp.floor_divide(x, factor)
    rest = x - quotient * factor
    tie = (rest == factor - rest) & (quotient % 2 == 1)
    up = (rest > factor - rest) | tie
    return (quotient + up.astype(x.dtype)) * factor


def sign(x):
    x = convert_to_tensor(x)
    _check_not_bool("sign", x)
    return xp.sign(x)


def signbit(x):
    return xp.signbit(convert_to_tensor(x))


def sin(x):
    return xp.sin(_floating(x))


def sinc(x):
    x = _floating(x)
    return xp.sinc(x).astype(x.dtype, copy=False)


def sinh(x):
    return xp.sinh(_floating(x))


def sqrt(x):
    return xp.sqrt(_floating(x))


def square(x):
    x = convert_to_tensor(x)
    if x.dtype == bool:
        x = x.astype("int32")
    return xp.square(x)


def subtract(x1, x2):
    x1, x2 = promote(x1, x2)
    _check_not_bool("subtract", x1)
    return xp.subtract(x1, x2)


def tan(x):
    return xp.tan(_floating(x))


def tanh(x):
    return xp.tanh(_floating(x))


def true_divide(x1, x2):
    return divide(x1, x2)


def trunc(x):
    x = convert_to_tensor(x)
    if _name(x) not in _INEXACT:
        return x
    return xp.trunc(x)


def allclose(x1, x2, rtol=1e-05, atol=1e-08, equal_nan=False):
    return xp.all(isclose(x1, x2, rtol, atol, equal_nan))
