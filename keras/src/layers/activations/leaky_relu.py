"""`LeakyReLU`: a ReLU with a small slope below zero."""

import warnings

from keras.src import activations
from keras.src.api_export import keras_export
from keras.src.layers.activations.relu import check_non_negative
from keras.src.layers.layer import Layer


@keras_export("keras.layers.LeakyReLU")
class LeakyReLU(Layer):
    """Leaky rectified linear unit: `x` for `x >= 0`, else
    `negative_slope * x`.

    Args:
        negative_slope: the slope below zero; `>= 0`.
        **kwargs: base layer arguments (`name`, `dtype`, ...). The legacy
            name `alpha` for `negative_slope` is accepted with a warning.

    Example:

    >>> layer = keras.layers.LeakyReLU(negative_slope=0.5)
    >>> y = layer(np.array([[-2.0, 3.0]], "float32"))
    >>> keras.ops.convert_to_numpy(y).tolist()
    [[-1.0, 3.0]]
    """

    def __init__(self, negative_slope=0.3, **kwargs):
        if "alpha" in kwargs:
            negative_slope = kwargs.pop("alpha")
            warnings.warn(
                "Argument `alpha` of LeakyReLU is deprecated; use "
                "`negative_slope` instead.",
                stacklevel=2,
            )
        super().__init__(**kwargs)
        check_non_negative("LeakyReLU", "negative_slope", negative_slope)
        self.supports_masking = True
        self.negative_slope = negative_slope
        self.built = True

    def call(self, inputs):
        return activations.leaky_relu(
            inputs, negative_slope=self.negative_slope
        )

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config["negative_slope"] = self.negative_slope
        return config
