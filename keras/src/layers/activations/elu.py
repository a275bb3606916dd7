"""`ELU`: the exponential linear unit."""

from keras.src import activations
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer


@keras_export("keras.layers.ELU")
class ELU(Layer):
    """Exponential linear unit: `x` for `x > 0`, else
    `alpha * (exp(x) - 1)`.

    Args:
        alpha: the scale of the negative part.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> layer = keras.layers.ELU(alpha=2.0)
    >>> y = layer(np.array([[0.0, 3.0]], "float32"))
    >>> keras.ops.convert_to_numpy(y).tolist()
    [[0.0, 3.0]]
    """

    def __init__(self, alpha=1.0, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
        self.alpha = alpha
        self.built = True

    def call(self, inputs):
        return activations.elu(inputs, alpha=self.alpha)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        # Keras lists `alpha` right after `name`.
        return {"name": config["name"], "alpha": self.alpha, **config}
