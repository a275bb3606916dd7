"""The `RandomTranslation` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import (
    base_image_preprocessing_layer as base,
)
from keras.src.layers.preprocessing.image_preprocessing.random_zoom import (
    parse_range,
)
from keras.src.random.seed_generator import SeedGenerator


@keras_export("keras.layers.RandomTranslation")
class RandomTranslation(base.BaseAffineLayer):
    """Shifts images by random offsets during training.

    Each image moves down by `dy * height` and right by `dx * width`
    pixels, `dy` and `dx` drawn uniformly from `height_factor` and
    `width_factor` (negative values move up or left). At inference
    (`training=False`) images pass through unchanged.

    Args:
        height_factor: a number `f` (the range `(-f, f)`) or a pair
            `(low, high)`, fractions of the height within `[-1, 1]`.
        width_factor: the same, fractions of the width.
        fill_mode: `"reflect"`, `"wrap"`, `"constant"` or `"nearest"`.
        interpolation: `"bilinear"` or `"nearest"`.
        seed: an int, the seed of the random draws.
        fill_value: the value outside the input with `"constant"`.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        **kwargs: the arguments of `Layer` (`name`, `dtype`, ...), and
            `bounding_box_format` for dict inputs with boxes.

    Example:

    >>> layer = keras.layers.RandomTranslation(0.1, 0.2, seed=1)
    >>> images = np.random.rand(2, 8, 8, 3)
    >>> tuple(layer(images, training=True).shape)
    (2, 8, 8, 3)
    """

    _USE_BASE_FACTOR = False

    def __init__(self, height_factor, width_factor, fill_mode="reflect",
                 interpolation="bilinear", seed=None, fill_value=0.0,
                 data_format=None, **kwargs):
        super().__init__(data_format=data_format, **kwargs)
        self._height_range = parse_range(
            self, "height_factor", height_factor, -1.0, 1.0
        )
        self._width_range = parse_range(
            self, "width_factor", width_factor, -1.0, 1.0
        )
        self._check_sampling(fill_mode, interpolation)
        self.height_factor = height_factor
        self.width_factor = width_factor
        self.fill_mode = fill_mode
        self.interpolation = interpolation
        self.fill_value = fill_value
        self.seed = seed
        self.seed_generator = SeedGenerator(seed)

    def _draw_matrix(self, batch, height, width, seed):
        dy = self._uniform(batch, *self._height_range, seed)
        dx = self._uniform(batch, *self._width_range, seed)
        dy = dy * self.backend.cast(height, "float32")
        dx = dx * self.backend.cast(width, "float32")
        # input = output - offset
        return base.affine_matrix(self.backend, [
            [1.0 + 0.0 * dx, 0.0, -dx],
            [0.0, 1.0, -dy],
            [0.0, 0.0, 1.0],
        ])

    def get_config(self):
        config = super().get_config()
        config.update({
            "height_factor": self.height_factor,
            "width_factor": self.width_factor,
            "fill_mode": self.fill_mode,
            "interpolation": self.interpolation,
            "seed": self.seed,
            "fill_value": self.fill_value,
        })
        return config
