"""Elementwise functions on NumPy."""

import ml_dtypes
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
from keras.src.backend.numpy.core import convert_to_tensor
from keras.src.backend.numpy.core import promote


def _floating(x):
    return array_dtypes.as_floating(convert_to_tensor(x))


def _floating_pair(x1, x2):
    return array_dtypes.as_floating_pair(*promote(x1, x2))


def _int_pair(x1, x2):
    return array_dtypes.bools_as_int32(*promote(x1, x2))


def add(x1, x2):
    x1, x2 = promote(x1, x2)
    return np.add(x1, x2)


def abs(x):
    return np.abs(convert_to_tensor(x))


def absolute(x):
    return abs(x)


def angle(x):
    return np.angle(_floating(x))


def arccos(x):
    return np.arccos(_floating(x))


def arccosh(x):
    return np.arccosh(_floating(x))


def arcsin(x):
    return np.arcsin(_floating(x))


def arcsinh(x):
    return np.arcsinh(_floating(x))


def arctan(x):
    return np.arctan(_floating(x))


def arctan2(x1, x2):
    return np.arctan2(*_floating_pair(x1, x2))


def arctanh(x):
    return np.arctanh(_floating(x))


def _shift(name, fn, x, y):
    x, y = _int_pair(x, y)
    _check_integer(name, x, allow_bool=False)
    return fn(x, y)


def bitwise_and(x, y):
    x, y = promote(x, y)
    _check_integer("bitwise_and", x)
    return np.bitwise_and(x, y)


def _invert(name, x):
    x = convert_to_tensor(x)
    _check_integer(name, x)
    return np.invert(x)


def bitwise_invert(x):
    return _invert("bitwise_invert", x)


def bitwise_not(x):
    return _invert("bitwise_not", x)


def bitwise_left_shift(x, y):
    return _shift("bitwise_left_shift", np.left_shift, x, y)


def bitwise_or(x, y):
    x, y = promote(x, y)
    _check_integer("bitwise_or", x)
    return np.bitwise_or(x, y)


def bitwise_right_shift(x, y):
    return _shift("bitwise_right_shift", np.right_shift, x, y)


def bitwise_xor(x, y):
    x, y = promote(x, y)
    _check_integer("bitwise_xor", x)
    return np.bitwise_xor(x, y)


def cbrt(x):
    return np.cbrt(_floating(x))


def ceil(x):
    return np.ceil(_floating(x))


def clip(x, x_min, x_max):
    bounds = [b for b in (x_min, x_max) if b is not None]
    x, *bounds = promote(x, *bounds)
    if x.dtype == bool:
        x, bounds = x.astype("int32"), [b.astype("int32") for b in bounds]
    bounds = iter(bounds)
    if x_min is not None:
        x = np.maximum(x, next(bounds))
    if x_max is not None:
        x = np.minimum(x, next(bounds))
    return x


def conj(x):
    x = convert_to_tensor(x)
    return np.conj(x) if x.dtype.kind == "c" else x


def conjugate(x):
    return conj(x)


def copy(x):
    return np.array(convert_to_tensor(x), copy=True)


def cos(x):
    return np.cos(_floating(x))


def cosh(x):
    return np.cosh(_floating(x))


def deg2rad(x):
    return np.deg2rad(_floating(x))


def divide(x1, x2):
    return np.divide(*_floating_pair(x1, x2))


def divide_no_nan(x1, x2):
    x1, x2 = _floating_pair(x1, x2)
    zero = x2 == 0
    with np.errstate(divide="ignore", invalid="ignore"):
        quotient = np.divide(x1, np.where(zero, np.ones((), x2.dtype), x2))
    return np.where(zero, np.zeros((), quotient.dtype), quotient)


def equal(x1, x2):
    return np.equal(*promote(x1, x2))


def exp(x):
    return np.exp(_floating(x))


def exp2(x):
    return np.exp2(_floating(x))


def expm1(x):
    return np.expm1(_floating(x))


def fabs(x):
    return np.fabs(_floating(x))


def floor(x):
    return np.floor(_floating(x))


def floor_divide(x1, x2):
    return np.floor_divide(*_int_pair(x1, x2))


def fmax(x1, x2):
    return np.fmax(*promote(x1, x2))


def fmin(x1, x2):
    return np.fmin(*promote(x1, x2))


def fmod(x1, x2):
    return np.fmod(*_int_pair(x1, x2))


def gcd(x1, x2):
    x1, x2 = promote(x1, x2)
    _check_integer("gcd", x1, allow_bool=False)
    return np.gcd(x1, x2)


def greater(x1, x2):
    return np.greater(*promote(x1, x2))


def greater_equal(x1, x2):
    return np.greater_equal(*promote(x1, x2))


def heaviside(x1, x2):
    return np.heaviside(*_floating_pair(x1, x2))


def hypot(x1, x2):
    return np.hypot(*_floating_pair(x1, x2))


def i0(x):
    x = _floating(x)
    if _name(x) in _HALF:
        return np.i0(x.astype("float32")).astype(x.dtype)
    return np.i0(x).astype(x.dtype, copy=False)


def imag(x):
    x = convert_to_tensor(x)
    if x.dtype.kind == "c":
        return np.imag(x)
    return np.zeros_like(x)


def isclose(x1, x2, rtol=1e-05, atol=1e-08, equal_nan=False):
    x1, x2 = promote(x1, x2)
    if _name(x1) not in _INEXACT or _name(x1) in _HALF:
        dtype = dtypes.result_type(_name(x1), "float32")
        x1, x2 = x1.astype(dtype), x2.astype(dtype)
    return np.isclose(x1, x2, rtol=rtol, atol=atol, equal_nan=equal_nan)


def isfinite(x):
    return np.isfinite(convert_to_tensor(x))


def isinf(x):
    return np.isinf(convert_to_tensor(x))


def isnan(x):
    return np.isnan(convert_to_tensor(x))


def isneginf(x):
    x = convert_to_tensor(x)
    if x.dtype.kind == "c":
        return np.zeros(x.shape, bool)
    return np.isneginf(x)


def isposinf(x):
    x = convert_to_tensor(x)
    if x.dtype.kind == "c":
        return np.zeros(x.shape, bool)
    return np.isposinf(x)


def isreal(x):
    return np.isreal(convert_to_tensor(x))


def lcm(x1, x2):
    x1, x2 = promote(x1, x2)
    _check_integer("lcm", x1, allow_bool=False)
    return np.lcm(x1, x2)


def ldexp(x1, x2):
    x1, x2 = _floating(x1), convert_to_tensor(x2)
    _check_integer("ldexp", x2, allow_bool=False)
    if _name(x1) in _HALF:
        return np.ldexp(x1.astype("float32"), x2).astype(x1.dtype)
    return np.ldexp(x1, x2).astype(x1.dtype, copy=False)


def left_shift(x, y):
    return _shift("left_shift", np.left_shift, x, y)


def less(x1, x2):
    return np.less(*promote(x1, x2))


def less_equal(x1, x2):
    return np.less_equal(*promote(x1, x2))


def log(x):
    return np.log(_floating(x))


def log10(x):
    return np.log10(_floating(x))


def log1p(x):
    return np.log1p(_floating(x))


def log2(x):
    return np.log2(_floating(x))


def logaddexp(x1, x2):
    return np.logaddexp(*_floating_pair(x1, x2))


def logaddexp2(x1, x2):
    return np.logaddexp2(*_floating_pair(x1, x2))


def logical_and(x1, x2):
    return np.logical_and(convert_to_tensor(x1), convert_to_tensor(x2))


def logical_not(x):
    return np.logical_not(convert_to_tensor(x))


def logical_or(x1, x2):
    return np.logical_or(convert_to_tensor(x1), convert_to_tensor(x2))


def logical_xor(x1, x2):
    return np.logical_xor(convert_to_tensor(x1), convert_to_tensor(x2))


def maximum(x1, x2):
    return np.maximum(*promote(x1, x2))


def minimum(x1, x2):
    return np.minimum(*promote(x1, x2))


def mod(x1, x2):
    return np.mod(*_int_pair(x1, x2))


def multiply(x1, x2):
    return np.multiply(*promote(x1, x2))


def nan_to_num(x, nan=0.0, posinf=None, neginf=None):
    x = convert_to_tensor(x)
    if x.dtype.kind == "c":
        real = nan_to_num(np.real(x), nan, posinf, neginf)
        imag = nan_to_num(np.imag(x), nan, posinf, neginf)
        return (real + 1j * imag).astype(x.dtype)
    if _name(x) not in _INEXACT:
        return x
    info = ml_dtypes.finfo(x.dtype)
    posinf = info.max if posinf is None else posinf
    neginf = info.min if neginf is None else neginf
    x = np.where(np.isnan(x), np.asarray(nan, x.dtype), x)
    x = np.where(np.isposinf(x), np.asarray(posinf, x.dtype), x)
    return np.where(np.isneginf(x), np.asarray(neginf, x.dtype), x)


def negative(x):
    x = convert_to_tensor(x)
    _check_not_bool("negative", x)
    return np.negative(x)


def nextafter(x1, x2):
    return np.nextafter(*_floating_pair(x1, x2))


def not_equal(x1, x2):
    return np.not_equal(*promote(x1, x2))


def power(x1, x2):
    x1, x2 = _int_pair(x1, x2)
    if x2.dtype.kind == "i" and np.any(x2 < 0):
        return _int_power(x1, x2)
    return np.power(x1, x2)


def _int_power(x1, x2):
    # Negative powers truncate toward zero, as in C: only 1 and -1 survive.
    negative = x2 < 0
    result = np.power(x1, np.where(negative, 0, x2))
    unit = (x1 == 1) | (x1 == -1)
    inverse = np.where(unit, np.power(x1, np.mod(x2, 2)), 0)
    return np.where(negative, inverse.astype(result.dtype), result)


def rad2deg(x):
    return np.rad2deg(_floating(x))


def real(x):
    return np.real(convert_to_tensor(x))


def reciprocal(x):
    x = convert_to_tensor(x)
    if x.dtype.kind in "iu":
        # As upstream's numpy backend: computed in float64, cast back (1/0
        # gives the dtype's minimum, as NumPy casts infinities).
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.reciprocal(x.astype("float64")).astype(x.dtype)
    return np.reciprocal(_floating(x))


def right_shift(x, y):
    return _shift("right_shift", np.right_shift, x, y)


def round(x, decimals=0):
    x = convert_to_tensor(x)
    _check_not_bool("round", x)
    if x.dtype.kind in "iu":
        return _round_int(x, decimals)
    if _name(x) in _HALF:
        return np.round(x.astype("float32"), decimals).astype(x.dtype)
    return np.round(x, decimals)


def _round_int(x, decimals):
    # Integers round to a multiple of 10**-decimals, ties to even.
    if decimals >= 0:
        return x
    factor = 10**-decimals
    if factor > np.iinfo(x.dtype).max:
        return np.zeros_like(x)
    factor = np.asarray(factor, x.dtype)
    quotient = np.floor_divide(x, factor)
    rest = x - quotient * factor
    tie = (rest == factor - rest) & (quotient % 2 == 1)
    up = (rest > factor - rest) | tie
    return (quotient + up.astype(x.dtype)) * factor


def sign(x):
    x = convert_to_tensor(x)
    _check_not_bool("sign", x)
    return np.sign(x)


def signbit(x):
    return np.signbit(convert_to_tensor(x))


def sin(x):
    return np.sin(_floating(x))


def sinc(x):
    x = _floating(x)
    return np.sinc(x).astype(x.dtype, copy=False)


def sinh(x):
    return np.sinh(_floating(x))


def sqrt(x):
    return np.sqrt(_floating(x))


def square(x):
    x = convert_to_tensor(x)
    if x.dtype == bool:
        x = x.astype("int32")
    return np.square(x)


def subtract(x1, x2):
    x1, x2 = promote(x1, x2)
    _check_not_bool("subtract", x1)
    return np.subtract(x1, x2)


def tan(x):
    return np.tan(_floating(x))


def tanh(x):
    return np.tanh(_floating(x))


def true_divide(x1, x2):
    return divide(x1, x2)


def trunc(x):
    x = convert_to_tensor(x)
    if _name(x) not in _INEXACT:
        return x
    return np.trunc(x)


def where(condition, x1=None, x2=None):
    condition = convert_to_tensor(condition)
    if x1 is None and x2 is None:
        # int64 indices, as upstream's numpy backend gives them.
        return tuple(i.astype("int64") for i in np.nonzero(condition))
    x1, x2 = promote(x1, x2)
    return np.where(condition.astype(bool, copy=False), x1, x2)


def allclose(x1, x2, rtol=1e-05, atol=1e-08, equal_nan=False):
    return np.all(isclose(x1, x2, rtol, atol, equal_nan))
