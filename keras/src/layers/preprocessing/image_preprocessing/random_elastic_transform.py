"""The `RandomElasticTransform` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import image_math
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    BaseImagePreprocessingLayer,
)
from keras.src.random.seed_generator import SeedGenerator

_INTERPOLATIONS = ("nearest", "bilinear")
_FILL_MODES = ("reflect", "wrap", "constant", "nearest", "mirror")


@keras_export("keras.layers.RandomElasticTransform")
class RandomElasticTransform(BaseImagePreprocessingLayer):
    """Applies random elastic distortions to images during training.

    Pixels move along a random displacement field: standard normal noise
    smoothed by a Gaussian of standard deviation
    `sigma = scale_high * min(height, width) / 20` (where `scale_high` is
    the upper bound of `scale`) and multiplied by
    `alpha = s * max(height, width) / 10`, with `s` drawn per image from
    the `scale` range (see `keras.ops.image.elastic_transform`). Each
    image draws a probability `p` from the `factor` range and is
    distorted with probability `p`. Points from outside the image are
    filled according to `fill_mode`; the results are clipped to
    `value_range`. Segmentation masks move with their images (nearest
    neighbour sampling). At inference (`training=False`) images pass
    through unchanged.

    Args:
        factor: a number `f` (the range `(0, f)`) or a pair `(low, high)`
            within `[0, 1]`: the probability of distorting an image.
        scale: a number `s` (the range `(0, s)`) or a pair within
            `[0, 1]`: the strength of the distortion.
        interpolation: `"bilinear"` or `"nearest"`.
        fill_mode: `"reflect"`, `"wrap"`, `"constant"`, `"nearest"` or
            `"mirror"`.
        fill_value: the value of points from outside the image with
            `fill_mode="constant"`.
        value_range: the `(low, high)` range of the pixel values.
        seed: an int, the seed of the random draws.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        **kwargs: the arguments of `Layer` (`name`, `dtype`, ...).

    Example:

    >>> layer = keras.layers.RandomElasticTransform(factor=1.0, seed=1)
    >>> images = np.random.uniform(0, 255, (2, 16, 16, 3))
    >>> tuple(layer(images, training=True).shape)
    (2, 16, 16, 3)
    """

    _FACTOR_BOUNDS = (0, 1)

    def __init__(self, factor=1.0, scale=1.0, interpolation="bilinear",
                 fill_mode="reflect", fill_value=0.0, value_range=(0, 255),
                 seed=None, data_format=None, **kwargs):
        super().__init__(factor=factor, data_format=data_format, **kwargs)
        factor_pair = self.factor
        self._set_factor(scale)
        self.scale, self.factor = self.factor, factor_pair
        if interpolation not in _INTERPOLATIONS:
            raise ValueError(
                "RandomElasticTransform: `interpolation` should be one of "
                f"{_INTERPOLATIONS}. Received: "
                f"interpolation={interpolation!r}"
            )
        if fill_mode not in _FILL_MODES:
            raise ValueError(
                "RandomElasticTransform: `fill_mode` should be one of "
                f"{_FILL_MODES}. Received: fill_mode={fill_mode!r}"
            )
        self.interpolation = interpolation
        self.fill_mode = fill_mode
        self.fill_value = fill_value
        self.value_range = image_math.check_value_range(
            self, value_range, False
        )
        self.seed = seed
        self.seed_generator = SeedGenerator(seed)

    def get_elastic_transform_params(self, height, width, factor):
        """The `(alpha, sigma)` of a distortion of strength `factor` for
        images of `height` by `width` pixels.

        Args:
            height: the images' height.
            width: the images' width.
            factor: the strength, in `[0, 1]`.

        Returns:
            `alpha = factor * max(height, width) / 10` (the displacement
            scale, in pixels) and `sigma = factor * min(height, width) /
            20` (the smoothing of the field).
        """
        alpha = factor * max(height, width) / 10.0
        sigma = factor * min(height, width) / 20.0
        return alpha, sigma

    def get_random_transformation(self, data, training=True, seed=None):
        if not training or self.scale[1] <= 0 or self.factor[1] <= 0:
            return None
        b = self.backend
        seed = self._draw_seed(seed)
        batch = image_math.batch_size(b, data["images"])
        low, high = self.factor
        chance = b.random.uniform((batch,), low, high, seed=seed)
        apply = b.random.uniform((batch,), seed=seed) < chance
        strength = b.random.uniform((batch,), self.scale[0], self.scale[1],
                                    seed=seed)
        return {"apply": apply, "strength": strength,
                "seed": b.random.randint((2,), 0, 2**31 - 1, seed=seed)}

    def transform_images(self, images, transformation, training=True):
        out = self._distort(images, transformation, training,
                            self.interpolation)
        if out is images:
            return images
        out = image_math.clip(self.backend, out, self.value_range)
        return self.backend.cast(out, images.dtype)

    def transform_segmentation_masks(self, segmentation_masks,
                                     transformation, training=True):
        return self._distort(segmentation_masks, transformation, training,
                             "nearest")

    def transform_bounding_boxes(self, bounding_boxes, transformation,
                                 training=True):
        raise ValueError(
            "RandomElasticTransform cannot transform bounding boxes: an "
            "elastic distortion does not map boxes to boxes. Pass images "
            "(and segmentation masks) without 'bounding_boxes'."
        )

    def _distort(self, images, transformation, training, interpolation):
        if not training or transformation is None:
            return images
        b = self.backend
        n = b.numpy
        height, width = self._spatial_size(images)
        if not isinstance(height, int) or not isinstance(width, int):
            raise ValueError(
                "RandomElasticTransform needs images of known height and "
                f"width. Received: images.shape={tuple(images.shape)}"
            )
        _, sigma = self.get_elastic_transform_params(
            height, width, self.scale[1]
        )
        unit_alpha, _ = self.get_elastic_transform_params(height, width,
                                                          1.0)
        # One alpha per image: (batch, 1, 1) broadcasts over the field.
        alpha = b.cast(transformation["strength"], "float32") * unit_alpha
        alpha = n.reshape(alpha, (-1, 1, 1))
        moved = b.image.elastic_transform(
            b.cast(images, "float32"), alpha=alpha, sigma=sigma,
            interpolation=interpolation, fill_mode=self.fill_mode,
            fill_value=self.fill_value,
            seed=_FixedSeed(transformation["seed"]),
            data_format=self.data_format,
        )
        apply = n.reshape(transformation["apply"], (-1, 1, 1, 1))
        return b.cast(n.where(apply, moved, b.cast(images, "float32")),
                      images.dtype)

    def get_config(self):
        config = super().get_config()
        config.update({
            "factor": self.factor,
            "scale": self.scale,
            "interpolation": self.interpolation,
            "fill_mode": self.fill_mode,
            "fill_value": self.fill_value,
            "value_range": self.value_range,
            "seed": self.seed,
        })
        return config


class _FixedSeed(SeedGenerator):
    """A seed generator that always returns one seed tensor, so images and
    their masks draw the same displacement field. (A bare seed tensor
    would do on the active backend, but inside `tf.data` under another
    backend it is a TensorFlow tensor, which only a generator passes
    through to the TensorFlow random ops.)"""

    def __init__(self, seed):
        # The parent's constructor is skipped: it makes a variable.
        self._seed = seed

    def next(self, ordered=True):
        return self._seed
