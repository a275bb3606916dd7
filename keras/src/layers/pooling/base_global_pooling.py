"""`BaseGlobalPooling`: the pooling over all spatial dims behind the
`GlobalMaxPooling*D` and `GlobalAveragePooling*D` layers."""

from keras.src import backend
from keras.src import ops
from keras.src.backend import KerasTensor
from keras.src.layers import convolutional as conv_utils
from keras.src.layers import pooling
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer


class BaseGlobalPooling(Layer):
    """Global pooling: the maximum or the mean over all spatial dims of
    each channel.

    Args:
        pool_dimensions: the number of spatial dims (1, 2 or 3).
        pool_mode: `"max"` or `"average"`.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        keepdims: whether to keep the spatial dims (with size 1).
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> from keras.src.layers.pooling import base_global_pooling
    >>> layer = base_global_pooling.BaseGlobalPooling(1, "max")
    >>> layer(keras.ops.ones((2, 6, 3))).shape
    (2, 3)
    """

    def __init__(
        self,
        pool_dimensions,
        pool_mode,
        data_format=None,
        keepdims=False,
        **kwargs,
    ):
        super().__init__(**kwargs)
        if pool_mode not in ("max", "average"):
            raise ValueError(
                "`pool_mode` must be 'max' or 'average'. Received: "
                f"pool_mode={pool_mode!r}"
            )
        self.pool_dimensions = pool_dimensions
        self.pool_mode = pool_mode
        self.data_format = backend.standardize_data_format(data_format)
        self.keepdims = bool(keepdims)
        self.input_spec = InputSpec(ndim=pool_dimensions + 2)
        self.built = True

    def _spatial_axes(self):
        first = 2 if self.data_format == "channels_first" else 1
        return tuple(range(first, first + self.pool_dimensions))

    def call(self, inputs):
        reduce = ops.max if self.pool_mode == "max" else ops.mean
        return reduce(inputs, axis=self._spatial_axes(),
                      keepdims=self.keepdims)

    def compute_output_shape(self, input_shape):
        conv_utils.check_input_rank(self, input_shape, self.pool_dimensions)
        batch, channels, _ = conv_utils.split_shape(
            input_shape, self.data_format
        )
        if self.keepdims:
            return conv_utils.join_shape(
                batch, channels, (1,) * self.pool_dimensions,
                self.data_format,
            )
        return (batch, channels)

    def compute_output_spec(self, inputs, **kwargs):
        shape = self.compute_output_shape(inputs.shape)
        if self.pool_mode == "max":
            return KerasTensor(shape, dtype=pooling.output_dtype(self, inputs))
        return KerasTensor(shape, dtype=self.compute_dtype)

    def get_config(self):
        config = super().get_config()
        config.update({
            "data_format": self.data_format,
            "keepdims": self.keepdims,
        })
        return config
