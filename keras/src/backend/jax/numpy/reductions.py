"""Reductions, cumulative functions and their NaN-ignoring forms on JAX.

Written once with the numpy backend's, in `common/numpy_api/reductions.py`;
on JAX `prod`'s `dtype` narrows to 32 bits (as `result_type` does), and
the helpers made of several primitives are jitted: eagerly, one compiled
call is much cheaper than dispatching each primitive.
"""

import jax
import jax.numpy as jnp

from keras.src.backend.common import dtypes
from keras.src.backend.common.numpy_api import include
from keras.src.backend.jax.core import convert_to_tensor


def _narrowed(dtype):
    return dtypes.result_type(dtypes.standardize_dtype(dtype))


include(
    "reductions",
    globals(),
    xp=jnp,
    convert_to_tensor=convert_to_tensor,
    # JAX reductions give arrays already.
    as_array=lambda out: out,
    prod_dtype=_narrowed,
)

# The shared helpers, compiled.
_replace_nans = jax.jit(_replace_nans, static_argnames="value")
_nan_moments = jax.jit(_nan_moments, static_argnames=("axis", "keepdims"))
_nan_extremum_float = jax.jit(
    _nan_extremum_float,
    static_argnames=("reduce", "fill", "axis", "keepdims"),
)
_nan_arg_float = jax.jit(
    _nan_arg_float, static_argnames=("arg", "fill", "axis", "keepdims")
)
