"""The `RandomColorDegeneration` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import image_math
from keras.src.layers.preprocessing.image_preprocessing.base_color_layer import (  # noqa: E501
    BaseColorLayer,
)


@keras_export("keras.layers.RandomColorDegeneration")
class RandomColorDegeneration(BaseColorLayer):
    """Dulls the colors of RGB images by a random amount during training.

    Each image gets `u` drawn uniformly from `factor` and becomes
    `image + u * (gray - image)` (`gray`: its luma on every channel),
    clipped to `value_range`: `u=0` keeps the image, `u=1` makes it
    gray and negative `u` makes colors stronger. At inference the
    images pass through unchanged.

    Args:
        factor: a number `f` (the range `(-f, f)`) or a pair
            `(lower, upper)`, each in `[-1, 1]`.
        value_range: the `(low, high)` range of the pixel values.
        data_format: `"channels_last"` or `"channels_first"`.
        seed: an int, the seed of the random draws.
        **kwargs: the arguments of `Layer`.

    Example:

    >>> layer = keras.layers.RandomColorDegeneration((1.0, 1.0))
    >>> out = layer(np.random.uniform(0, 255, (1, 4, 4, 3)), training=True)
    >>> out = keras.ops.convert_to_numpy(out)
    >>> bool(np.allclose(out[..., 0], out[..., 1], atol=1e-3))
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
        u = self._uniform(data["images"], self.factor[0], self.factor[1],
                          self._seed(seed))
        return {"factor": image_math.per_image(self.backend, u)}

    def transform_images(self, images, transformation, training=True):
        if not training or transformation is None:
            return images
        b = self.backend
        gray = image_math.grayscale(b, images, self._axes()[2])
        factor = b.cast(transformation["factor"], images.dtype)
        out = image_math.blend(b, images, gray, factor)
        return image_math.clip(b, out, self.value_range)
