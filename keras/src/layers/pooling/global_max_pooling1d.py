"""`GlobalMaxPooling1D`: max over the spatial dims of 1D inputs."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_global_pooling import BaseGlobalPooling


@keras_export(
    ["keras.layers.GlobalMaxPooling1D", "keras.layers.GlobalMaxPool1D"]
)
class GlobalMaxPooling1D(BaseGlobalPooling):
    """Global max pooling of 1D inputs: the maximum over the
    spatial dims of each channel.

    Inputs of shape `(batch, steps, channels)`, or
    `(batch, channels, steps)` with `"channels_first"`, give
    outputs `(batch, channels)`, or, with `keepdims=True`, outputs of the
    input's rank with spatial dims of size 1.

    Args:
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        keepdims: whether to keep the spatial dims (with size 1).
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> x = np.array([[[1.0, 6.0], [5.0, 2.0]]], "float32")
    >>> y = keras.layers.GlobalMaxPooling1D()(x)
    >>> keras.ops.convert_to_numpy(y)
    array([[5., 6.]], dtype=float32)
    """

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(
            pool_dimensions=1,
            pool_mode="max",
            data_format=data_format,
            keepdims=keepdims,
            **kwargs,
        )
