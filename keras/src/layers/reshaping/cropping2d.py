"""`Cropping2D`: removes rows and columns from the edges of images."""

from keras.src.api_export import keras_export
from keras.src.layers.reshaping.base_cropping import BaseCropping


@keras_export("keras.layers.Cropping2D")
class Cropping2D(BaseCropping):
    """Crops images along their height and width.

    Inputs of shape `(batch, height, width, channels)`, or
    `(batch, channels, height, width)` with `"channels_first"`, lose
    `top + bottom` rows and `left + right` columns.

    Args:
        cropping: an int (the same amount on all four edges), a tuple of
            two ints `(height_crop, width_crop)` (each removed from both
            sides) or a tuple of two pairs
            `((top, bottom), (left, right))`.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> x = keras.ops.ones((2, 8, 8, 3))
    >>> keras.layers.Cropping2D(((1, 2), (0, 3)))(x).shape
    (2, 5, 5, 3)
    """

    def __init__(self, cropping=((0, 0), (0, 0)), data_format=None,
                 **kwargs):
        super().__init__(2, cropping, data_format=data_format, **kwargs)
