"""`BaseColorLayer`: what the color image layers share."""

from keras.src.layers.preprocessing.image_preprocessing import image_math
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    BaseImagePreprocessingLayer,
)
from keras.src.random.seed_generator import SeedGenerator


class BaseColorLayer(BaseImagePreprocessingLayer):
    """A pixel-value augmentation: boxes and masks pass through unchanged.

    Subclasses set `_FACTOR_BOUNDS`, `_VALUE_RANGE_AS_LIST` (whether
    `get_config` lists `value_range` sorted, as Keras does for some
    layers) and implement `get_random_transformation` and
    `transform_images`; `self.value_range`, `self.seed` and
    `self.seed_generator` are set here.

    Args:
        factor: see `BaseImagePreprocessingLayer`.
        value_range: the `(low, high)` range of the input pixel values.
        seed: an int, the seed of the random draws.
        data_format: `"channels_last"` or `"channels_first"`.
        **kwargs: the arguments of `Layer`.
    """

    _VALUE_RANGE_AS_LIST = False
    _CONFIG_HAS_FACTOR = True

    def __init__(self, factor=None, value_range=(0, 255), seed=None,
                 data_format=None, **kwargs):
        super().__init__(factor=factor, data_format=data_format, **kwargs)
        if self._USE_BASE_FACTOR:
            image_math.check_factor_sign(self, factor)
        self.value_range = image_math.check_value_range(
            self, value_range, self._VALUE_RANGE_AS_LIST
        )
        self.seed = seed
        self.seed_generator = SeedGenerator(seed)

    def _seed(self, seed):
        if seed is None:
            return self._get_seed_generator(self.backend.name)
        return seed

    def _uniform(self, images, low, high, seed):
        """One uniform draw in `[low, high)` per image."""
        b = self.backend
        size = image_math.batch_size(b, images)
        return b.random.uniform(
            (size,), minval=low, maxval=high, dtype=self.compute_dtype,
            seed=seed,
        )

    def _axes(self):
        return image_math.image_axes(self.data_format)

    def transform_segmentation_masks(self, segmentation_masks,
                                     transformation, training=True):
        return segmentation_masks

    def get_config(self):
        config = super().get_config()
        if self._CONFIG_HAS_FACTOR:
            config["factor"] = self.factor
        config.update({"value_range": self.value_range, "seed": self.seed})
        return config
