"""Elementwise functions on PyTorch."""

import torch

from keras.src.backend.common import dtypes
from keras.src.backend.torch.core import KERAS_DTYPES
from keras.src.backend.torch.core import convert_to_tensor
from keras.src.backend.torch.core import promote
from keras.src.backend.torch.core import to_torch_dtype

# torch has few CPU kernels for these, so arithmetic on them runs in int64.
_WIDE_UINTS = (torch.uint16, torch.uint32, torch.uint64)
_HALF = (torch.float16, torch.bfloat16)
_SIGNED = (torch.int8, torch.int16, torch.int32, torch.int64)
_INTS = _SIGNED + (torch.uint8,) + _WIDE_UINTS


def _is_inexact(x):
    return x.is_floating_point() or x.is_complex()


def _float_dtype(x):
    return to_torch_dtype(dtypes.result_type(KERAS_DTYPES[x.dtype], float))


def _floating(x):
    """`x` as a tensor of the float dtype Keras gives float functions."""
    x = convert_to_tensor(x)
    if _is_inexact(x):
        return x
    return x.to(_float_dtype(x))


def _require_float(x, op):
    """`x` as a tensor, refused if its dtype is an integer.

    PyTorch has no integer kernels for most activations and raises
    NotImplementedError; so does Keras's torch backend. Ours keeps that
    class but names the op and the cure.
    """
    if not isinstance(x, torch.Tensor):  # (Activations are hot calls.)
        x = convert_to_tensor(x)
    if x.is_floating_point() or x.is_complex() or x.dtype == torch.bool:
        return x
    raise NotImplementedError(
        f"`{op}` needs floating-point input on the torch backend. "
        f"Received: x.dtype={KERAS_DTYPES[x.dtype]}. Cast it first, e.g. "
        f'`keras.ops.cast(x, "float32")`.'
    )


def _floating_pair(x1, x2):
    x1, x2 = promote(x1, x2)
    if _is_inexact(x1):
        return x1, x2
    dtype = _float_dtype(x1)
    return x1.to(dtype), x2.to(dtype)


def _int_pair(x1, x2):
    """Promotes `x1` and `x2`; bools become int32, as arithmetic on bools
    does not stay boolean."""
    x1, x2 = promote(x1, x2)
    if x1.dtype == torch.bool:
        return x1.to(torch.int32), x2.to(torch.int32)
    return x1, x2


def _keep(fn, *xs):
    """`fn(*xs)`, computed in int64 for the unsigned dtypes torch lacks
    kernels for, and cast back to their dtype."""
    dtype = xs[0].dtype
    if dtype in _WIDE_UINTS:
        return fn(*(x.to(torch.int64) for x in xs)).to(dtype)
    return fn(*xs)


def _test(fn, *xs):
    """Like `_keep`, for predicates (their result stays bool)."""
    if xs[0].dtype in _WIDE_UINTS:
        return fn(*(x.to(torch.int64) for x in xs))
    return fn(*xs)


def _in_float32(fn, x, *args, **kwargs):
    """`fn(x, ...)`, computed in float32 for half inputs."""
    if x.dtype in _HALF:
        return fn(x.to(torch.float32), *args, **kwargs).to(x.dtype)
    return fn(x, *args, **kwargs)


def _check_integer(name, x, allow_bool=True, error=NotImplementedError):
    # torch, and so Keras's torch backend, refuses other dtypes in these
    # integer kernels with NotImplementedError: ours keeps the class.
    if x.dtype in _INTS or (allow_bool and x.dtype == torch.bool):
        return
    raise error(
        f"`{name}` only supports integer{' and bool' if allow_bool else ''}"
        f" inputs. Received: dtype={KERAS_DTYPES[x.dtype]}"
    )


def _check_not_bool(name, x):
    if x.dtype == torch.bool:
        raise TypeError(f"`{name}` does not support bool inputs.")


def add(x1, x2):
    if (isinstance(x1, torch.Tensor) and isinstance(x2, torch.Tensor)
            and x1.dtype == x2.dtype and x1.dtype not in _WIDE_UINTS):
        return torch.add(x1, x2)  # The bias add of every Dense call.
    x1, x2 = promote(x1, x2)
    return _keep(torch.add, x1, x2)


def abs(x):
    x = convert_to_tensor(x)
    if x.dtype == torch.bool or x.dtype == torch.uint8:
        return x
    return _keep(torch.abs, x)


def absolute(x):
    return abs(x)


def angle(x):
    x = _floating(x)
    if x.is_complex():
        return torch.angle(x)
    # atan2 keeps NaNs and gives pi for -0.0, as NumPy does.
    return torch.atan2(torch.zeros_like(x), x)


def arccos(x):
    return torch.acos(_floating(x))


def arccosh(x):
    return torch.acosh(_floating(x))


def arcsin(x):
    return torch.asin(_floating(x))


def arcsinh(x):
    return torch.asinh(_floating(x))


def arctan(x):
    return torch.atan(_floating(x))


def arctan2(x1, x2):
    return torch.atan2(*_floating_pair(x1, x2))


def arctanh(x):
    return torch.atanh(_floating(x))


def _shift(name, fn, x, y):
    x, y = _int_pair(x, y)
    _check_integer(name, x, allow_bool=False)
    return _keep(fn, x, y)


def bitwise_and(x, y):
    x, y = promote(x, y)
    _check_integer("bitwise_and", x)
    return _keep(torch.bitwise_and, x, y)


def _invert(name, x):
    x = convert_to_tensor(x)
    _check_integer(name, x)
    return _keep(torch.bitwise_not, x)


def bitwise_invert(x):
    return _invert("bitwise_invert", x)


def bitwise_not(x):
    return _invert("bitwise_not", x)


def bitwise_left_shift(x, y):
    return _shift("bitwise_left_shift", torch.bitwise_left_shift, x, y)


def bitwise_or(x, y):
    x, y = promote(x, y)
    _check_integer("bitwise_or", x)
    return _keep(torch.bitwise_or, x, y)


def bitwise_right_shift(x, y):
    return _shift("bitwise_right_shift", torch.bitwise_right_shift, x, y)


def bitwise_xor(x, y):
    x, y = promote(x, y)
    _check_integer("bitwise_xor", x)
    return _keep(torch.bitwise_xor, x, y)


def cbrt(x):
    x = _floating(x)
    return torch.sign(x) * torch.pow(torch.abs(x), 1.0 / 3.0)


def ceil(x):
    return torch.ceil(_floating(x))


def clip(x, x_min, x_max):
    bounds = [b for b in (x_min, x_max) if b is not None]
    x, *bounds = promote(x, *bounds)
    if x.dtype == torch.bool:
        x, bounds = x.to(torch.int32), [b.to(torch.int32) for b in bounds]
    bounds = iter(bounds)
    low = next(bounds) if x_min is not None else None
    high = next(bounds) if x_max is not None else None
    if x.dtype in _WIDE_UINTS:
        return clip(x.to(torch.int64), low, high).to(x.dtype)
    if low is not None:
        x = torch.maximum(x, low)
    if high is not None:
        x = torch.minimum(x, high)
    return x


def conj(x):
    x = convert_to_tensor(x)
    # A physical copy: tensors with the lazy conjugate bit set cannot be
    # converted to NumPy.
    return torch.conj_physical(x) if x.is_complex() else x


def conjugate(x):
    return conj(x)


def copy(x):
    return torch.clone(convert_to_tensor(x))


def cos(x):
    return torch.cos(_floating(x))


def cosh(x):
    return torch.cosh(_floating(x))


def deg2rad(x):
    return torch.deg2rad(_floating(x))


def divide(x1, x2):
    return torch.divide(*_floating_pair(x1, x2))


def divide_no_nan(x1, x2):
    x1, x2 = _floating_pair(x1, x2)
    zero = x2 == 0
    # A safe divisor keeps the gradient finite where `x2` is 0; Python
    # scalars in `where` spare two tensor allocations (metric results run
    # this on every step).
    quotient = torch.divide(x1, torch.where(zero, 1.0, x2))
    return torch.where(zero, 0.0, quotient)


def equal(x1, x2):
    return _test(torch.eq, *promote(x1, x2))


def exp(x):
    return torch.exp(_floating(x))


def exp2(x):
    return torch.exp2(_floating(x))


def expm1(x):
    return torch.expm1(_floating(x))


def fabs(x):
    return torch.abs(_floating(x))


def floor(x):
    return torch.floor(_floating(x))


def floor_divide(x1, x2):
    return _int_safe(torch.floor_divide, *_int_pair(x1, x2))


def _int_safe(fn, x1, x2):
    """`fn(x1, x2)`, 0 where an integer `x2` is 0, as in NumPy (torch
    raises instead)."""
    if _is_inexact(x1):
        return fn(x1, x2)
    zero = x2 == 0
    result = _keep(fn, x1, torch.where(zero, torch.ones_like(x2), x2))
    return torch.where(zero, torch.zeros_like(result), result)


def fmax(x1, x2):
    return _keep(torch.fmax, *promote(x1, x2))


def fmin(x1, x2):
    return _keep(torch.fmin, *promote(x1, x2))


def fmod(x1, x2):
    return _int_safe(torch.fmod, *_int_pair(x1, x2))


def gcd(x1, x2):
    x1, x2 = promote(x1, x2)
    _check_integer("gcd", x1, allow_bool=False)
    return _keep(torch.gcd, x1, x2)


def greater(x1, x2):
    return _test(torch.gt, *promote(x1, x2))


def greater_equal(x1, x2):
    return _test(torch.ge, *promote(x1, x2))


def heaviside(x1, x2):
    x1, x2 = _floating_pair(x1, x2)
    # NaN steps stay NaN, as in NumPy.
    steps = torch.where(x1 > 0, torch.ones_like(x1), x1)
    steps = torch.where(x1 < 0, torch.zeros_like(x1), steps)
    return torch.where(x1 == 0, x2, steps)


def hypot(x1, x2):
    return torch.hypot(*_floating_pair(x1, x2))


def i0(x):
    return _in_float32(torch.i0, _floating(x))


def imag(x):
    x = convert_to_tensor(x)
    return torch.imag(x) if x.is_complex() else torch.zeros_like(x)


def isclose(x1, x2, rtol=1e-05, atol=1e-08, equal_nan=False):
    x1, x2 = promote(x1, x2)
    if not _is_inexact(x1) or x1.dtype in _HALF:
        dtype = to_torch_dtype(
            dtypes.result_type(KERAS_DTYPES[x1.dtype], "float32")
        )
        x1, x2 = x1.to(dtype), x2.to(dtype)
    return torch.isclose(x1, x2, rtol=rtol, atol=atol, equal_nan=equal_nan)


def isfinite(x):
    return torch.isfinite(convert_to_tensor(x))


def isinf(x):
    return torch.isinf(convert_to_tensor(x))


def isnan(x):
    return torch.isnan(convert_to_tensor(x))


def isneginf(x):
    x = convert_to_tensor(x)
    if x.is_complex():
        return torch.zeros_like(x, dtype=torch.bool)
    return torch.isneginf(x)


def isposinf(x):
    x = convert_to_tensor(x)
    if x.is_complex():
        return torch.zeros_like(x, dtype=torch.bool)
    return torch.isposinf(x)


def isreal(x):
    return torch.isreal(convert_to_tensor(x))


def lcm(x1, x2):
    x1, x2 = promote(x1, x2)
    _check_integer("lcm", x1, allow_bool=False)
    return _keep(torch.lcm, x1, x2)


def ldexp(x1, x2):
    x1, x2 = _floating(x1), convert_to_tensor(x2)
    _check_integer("ldexp", x2, allow_bool=False, error=TypeError)
    if x2.dtype in _WIDE_UINTS:
        x2 = x2.to(torch.int64)
    return _in_float32(torch.ldexp, x1, x2).to(x1.dtype)


def left_shift(x, y):
    return _shift("left_shift", torch.bitwise_left_shift, x, y)


def less(x1, x2):
    return _test(torch.lt, *promote(x1, x2))


def less_equal(x1, x2):
    return _test(torch.le, *promote(x1, x2))


def log(x):
    return torch.log(_floating(x))


def log10(x):
    return torch.log10(_floating(x))


def log1p(x):
    return torch.log1p(_floating(x))


def log2(x):
    return torch.log2(_floating(x))


def logaddexp(x1, x2):
    return torch.logaddexp(*_floating_pair(x1, x2))


def logaddexp2(x1, x2):
    return torch.logaddexp2(*_floating_pair(x1, x2))


def _truth(x):
    x = convert_to_tensor(x)
    return x != 0 if x.dtype in _WIDE_UINTS else x


def logical_and(x1, x2):
    return torch.logical_and(_truth(x1), _truth(x2))


def logical_not(x):
    return torch.logical_not(_truth(x))


def logical_or(x1, x2):
    return torch.logical_or(_truth(x1), _truth(x2))


def logical_xor(x1, x2):
    return torch.logical_xor(_truth(x1), _truth(x2))


def maximum(x1, x2):
    return _keep(torch.maximum, *promote(x1, x2))


def minimum(x1, x2):
    return _keep(torch.minimum, *promote(x1, x2))


def mod(x1, x2):
    return _int_safe(torch.remainder, *_int_pair(x1, x2))


def multiply(x1, x2):
    return _keep(torch.multiply, *promote(x1, x2))


def nan_to_num(x, nan=0.0, posinf=None, neginf=None):
    x = convert_to_tensor(x)
    if not _is_inexact(x):
        return x
    return torch.nan_to_num(x, nan=nan, posinf=posinf, neginf=neginf)


def negative(x):
    x = convert_to_tensor(x)
    _check_not_bool("negative", x)
    return _keep(torch.negative, x)


def nextafter(x1, x2):
    return torch.nextafter(*_floating_pair(x1, x2))


def not_equal(x1, x2):
    return _test(torch.ne, *promote(x1, x2))


def power(x1, x2):
    x1, x2 = _int_pair(x1, x2)
    if x2.dtype in _SIGNED:
        return _int_power(x1, x2)
    return _keep(torch.pow, x1, x2)


def _int_power(x1, x2):
    # Negative powers truncate toward zero, as in C: only 1 and -1 survive.
    negative = x2 < 0
    result = torch.pow(x1, torch.where(negative, torch.zeros_like(x2), x2))
    unit = (x1 == 1) | (x1 == -1)
    inverse = torch.pow(x1, torch.remainder(x2, 2))
    inverse = torch.where(unit, inverse, torch.zeros_like(inverse))
    return torch.where(negative, inverse, result)


def rad2deg(x):
    return torch.rad2deg(_floating(x))


def real(x):
    x = convert_to_tensor(x)
    return torch.real(x) if x.is_complex() else x


def reciprocal(x):
    return torch.reciprocal(_floating(x))


def right_shift(x, y):
    return _shift("right_shift", torch.bitwise_right_shift, x, y)


def round(x, decimals=0):
    x = convert_to_tensor(x)
    _check_not_bool("round", x)
    if x.dtype in _INTS:
        return _keep(lambda x: _round_int(x, decimals), x)
    if x.is_complex():
        parts = (round(torch.real(x), decimals), round(torch.imag(x), decimals))
        return torch.complex(*parts)
    return _in_float32(torch.round, x, decimals=decimals)


def _round_int(x, decimals):
    # Integers round to a multiple of 10**-decimals, ties to even.
    if decimals >= 0:
        return x
    factor = 10**-decimals
    if factor > torch.iinfo(x.dtype).max:
        return torch.zeros_like(x)
    quotient = torch.div(x, factor, rounding_mode="floor")
    rest = x - quotient * factor
    up = (rest > factor - rest) | (
        (rest == factor - rest) & (torch.remainder(quotient, 2) == 1)
    )
    return (quotient + up.to(x.dtype)) * factor


def sign(x):
    x = convert_to_tensor(x)
    _check_not_bool("sign", x)
    if x.is_complex():
        return torch.sgn(x)
    if x.is_floating_point():
        # torch maps NaN to 0; NumPy keeps it.
        return torch.where(torch.isnan(x), x, torch.sign(x))
    return _keep(torch.sign, x)


def signbit(x):
    return _test(torch.signbit, convert_to_tensor(x))


def sin(x):
    return torch.sin(_floating(x))


def sinc(x):
    return torch.sinc(_floating(x))


def sinh(x):
    return torch.sinh(_floating(x))


def sqrt(x):
    return torch.sqrt(_floating(x))


def square(x):
    x = convert_to_tensor(x)
    if x.dtype == torch.bool:
        x = x.to(torch.int32)
    return _keep(torch.square, x)


def subtract(x1, x2):
    x1, x2 = promote(x1, x2)
    _check_not_bool("subtract", x1)
    return _keep(torch.subtract, x1, x2)


def tan(x):
    return torch.tan(_floating(x))


def tanh(x):
    return torch.tanh(_floating(x))


def true_divide(x1, x2):
    return divide(x1, x2)


def trunc(x):
    x = convert_to_tensor(x)
    if not x.is_floating_point():
        return x
    return torch.trunc(x)


def where(condition, x1=None, x2=None):
    condition = convert_to_tensor(condition)
    if x1 is None and x2 is None:
        indices = torch.nonzero(condition, as_tuple=True)
        return tuple(i.to(torch.int32) for i in indices)
    x1, x2 = promote(x1, x2)
    if condition.dtype != torch.bool:
        condition = condition != 0
    return torch.where(condition, x1, x2)


def allclose(x1, x2, rtol=1e-05, atol=1e-08, equal_nan=False):
    return torch.all(isclose(x1, x2, rtol, atol, equal_nan))
