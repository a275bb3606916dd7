"""The `RandomPosterization` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import image_math
from keras.src.layers.preprocessing.image_preprocessing.base_color_layer import (  # noqa: E501
    BaseColorLayer,
)


@keras_export("keras.layers.RandomPosterization")
class RandomPosterization(BaseColorLayer):
    """Reduces the number of bits per color channel at random in training.

    Each image keeps `bits` bits per channel, `bits` drawn uniformly
    among the integers of `factor` (both ends included): pixel values,
    mapped to `[0, 255]`, are rounded down to a multiple of
    `2 ** (8 - bits)` and mapped back. At inference the images pass
    through unchanged.

    Args:
        factor: an integer `f` (the range `(1, f)`) or a pair
            `(lower, upper)`, each in `[1, 8]`.
        value_range: the `(low, high)` range of the pixel values.
        data_format: `"channels_last"` or `"channels_first"`.
        seed: an int, the seed of the random draws.
        **kwargs: the arguments of `Layer`.

    Example:

    >>> layer = keras.layers.RandomPosterization((3, 3))
    >>> out = layer(np.full((1, 2, 2, 3), 100.0), training=True)
    >>> keras.ops.convert_to_numpy(out)[0, 0, 0].tolist()
    [96.0, 96.0, 96.0]
    """

    _FACTOR_BOUNDS = (1, 8)
    _USE_BASE_FACTOR = False
    _VALUE_RANGE_AS_LIST = True

    def __init__(self, factor, value_range=(0, 255), data_format=None,
                 seed=None, **kwargs):
        super().__init__(value_range=value_range, seed=seed,
                         data_format=data_format, **kwargs)
        if isinstance(factor, (int, float)) and not isinstance(factor, bool):
            if factor < 1:
                self._set_factor((factor, factor))
            factor = (1, factor)
        self._set_factor(factor)

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        n = self.backend.numpy
        low, high = int(self.factor[0]), int(self.factor[1])
        u = self._uniform(data["images"], 0.0, 1.0, self._seed(seed))
        bits = n.minimum(n.floor(u * (high - low + 1)) + low, high)
        return {"shift_factor": 8.0 - bits}

    def transform_images(self, images, transformation, training=True):
        if not training or transformation is None:
            return images
        b = self.backend
        step = b.numpy.power(2.0, transformation["shift_factor"])
        step = b.cast(image_math.per_image(b, step), images.dtype)
        pixels = image_math.rescale(b, images, self.value_range, (0, 255))
        pixels = b.numpy.multiply(b.numpy.floor(pixels / step), step)
        return image_math.rescale(b, pixels, (0, 255), self.value_range)
