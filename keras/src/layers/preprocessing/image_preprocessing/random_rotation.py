"""The `RandomRotation` layer."""

import math

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import (
    base_image_preprocessing_layer as base,
)
from keras.src.random.seed_generator import SeedGenerator


@keras_export("keras.layers.RandomRotation")
class RandomRotation(base.BaseAffineLayer):
    """Rotates images by random angles during training.

    Each image turns about its centre by `factor * 2 * pi` radians, the
    factor drawn uniformly from the `factor` range (positive values turn
    counter-clockwise). At inference (`training=False`) images pass
    through unchanged. Bounding boxes become the boxes bounding their
    rotated corners; segmentation masks rotate with nearest neighbour
    interpolation.

    Args:
        factor: a number `f` (the range `(-f, f)`) or a pair
            `(low, high)`, in fractions of a full turn within `[-1, 1]`.
        fill_mode: how points outside the input are filled:
            `"reflect"`, `"wrap"`, `"constant"` or `"nearest"`.
        interpolation: `"bilinear"` or `"nearest"`.
        seed: an int, the seed of the random draws.
        fill_value: the value outside the input with `"constant"`.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        **kwargs: the arguments of `Layer` (`name`, `dtype`, ...), and
            `bounding_box_format` for dict inputs with boxes.

    Example:

    >>> layer = keras.layers.RandomRotation(0.1, seed=1)
    >>> images = np.random.rand(2, 8, 8, 3)
    >>> tuple(layer(images, training=True).shape)
    (2, 8, 8, 3)
    """

    def __init__(self, factor, fill_mode="reflect", interpolation="bilinear",
                 seed=None, fill_value=0.0, data_format=None, **kwargs):
        super().__init__(factor=factor, data_format=data_format, **kwargs)
        self._check_sampling(fill_mode, interpolation)
        self.fill_mode = fill_mode
        self.interpolation = interpolation
        self.fill_value = fill_value
        self.seed = seed
        self.seed_generator = SeedGenerator(seed)

    def _draw_matrix(self, batch, height, width, seed):
        low, high = self.factor
        angle = self._uniform(batch, low, high, seed) * (2.0 * math.pi)
        n = self.backend.numpy
        cos, sin = n.cos(angle), n.sin(angle)
        cx = (self.backend.cast(width, "float32") - 1.0) / 2.0
        cy = (self.backend.cast(height, "float32") - 1.0) / 2.0
        # input = R (output - c) + c
        return base.affine_matrix(self.backend, [
            [cos, -sin, cx - cos * cx + sin * cy],
            [sin, cos, cy - sin * cx - cos * cy],
            [0.0, 0.0, 1.0],
        ])

    def get_config(self):
        config = super().get_config()
        config.update({
            "factor": self.factor,
            "fill_mode": self.fill_mode,
            "fill_value": self.fill_value,
            "interpolation": self.interpolation,
            "seed": self.seed,
        })
        return config
