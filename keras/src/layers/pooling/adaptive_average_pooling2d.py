"""`AdaptiveAveragePooling2D`: average pooling of 2D inputs to a fixed size."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_adaptive_pooling import (
    BaseAdaptiveAveragePooling,
)


@keras_export("keras.layers.AdaptiveAveragePooling2D")
class AdaptiveAveragePooling2D(BaseAdaptiveAveragePooling):
    """Adaptive average pooling of 2D inputs: the mean of windows
    sized so that each spatial dim has `output_size` entries.

    Along a dim of length `L` pooled to `n` outputs, output `i` covers
    inputs `floor(i * L / n)` to `ceil((i + 1) * L / n)` (exclusive).
    Inputs of shape `(batch, height, width, channels)`, or
    `(batch, channels, height, width)` with `"channels_first"`, keep their
    batch and channel dims.

    Args:
        output_size: a positive int (the same for every spatial dim) or a
            tuple of 2 positive ints.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> x = keras.ops.ones((2, 7, 9, 3))
    >>> keras.layers.AdaptiveAveragePooling2D((2, 4))(x).shape
    (2, 2, 4, 3)
    """

    def __init__(self, output_size, data_format=None, **kwargs):
        super().__init__(output_size, 2, data_format=data_format,
                         **kwargs)
