"""The `RandomColorJitter` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import image_math
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    BaseImagePreprocessingLayer,
)
from keras.src.layers.preprocessing.image_preprocessing.random_brightness import (  # noqa: E501
    RandomBrightness,
)
from keras.src.layers.preprocessing.image_preprocessing.random_contrast import (  # noqa: E501
    RandomContrast,
)
from keras.src.layers.preprocessing.image_preprocessing.random_hue import (
    RandomHue,
)
from keras.src.layers.preprocessing.image_preprocessing.random_saturation import (  # noqa: E501
    RandomSaturation,
)
from keras.src.random.seed_generator import SeedGenerator

_PARTS = (
    ("brightness", RandomBrightness),
    ("contrast", RandomContrast),
    ("saturation", RandomSaturation),
    ("hue", RandomHue),
)


@keras_export("keras.layers.RandomColorJitter")
class RandomColorJitter(BaseImagePreprocessingLayer):
    """Randomly changes brightness, contrast, saturation and hue.

    Applies, in this order, `RandomBrightness`, `RandomContrast`,
    `RandomSaturation` and `RandomHue` with the given factors; a factor
    left `None` skips that step. At inference the images pass through
    unchanged.

    Args:
        value_range: the `(low, high)` range of the pixel values.
        brightness_factor: the `factor` of `RandomBrightness`, or `None`.
        contrast_factor: the `factor` of `RandomContrast`, or `None`.
        saturation_factor: the `factor` of `RandomSaturation`, or `None`.
        hue_factor: the `factor` of `RandomHue`, or `None`.
        seed: an int, the seed of the random draws.
        data_format: `"channels_last"` or `"channels_first"`.
        **kwargs: the arguments of `Layer`.

    Example:

    >>> layer = keras.layers.RandomColorJitter(
    ...     brightness_factor=0.2, hue_factor=0.1, seed=3)
    >>> out = layer(np.random.uniform(0, 255, (2, 4, 4, 3)), training=True)
    >>> tuple(out.shape)
    (2, 4, 4, 3)
    """

    _USE_BASE_FACTOR = False

    def __init__(self, value_range=(0, 255), brightness_factor=None,
                 contrast_factor=None, saturation_factor=None,
                 hue_factor=None, seed=None, data_format=None, **kwargs):
        super().__init__(data_format=data_format, **kwargs)
        self.value_range = image_math.check_value_range(
            self, value_range, False
        )
        self.brightness_factor = brightness_factor
        self.contrast_factor = contrast_factor
        self.saturation_factor = saturation_factor
        self.hue_factor = hue_factor
        self.seed = seed
        self.seed_generator = SeedGenerator(seed)
        self._parts = []
        for name, cls in _PARTS:
            factor = getattr(self, f"{name}_factor")
            if factor is None:
                continue
            part = cls(factor=factor, value_range=value_range, seed=seed,
                       data_format=self.data_format, dtype=self.dtype_policy,
                       name=f"random_{name}")
            # The parts compute with this layer's (switchable) backend.
            part.backend = self.backend
            self._parts.append(part)

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        if seed is None:
            seed = self._get_seed_generator(self.backend.name)
        return [
            part.get_random_transformation(data, training=True, seed=seed)
            for part in self._parts
        ]

    def transform_images(self, images, transformation, training=True):
        if not training or transformation is None:
            return images
        for part, params in zip(self._parts, transformation):
            images = part.transform_images(images, params, training=True)
        return images

    def transform_segmentation_masks(self, segmentation_masks,
                                     transformation, training=True):
        return segmentation_masks

    def get_config(self):
        config = super().get_config()
        config.update(
            {
                "value_range": self.value_range,
                "brightness_factor": self.brightness_factor,
                "contrast_factor": self.contrast_factor,
                "saturation_factor": self.saturation_factor,
                "hue_factor": self.hue_factor,
                "seed": self.seed,
            }
        )
        return config
