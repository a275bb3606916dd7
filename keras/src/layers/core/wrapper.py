"""`Wrapper`: the base of layers that hold one other layer and change how
it is applied (`TimeDistributed`, `Bidirectional`, ...)."""

from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.saving import serialization_lib


@keras_export("keras.layers.Wrapper")
class Wrapper(Layer):
    """The base class of layers that wrap another layer.

    A wrapper holds the wrapped layer as `self.layer` (its variables are
    the wrapper's variables), builds it when the wrapper is built, and
    saves it in its config under `"layer"`. Subclasses implement `call`.

    Args:
        layer: the `keras.layers.Layer` instance to wrap.
        **kwargs: base layer arguments (`name`, `dtype`, `trainable`, ...).

    Example:

    >>> class Twice(keras.layers.Wrapper):
    ...     def call(self, x):
    ...         return self.layer(self.layer(x))
    >>> Twice(keras.layers.Dense(3))(keras.ops.ones((2, 3))).shape
    (2, 3)
    """

    def __init__(self, layer, **kwargs):
        if not isinstance(layer, Layer):
            raise ValueError(
                f"Layer {layer!r} supplied to {type(self).__name__} isn't "
                "a supported layer type: expected an instance of "
                "`keras.layers.Layer`. Received: "
                f"layer={layer!r} (of type {type(layer).__name__})"
            )
        super().__init__(**kwargs)
        self.layer = layer

    def build(self, input_shape=None):
        if not self.layer.built:
            self.layer.build(input_shape)
        self.built = True

    def get_config(self):
        config = super().get_config()
        config["layer"] = serialization_lib.serialize_keras_object(
            self.layer
        )
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        config["layer"] = serialization_lib.deserialize_keras_object(
            config["layer"], custom_objects=custom_objects
        )
        return super().from_config(config)
