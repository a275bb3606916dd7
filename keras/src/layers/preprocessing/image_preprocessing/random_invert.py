"""The `RandomInvert` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import image_math
from keras.src.layers.preprocessing.image_preprocessing.base_color_layer import (  # noqa: E501
    BaseColorLayer,
)


@keras_export("keras.layers.RandomInvert")
class RandomInvert(BaseColorLayer):
    """Inverts images at random during training.

    Each image is inverted (`low + high - x` for `value_range`
    `(low, high)`) with a probability drawn uniformly from `factor`
    for that image, so `factor=(p, p)` inverts with probability `p`
    and `factor=1.0` (the range `(0, 1)`) with probability 1/2. At
    inference the images pass through unchanged.

    Args:
        factor: a number `f` (the range `(0, f)`) or a pair
            `(lower, upper)`, each in `[0, 1]`.
        value_range: the `(low, high)` range of the pixel values.
        seed: an int, the seed of the random draws.
        data_format: `"channels_last"` or `"channels_first"`.
        **kwargs: the arguments of `Layer`.

    Example:

    >>> layer = keras.layers.RandomInvert((1.0, 1.0))
    >>> out = layer(np.full((1, 2, 2, 3), 55.0), training=True)
    >>> keras.ops.convert_to_numpy(out)[0, 0, 0].tolist()
    [200.0, 200.0, 200.0]
    """

    _FACTOR_BOUNDS = (0, 1)

    def __init__(self, factor=1.0, value_range=(0, 255), seed=None,
                 data_format=None, **kwargs):
        super().__init__(factor=factor, value_range=value_range, seed=seed,
                         data_format=data_format, **kwargs)

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        images = data["images"]
        seed = self._seed(seed)
        chance = self._uniform(images, self.factor[0], self.factor[1], seed)
        draws = self._uniform(images, 0.0, 1.0, seed)
        return {"apply_inversion": draws < chance}

    def transform_images(self, images, transformation, training=True):
        if not training or transformation is None:
            return images
        n = self.backend.numpy
        total = float(self.value_range[0] + self.value_range[1])
        apply = image_math.per_image(
            self.backend, transformation["apply_inversion"]
        )
        return n.where(apply, n.subtract(total, images), images)
