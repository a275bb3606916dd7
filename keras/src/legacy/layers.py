"""Keras 2 layers that `tf.keras.layers` still offers: `AlphaDropout`,
`RandomHeight`, `RandomWidth` and `ThresholdedReLU`.

`RandomHeight` and `RandomWidth` change the shape of their output by a
random amount at each call, which compiled steps cannot express: they
declare `supports_jit = False`, so models holding them train eagerly on
JAX and PyTorch; on TensorFlow, whose `fit` always traces a graph, such a
model needs `compile(run_eagerly=True)` (the layer says so otherwise).
They read images as channels last, as Keras 2's did.
"""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.api_export import register_internal_serializable
from keras.src.layers.layer import Layer
from keras.src.layers.regularization import alpha_dropout
from keras.src.random import random
from keras.src.random.seed_generator import SeedGenerator

_RESIZE_INTERPOLATIONS = ("bilinear", "nearest", "lanczos3", "lanczos5",
                          "bicubic")


@keras_export("keras._tf_keras.keras.layers.AlphaDropout")
class AlphaDropout(alpha_dropout.AlphaDropout):
    """Keras 2's `AlphaDropout`: `keras.layers.AlphaDropout` with Keras
    2's config (`rate` and `seed`; `noise_shape` is not saved).

    Args:
        rate: the fraction of the inputs to drop, in `[0, 1]`.
        noise_shape: the shape of the keep/drop mask, broadcast to the
            inputs.
        seed: an int, for reproducible masks.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> from keras._tf_keras.keras import layers
    >>> y = layers.AlphaDropout(0.2, seed=1)(np.ones((2, 3)), training=True)
    >>> tuple(y.shape)
    (2, 3)
    """

    def get_config(self):
        config = super().get_config()
        config.pop("noise_shape", None)
        return config


def _parse_factor(layer_name, factor):
    if isinstance(factor, (tuple, list)):
        if len(factor) != 2:
            raise ValueError(
                f"{layer_name}: `factor` must be a float or a pair "
                f"`(lower, upper)`. Received: factor={factor!r}"
            )
        lower, upper = factor
    else:
        lower, upper = -factor, factor
    if upper < lower:
        raise ValueError(
            f"{layer_name}: `factor` cannot have an upper bound below its "
            f"lower bound. Received: factor={factor!r}"
        )
    if lower < -1.0:
        raise ValueError(
            f"{layer_name}: `factor` must have values above -1 (a size "
            f"cannot shrink below zero). Received: factor={factor!r}"
        )
    return float(lower), float(upper)


class _RandomResize(Layer):
    """Resizes one spatial axis of channels-last images by a random
    factor drawn in `[1 + lower, 1 + upper]` at each training call."""

    supports_jit = False
    # The axis resized, counted from the end (-3: height, -2: width).
    _axis = -3

    def __init__(self, factor, interpolation="bilinear", seed=None,
                 **kwargs):
        super().__init__(**kwargs)
        self.factor = factor
        self._lower, self._upper = _parse_factor(type(self).__name__,
                                                 factor)
        if interpolation not in _RESIZE_INTERPOLATIONS:
            raise ValueError(
                f"{type(self).__name__}: `interpolation` must be one of "
                f"{_RESIZE_INTERPOLATIONS}. Received: "
                f"interpolation={interpolation!r}"
            )
        self.interpolation = interpolation
        self.seed = seed
        self.seed_generator = SeedGenerator(seed)
        self.built = True

    def call(self, inputs, training=True):
        inputs = ops.cast(inputs, self.compute_dtype)
        if not training:
            return inputs
        shape = ops.shape(inputs)
        if len(shape) not in (3, 4):
            raise ValueError(
                f"{type(self).__name__} expects images of rank 3 or 4 "
                f"(channels last). Received: inputs of shape {shape}"
            )
        factor = random.uniform((), minval=1.0 + self._lower,
                                maxval=1.0 + self._upper,
                                seed=self.seed_generator)
        size = [shape[-3], shape[-2]]
        index = 0 if self._axis == -3 else 1
        try:
            factor = float(backend.convert_to_numpy(factor))
        except Exception as e:
            raise RuntimeError(
                f"{type(self).__name__} draws a new output size at each "
                "training call, which needs eager execution; it cannot run "
                "inside a traced graph. On TensorFlow, compile the model "
                "with `run_eagerly=True`."
            ) from e
        size[index] = int(factor * size[index])
        outputs = ops.image.resize(inputs, tuple(size),
                                   interpolation=self.interpolation,
                                   data_format="channels_last")
        return ops.cast(outputs, self.compute_dtype)

    def compute_output_shape(self, input_shape):
        shape = list(input_shape)
        shape[self._axis] = None
        return tuple(shape)

    def get_config(self):
        config = super().get_config()
        config.update({
            "factor": self.factor,
            "interpolation": self.interpolation,
            "seed": self.seed,
        })
        return config


@keras_export("keras._tf_keras.keras.layers.RandomHeight")
class RandomHeight(_RandomResize):
    """Randomly resizes the height of channels-last images while
    training.

    At each training call the height is multiplied by a random factor in
    `[1 + lower, 1 + upper]` (a float `factor` means
    `(-factor, factor)`); the width is kept. Outside training the layer
    only casts its inputs.

    Args:
        factor: a float, or a pair `(lower, upper)` of fractions above -1.
        interpolation: `"bilinear"`, `"nearest"`, `"bicubic"`,
            `"lanczos3"` or `"lanczos5"`.
        seed: an int, for reproducible sizes.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> from keras._tf_keras.keras import layers
    >>> layer = layers.RandomHeight((0.5, 0.5))
    >>> tuple(layer(np.ones((1, 4, 4, 3))).shape)
    (1, 6, 4, 3)
    """

    _axis = -3


@keras_export("keras._tf_keras.keras.layers.RandomWidth")
class RandomWidth(_RandomResize):
    """Randomly resizes the width of channels-last images while training.

    At each training call the width is multiplied by a random factor in
    `[1 + lower, 1 + upper]` (a float `factor` means
    `(-factor, factor)`); the height is kept. Outside training the layer
    only casts its inputs.

    Args:
        factor: a float, or a pair `(lower, upper)` of fractions above -1.
        interpolation: `"bilinear"`, `"nearest"`, `"bicubic"`,
            `"lanczos3"` or `"lanczos5"`.
        seed: an int, for reproducible sizes.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> from keras._tf_keras.keras import layers
    >>> layer = layers.RandomWidth((-0.5, -0.5))
    >>> tuple(layer(np.ones((1, 4, 4, 3))).shape)
    (1, 4, 2, 3)
    """

    _axis = -2


@keras_export("keras._tf_keras.keras.layers.ThresholdedReLU")
class ThresholdedReLU(Layer):
    """`x` where `x > theta`, else 0.

    Args:
        theta: the threshold, a float `>= 0`.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> from keras._tf_keras.keras import layers
    >>> y = layers.ThresholdedReLU(theta=1.0)(np.array([0.5, 1.0, 2.0]))
    >>> keras.ops.convert_to_numpy(y).tolist()
    [0.0, 0.0, 2.0]
    """

    def __init__(self, theta=1.0, **kwargs):
        super().__init__(**kwargs)
        if theta is None:
            raise ValueError(
                "ThresholdedReLU: `theta` cannot be None, expected a float. "
                "Received: theta=None"
            )
        if theta < 0:
            raise ValueError(
                "ThresholdedReLU: `theta` must be >= 0. Received: "
                f"theta={theta}"
            )
        self.theta = float(theta)
        self.supports_masking = True
        self.built = True

    def call(self, inputs):
        inputs = ops.cast(inputs, self.compute_dtype)
        return ops.where(inputs > self.theta, inputs,
                         ops.zeros_like(inputs))

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config["theta"] = self.theta
        return config


# Upstream Keras saves these layers with the module "keras._legacy.layers"
# (a name it registers but does not make importable): the same names here
# let `.keras` files from upstream load.
for _cls in (AlphaDropout, RandomHeight, RandomWidth, ThresholdedReLU):
    register_internal_serializable(f"keras._legacy.layers.{_cls.__name__}",
                                   _cls)
