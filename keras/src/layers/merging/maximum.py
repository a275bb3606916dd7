"""`Maximum`: the elementwise maximum of a list of tensors."""

import functools

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.merging.base_merge import Merge


@keras_export("keras.layers.Maximum")
class Maximum(Merge):
    """Takes the elementwise maximum of a list of tensors.

    The inputs' non-batch shapes must be equal or broadcastable (aligned
    on their last axes); the output has the broadcast shape.

    Args:
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> x1 = keras.ops.ones((2, 3))
    >>> x2 = keras.ops.zeros((2, 3))
    >>> y = keras.layers.Maximum()([x1, x2])
    >>> keras.ops.convert_to_numpy(y).tolist()
    [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]
    """

    def _merge_function(self, inputs):
        return functools.reduce(ops.maximum, inputs)


@keras_export("keras.layers.maximum")
def maximum(inputs, **kwargs):
    """Takes the elementwise maximum of a list of tensors (the functional
    form of `Maximum`).

    Args:
        inputs: a list of tensors with broadcastable shapes.
        **kwargs: arguments of the `Maximum` layer.

    Returns:
        The elementwise maximum of the inputs.

    Example:

    >>> x1 = keras.ops.ones((2, 3))
    >>> x2 = keras.ops.zeros((2, 3))
    >>> keras.layers.maximum([x1, x2]).shape
    (2, 3)
    """
    return Maximum(**kwargs)(inputs)
