"""`GlobalAveragePooling1D`: average over the spatial dims of 1D inputs."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_global_pooling import BaseGlobalPooling


@keras_export(
    ["keras.layers.GlobalAveragePooling1D", "keras.layers.GlobalAvgPool1D"]
)
class GlobalAveragePooling1D(BaseGlobalPooling):
    """Global average pooling of 1D inputs: the mean over the
    spatial dims of each channel.

    Inputs of shape `(batch, steps, channels)`, or
    `(batch, channels, steps)` with `"channels_first"`, give
    outputs `(batch, channels)`, or, with `keepdims=True`, outputs of the
    input's rank with spatial dims of size 1.

    It supports masking: with a `mask` of shape `(batch, steps)`, only the
    unmasked steps are averaged (a fully masked sample gives zeros). The
    output carries no mask.

    Args:
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        keepdims: whether to keep the spatial dims (with size 1).
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> x = np.array([[[1.0, 6.0], [5.0, 2.0], [3.0, 1.0]]], "float32")
    >>> mask = np.array([[True, True, False]])
    >>> y = keras.layers.GlobalAveragePooling1D()(x, mask=mask)
    >>> keras.ops.convert_to_numpy(y)
    array([[3., 4.]], dtype=float32)
    """

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(
            pool_dimensions=1,
            pool_mode="average",
            data_format=data_format,
            keepdims=keepdims,
            **kwargs,
        )
        self.supports_masking = True

    def call(self, inputs, mask=None):
        if mask is None:
            return super().call(inputs)
        axis = 2 if self.data_format == "channels_first" else 1
        dtype = backend.standardize_dtype(inputs.dtype)
        if not backend.is_float_dtype(dtype):
            dtype = self.compute_dtype
        weights = ops.expand_dims(
            ops.cast(mask, dtype), 1 if axis == 2 else -1
        )
        total = ops.sum(
            ops.multiply(inputs, weights), axis=axis, keepdims=self.keepdims
        )
        count = ops.sum(weights, axis=axis, keepdims=self.keepdims)
        # Fully masked samples have a zero count and a zero total.
        return ops.divide_no_nan(total, count)

    def compute_mask(self, inputs, mask=None):
        return None
