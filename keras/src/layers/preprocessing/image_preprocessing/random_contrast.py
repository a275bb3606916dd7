"""The `RandomContrast` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import image_math
from keras.src.layers.preprocessing.image_preprocessing.base_color_layer import (  # noqa: E501
    BaseColorLayer,
)


@keras_export("keras.layers.RandomContrast")
class RandomContrast(BaseColorLayer):
    """Adjusts the contrast of images by a random factor during training.

    Each image gets a contrast factor `c` drawn uniformly from
    `[1 - lower, 1 + upper]` (a number `f` gives `(0, f)`, so `[1, 1 + f]`);
    each channel becomes
    `(x - mean) * c + mean` (`mean` over the pixels of that channel of
    that image), clipped to `value_range`. At inference the images pass
    through unchanged.

    Args:
        factor: a number `f` (the pair `(0, f)`) or a pair
            `(lower, upper)`, each in `[0, 1]`.
        value_range: the `(low, high)` range of the pixel values.
        seed: an int, the seed of the random draws.
        **kwargs: the arguments of `Layer`, and `data_format`.

    Example:

    >>> layer = keras.layers.RandomContrast(0.3, seed=1)
    >>> images = np.random.uniform(0, 255, (2, 8, 8, 3))
    >>> tuple(layer(images, training=True).shape)
    (2, 8, 8, 3)
    """

    _FACTOR_BOUNDS = (0, 1)

    def __init__(self, factor, value_range=(0, 255), seed=None, **kwargs):
        super().__init__(factor=factor, value_range=value_range, seed=seed,
                         **kwargs)

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        low = 1.0 - self.factor[0]
        high = 1.0 + self.factor[1]
        factor = self._uniform(data["images"], low, high, self._seed(seed))
        return {"contrast_factor": image_math.per_image(self.backend, factor)}

    def transform_images(self, images, transformation, training=True):
        if not training or transformation is None:
            return images
        n = self.backend.numpy
        height_axis, width_axis, _ = self._axes()
        mean = n.mean(images, axis=(height_axis, width_axis), keepdims=True)
        factor = self.backend.cast(
            transformation["contrast_factor"], images.dtype
        )
        out = n.add(n.multiply(n.subtract(images, mean), factor), mean)
        return image_math.clip(self.backend, out, self.value_range)
