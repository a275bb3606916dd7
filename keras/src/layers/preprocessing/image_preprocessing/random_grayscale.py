"""The `RandomGrayscale` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import image_math
from keras.src.layers.preprocessing.image_preprocessing.base_color_layer import (  # noqa: E501
    BaseColorLayer,
)


@keras_export("keras.layers.RandomGrayscale")
class RandomGrayscale(BaseColorLayer):
    """Turns images to grayscale at random during training.

    Each RGB image becomes, with probability `factor`, its luma
    (`0.2989 R + 0.587 G + 0.114 B`) repeated over the three channels, so
    the output keeps the input's shape. At inference the images pass
    through unchanged.

    Args:
        factor: the probability, in `[0, 1]`, of converting an image.
        data_format: `"channels_last"` or `"channels_first"`.
        seed: an int, the seed of the random draws.
        **kwargs: the arguments of `Layer`.

    Example:

    >>> layer = keras.layers.RandomGrayscale(factor=1.0)
    >>> out = layer(np.random.rand(2, 4, 4, 3), training=True)
    >>> tuple(out.shape)
    (2, 4, 4, 3)
    """

    _USE_BASE_FACTOR = False
    _CONFIG_HAS_FACTOR = False

    def __init__(self, factor=0.5, data_format=None, seed=None, **kwargs):
        super().__init__(seed=seed, data_format=data_format, **kwargs)
        number = isinstance(factor, (int, float)) and not isinstance(
            factor, bool
        )
        if not number or not 0 <= factor <= 1:
            raise ValueError(
                "RandomGrayscale: `factor` should be a number between 0 "
                f"and 1. Received: factor={factor!r}"
            )
        self.factor = factor

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        draws = self._uniform(data["images"], 0.0, 1.0, self._seed(seed))
        return image_math.per_image(self.backend, draws < self.factor)

    def transform_images(self, images, transformation, training=True):
        if not training or transformation is None:
            return images
        channels_axis = self._axes()[2]
        gray = image_math.grayscale(self.backend, images, channels_axis)
        return self.backend.numpy.where(transformation, gray, images)

    def get_config(self):
        config = super().get_config()
        for key in ("value_range", "seed"):
            config.pop(key)
        config["factor"] = self.factor
        return config
