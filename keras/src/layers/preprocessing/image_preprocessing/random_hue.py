"""The `RandomHue` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import image_math
from keras.src.layers.preprocessing.image_preprocessing.base_color_layer import (  # noqa: E501
    BaseColorLayer,
)


@keras_export("keras.layers.RandomHue")
class RandomHue(BaseColorLayer):
    """Rotates the hue of RGB images by a random amount during training.

    Each image gets an amount `u` drawn uniformly from `factor` and a
    random sign; its hue (in HSV space, a fraction of the color circle)
    moves by `±u / 2`, so `factor=1` allows half a turn either way.
    Saturation and value are kept. At inference the images pass through
    unchanged.

    Args:
        factor: a number `f` (the range `(0, f)`) or a pair
            `(lower, upper)`, each in `[0, 1]`.
        value_range: the `(low, high)` range of the pixel values.
        data_format: `"channels_last"` or `"channels_first"`.
        seed: an int, the seed of the random draws.
        **kwargs: the arguments of `Layer`.

    Example:

    >>> layer = keras.layers.RandomHue(0.4, seed=3)
    >>> out = layer(np.random.uniform(0, 255, (2, 4, 4, 3)), training=True)
    >>> tuple(out.shape)
    (2, 4, 4, 3)
    """

    _FACTOR_BOUNDS = (0, 1)

    def __init__(self, factor, value_range=(0, 255), data_format=None,
                 seed=None, **kwargs):
        super().__init__(factor=factor, value_range=value_range, seed=seed,
                         data_format=data_format, **kwargs)

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        n = self.backend.numpy
        images = data["images"]
        seed = self._seed(seed)
        amount = self._uniform(images, self.factor[0], self.factor[1], seed)
        negative = self._uniform(images, 0.0, 1.0, seed) < 0.5
        shift = n.where(negative, -amount, amount) * 0.5
        return {"factor": shift}

    def transform_images(self, images, transformation, training=True):
        if not training or transformation is None:
            return images
        b = self.backend
        channels_axis = self._axes()[2]
        unit = image_math.rescale(b, images, self.value_range, (0, 1))
        hue, saturation, value = image_math.rgb_to_hsv(b, unit, channels_axis)
        shift = b.cast(image_math.per_image(b, transformation["factor"]),
                       images.dtype)
        hue = b.numpy.mod(b.numpy.add(hue, shift), 1.0)
        rgb = image_math.hsv_to_rgb(b, hue, saturation, value, channels_axis)
        out = image_math.rescale(b, rgb, (0, 1), self.value_range)
        return image_math.clip(b, out, self.value_range)
