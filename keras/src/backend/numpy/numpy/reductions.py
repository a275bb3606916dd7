"""Reductions, cumulative functions and their NaN-ignoring forms on NumPy.

Written once with the jax backend's, in `common/numpy_api/reductions.py`;
on NumPy `prod`'s `dtype` is kept as given (64 bits included), full
reductions give 0-d arrays rather than NumPy scalars, and slices of NaNs
give NaN without a warning.
"""

import numpy as np

from keras.src.backend.common import dtypes
from keras.src.backend.common.numpy_api import include
from keras.src.backend.numpy.core import convert_to_tensor

include(
    "reductions",
    globals(),
    xp=np,
    convert_to_tensor=convert_to_tensor,
    as_array=np.asarray,
    prod_dtype=dtypes.standardize_dtype,
)

_nan_moments = np.errstate(invalid="ignore", divide="ignore")(_nan_moments)
