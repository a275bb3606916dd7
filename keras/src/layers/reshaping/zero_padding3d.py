"""`ZeroPadding3D`: adds zeros around volumes."""

from keras.src.api_export import keras_export
from keras.src.layers.reshaping.base_zero_padding import BaseZeroPadding


@keras_export("keras.layers.ZeroPadding3D")
class ZeroPadding3D(BaseZeroPadding):
    """Pads volumes with zeros along their three spatial dims.

    Inputs of shape `(batch, dim1, dim2, dim3, channels)`, or
    `(batch, channels, dim1, dim2, dim3)` with `"channels_first"`, get
    `before + after` more entries along each spatial dim.

    Args:
        padding: an int (the same amount everywhere), a tuple of three
            ints (each added on both sides of its dim) or a tuple of three
            `(before, after)` pairs.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> x = keras.ops.ones((2, 2, 2, 2, 1))
    >>> keras.layers.ZeroPadding3D((1, (0, 2), 0))(x).shape
    (2, 4, 4, 2, 1)
    """

    def __init__(self, padding=((1, 1), (1, 1), (1, 1)), data_format=None,
                 **kwargs):
        super().__init__(3, padding, data_format=data_format, **kwargs)
