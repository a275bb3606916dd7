"""`AdaptiveMaxPooling3D`: max pooling of 3D inputs to a fixed size."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_adaptive_pooling import (
    BaseAdaptiveMaxPooling,
)


@keras_export("keras.layers.AdaptiveMaxPooling3D")
class AdaptiveMaxPooling3D(BaseAdaptiveMaxPooling):
    """Adaptive max pooling of 3D inputs: the maximum of windows
    sized so that each spatial dim has `output_size` entries.

    Along a dim of length `L` pooled to `n` outputs, output `i` covers
    inputs `floor(i * L / n)` to `ceil((i + 1) * L / n)` (exclusive).
    Inputs of shape `(batch, dim1, dim2, dim3, channels)`, or
    `(batch, channels, dim1, dim2, dim3)` with `"channels_first"`, keep their
    batch and channel dims.

    Args:
        output_size: a positive int (the same for every spatial dim) or a
            tuple of 3 positive ints.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> x = keras.ops.ones((2, 5, 6, 7, 3))
    >>> keras.layers.AdaptiveMaxPooling3D(2)(x).shape
    (2, 2, 2, 2, 3)
    """

    def __init__(self, output_size, data_format=None, **kwargs):
        super().__init__(output_size, 3, data_format=data_format,
                         **kwargs)
