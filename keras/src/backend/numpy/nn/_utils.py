"""Helpers shared by the nn modules of the NumPy backend."""

import numpy as np

from keras.src.backend.common import dtypes
from keras.src.backend.numpy.core import convert_to_tensor


def _dtype(x):
    return dtypes.standardize_dtype(x.dtype)


def _float(x):
    """`x` as an array of a float dtype: integers and bools become floatx."""
    x = convert_to_tensor(x)
    dtype = _dtype(x)
    if dtypes.is_float_dtype(dtype):
        return x
    return x.astype(dtypes.result_type(dtype, float))


# Integer input of activations, as upstream Keras's numpy backend gives it
# (the parity suite's golden files): some compute it in NumPy's float64 and
# return float64, others cast the float64 result back to the integer dtype.
# Its other backends differ (float32, or a framework error): a Keras user
# on numpy gets numpy's behaviour.
_INT_TO_FLOAT64 = "float64"
_INT_KEPT = "kept"


def _wide(x, ints=None):
    """Returns `(x in a dtype NumPy computes well, dtype to return)`: 16-bit
    floats are computed in float32; integers in floatx, or, with `ints`,
    in float64 returned as float64 (`_INT_TO_FLOAT64`) or as the integer
    dtype (`_INT_KEPT`)."""
    x = convert_to_tensor(x)
    if ints is not None and x.dtype.kind in "iu":
        kept = x.dtype if ints == _INT_KEPT else np.dtype("float64")
        return x.astype(np.float64), kept
    x = _float(x)
    dtype = x.dtype
    if dtype.itemsize == 2:
        return x.astype(np.float32), dtype
    return x, dtype


def _loss_inputs(target, output):
    """Returns `target` and `output` in their promoted float dtype (16-bit
    floats widened to float32), and the dtype to return."""
    target, output = convert_to_tensor(target), convert_to_tensor(output)
    dtype = dtypes.result_type(_dtype(target), _dtype(output))
    if not dtypes.is_float_dtype(dtype):
        dtype = dtypes.result_type(dtype, float)
    wide = "float32" if dtype in ("float16", "bfloat16") else dtype
    return target.astype(wide), output.astype(wide), dtype
