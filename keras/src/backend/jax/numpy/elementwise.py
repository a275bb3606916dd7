"""Elementwise functions on JAX."""

import functools

import jax
import jax.numpy as jnp
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
from keras.src.backend.jax.core import convert_to_tensor
from keras.src.backend.jax.core import promote


def _floating(x):
    return array_dtypes.as_floating(convert_to_tensor(x))


def _floating_pair(x1, x2):
    return array_dtypes.as_floating_pair(*promote(x1, x2))


def _int_pair(x1, x2):
    return array_dtypes.bools_as_int32(*promote(x1, x2))


def add(x1, x2):
    x1, x2 = promote(x1, x2)
    return jnp.add(x1, x2)


def abs(x):
    return jnp.abs(convert_to_tensor(x))


def absolute(x):
    return abs(x)


def angle(x):
    return jnp.angle(_floating(x))


def arccos(x):
    return jnp.arccos(_floating(x))


def arccosh(x):
    return jnp.arccosh(_floating(x))


def arcsin(x):
    return jnp.arcsin(_floating(x))


def arcsinh(x):
    return jnp.arcsinh(_floating(x))


def arctan(x):
    return jnp.arctan(_floating(x))


def arctan2(x1, x2):
    return jnp.arctan2(*_floating_pair(x1, x2))


def arctanh(x):
    return jnp.arctanh(_floating(x))


def _shift(name, fn, x, y):
    x, y = _int_pair(x, y)
    _check_integer(name, x, allow_bool=False)
    return fn(x, y)


def bitwise_and(x, y):
    x, y = promote(x, y)
    _check_integer("bitwise_and", x)
    return jnp.bitwise_and(x, y)


def _invert(name, x):
    x = convert_to_tensor(x)
    _check_integer(name, x)
    return jnp.invert(x)


def bitwise_invert(x):
    return _invert("bitwise_invert", x)


def bitwise_not(x):
    return _invert("bitwise_not", x)


def bitwise_left_shift(x, y):
    return _shift("bitwise_left_shift", jnp.left_shift, x, y)


def bitwise_or(x, y):
    x, y = promote(x, y)
    _check_integer("bitwise_or", x)
    return jnp.bitwise_or(x, y)


def bitwise_right_shift(x, y):
    return _shift("bitwise_right_shift", jnp.right_shift, x, y)


def bitwise_xor(x, y):
    x, y = promote(x, y)
    _check_integer("bitwise_xor", x)
    return jnp.bitwise_xor(x, y)


def cbrt(x):
    return jnp.cbrt(_floating(x))


def ceil(x):
    return jnp.ceil(_floating(x))


def clip(x, x_min, x_max):
    bounds = [b for b in (x_min, x_max) if b is not None]
    x, *bounds = promote(x, *bounds)
    if x.dtype == bool:
        x, bounds = x.astype("int32"), [b.astype("int32") for b in bounds]
    bounds = iter(bounds)
    if x_min is not None:
        x = jnp.maximum(x, next(bounds))
    if x_max is not None:
        x = jnp.minimum(x, next(bounds))
    return x


def conj(x):
    x = convert_to_tensor(x)
    return jnp.conj(x) if x.dtype.kind == "c" else x


def conjugate(x):
    return conj(x)


def copy(x):
    return jnp.array(convert_to_tensor(x), copy=True)


def cos(x):
    return jnp.cos(_floating(x))


def cosh(x):
    return jnp.cosh(_floating(x))


def deg2rad(x):
    return jnp.deg2rad(_floating(x))


def divide(x1, x2):
    return jnp.divide(*_floating_pair(x1, x2))


def divide_no_nan(x1, x2):
    x1, x2 = _floating_pair(x1, x2)
    zero = x2 == 0
    quotient = jnp.divide(x1, jnp.where(zero, jnp.ones((), x2.dtype), x2))
    return jnp.where(zero, jnp.zeros((), quotient.dtype), quotient)


def equal(x1, x2):
    return jnp.equal(*promote(x1, x2))


def exp(x):
    return jnp.exp(_floating(x))


def exp2(x):
    return jnp.exp2(_floating(x))


def expm1(x):
    return jnp.expm1(_floating(x))


def fabs(x):
    return jnp.fabs(_floating(x))


def floor(x):
    return jnp.floor(_floating(x))


def floor_divide(x1, x2):
    return _int_safe(jnp.floor_divide, *_int_pair(x1, x2))


# The composite helpers are jitted: one dispatch instead of one per step.
@functools.partial(jax.jit, static_argnums=0)
def _int_safe(fn, x1, x2):
    """`fn(x1, x2)`, 0 where an integer `x2` is 0, as in NumPy."""
    if x1.dtype.kind not in "iu":
        return fn(x1, x2)
    zero = x2 == 0
    result = fn(x1, jnp.where(zero, jnp.ones_like(x2), x2))
    return jnp.where(zero, jnp.zeros_like(result), result)


def fmax(x1, x2):
    return jnp.fmax(*promote(x1, x2))


def fmin(x1, x2):
    return jnp.fmin(*promote(x1, x2))


def fmod(x1, x2):
    return _int_safe(jnp.fmod, *_int_pair(x1, x2))


def gcd(x1, x2):
    x1, x2 = promote(x1, x2)
    _check_integer("gcd", x1, allow_bool=False)
    return jnp.gcd(x1, x2)


def greater(x1, x2):
    return jnp.greater(*promote(x1, x2))


def greater_equal(x1, x2):
    return jnp.greater_equal(*promote(x1, x2))


def heaviside(x1, x2):
    return jnp.heaviside(*_floating_pair(x1, x2))


def hypot(x1, x2):
    return jnp.hypot(*_floating_pair(x1, x2))


def i0(x):
    x = _floating(x)
    if _name(x) in _HALF:
        return jnp.i0(x.astype("float32")).astype(x.dtype)
    return jnp.i0(x).astype(x.dtype)


def imag(x):
    x = convert_to_tensor(x)
    if x.dtype.kind == "c":
        return jnp.imag(x)
    return jnp.zeros_like(x)


def isclose(x1, x2, rtol=1e-05, atol=1e-08, equal_nan=False):
    x1, x2 = promote(x1, x2)
    if _name(x1) not in _INEXACT or _name(x1) in _HALF:
        dtype = dtypes.result_type(_name(x1), "float32")
        x1, x2 = x1.astype(dtype), x2.astype(dtype)
    return jnp.isclose(x1, x2, rtol=rtol, atol=atol, equal_nan=equal_nan)


def isfinite(x):
    return jnp.isfinite(convert_to_tensor(x))


def isinf(x):
    return jnp.isinf(convert_to_tensor(x))


def isnan(x):
    return jnp.isnan(convert_to_tensor(x))


def isneginf(x):
    x = convert_to_tensor(x)
    if x.dtype.kind == "c":
        return jnp.zeros(x.shape, bool)
    return jnp.isneginf(x)


def isposinf(x):
    x = convert_to_tensor(x)
    if x.dtype.kind == "c":
        return jnp.zeros(x.shape, bool)
    return jnp.isposinf(x)


def isreal(x):
    return jnp.isreal(convert_to_tensor(x))


def lcm(x1, x2):
    x1, x2 = promote(x1, x2)
    _check_integer("lcm", x1, allow_bool=False)
    return jnp.lcm(x1, x2)


def ldexp(x1, x2):
    x1, x2 = _floating(x1), convert_to_tensor(x2)
    _check_integer("ldexp", x2, allow_bool=False)
    if _name(x1) in _HALF:
        return jnp.ldexp(x1.astype("float32"), x2).astype(x1.dtype)
    return jnp.ldexp(x1, x2).astype(x1.dtype)


def left_shift(x, y):
    return _shift("left_shift", jnp.left_shift, x, y)


def less(x1, x2):
    return jnp.less(*promote(x1, x2))


def less_equal(x1, x2):
    return jnp.less_equal(*promote(x1, x2))


def log(x):
    return jnp.log(_floating(x))


def log10(x):
    return jnp.log10(_floating(x))


def log1p(x):
    return jnp.log1p(_floating(x))


def log2(x):
    return jnp.log2(_floating(x))


def logaddexp(x1, x2):
    return jnp.logaddexp(*_floating_pair(x1, x2))


def logaddexp2(x1, x2):
    return jnp.logaddexp2(*_floating_pair(x1, x2))


def logical_and(x1, x2):
    return jnp.logical_and(convert_to_tensor(x1), convert_to_tensor(x2))


def logical_not(x):
    return jnp.logical_not(convert_to_tensor(x))


def logical_or(x1, x2):
    return jnp.logical_or(convert_to_tensor(x1), convert_to_tensor(x2))


def logical_xor(x1, x2):
    return jnp.logical_xor(convert_to_tensor(x1), convert_to_tensor(x2))


def maximum(x1, x2):
    return jnp.maximum(*promote(x1, x2))


def minimum(x1, x2):
    return jnp.minimum(*promote(x1, x2))


def mod(x1, x2):
    return _int_safe(jnp.mod, *_int_pair(x1, x2))


def multiply(x1, x2):
    return jnp.multiply(*promote(x1, x2))


def nan_to_num(x, nan=0.0, posinf=None, neginf=None):
    x = convert_to_tensor(x)
    if _name(x) not in _INEXACT:
        return x
    return jnp.nan_to_num(x, nan=nan, posinf=posinf, neginf=neginf)


def negative(x):
    x = convert_to_tensor(x)
    _check_not_bool("negative", x)
    return jnp.negative(x)


def nextafter(x1, x2):
    return jnp.nextafter(*_floating_pair(x1, x2))


def not_equal(x1, x2):
    return jnp.not_equal(*promote(x1, x2))


def power(x1, x2):
    x1, x2 = _int_pair(x1, x2)
    if x2.dtype.kind == "i":
        return _int_power(x1, x2)
    return jnp.power(x1, x2)


@jax.jit
def _int_power(x1, x2):
    # Negative powers truncate toward zero, as in C: only 1 and -1 survive.
    negative = x2 < 0
    result = jnp.power(x1, jnp.where(negative, 0, x2))
    unit = (x1 == 1) | (x1 == -1)
    inverse = jnp.where(unit, jnp.power(x1, jnp.mod(x2, 2)), 0)
    return jnp.where(negative, inverse.astype(result.dtype), result)


def rad2deg(x):
    return jnp.rad2deg(_floating(x))


def real(x):
    return jnp.real(convert_to_tensor(x))


def reciprocal(x):
    return jnp.reciprocal(_floating(x))


def right_shift(x, y):
    return _shift("right_shift", jnp.right_shift, x, y)


def round(x, decimals=0):
    x = convert_to_tensor(x)
    _check_not_bool("round", x)
    if x.dtype.kind in "iu":
        return _round_int(x, decimals)
    if _name(x) in _HALF:
        return jnp.round(x.astype("float32"), decimals).astype(x.dtype)
    return jnp.round(x, decimals)


@functools.partial(jax.jit, static_argnums=1)
def _round_int(x, decimals):
    # Integers round to a multiple of 10**-decimals, ties to even.
    if decimals >= 0:
        return x
    factor = 10**-decimals
    if factor > np.iinfo(x.dtype).max:
        return jnp.zeros_like(x)
    factor = jnp.asarray(factor, x.dtype)
    quotient = jnp.floor_divide(x, factor)
    rest = x - quotient * factor
    tie = (rest == factor - rest) & (quotient % 2 == 1)
    up = (rest > factor - rest) | tie
    return (quotient + up.astype(x.dtype)) * factor


def sign(x):
    x = convert_to_tensor(x)
    _check_not_bool("sign", x)
    return jnp.sign(x)


def signbit(x):
    return jnp.signbit(convert_to_tensor(x))


def sin(x):
    return jnp.sin(_floating(x))


def sinc(x):
    x = _floating(x)
    return jnp.sinc(x).astype(x.dtype)


def sinh(x):
    return jnp.sinh(_floating(x))


def sqrt(x):
    return jnp.sqrt(_floating(x))


def square(x):
    x = convert_to_tensor(x)
    if x.dtype == bool:
        x = x.astype("int32")
    return jnp.square(x)


def subtract(x1, x2):
    x1, x2 = promote(x1, x2)
    _check_not_bool("subtract", x1)
    return jnp.subtract(x1, x2)


def tan(x):
    return jnp.tan(_floating(x))


def tanh(x):
    return jnp.tanh(_floating(x))


def true_divide(x1, x2):
    return divide(x1, x2)


def trunc(x):
    x = convert_to_tensor(x)
    if _name(x) not in _INEXACT:
        return x
    return jnp.trunc(x)


def where(condition, x1=None, x2=None):
    condition = convert_to_tensor(condition)
    if x1 is None and x2 is None:
        return tuple(i.astype("int32") for i in jnp.nonzero(condition))
    x1, x2 = promote(x1, x2)
    return jnp.where(condition.astype(bool), x1, x2)


def allclose(x1, x2, rtol=1e-05, atol=1e-08, equal_nan=False):
    return jnp.all(isclose(x1, x2, rtol, atol, equal_nan))
