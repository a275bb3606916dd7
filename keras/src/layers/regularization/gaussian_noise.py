"""`GaussianNoise`: adds zero-centered Gaussian noise during training."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.layers.regularization.dropout import float_inputs
from keras.src.layers.regularization.dropout import validate_rate
from keras.src.random import random
from keras.src.random.seed_generator import SeedGenerator


@keras_export("keras.layers.GaussianNoise")
class GaussianNoise(Layer):
    """Adds Gaussian noise `N(0, stddev^2)` to its inputs during training.

    A regularizer against overfitting (a kind of data augmentation for
    real-valued inputs). Outside training it is the identity.

    Args:
        stddev: the standard deviation of the noise, in `[0, 1]`.
        seed: an int, for reproducible noise.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Call arguments:
        inputs: the input tensor.
        training: whether to add noise (training) or pass through.

    Example:

    >>> layer = keras.layers.GaussianNoise(0.1, seed=1)
    >>> y = layer(np.ones((2, 3), "float32"), training=False)
    >>> keras.ops.convert_to_numpy(y).tolist()
    [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]
    """

    def __init__(self, stddev, seed=None, **kwargs):
        super().__init__(**kwargs)
        validate_rate(stddev, name="stddev")
        self.stddev = stddev
        self.seed = seed
        if stddev > 0:
            self.seed_generator = SeedGenerator(seed)
        self.supports_masking = True
        self.built = True

    def call(self, inputs, training=False):
        if not (training and self.stddev > 0):
            return inputs
        inputs = float_inputs(self, inputs)
        noise = random.normal(
            shape=ops.shape(inputs),
            mean=0.0,
            stddev=self.stddev,
            dtype=inputs.dtype,
            seed=self.seed_generator,
        )
        return inputs + noise

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update({"stddev": self.stddev, "seed": self.seed})
        return config
