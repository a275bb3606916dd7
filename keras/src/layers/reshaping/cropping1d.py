"""`Cropping1D`: removes steps from both ends of sequences."""

from keras.src.api_export import keras_export
from keras.src.layers.reshaping.base_cropping import BaseCropping


@keras_export("keras.layers.Cropping1D")
class Cropping1D(BaseCropping):
    """Crops sequences along their time axis.

    Inputs of shape `(batch, steps, features)` give outputs
    `(batch, steps - before - after, features)`.

    Args:
        cropping: an int (the same number of steps removed from the start
            and the end) or a tuple of two ints `(before, after)`.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> x = np.arange(12, dtype="float32").reshape(1, 6, 2)
    >>> y = keras.layers.Cropping1D((1, 2))(x)
    >>> y.shape
    (1, 3, 2)
    >>> keras.ops.convert_to_numpy(y)[0, :, 0]
    array([2., 4., 6.], dtype=float32)
    """

    def __init__(self, cropping=(1, 1), **kwargs):
        super().__init__(1, cropping, **kwargs)
