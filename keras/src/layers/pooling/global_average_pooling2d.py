"""`GlobalAveragePooling2D`: average over the spatial dims of 2D inputs."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_global_pooling import BaseGlobalPooling


@keras_export(
    ["keras.layers.GlobalAveragePooling2D", "keras.layers.GlobalAvgPool2D"]
)
class GlobalAveragePooling2D(BaseGlobalPooling):
    """Global average pooling of 2D inputs: the mean over the
    spatial dims of each channel.

    Inputs of shape `(batch, height, width, channels)`, or
    `(batch, channels, height, width)` with `"channels_first"`, give
    outputs `(batch, channels)`, or, with `keepdims=True`, outputs of the
    input's rank with spatial dims of size 1.

    Args:
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        keepdims: whether to keep the spatial dims (with size 1).
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> x = keras.ops.ones((2, 4, 5, 3))
    >>> keras.layers.GlobalAveragePooling2D()(x).shape
    (2, 3)
    """

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(
            pool_dimensions=2,
            pool_mode="average",
            data_format=data_format,
            keepdims=keepdims,
            **kwargs,
        )
