"""The ranges `saturate_cast` clips to, shared by every backend.

The bounds depend only on the two dtypes, so they are worked out once here
with NumPy and `ml_dtypes` (which know every Keras dtype, bfloat16 and
float8 included); each backend applies them with its own clip and cast.
"""

import ml_dtypes
import numpy as np

from keras.src.backend.common import dtypes


def dtype_range(dtype):
    """Returns `(min, max)` of the standardized numeric `dtype`, as Python
    ints for integer dtypes and floats otherwise."""
    if dtypes.is_int_dtype(dtype):
        info = np.iinfo(dtype)
        return int(info.min), int(info.max)
    info = ml_dtypes.finfo(dtype)
    return float(info.min), float(info.max)


def saturation_bounds(source, target):
    """Returns `(low, high, overflow)`: the range to clip `source` values
    to before casting to `target`, and whether `high` rounds past the
    target's maximum in `source`; `None` when no clipping is needed.

    Both dtypes are standardized names (`"float32"`, `"uint8"`, ...).
    """
    if not all(
        dtypes.is_int_dtype(d) or dtypes.is_float_dtype(d)
        for d in (source, target)
    ):
        return None
    source_low, source_high = dtype_range(source)
    target_low, target_high = dtype_range(target)
    # Floats going to ints are always clipped: infinities have no match.
    to_int = dtypes.is_float_dtype(source) and dtypes.is_int_dtype(target)
    inside = source_low >= target_low and source_high <= target_high
    if inside and not to_int:
        return None
    high = min(source_high, target_high)
    # e.g. int32's maximum is not a float32: it rounds up to 2**31, which
    # the cast would wrap; the backends then fix those elements.
    overflow = to_int and int(np.asarray(high).astype(source)) > target_high
    return max(source_low, target_low), high, overflow
