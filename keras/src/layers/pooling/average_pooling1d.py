"""`AveragePooling1D`: 1D (temporal) average pooling."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_pooling import BasePooling


@keras_export(["keras.layers.AveragePooling1D", "keras.layers.AvgPool1D"])
class AveragePooling1D(BasePooling):
    """1D average pooling: the mean of each window.

    Inputs have shape `(batch, steps, channels)` with
    `"channels_last"` and `(batch, channels, steps)` with
    `"channels_first"`. Along each spatial dim of size `n`, the output
    size is `(n - pool_size) // strides + 1` with `"valid"` padding and
    `ceil(n / strides)` with `"same"` padding, where windows that overlap
    the border average only their real elements.

    Args:
        pool_size: an int or a 1-tuple, the window's size.
        strides: an int or a 1-tuple, the window's step (default:
            `pool_size`).
        padding: `"valid"` or `"same"`.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        name: the layer's name.
        **kwargs: base layer arguments (`dtype`, `trainable`, ...).

    Example:

    >>> x = np.array([1.0, 5.0, 2.0, 4.0, 3.0], "float32").reshape(1, 5, 1)
    >>> y = keras.layers.AveragePooling1D(2, padding="same")(x)
    >>> keras.ops.convert_to_numpy(y)[0, :, 0]
    array([3., 3., 3.], dtype=float32)
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
            pool_dimensions=1,
            pool_mode="average",
            padding=padding,
            data_format=data_format,
            name=name,
            **kwargs,
        )
