"""Helpers shared by the nn modules of the PyTorch backend."""

from keras.src.backend.common import dtypes
from keras.src.backend.torch.core import (
    KERAS_DTYPES,
    cast,
    convert_to_tensor,
    to_torch_dtype,
)


def _float(x):
    """`x` as a tensor of a float dtype: integers and bools become floatx."""
    x = convert_to_tensor(x)
    if x.is_floating_point():
        return x
    return x.to(to_torch_dtype(dtypes.result_type(KERAS_DTYPES[x.dtype],
                                                  float)))


def _wide(x):
    """Returns `(x computed in at least float32, dtype to return)`."""
    x = _float(x)
    if x.element_size() == 2:
        return x.float(), x.dtype
    return x, x.dtype


def _as(x, dtype):
    return x if x.dtype == dtype else x.to(dtype)


def _loss_inputs(target, output):
    """Returns `target` and `output` in their promoted float dtype (16-bit
    floats widened to float32), and the torch dtype to return."""
    target, output = convert_to_tensor(target), convert_to_tensor(output)
    dtype = dtypes.result_type(KERAS_DTYPES[target.dtype],
                               KERAS_DTYPES[output.dtype])
    if not dtypes.is_float_dtype(dtype):
        dtype = dtypes.result_type(dtype, float)
    wide = "float32" if dtype in ("float16", "bfloat16") else dtype
    return cast(target, wide), cast(output, wide), to_torch_dtype(dtype)
