"""Shape manipulation functions on NumPy.

Written once with the jax backend's, in
`common/numpy_api/manipulation.py`; only `view` differs: NumPy views
64-bit dtypes as given, and only C-contiguous arrays.
"""

import numpy as np

from keras.src.backend.common import dtypes
from keras.src.backend.common.numpy_api import include
from keras.src.backend.numpy.core import convert_to_tensor
from keras.src.backend.numpy.core import promote

include(
    "manipulation",
    globals(),
    xp=np,
    convert_to_tensor=convert_to_tensor,
    promote=promote,
)


def view(x, dtype=None):
    x = convert_to_tensor(x)
    if dtype is None:
        return x
    dtype = np.dtype(dtypes.standardize_dtype(dtype))
    _check_view(x, dtype)  # The shared module's.
    if not x.flags.c_contiguous:
        x = np.copy(x, order="C")
    return x.view(dtype)
