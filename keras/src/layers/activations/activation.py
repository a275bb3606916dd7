"""`Activation`: applies an activation function as a layer."""

from keras.src import activations
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer


@keras_export("keras.layers.Activation")
class Activation(Layer):
    """Applies an activation function to its inputs.

    Args:
        activation: the activation: a name (such as `"relu"`), a callable,
            a config dict, or `None` for the identity.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> layer = keras.layers.Activation("relu")
    >>> y = layer(np.array([[-1.0, 2.0]], "float32"))
    >>> keras.ops.convert_to_numpy(y).tolist()
    [[0.0, 2.0]]
    """

    def __init__(self, activation, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
        self.activation = activations.get(activation)
        self.built = True

    def call(self, inputs):
        return self.activation(inputs)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config["activation"] = activations.serialize(self.activation)
        return config
