"""`Cropping3D`: removes entries from the edges of volumes."""

from keras.src.api_export import keras_export
from keras.src.layers.reshaping.base_cropping import BaseCropping


@keras_export("keras.layers.Cropping3D")
class Cropping3D(BaseCropping):
    """Crops volumes along their three spatial dims.

    Inputs of shape `(batch, dim1, dim2, dim3, channels)`, or
    `(batch, channels, dim1, dim2, dim3)` with `"channels_first"`, lose
    `before + after` entries along each spatial dim.

    Args:
        cropping: an int (the same amount everywhere), a tuple of three
            ints (each removed from both sides of its dim) or a tuple of
            three `(before, after)` pairs.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> x = keras.ops.ones((2, 6, 6, 6, 1))
    >>> keras.layers.Cropping3D((1, (0, 2), 2))(x).shape
    (2, 4, 4, 2, 1)
    """

    def __init__(self, cropping=((1, 1), (1, 1), (1, 1)), data_format=None,
                 **kwargs):
        super().__init__(3, cropping, data_format=data_format, **kwargs)
