"""The `Solarization` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import image_math
from keras.src.layers.preprocessing.image_preprocessing.base_color_layer import (  # noqa: E501
    BaseColorLayer,
)
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    _is_number,
)


@keras_export("keras.layers.Solarization")
class Solarization(BaseColorLayer):
    """Solarizes images: inverts the pixels above a threshold.

    In training, each image gets an addition `a` and a threshold `t`
    drawn uniformly from `addition_factor` and `threshold_factor`
    (fractions of the 0-255 scale). Pixels, mapped to `[0, 255]`, become
    `y = clip(x + 255 a, 0, 255)`, then `255 - y` where `y >= 255 t`,
    and are mapped back to `value_range`. At inference the images pass
    through unchanged.

    Args:
        addition_factor: a number `f` (the range `(0, f)`) or a pair,
            each in `[0, 1]`.
        threshold_factor: a number `f` (the range `(0, f)`) or a pair,
            each in `[0, 1]`.
        value_range: the `(low, high)` range of the pixel values.
        seed: an int, the seed of the random draws.
        **kwargs: the arguments of `Layer`, and `data_format`.

    Example:

    >>> layer = keras.layers.Solarization(threshold_factor=(0.5, 0.5))
    >>> out = layer(np.array([[[[50.0], [200.0]]]]), training=True)
    >>> keras.ops.convert_to_numpy(out).ravel().tolist()
    [50.0, 55.0]
    """

    _USE_BASE_FACTOR = False
    _CONFIG_HAS_FACTOR = False
    _VALUE_RANGE_AS_LIST = True

    def __init__(self, addition_factor=0.0, threshold_factor=0.0,
                 value_range=(0, 255), seed=None, **kwargs):
        super().__init__(value_range=value_range, seed=seed, **kwargs)
        self.addition_factor = self._parse(addition_factor, "addition_factor")
        self.threshold_factor = self._parse(
            threshold_factor, "threshold_factor"
        )

    def _parse(self, value, name):
        if _is_number(value):
            pair = (0.0, float(value))
        elif isinstance(value, (tuple, list)) and len(value) == 2 and all(
            _is_number(v) for v in value
        ):
            pair = tuple(sorted(float(v) for v in value))
        else:
            pair = None
        if pair is None or pair[0] < 0 or pair[1] > 1:
            raise ValueError(
                f"Solarization: the `{name}` argument should be a number "
                "(or a list of two numbers) in the range [0, 1]. "
                f"Received: {name}={value!r}"
            )
        return pair

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        images = data["images"]
        seed = self._seed(seed)
        add = self._uniform(images, *self.addition_factor, seed)
        threshold = self._uniform(images, *self.threshold_factor, seed)
        return {
            "additions": image_math.per_image(self.backend, add * 255.0),
            "thresholds": image_math.per_image(
                self.backend, threshold * 255.0
            ),
        }

    def transform_images(self, images, transformation, training=True):
        if not training or transformation is None:
            return images
        b = self.backend
        n = b.numpy
        pixels = image_math.rescale(b, images, self.value_range, (0, 255))
        add = b.cast(transformation["additions"], images.dtype)
        threshold = b.cast(transformation["thresholds"], images.dtype)
        pixels = n.clip(n.add(pixels, add), 0.0, 255.0)
        pixels = n.where(pixels < threshold, pixels, 255.0 - pixels)
        return image_math.rescale(b, pixels, (0, 255), self.value_range)

    def get_config(self):
        config = super().get_config()
        config.update(
            {
                "addition_factor": self.addition_factor,
                "threshold_factor": self.threshold_factor,
            }
        )
        return config
