"""`Dropout`: randomly zeroes inputs during training."""

import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.random import random
from keras.src.random.seed_generator import SeedGenerator


def _is_number(value):
    return isinstance(value, (int, float, np.integer, np.floating)) and (
        not isinstance(value, bool)
    )


def validate_rate(rate, name="rate"):
    """Raises `ValueError` unless `rate` is a number in `[0, 1]`."""
    if not _is_number(rate) or not 0 <= rate <= 1:
        raise ValueError(
            f"Invalid value received for argument `{name}`. Expected a "
            f"float value between 0 and 1. Received: {name}={rate!r}"
        )


def standardize_noise_shape(noise_shape):
    """`None`, or `noise_shape` as a tuple of non-negative ints and
    `None`s."""
    if noise_shape is None:
        return None
    valid = isinstance(noise_shape, (list, tuple)) and all(
        d is None or (_is_number(d) and int(d) == d and d >= 0)
        for d in noise_shape
    )
    if not valid:
        raise ValueError(
            "Invalid value received for argument `noise_shape`. Expected "
            "a tuple or list of non-negative integers and `None`s. "
            f"Received: noise_shape={noise_shape!r}"
        )
    return tuple(None if d is None else int(d) for d in noise_shape)


def float_inputs(layer, inputs):
    """`inputs`, cast to the layer's compute dtype unless already float
    (noise cannot be added to integers)."""
    if backend.is_float_dtype(backend.standardize_dtype(inputs.dtype)):
        return inputs
    return ops.cast(inputs, layer.compute_dtype)


@keras_export("keras.layers.Dropout")
class Dropout(Layer):
    """Randomly sets inputs to 0 with probability `rate` during training.

    Kept inputs are scaled by `1 / (1 - rate)`, so the expected sum over
    the inputs is unchanged. Outside training (`training=False`, the
    default in inference) the layer is the identity.

    Args:
        rate: the fraction of the inputs to drop, in `[0, 1]`.
        noise_shape: the shape of the keep/drop mask, broadcast to the
            inputs: `(batch, 1, features)` drops the same features at
            every timestep. `None` entries take the inputs' dim.
        seed: an int, for reproducible masks.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Call arguments:
        inputs: the input tensor.
        training: whether to drop (training) or pass through.

    Example:

    >>> layer = keras.layers.Dropout(0.5, seed=1)
    >>> y = layer(np.ones((2, 4), "float32"), training=True)
    >>> sorted(set(keras.ops.convert_to_numpy(y).ravel().tolist())) in (
    ...     [0.0, 2.0], [0.0], [2.0])
    True
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
        if training and self.rate > 0:
            return random.dropout(
                inputs,
                self.rate,
                noise_shape=self._get_noise_shape(inputs),
                seed=self.seed_generator,
            )
        return inputs

    def _get_noise_shape(self, inputs):
        return self.noise_shape

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
