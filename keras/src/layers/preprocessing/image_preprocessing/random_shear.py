"""The `RandomShear` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import (
    base_image_preprocessing_layer as base,
)
from keras.src.layers.preprocessing.image_preprocessing.random_zoom import (
    parse_range,
)
from keras.src.random.seed_generator import SeedGenerator


def _shear_range(layer, name, value):
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        # A number is a magnitude: (0, 1] or 0.
        parse_range(layer, name, (value, value), 0.0, 1.0)
    return parse_range(layer, name, value, -1.0, 1.0)


@keras_export("keras.layers.RandomShear")
class RandomShear(base.BaseAffineLayer):
    """Shears images by random amounts during training.

    A horizontal shear `s` moves row `y` sideways by `s * y` pixels (the
    top row stays); a vertical shear moves column `x` by `s * x`. Each
    image draws a magnitude from `x_factor` (and `y_factor`) and a random
    direction. At inference (`training=False`) images pass through
    unchanged.

    Args:
        x_factor: a number `f` in `[0, 1]` (the range `(-f, f)`) or a
            pair `(low, high)` within `[-1, 1]`; the drawn value gets a
            random sign.
        y_factor: the same for the vertical shear.
        interpolation: `"bilinear"` or `"nearest"`.
        fill_mode: `"reflect"`, `"wrap"`, `"constant"` or `"nearest"`.
        fill_value: the value outside the input with `"constant"`.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        seed: an int, the seed of the random draws.
        **kwargs: the arguments of `Layer` (`name`, `dtype`, ...), and
            `bounding_box_format` for dict inputs with boxes.

    Example:

    >>> layer = keras.layers.RandomShear(0.2, 0.2, seed=1)
    >>> images = np.random.rand(2, 8, 8, 3)
    >>> tuple(layer(images, training=True).shape)
    (2, 8, 8, 3)
    """

    _USE_BASE_FACTOR = False

    def __init__(self, x_factor=0.0, y_factor=0.0, interpolation="bilinear",
                 fill_mode="reflect", fill_value=0.0, data_format=None,
                 seed=None, **kwargs):
        super().__init__(data_format=data_format, **kwargs)
        self.x_factor = _shear_range(self, "x_factor", x_factor)
        self.y_factor = _shear_range(self, "y_factor", y_factor)
        self._check_sampling(fill_mode, interpolation)
        self.fill_mode = fill_mode
        self.interpolation = interpolation
        self.fill_value = fill_value
        self.seed = seed
        self.seed_generator = SeedGenerator(seed)

    def _signed(self, batch, factor, seed):
        magnitude = self._uniform(batch, *factor, seed)
        coin = self._uniform(batch, 0.0, 1.0, seed)
        return self.backend.numpy.where(coin < 0.5, -magnitude, magnitude)

    def _draw_matrix(self, batch, height, width, seed):
        shear_x = self._signed(batch, self.x_factor, seed)
        shear_y = self._signed(batch, self.y_factor, seed)
        # input = output - shear * (the other coordinate); boxes use the
        # inverse, which exists while shear_x * shear_y != 1.
        return base.affine_matrix(self.backend, [
            [1.0 + 0.0 * shear_x, -shear_x, 0.0],
            [-shear_y, 1.0 + 0.0 * shear_y, 0.0],
            [0.0, 0.0, 1.0],
        ])

    def get_config(self):
        config = super().get_config()
        config.update({
            "x_factor": self.x_factor,
            "y_factor": self.y_factor,
            "fill_mode": self.fill_mode,
            "interpolation": self.interpolation,
            "seed": self.seed,
            "fill_value": self.fill_value,
        })
        return config
