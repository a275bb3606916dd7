"""`Multiply`: the elementwise product of a list of tensors."""

import functools

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.merging.base_merge import Merge


@keras_export("keras.layers.Multiply")
class Multiply(Merge):
    """Multiplies a list of tensors elementwise.

    The inputs' non-batch shapes must be equal or broadcastable (aligned
    on their last axes); the output has the broadcast shape.

    Args:
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> x1 = keras.ops.ones((2, 3))
    >>> x2 = keras.ops.ones((2, 1))
    >>> keras.layers.Multiply()([x1, x2]).shape
    (2, 3)
    """

    def _merge_function(self, inputs):
        return functools.reduce(ops.multiply, inputs)


@keras_export("keras.layers.multiply")
def multiply(inputs, **kwargs):
    """Multiplies a list of tensors elementwise (the functional form of
    `Multiply`).

    Args:
        inputs: a list of tensors with broadcastable shapes.
        **kwargs: arguments of the `Multiply` layer.

    Returns:
        The product of the inputs.

    Example:

    >>> x1 = keras.ops.ones((2, 3))
    >>> x2 = keras.ops.ones((2, 3))
    >>> keras.layers.multiply([x1, x2]).shape
    (2, 3)
    """
    return Multiply(**kwargs)(inputs)
