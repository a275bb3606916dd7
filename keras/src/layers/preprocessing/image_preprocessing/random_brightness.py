"""The `RandomBrightness` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import image_math
from keras.src.layers.preprocessing.image_preprocessing.base_color_layer import (  # noqa: E501
    BaseColorLayer,
)


@keras_export("keras.layers.RandomBrightness")
class RandomBrightness(BaseColorLayer):
    """Shifts the brightness of images by a random amount during training.

    Each image gets a factor `f` drawn uniformly from `factor` and
    `f * (high - low)` (`value_range`'s width) added to every pixel;
    the result is clipped to `value_range`. At inference the images
    pass through unchanged.

    Args:
        factor: a number `f` (the range `(-f, f)`) or a pair
            `(lower, upper)`, each in `[-1, 1]`.
        value_range: the `(low, high)` range of the pixel values.
        seed: an int, the seed of the random draws.
        **kwargs: the arguments of `Layer`, and `data_format`.

    Example:

    >>> layer = keras.layers.RandomBrightness((0.5, 0.5))
    >>> out = layer(np.full((1, 2, 2, 3), 100.0), training=True)
    >>> keras.ops.convert_to_numpy(out)[0, 0, 0].tolist()
    [227.5, 227.5, 227.5]
    """

    _FACTOR_BOUNDS = (-1, 1)
    _VALUE_RANGE_AS_LIST = True

    def __init__(self, factor, value_range=(0, 255), seed=None, **kwargs):
        super().__init__(factor=factor, value_range=value_range, seed=seed,
                         **kwargs)

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        width = float(self.value_range[1] - self.value_range[0])
        factor = self._uniform(
            data["images"], self.factor[0], self.factor[1], self._seed(seed)
        )
        delta = self.backend.numpy.multiply(factor, width)
        return {"rgb_delta": image_math.per_image(self.backend, delta)}

    def transform_images(self, images, transformation, training=True):
        if not training or transformation is None:
            return images
        delta = self.backend.cast(transformation["rgb_delta"], images.dtype)
        out = self.backend.numpy.add(images, delta)
        return image_math.clip(self.backend, out, self.value_range)
