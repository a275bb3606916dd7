"""Elementwise NumPy-style ops: arithmetic, math functions, comparisons."""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.ops import shape_rules
from keras.src.ops.operation import symbolic_op


@keras_export(["keras.ops.add", "keras.ops.numpy.add"])
def add(x1, x2):
    """Adds two tensors elementwise, with broadcasting.

    Args:
        x1: a tensor.
        x2: a tensor.

    Returns:
        The elementwise sum, of the promoted dtype of `x1` and `x2`.

    Example:

    >>> keras.ops.add(np.array([1.0, 2.0]), 1.0)
    array([2., 3.], dtype=float32)
    """
    if any_symbolic_tensors((x1, x2)):
        return symbolic_op(add, shape_rules.binary_spec("add"), x1, x2)
    return backend.numpy.add(x1, x2)
