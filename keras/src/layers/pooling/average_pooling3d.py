"""`AveragePooling3D`: 3D (volumetric) average pooling."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_pooling import BasePooling


@keras_export(["keras.layers.AveragePooling3D", "keras.layers.AvgPool3D"])
class AveragePooling3D(BasePooling):
    """3D average pooling: the mean of each window.

    Inputs have shape `(batch, depth, height, width, channels)` with
    `"channels_last"` and `(batch, channels, depth, height, width)` with
    `"channels_first"`. Along each spatial dim of size `n`, the output
    size is `(n - pool_size) // strides + 1` with `"valid"` padding and
    `ceil(n / strides)` with `"same"` padding, where windows that overlap
    the border average only their real elements.

    Args:
        pool_size: an int or 3 ints, the window's size.
        strides: an int or 3 ints, the window's step (default:
            `pool_size`).
        padding: `"valid"` or `"same"`.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        name: the layer's name.
        **kwargs: base layer arguments (`dtype`, `trainable`, ...).

    Example:

    >>> x = keras.ops.ones((1, 4, 4, 4, 2))
    >>> keras.layers.AveragePooling3D(2, padding="same")(x).shape
    (1, 2, 2, 2, 2)
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
            pool_dimensions=3,
            pool_mode="average",
            padding=padding,
            data_format=data_format,
            name=name,
            **kwargs,
        )
