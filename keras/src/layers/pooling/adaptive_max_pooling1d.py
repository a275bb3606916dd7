"""`AdaptiveMaxPooling1D`: max pooling of 1D inputs to a fixed size."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_adaptive_pooling import (
    BaseAdaptiveMaxPooling,
)


@keras_export("keras.layers.AdaptiveMaxPooling1D")
class AdaptiveMaxPooling1D(BaseAdaptiveMaxPooling):
    """Adaptive max pooling of 1D inputs: the maximum of windows
    sized so that each spatial dim has `output_size` entries.

    Along a dim of length `L` pooled to `n` outputs, output `i` covers
    inputs `floor(i * L / n)` to `ceil((i + 1) * L / n)` (exclusive).
    Inputs of shape `(batch, steps, channels)`, or
    `(batch, channels, steps)` with `"channels_first"`, keep their
    batch and channel dims.

    Args:
        output_size: a positive int, the number of output steps.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> x = np.arange(6, dtype="float32").reshape(1, 6, 1)
    >>> y = keras.layers.AdaptiveMaxPooling1D(3)(x)
    >>> keras.ops.convert_to_numpy(y)[0, :, 0]
    array([1., 3., 5.], dtype=float32)
    """

    def __init__(self, output_size, data_format=None, **kwargs):
        super().__init__(output_size, 1, data_format=data_format,
                         **kwargs)
