"""The `RandomSharpness` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import image_math
from keras.src.layers.preprocessing.image_preprocessing.base_color_layer import (  # noqa: E501
    BaseColorLayer,
)

# A smoothing kernel; sharpening extrapolates away from its result.
_SMOOTH = [[1 / 13, 1 / 13, 1 / 13], [1 / 13, 5 / 13, 1 / 13],
           [1 / 13, 1 / 13, 1 / 13]]


@keras_export("keras.layers.RandomSharpness")
class RandomSharpness(BaseColorLayer):
    """Changes the sharpness of images by a random amount during training.

    Each image gets `u` drawn uniformly from `factor` and becomes
    `smooth + 2u * (image - smooth)`, clipped to `value_range`, where
    `smooth` is the image filtered with a 3x3 smoothing kernel: `u=0`
    gives the smoothed image, `u=0.5` the image itself and `u=1` a
    sharpened one. At inference the images pass through unchanged.

    Args:
        factor: a number `f` (the range `(0, f)`) or a pair
            `(lower, upper)`, each in `[0, 1]`.
        value_range: the `(low, high)` range of the pixel values.
        data_format: `"channels_last"` or `"channels_first"`.
        seed: an int, the seed of the random draws.
        **kwargs: the arguments of `Layer`.

    Example:

    >>> layer = keras.layers.RandomSharpness(0.8, seed=0)
    >>> out = layer(np.random.uniform(0, 255, (2, 8, 8, 3)), training=True)
    >>> tuple(out.shape)
    (2, 8, 8, 3)
    """

    _FACTOR_BOUNDS = (0, 1)
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
        return {"factor": u}

    def transform_images(self, images, transformation, training=True):
        if not training or transformation is None:
            return images
        b = self.backend
        height_axis, width_axis, _ = self._axes()
        pixels = image_math.rescale(b, images, self.value_range, (0, 255))
        smooth = image_math.filter_2d(b, pixels, _SMOOTH, height_axis,
                                      width_axis)
        amount = image_math.per_image(b, transformation["factor"] * 2.0)
        out = image_math.blend(b, smooth, pixels, b.cast(amount, images.dtype))
        out = b.numpy.clip(out, 0.0, 255.0)
        return image_math.rescale(b, out, (0, 255), self.value_range)
