"""`GlobalAveragePooling3D`: average over the spatial dims of 3D inputs."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_global_pooling import BaseGlobalPooling


@keras_export(
    ["keras.layers.GlobalAveragePooling3D", "keras.layers.GlobalAvgPool3D"]
)
class GlobalAveragePooling3D(BaseGlobalPooling):
    """Global average pooling of 3D inputs: the mean over the
    spatial dims of each channel.

    Inputs of shape `(batch, depth, height, width, channels)`, or
    `(batch, channels, depth, height, width)` with `"channels_first"`, give
    outputs `(batch, channels)`, or, with `keepdims=True`, outputs of the
    input's rank with spatial dims of size 1.

    Args:
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        keepdims: whether to keep the spatial dims (with size 1).
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> x = keras.ops.ones((2, 3, 4, 5, 3))
    >>> layer = keras.layers.GlobalAveragePooling3D(keepdims=True)
    >>> layer(x).shape
    (2, 1, 1, 1, 3)
    """

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(
            pool_dimensions=3,
            pool_mode="average",
            data_format=data_format,
            keepdims=keepdims,
            **kwargs,
        )
