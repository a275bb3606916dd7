"""The `Rescaling` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.tf_data_layer import TFDataLayer
from keras.src.saving import serialization_lib


@keras_export("keras.layers.Rescaling")
class Rescaling(TFDataLayer):
    """Multiplies inputs by `scale` and adds `offset`.

    Useful to map pixel values in `[0, 255]` to `[0, 1]` (`scale=1/255`)
    or to `[-1, 1]` (`scale=1/127.5, offset=-1`). Integer inputs give
    outputs of the layer's compute dtype. The layer also runs inside
    `tf.data` pipelines whatever the backend.

    Args:
        scale: a number, or a list/array broadcastable against the
            inputs (e.g. one scale per channel).
        offset: a number or broadcastable list/array added after scaling.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> layer = keras.layers.Rescaling(scale=1 / 255.0)
    >>> y = layer(keras.ops.full((1, 2), 255.0))
    >>> keras.ops.convert_to_numpy(y).tolist()
    [[1.0, 1.0]]
    """

    def __init__(self, scale, offset=0.0, **kwargs):
        super().__init__(**kwargs)
        self.scale = scale
        self.offset = offset
        self.supports_masking = True

    def call(self, inputs):
        dtype = self.compute_dtype
        scale = self.backend.cast(self.scale, dtype)
        offset = self.backend.cast(self.offset, dtype)
        inputs = self.backend.cast(inputs, dtype)
        return self.backend.numpy.add(
            self.backend.numpy.multiply(inputs, scale), offset
        )

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self):
        config = super().get_config()
        config.update(
            {
                "scale": serialization_lib.serialize_keras_object(self.scale),
                "offset": serialization_lib.serialize_keras_object(
                    self.offset
                ),
            }
        )
        return config

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        for key in ("scale", "offset"):
            config[key] = serialization_lib.deserialize_keras_object(
                config[key]
            )
        return cls(**config)
