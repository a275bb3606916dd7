"""`GlobalMaxPooling3D`: max over the spatial dims of 3D inputs."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_global_pooling import BaseGlobalPooling


@keras_export(
    ["keras.layers.GlobalMaxPooling3D", "keras.layers.GlobalMaxPool3D"]
)
class GlobalMaxPooling3D(BaseGlobalPooling):
    """Global max pooling of 3D inputs: the maximum over the
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
    >>> keras.layers.GlobalMaxPooling3D()(x).shape
    (2, 3)
    """

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(
            pool_dimensions=3,
            pool_mode="max",
            data_format=data_format,
            keepdims=keepdims,
            **kwargs,
        )
