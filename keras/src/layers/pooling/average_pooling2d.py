"""`AveragePooling2D`: 2D (spatial) average pooling."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_pooling import BasePooling


@keras_export(["keras.layers.AveragePooling2D", "keras.layers.AvgPool2D"])
class AveragePooling2D(BasePooling):
    """2D average pooling: the mean of each window.

    Inputs have shape `(batch, height, width, channels)` with
    `"channels_last"` and `(batch, channels, height, width)` with
    `"channels_first"`. Along each spatial dim of size `n`, the output
    size is `(n - pool_size) // strides + 1` with `"valid"` padding and
    `ceil(n / strides)` with `"same"` padding, where windows that overlap
    the border average only their real elements.

    Args:
        pool_size: an int or 2 ints, the window's size.
        strides: an int or 2 ints, the window's step (default:
            `pool_size`).
        padding: `"valid"` or `"same"`.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        name: the layer's name.
        **kwargs: base layer arguments (`dtype`, `trainable`, ...).

    Example:

    >>> x = keras.ops.ones((2, 6, 6, 3))
    >>> keras.layers.AveragePooling2D(2, strides=1)(x).shape
    (2, 5, 5, 3)
    """

    def __init__(
        self,
        pool_size,
        strides=None,
        padding="valid",
        data_format=None,
        name=None,
        **kwargs,
    ):
        super().__init__(
            pool_size,
            strides,
            pool_dimensions=2,
            pool_mode="average",
            padding=padding,
            data_format=data_format,
            name=name,
            **kwargs,
        )
