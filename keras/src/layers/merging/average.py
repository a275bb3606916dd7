"""`Average`: the elementwise mean of a list of tensors."""

import functools

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.merging.base_merge import Merge


@keras_export("keras.layers.Average")
class Average(Merge):
    """Averages a list of tensors elementwise.

    The inputs' non-batch shapes must be equal or broadcastable (aligned
    on their last axes). Integer inputs give a float output.

    Args:
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> x1 = keras.ops.ones((2, 3))
    >>> x2 = keras.ops.zeros((2, 3))
    >>> y = keras.layers.Average()([x1, x2])
    >>> keras.ops.convert_to_numpy(y).tolist()
    [[0.5, 0.5, 0.5], [0.5, 0.5, 0.5]]
    """

    def _merge_function(self, inputs):
        total = functools.reduce(ops.add, inputs)
        return ops.divide(total, len(inputs))

    def _output_dtype(self, dtypes):
        dtype = backend.result_type(*dtypes)
        if backend.is_float_dtype(dtype):
            return dtype
        return backend.floatx()


@keras_export("keras.layers.average")
def average(inputs, **kwargs):
    """Averages a list of tensors elementwise (the functional form of
    `Average`).

    Args:
        inputs: a list of tensors with broadcastable shapes.
        **kwargs: arguments of the `Average` layer.

    Returns:
        The elementwise mean of the inputs.

    Example:

    >>> x1 = keras.ops.ones((2, 3))
    >>> x2 = keras.ops.zeros((2, 3))
    >>> keras.layers.average([x1, x2]).shape
    (2, 3)
    """
    return Average(**kwargs)(inputs)
