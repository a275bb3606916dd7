"""Reshaping layers: rearrange a tensor's axes without changing values.

Helpers shared by the layers of this package live here.
"""

import math

import numpy as np

from keras.src import backend


def is_int(value):
    """Whether `value` is a Python or NumPy integer (not a bool)."""
    return isinstance(value, (int, np.integer)) and not isinstance(
        value, bool
    )


def output_dtype(layer, x):
    """The dtype of `layer`'s output for input `x`: the input's own, or
    the compute dtype for floats the layer autocasts."""
    dtype = backend.standardize_dtype(x.dtype)
    if layer.autocast and backend.is_float_dtype(dtype):
        return layer.compute_dtype
    return dtype


def known_size(shape):
    """The number of elements of `shape`, or `None` if a dim is unknown."""
    if any(d is None for d in shape):
        return None
    return math.prod(shape)
