"""Helpers shared by the nn modules of the JAX backend."""

import functools

import jax

from keras.src.backend.common import dtypes
from keras.src.backend.jax.core import convert_to_tensor


def _jit(*static_argnames):
    return functools.partial(jax.jit, static_argnames=static_argnames)


def _dtype(x):
    return dtypes.standardize_dtype(x.dtype)


def _float(x):
    """`x` as an array of a float dtype: integers and bools become floatx."""
    x = convert_to_tensor(x)
    dtype = _dtype(x)
    if dtypes.is_float_dtype(dtype):
        return x
    return x.astype(dtypes.result_type(dtype, float))


def _loss_dtype(*values):
    """The promoted float dtype of `values`, and the dtype computed in
    (16-bit floats are widened to float32)."""
    dtype = dtypes.result_type(*(_dtype(v) for v in values))
    if not dtypes.is_float_dtype(dtype):
        dtype = dtypes.result_type(dtype, float)
    return dtype, "float32" if dtype in ("float16", "bfloat16") else dtype


def _optional(v):
    return None if v is None else convert_to_tensor(v)
