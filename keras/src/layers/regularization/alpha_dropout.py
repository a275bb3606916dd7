"""`AlphaDropout`: dropout that keeps SELU activations self-normalized."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.layers.regularization.dropout import float_inputs
from keras.src.layers.regularization.dropout import standardize_noise_shape
from keras.src.layers.regularization.dropout import validate_rate
from keras.src.random import random
from keras.src.random.seed_generator import SeedGenerator

# The constants of SELU: selu(x) = _SCALE * (_ALPHA * (exp(x) - 1)) for
# x < 0, so its saturation value is -_SCALE * _ALPHA.
_ALPHA = 1.6732632423543772848170429916717
_SCALE = 1.0507009873554804934193349852946
_SATURATION = -_SCALE * _ALPHA


def affine_correction(rate):
    """`(a, b)` such that `a * x + b`, with dropped entries set to the
    SELU saturation value, has the mean and variance of `x` (0 and 1)."""
    a = ((1.0 - rate) * (1.0 + rate * _SATURATION**2)) ** -0.5
    b = -a * _SATURATION * rate
    return a, b


def _fill_noise_shape(noise_shape, inputs):
    shape = ops.shape(inputs)
    if noise_shape is None:
        return tuple(shape)
    return tuple(
        dim if size is None else size
        for size, dim in zip(noise_shape, shape)
    )


@keras_export("keras.layers.AlphaDropout")
class AlphaDropout(Layer):
    """Dropout for self-normalizing networks (SELU activations).

    During training, each input is replaced with probability `rate` by
    the SELU saturation value `-scale * alpha` (about -1.758), and the
    result is transformed by `a * x + b` with `a` and `b` chosen so that
    inputs of mean 0 and variance 1 keep that mean and variance. Outside
    training the layer is the identity.

    Args:
        rate: the fraction of the inputs to drop, in `[0, 1]`.
        noise_shape: the shape of the keep/drop mask, broadcast to the
            inputs; `None` entries take the inputs' dim.
        seed: an int, for reproducible masks.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Call arguments:
        inputs: the input tensor.
        training: whether to drop (training) or pass through.

    Example:

    >>> layer = keras.layers.AlphaDropout(0.2, seed=1)
    >>> layer(np.ones((2, 3), "float32"), training=True).shape
    (2, 3)
    """

    def __init__(self, rate, noise_shape=None, seed=None, **kwargs):
        super().__init__(**kwargs)
        validate_rate(rate)
        self.rate = rate
        self.seed = seed
        self.noise_shape = standardize_noise_shape(noise_shape)
        if rate > 0:
            self.seed_generator = SeedGenerator(seed)
        self.supports_masking = True
        self.built = True

    def call(self, inputs, training=False):
        if not (training and self.rate > 0):
            return inputs
        inputs = float_inputs(self, inputs)
        if self.rate >= 1:
            # The limit of the transform as `rate` tends to 1.
            return ops.zeros_like(inputs)
        uniform = random.uniform(
            _fill_noise_shape(self.noise_shape, inputs),
            dtype=inputs.dtype,
            seed=self.seed_generator,
        )
        keep = ops.greater_equal(uniform, self.rate)
        # `ops` functions rather than operators: they treat the Python
        # scalars as weakly typed, so half precision inputs stay so.
        dropped = ops.where(keep, inputs, _SATURATION)
        a, b = affine_correction(self.rate)
        return ops.add(ops.multiply(dropped, a), b)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update({
            "rate": self.rate,
            "seed": self.seed,
            "noise_shape": self.noise_shape,
        })
        return config
