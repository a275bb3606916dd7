"""The `RandomZoom` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import (
    base_image_preprocessing_layer as base,
)
from keras.src.random.seed_generator import SeedGenerator


def parse_range(layer, name, value, low, high, low_open=False):
    """`value` (a number `f` or a pair) as a sorted pair: `f` becomes
    `(-f, f)`. Raises a ValueError naming `layer` and `name` when the
    pair leaves `[low, high]` (or `(low, high]` with `low_open`)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        pair = (-abs(float(value)), abs(float(value)))
    elif isinstance(value, (tuple, list)) and len(value) == 2 and all(
        isinstance(v, (int, float)) and not isinstance(v, bool)
        for v in value
    ):
        pair = tuple(sorted(float(v) for v in value))
    else:
        pair = None
    if pair is None or pair[1] > high or pair[0] < low or (
        low_open and pair[0] == low
    ):
        bracket = "(" if low_open else "["
        raise ValueError(
            f"{type(layer).__name__}: the `{name}` argument should be a "
            "number (or a list of two numbers) in the range "
            f"{bracket}{low}, {high}]. Received: {name}={value!r}"
        )
    return pair


@keras_export("keras.layers.RandomZoom")
class RandomZoom(base.BaseAffineLayer):
    """Zooms images in or out at random during training.

    Each image is scaled about its centre: a factor `z` drawn from
    `height_factor` makes the output show `1 + z` times the input's
    height (positive values zoom out, negative ones zoom in). With
    `width_factor=None` the width is scaled alike, keeping the aspect
    ratio. At inference (`training=False`) images pass through
    unchanged.

    Args:
        height_factor: a number `f` (the range `(-f, f)`) or a pair
            `(low, high)`, within `(-1, 1]`.
        width_factor: the same for the width, or `None` to follow the
            height.
        fill_mode: `"reflect"`, `"wrap"`, `"constant"` or `"nearest"`.
        interpolation: `"bilinear"` or `"nearest"`.
        seed: an int, the seed of the random draws.
        fill_value: the value outside the input with `"constant"`.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        **kwargs: the arguments of `Layer` (`name`, `dtype`, ...), and
            `bounding_box_format` for dict inputs with boxes.

    Example:

    >>> layer = keras.layers.RandomZoom(0.2, seed=1)
    >>> images = np.random.rand(2, 8, 8, 3)
    >>> tuple(layer(images, training=True).shape)
    (2, 8, 8, 3)
    """

    _USE_BASE_FACTOR = False

    def __init__(self, height_factor, width_factor=None, fill_mode="reflect",
                 interpolation="bilinear", seed=None, fill_value=0.0,
                 data_format=None, **kwargs):
        super().__init__(data_format=data_format, **kwargs)
        self._height_range = parse_range(
            self, "height_factor", height_factor, -1.0, 1.0,
            low_open=True,
        )
        self._width_range = None
        if width_factor is not None:
            self._width_range = parse_range(
                self, "width_factor", width_factor, -1.0, 1.0,
                low_open=True,
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
        zoom_y = 1.0 + self._uniform(batch, *self._height_range, seed)
        zoom_x = zoom_y
        if self._width_range is not None:
            zoom_x = 1.0 + self._uniform(batch, *self._width_range, seed)
        cx = (self.backend.cast(width, "float32") - 1.0) / 2.0
        cy = (self.backend.cast(height, "float32") - 1.0) / 2.0
        # input = c + zoom * (output - c)
        return base.affine_matrix(self.backend, [
            [zoom_x, 0.0, cx * (1.0 - zoom_x)],
            [0.0, zoom_y, cy * (1.0 - zoom_y)],
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
