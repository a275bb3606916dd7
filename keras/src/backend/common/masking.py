"""Reading and writing the Keras mask a tensor carries.

Layers that produce or consume masks (`Embedding(mask_zero=True)`,
`Masking`, recurrent and attention layers) store the mask of an output on
the tensor itself, as its `_keras_mask` attribute; the next layer's
`__call__` reads it from there. NumPy arrays take no attributes: theirs
is kept in a side table keyed by the array (`tensor_attributes`), dropped
when the array is.
"""

from keras.src.backend.common.tensor_attributes import get_tensor_attr
from keras.src.backend.common.tensor_attributes import set_tensor_attr


def get_keras_mask(x):
    """Returns the mask `x` carries, or `None` when it carries none.

    Args:
        x: a tensor.

    Returns:
        The boolean mask tensor set on `x`, or `None`.

    Example:

    >>> import numpy as np
    >>> get_keras_mask(np.ones((2, 3))) is None
    True
    """
    return get_tensor_attr(x, "_keras_mask")


def set_keras_mask(x, mask):
    """Sets `mask` as the mask `x` carries (in place).

    Args:
        x: a tensor.
        mask: a boolean tensor, or `None` to remove the mask `x` carries.

    Example:

    ```python
    x = keras.ops.convert_to_tensor([[1.0, 0.0]])  # a torch/TF tensor
    set_keras_mask(x, keras.ops.convert_to_tensor([[True, False]]))
    get_keras_mask(x)  # the mask
    set_keras_mask(x, None)
    get_keras_mask(x)  # None
    ```
    """
    set_tensor_attr(x, "_keras_mask", mask)
