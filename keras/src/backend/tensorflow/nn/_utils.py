"""Helpers shared by the nn modules of the TensorFlow backend."""

import tensorflow as tf

from keras.src.backend.common import dtypes
from keras.src.backend.tensorflow.core import cast, convert_to_tensor


def _float(x):
    """`x` as a tensor of a float dtype: integers and bools become floatx."""
    x = convert_to_tensor(x)
    if x.dtype.is_floating:
        return x
    return tf.cast(x, dtypes.result_type(x.dtype.name, float))


def _wide(x):
    """Returns `(x computed in at least float32, dtype to return)`."""
    x = _float(x)
    if x.dtype.size == 2:
        return tf.cast(x, "float32"), x.dtype
    return x, x.dtype


def _move_to_last(x, axis):
    rank = x.shape.rank
    axis = axis % rank
    perm = [a for a in range(rank) if a != axis] + [axis]
    return tf.transpose(x, perm), perm


def _loss_inputs(target, output):
    """Returns `target` and `output` in their promoted float dtype (16-bit
    floats widened to float32), and the dtype to return."""
    target, output = convert_to_tensor(target), convert_to_tensor(output)
    dtype = dtypes.result_type(target.dtype.name, output.dtype.name)
    if not dtypes.is_float_dtype(dtype):
        dtype = dtypes.result_type(dtype, float)
    wide = "float32" if dtype in ("float16", "bfloat16") else dtype
    return cast(target, wide), cast(output, wide), dtype
