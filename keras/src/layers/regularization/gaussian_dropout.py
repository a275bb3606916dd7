"""`GaussianDropout`: multiplicative Gaussian noise during training."""

import math

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.layers.regularization.dropout import float_inputs
from keras.src.layers.regularization.dropout import validate_rate
from keras.src.random import random
from keras.src.random.seed_generator import SeedGenerator


@keras_export("keras.layers.GaussianDropout")
class GaussianDropout(Layer):
    """Multiplies its inputs by Gaussian noise `N(1, rate / (1 - rate))`
    during training.

    The noise has the mean and variance of the scaling that `Dropout`
    with the same `rate` applies, but is continuous. Outside training the
    layer is the identity.

    Args:
        rate: the drop probability that sets the noise variance
            `rate / (1 - rate)`, in `[0, 1)` (1 is accepted but cannot
            be used in training).
        seed: an int, for reproducible noise.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Call arguments:
        inputs: the input tensor.
        training: whether to apply noise (training) or pass through.

    Example:

    >>> layer = keras.layers.GaussianDropout(0.2, seed=1)
    >>> layer(np.ones((2, 3), "float32"), training=True).shape
    (2, 3)
    """

    def __init__(self, rate, seed=None, **kwargs):
        super().__init__(**kwargs)
        validate_rate(rate)
        self.rate = rate
        self.seed = seed
        if rate > 0:
            self.seed_generator = SeedGenerator(seed)
        self.supports_masking = True
        self.built = True

    def call(self, inputs, training=False):
        if not (training and self.rate > 0):
            return inputs
        if self.rate >= 1:
            raise ValueError(
                f"GaussianDropout layer '{self.name}' cannot be used in "
                "training with `rate=1`: the noise variance "
                "`rate / (1 - rate)` is infinite. Expected a rate in "
                f"[0, 1). Received: rate={self.rate}"
            )
        inputs = float_inputs(self, inputs)
        noise = random.normal(
            shape=ops.shape(inputs),
            mean=1.0,
            stddev=math.sqrt(self.rate / (1.0 - self.rate)),
            dtype=inputs.dtype,
            seed=self.seed_generator,
        )
        return inputs * noise

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update({"rate": self.rate, "seed": self.seed})
        return config
