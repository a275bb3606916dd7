"""`MaxPooling3D`: 3D (volumetric) max pooling."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_pooling import BasePooling


@keras_export(["keras.layers.MaxPooling3D", "keras.layers.MaxPool3D"])
class MaxPooling3D(BasePooling):
    """3D max pooling: the maximum of each window.

    Inputs have shape `(batch, depth, height, width, channels)` with
    `"channels_last"` and `(batch, channels, depth, height, width)` with
    `"channels_first"`. Along each spatial dim of size `n`, the output
    size is `(n - pool_size) // strides + 1` with `"valid"` padding and
    `ceil(n / strides)` with `"same"` padding, where windows that overlap
    the border take the maximum of their real elements.

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
    >>> keras.layers.MaxPooling3D(strides=1)(x).shape
    (1, 3, 3, 3, 2)
    """

    def __init__(
        self,
        pool_size=(2, 2, 2),
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
            pool_mode="max",
            padding=padding,
            data_format=data_format,
            name=name,
            **kwargs,
        )
