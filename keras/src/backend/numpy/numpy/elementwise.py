"""Elementwise functions on NumPy.

Most are written once with the jax backend's, in
`common/numpy_api/elementwise.py`; this module binds them to NumPy and adds
what NumPy does differently: floating-point warnings silenced where Keras
defines the result, `nan_to_num` of bfloat16 and complex arrays, integer
reciprocals and `where`'s int64 indices as upstream's numpy backend gives
them.
"""

import ml_dtypes
import numpy as np

from keras.src.backend.common.numpy_api import include
from keras.src.backend.numpy.core import convert_to_tensor
from keras.src.backend.numpy.core import promote

include(
    "elementwise",
    globals(),
    xp=np,
    convert_to_tensor=convert_to_tensor,
    promote=promote,
)
# Names used below without an import (`_floating`, `_floating_pair`,
# `_int_pair`, `_name`, `_INEXACT`, `_int_power`) are the shared module's.


def divide_no_nan(x1, x2):
    x1, x2 = _floating_pair(x1, x2)
    zero = x2 == 0
    with np.errstate(divide="ignore", invalid="ignore"):
        quotient = np.divide(x1, np.where(zero, np.ones((), x2.dtype), x2))
    return np.where(zero, np.zeros((), quotient.dtype), quotient)


def floor_divide(x1, x2):
    return np.floor_divide(*_int_pair(x1, x2))


def fmod(x1, x2):
    return np.fmod(*_int_pair(x1, x2))


def mod(x1, x2):
    return np.mod(*_int_pair(x1, x2))


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


def power(x1, x2):
    x1, x2 = _int_pair(x1, x2)
    if x2.dtype.kind == "i" and np.any(x2 < 0):
        return _int_power(x1, x2)
    return np.power(x1, x2)


def reciprocal(x):
    x = convert_to_tensor(x)
    if x.dtype.kind in "iu":
        # As upstream's numpy backend: computed in float64, cast back (1/0
        # gives the dtype's minimum, as NumPy casts infinities).
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.reciprocal(x.astype("float64")).astype(x.dtype)
    return np.reciprocal(_floating(x))


def where(condition, x1=None, x2=None):
    condition = convert_to_tensor(condition)
    if x1 is None and x2 is None:
        # int64 indices, as upstream's numpy backend gives them.
        return tuple(i.astype("int64") for i in np.nonzero(condition))
    x1, x2 = promote(x1, x2)
    return np.where(condition.astype(bool, copy=False), x1, x2)
