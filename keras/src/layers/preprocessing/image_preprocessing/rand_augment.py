"""The `RandAugment` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import augment_ops
from keras.src.layers.preprocessing.image_preprocessing import image_math
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    BaseImagePreprocessingLayer,
)
from keras.src.random.seed_generator import SeedGenerator

_OPS = augment_ops.GEOMETRIC + augment_ops.COLOR + augment_ops.PIXEL


@keras_export("keras.layers.RandAugment")
class RandAugment(BaseImagePreprocessingLayer):
    """Applies `num_ops` augmentations, each picked at random per image.

    The pool holds shear, translation, rotation, brightness, color
    degeneration, contrast, sharpness, solarization, posterization,
    auto-contrast and equalization, at a strength set by `factor`'s upper
    end. In training, each of `num_ops` rounds applies to every image one
    operation of the pool drawn uniformly for that image. At inference
    the images pass through unchanged.

    Args:
        value_range: the `(low, high)` range of the pixel values.
        num_ops: the number of operations applied in sequence.
        factor: a number `f` (the range `(0, f)`) or a pair, in `[0, 1]`:
            the strength of the operations.
        interpolation: the interpolation of the geometric operations
            (`"nearest"` or `"bilinear"`).
        seed: an int, the seed of the random draws.
        data_format: `"channels_last"` or `"channels_first"`.
        **kwargs: the arguments of `Layer`.

    Example:

    >>> layer = keras.layers.RandAugment(num_ops=1, seed=1)
    >>> out = layer(np.random.uniform(0, 255, (2, 8, 8, 3)), training=True)
    >>> tuple(out.shape)
    (2, 8, 8, 3)
    """

    _FACTOR_BOUNDS = (0, 1)
    # torch.compile cannot trace Equalization's bincount, and XLA cannot
    # compile it with a length that is not a compile-time constant.
    supports_jit = {"tensorflow": False, "torch": False}

    def __init__(self, value_range=(0, 255), num_ops=2, factor=0.5,
                 interpolation="bilinear", seed=None, data_format=None,
                 **kwargs):
        super().__init__(factor=factor, data_format=data_format, **kwargs)
        image_math.check_factor_sign(self, factor)
        self.value_range = image_math.check_value_range(
            self, value_range, False
        )
        if isinstance(num_ops, bool) or not isinstance(num_ops, int) or (
            num_ops < 0
        ):
            raise ValueError(
                "RandAugment: `num_ops` should be a non-negative integer. "
                f"Received: num_ops={num_ops!r}"
            )
        self.num_ops = num_ops
        self.interpolation = interpolation
        self.seed = seed
        self.seed_generator = SeedGenerator(seed)
        self._ops = augment_ops.make_ops(
            self, _OPS, self.factor[1], interpolation, seed
        )
        for name, op in self._ops:
            setattr(self, name, op)

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        if seed is None:
            seed = self._get_seed_generator(self.backend.name)
        rounds = []
        for _ in range(self.num_ops):
            choice = augment_ops.random_choice(
                self, data["images"], len(self._ops), seed
            )
            transforms = augment_ops.draw_all(self, self._ops, data, seed)
            rounds.append({"layer_idxes": choice, "transforms": transforms})
        return rounds

    def transform_images(self, images, transformation, training=True):
        if not training or transformation is None:
            return images
        for step in transformation:
            images = augment_ops.apply_chosen(
                self, self._ops, images, step["transforms"],
                step["layer_idxes"],
            )
        return images

    def transform_segmentation_masks(self, segmentation_masks,
                                     transformation, training=True):
        return segmentation_masks

    def get_config(self):
        config = super().get_config()
        config.update(
            {
                "value_range": self.value_range,
                "num_ops": self.num_ops,
                "factor": self.factor,
                "interpolation": self.interpolation,
                "seed": self.seed,
            }
        )
        return config
