"""`ZeroPadding2D`: adds rows and columns of zeros around images."""

from keras.src.api_export import keras_export
from keras.src.layers.reshaping.base_zero_padding import BaseZeroPadding


@keras_export("keras.layers.ZeroPadding2D")
class ZeroPadding2D(BaseZeroPadding):
    """Pads images with zeros along their height and width.

    Inputs of shape `(batch, height, width, channels)`, or
    `(batch, channels, height, width)` with `"channels_first"`, get
    `top + bottom` more rows and `left + right` more columns.

    Args:
        padding: an int (the same amount on all four edges), a tuple of
            two ints `(height_pad, width_pad)` (each added on both sides)
            or a tuple of two pairs `((top, bottom), (left, right))`.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> x = keras.ops.ones((2, 4, 4, 3))
    >>> keras.layers.ZeroPadding2D(((1, 0), (2, 3)))(x).shape
    (2, 5, 9, 3)
    """

    def __init__(self, padding=(1, 1), data_format=None, **kwargs):
        super().__init__(2, padding, data_format=data_format, **kwargs)
