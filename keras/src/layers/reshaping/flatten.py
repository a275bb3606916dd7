"""`Flatten`: collapses all non-batch axes into one."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.backend import KerasTensor
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.layers.reshaping import known_size
from keras.src.layers.reshaping import output_dtype


@keras_export("keras.layers.Flatten")
class Flatten(Layer):
    """Flattens each sample: `(batch, d1, ..., dn)` becomes
    `(batch, d1 * ... * dn)`, and `(batch,)` becomes `(batch, 1)`.

    Args:
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`). With `"channels_first"`
            the channel axis 1 is moved last before flattening, so the
            element order matches that of channels-last inputs.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> x = keras.ops.ones((2, 3, 4))
    >>> keras.layers.Flatten()(x).shape
    (2, 12)
    """

    def __init__(self, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.data_format = backend.standardize_data_format(data_format)
        self.input_spec = InputSpec(min_ndim=1)

    def call(self, inputs):
        rank = len(inputs.shape)
        if self.data_format == "channels_first" and rank > 2:
            order = (0,) + tuple(range(2, rank)) + (1,)
            inputs = ops.transpose(inputs, order)
        size = known_size(inputs.shape[1:])
        if size:
            return ops.reshape(inputs, (-1, size))
        # Unknown (while tracing) or zero sizes: -1 cannot stand for both.
        batch = ops.shape(inputs)[0]
        return ops.reshape(inputs, (batch, -1 if size is None else 0))

    def compute_output_shape(self, input_shape):
        input_shape = tuple(input_shape)
        if not input_shape:
            raise ValueError(
                f"Layer '{self.name}' (Flatten) expects inputs of rank >= 1 "
                f"(with a batch axis). Received: input_shape={input_shape}"
            )
        return (input_shape[0], known_size(input_shape[1:]))

    def compute_output_spec(self, inputs, **kwargs):
        shape = self.compute_output_shape(inputs.shape)
        return KerasTensor(shape, dtype=output_dtype(self, inputs))

    def get_config(self):
        config = super().get_config()
        config.update({"data_format": self.data_format})
        return config
