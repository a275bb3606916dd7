"""Shape manipulation functions on JAX.

Written once with the numpy backend's, in
`common/numpy_api/manipulation.py`; only `view` differs: on JAX a 64-bit
dtype narrows to 32 bits, as `result_type` does.
"""

import jax.numpy as jnp

from keras.src.backend.common import dtypes
from keras.src.backend.common.numpy_api import include
from keras.src.backend.jax.core import convert_to_tensor
from keras.src.backend.jax.core import promote

include(
    "manipulation",
    globals(),
    xp=jnp,
    convert_to_tensor=convert_to_tensor,
    promote=promote,
)


def view(x, dtype=None):
    x = convert_to_tensor(x)
    if dtype is None:
        return x
    dtype = dtypes.standardize_dtype(dtype)
    if dtype not in dtypes.FLOAT8_TYPES:
        dtype = dtypes.result_type(dtype)
    _check_view(x, jnp.dtype(dtype))  # The shared module's.
    return x.view(dtype)
