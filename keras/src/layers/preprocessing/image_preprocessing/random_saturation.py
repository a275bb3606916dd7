"""The `RandomSaturation` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import image_math
from keras.src.layers.preprocessing.image_preprocessing.base_color_layer import (  # noqa: E501
    BaseColorLayer,
)


@keras_export("keras.layers.RandomSaturation")
class RandomSaturation(BaseColorLayer):
    """Scales the saturation of RGB images by a random amount in training.

    Each image gets `u` drawn uniformly from `factor`; its saturation
    (HSV) is multiplied by `u / (1 - u)` and clipped to `[0, 1]`: `u=0.5`
    keeps the image, `u <= 0` makes it gray and `u` near 1 fully
    saturates it. At inference the images pass through unchanged.

    Args:
        factor: a number `f` (the range `(-f, f)`) or a pair
            `(lower, upper)`, each in `[-1, 1]`.
        value_range: the `(low, high)` range of the pixel values.
        data_format: `"channels_last"` or `"channels_first"`.
        seed: an int, the seed of the random draws.
        **kwargs: the arguments of `Layer`.

    Example:

    >>> layer = keras.layers.RandomSaturation((0.5, 0.5))
    >>> images = np.random.uniform(0, 255, (1, 4, 4, 3))
    >>> out = keras.ops.convert_to_numpy(layer(images, training=True))
    >>> bool(np.allclose(out, images, atol=1e-3))
    True
    """

    _FACTOR_BOUNDS = (-1, 1)
    _VALUE_RANGE_AS_LIST = True

    def __init__(self, factor, value_range=(0, 255), data_format=None,
                 seed=None, **kwargs):
        super().__init__(factor=factor, value_range=value_range, seed=seed,
                         data_format=data_format, **kwargs)

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        n = self.backend.numpy
        u = self._uniform(data["images"], self.factor[0], self.factor[1],
                          self._seed(seed))
        # u = 1 asks for full saturation: a tiny divisor saturates all.
        scale = n.divide(u, n.maximum(1.0 - u, 1e-6))
        return {"factor": scale}

    def transform_images(self, images, transformation, training=True):
        if not training or transformation is None:
            return images
        b = self.backend
        channels_axis = self._axes()[2]
        unit = image_math.rescale(b, images, self.value_range, (0, 1))
        hue, saturation, value = image_math.rgb_to_hsv(b, unit, channels_axis)
        scale = b.cast(image_math.per_image(b, transformation["factor"]),
                       images.dtype)
        saturation = b.numpy.clip(saturation * scale, 0.0, 1.0)
        rgb = image_math.hsv_to_rgb(b, hue, saturation, value, channels_axis)
        out = image_math.rescale(b, rgb, (0, 1), self.value_range)
        return image_math.clip(b, out, self.value_range)
