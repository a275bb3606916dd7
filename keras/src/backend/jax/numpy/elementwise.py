"""Elementwise functions on JAX.

NumPy's API over `jax.numpy`: most functions are written once with the
numpy backend's, in `common/numpy_api/elementwise.py`; this module binds
them and adds what JAX does differently: integer division by zero gives 0
as NumPy does (XLA leaves it undefined), and composite helpers are jitted,
so that eagerly they cost one dispatch instead of one per primitive.
"""

import functools

import jax
import jax.numpy as jnp

from keras.src.backend.common.numpy_api import include
from keras.src.backend.jax.core import convert_to_tensor
from keras.src.backend.jax.core import promote

include(
    "elementwise",
    globals(),
    xp=jnp,
    convert_to_tensor=convert_to_tensor,
    promote=promote,
)
# Names used below without an import (`_floating`, `_floating_pair`,
# `_int_pair`, `_name`, `_INEXACT`, `_int_power`, `_round_int`) are the
# shared module's.

_int_power = jax.jit(_int_power)
_round_int = jax.jit(_round_int, static_argnums=1)


def divide_no_nan(x1, x2):
    x1, x2 = _floating_pair(x1, x2)
    zero = x2 == 0
    quotient = jnp.divide(x1, jnp.where(zero, jnp.ones((), x2.dtype), x2))
    return jnp.where(zero, jnp.zeros((), quotient.dtype), quotient)


@functools.partial(jax.jit, static_argnums=0)
def _int_safe(fn, x1, x2):
    """`fn(x1, x2)`, 0 where an integer `x2` is 0, as in NumPy."""
    if x1.dtype.kind not in "iu":
        return fn(x1, x2)
    zero = x2 == 0
    result = fn(x1, jnp.where(zero, jnp.ones_like(x2), x2))
    return jnp.where(zero, jnp.zeros_like(result), result)


def floor_divide(x1, x2):
    return _int_safe(jnp.floor_divide, *_int_pair(x1, x2))


def fmod(x1, x2):
    return _int_safe(jnp.fmod, *_int_pair(x1, x2))


def mod(x1, x2):
    return _int_safe(jnp.mod, *_int_pair(x1, x2))


def nan_to_num(x, nan=0.0, posinf=None, neginf=None):
    x = convert_to_tensor(x)
    if _name(x) not in _INEXACT:
        return x
    return jnp.nan_to_num(x, nan=nan, posinf=posinf, neginf=neginf)


def power(x1, x2):
    x1, x2 = _int_pair(x1, x2)
    if x2.dtype.kind == "i":
        return _int_power(x1, x2)
    return jnp.power(x1, x2)


def reciprocal(x):
    return jnp.reciprocal(_floating(x))


def where(condition, x1=None, x2=None):
    condition = convert_to_tensor(condition)
    if x1 is None and x2 is None:
        return tuple(i.astype("int32") for i in jnp.nonzero(condition))
    x1, x2 = promote(x1, x2)
    return jnp.where(condition.astype(bool), x1, x2)
