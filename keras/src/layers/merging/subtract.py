"""`Subtract`: the elementwise difference of two tensors."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.merging.base_merge import Merge


@keras_export("keras.layers.Subtract")
class Subtract(Merge):
    """Subtracts the second of two tensors from the first, elementwise.

    It takes a list of exactly two tensors whose non-batch shapes are
    equal or broadcastable (aligned on their last axes).

    Args:
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> x1 = keras.ops.ones((2, 3))
    >>> x2 = keras.ops.ones((2, 3))
    >>> y = keras.layers.Subtract()([x1, x2])
    >>> keras.ops.convert_to_numpy(y).tolist()
    [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
    """

    _num_inputs = 2

    def _merge_function(self, inputs):
        return ops.subtract(inputs[0], inputs[1])


@keras_export("keras.layers.subtract")
def subtract(inputs, **kwargs):
    """Subtracts two tensors elementwise (the functional form of
    `Subtract`).

    Args:
        inputs: a list of two tensors with broadcastable shapes.
        **kwargs: arguments of the `Subtract` layer.

    Returns:
        `inputs[0] - inputs[1]`.

    Example:

    >>> x1 = keras.ops.ones((2, 3))
    >>> x2 = keras.ops.ones((2, 3))
    >>> keras.layers.subtract([x1, x2]).shape
    (2, 3)
    """
    return Subtract(**kwargs)(inputs)
