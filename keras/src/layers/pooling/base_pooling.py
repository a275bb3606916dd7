"""`BasePooling`: the windowed max and average pooling behind the
`MaxPooling*D` and `AveragePooling*D` layers."""

from keras.src import backend
from keras.src import ops
from keras.src.backend import KerasTensor
from keras.src.layers import convolutional as conv_utils
from keras.src.layers import pooling
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer


class BasePooling(Layer):
    """N-D pooling: the maximum or the average of each window of
    `pool_size` elements, moved by `strides`, over every channel.

    With `"same"` padding, windows that overlap the border ignore the
    missing elements (an average counts only the real ones).

    Args:
        pool_size: an int or `pool_dimensions` ints, the window's size.
        strides: an int or `pool_dimensions` ints, the window's step
            (default: `pool_size`).
        pool_dimensions: the number of spatial dims (1, 2 or 3).
        pool_mode: `"max"` or `"average"`.
        padding: `"valid"` (none) or `"same"` (output size
            `ceil(size / stride)`).
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        name: the layer's name.
        **kwargs: base layer arguments (`dtype`, `trainable`, ...).

    Example:

    >>> from keras.src.layers.pooling.base_pooling import BasePooling
    >>> layer = BasePooling(2, None, pool_dimensions=1)
    >>> layer(keras.ops.ones((2, 6, 3))).shape
    (2, 3, 3)
    """

    def __init__(
        self,
        pool_size,
        strides,
        pool_dimensions,
        pool_mode="max",
        padding="valid",
        data_format=None,
        name=None,
        **kwargs,
    ):
        super().__init__(name=name, **kwargs)
        if pool_mode not in ("max", "average"):
            raise ValueError(
                "`pool_mode` must be 'max' or 'average'. Received: "
                f"pool_mode={pool_mode!r}"
            )
        self.pool_mode = pool_mode
        self.pool_dimensions = pool_dimensions
        self.pool_size = conv_utils.int_tuple(
            "pool_size", pool_size, pool_dimensions
        )
        self.strides = self.pool_size if strides is None else (
            conv_utils.int_tuple("strides", strides, pool_dimensions)
        )
        # Checked when used, as Keras does (it accepts any string here).
        self.padding = padding.lower() if isinstance(padding, str) else padding
        self.data_format = backend.standardize_data_format(data_format)
        self.input_spec = InputSpec(ndim=pool_dimensions + 2)
        self.built = True

    def call(self, inputs):
        pool = ops.max_pool if self.pool_mode == "max" else ops.average_pool
        return pool(
            inputs,
            pool_size=self.pool_size,
            strides=self.strides,
            padding=self._checked_padding(),
            data_format=self.data_format,
        )

    def compute_output_shape(self, input_shape):
        conv_utils.check_input_rank(self, input_shape, self.pool_dimensions)
        batch, channels, spatial = conv_utils.split_shape(
            input_shape, self.data_format
        )
        padding = self._checked_padding()
        out = [
            conv_utils.output_length(self, size, k, s, 1, padding)
            for size, k, s in zip(spatial, self.pool_size, self.strides)
        ]
        return conv_utils.join_shape(batch, channels, out, self.data_format)

    def _checked_padding(self):
        try:
            return conv_utils.standardize_padding(self.padding)
        except ValueError as error:
            raise ValueError(f"{type(self).__name__}: {error}") from None

    def compute_output_spec(self, inputs, **kwargs):
        shape = self.compute_output_shape(inputs.shape)
        if self.pool_mode == "max":
            return KerasTensor(shape, dtype=pooling.output_dtype(self, inputs))
        return KerasTensor(shape, dtype=self.compute_dtype)

    def get_config(self):
        config = super().get_config()
        config.update({
            "pool_size": self.pool_size,
            "padding": self.padding,
            "strides": self.strides,
            "data_format": self.data_format,
        })
        return config
