"""`UpSampling3D`: enlarges volumes by integer factors."""

from keras.src.api_export import keras_export
from keras.src.layers.reshaping.base_up_sampling import BaseUpSampling


@keras_export("keras.layers.UpSampling3D")
class UpSampling3D(BaseUpSampling):
    """Upsamples volumes by repeating each entry `size[i]` times along
    spatial dim `i`.

    Inputs of shape `(batch, dim1, dim2, dim3, channels)`, or
    `(batch, channels, dim1, dim2, dim3)` with `"channels_first"`, give
    outputs with each spatial dim multiplied by its factor.

    Args:
        size: a positive int or a tuple of three positive ints.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> x = keras.ops.ones((2, 1, 2, 3, 4))
    >>> keras.layers.UpSampling3D((2, 1, 3))(x).shape
    (2, 2, 2, 9, 4)
    """

    def __init__(self, size=(2, 2, 2), data_format=None, **kwargs):
        super().__init__(3, size, data_format=data_format, **kwargs)
