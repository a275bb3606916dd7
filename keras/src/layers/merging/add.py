"""`Add`: the elementwise sum of a list of tensors."""

import functools

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.merging.base_merge import Merge


@keras_export("keras.layers.Add")
class Add(Merge):
    """Adds a list of tensors elementwise.

    The inputs' non-batch shapes must be equal or broadcastable (aligned
    on their last axes); the output has the broadcast shape.

    Args:
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> x1 = keras.ops.ones((2, 3))
    >>> x2 = keras.ops.ones((2, 3))
    >>> keras.layers.Add()([x1, x2]).shape
    (2, 3)
    """

    def _merge_function(self, inputs):
        return functools.reduce(ops.add, inputs)


@keras_export("keras.layers.add")
def add(inputs, **kwargs):
    """Adds a list of tensors elementwise (the functional form of `Add`).

    Args:
        inputs: a list of tensors with broadcastable shapes.
        **kwargs: arguments of the `Add` layer.

    Returns:
        The sum of the inputs.

    Example:

    >>> x1 = keras.ops.ones((2, 3))
    >>> x2 = keras.ops.ones((2, 3))
    >>> keras.layers.add([x1, x2]).shape
    (2, 3)
    """
    return Add(**kwargs)(inputs)
