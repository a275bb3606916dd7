"""`ZeroPadding1D`: adds zeros at both ends of sequences."""

from keras.src.api_export import keras_export
from keras.src.layers.reshaping.base_zero_padding import BaseZeroPadding


@keras_export("keras.layers.ZeroPadding1D")
class ZeroPadding1D(BaseZeroPadding):
    """Pads sequences with zeros along their time axis.

    Inputs of shape `(batch, steps, features)`, or
    `(batch, features, steps)` with `"channels_first"`, get
    `before + after` more steps.

    Args:
        padding: an int (the same number of zeros at the start and the
            end) or a tuple of two ints `(before, after)`.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> x = np.ones((1, 2, 1), dtype="float32")
    >>> y = keras.layers.ZeroPadding1D((1, 2))(x)
    >>> keras.ops.convert_to_numpy(y)[0, :, 0]
    array([0., 1., 1., 0., 0.], dtype=float32)
    """

    def __init__(self, padding=1, data_format=None, **kwargs):
        super().__init__(1, padding, data_format=data_format, **kwargs)
