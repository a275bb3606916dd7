"""The `RandomErasing` layer."""

import math

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing.base_color_layer import (  # noqa: E501
    BaseColorLayer,
)
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    _is_number,
)

# Erased boxes have aspect ratios (height / width) in [0.3, 1 / 0.3].
_LOG_ASPECT = math.log(0.3)


@keras_export("keras.layers.RandomErasing")
class RandomErasing(BaseColorLayer):
    """Erases a random rectangle of each image at random during training.

    Each image is erased with a probability drawn uniformly from
    `factor`: a box covering a fraction of the image drawn uniformly
    from `scale`, with a random aspect ratio in `[0.3, 3.3]` and a
    random position, is filled with `fill_value` (or, when it is
    `None`, with uniform noise over `value_range`). At inference the
    images pass through unchanged.

    Args:
        factor: a number `f` (the range `(0, f)`) or a pair, in
            `[0, 1]`: the range of the erasing probability.
        scale: a pair `(min, max)` of area fractions, in `[0, 1]`.
        fill_value: a number, or `None` for random noise.
        value_range: the `(low, high)` range of the pixel values.
        seed: an int, the seed of the random draws.
        data_format: `"channels_last"` or `"channels_first"`.
        **kwargs: the arguments of `Layer`.

    Example:

    >>> layer = keras.layers.RandomErasing(fill_value=0.0, seed=4)
    >>> out = layer(np.ones((2, 8, 8, 3)), training=True)
    >>> tuple(out.shape)
    (2, 8, 8, 3)
    """

    _FACTOR_BOUNDS = (0, 1)

    def __init__(self, factor=1.0, scale=(0.02, 0.33), fill_value=None,
                 value_range=(0, 255), seed=None, data_format=None,
                 **kwargs):
        super().__init__(factor=factor, value_range=value_range, seed=seed,
                         data_format=data_format, **kwargs)
        ok = isinstance(scale, (tuple, list)) and len(scale) == 2 and all(
            _is_number(s) and 0 <= s <= 1 for s in scale
        )
        if not ok:
            raise ValueError(
                "RandomErasing: `scale` should be a pair of numbers in "
                f"[0, 1]. Received: scale={scale!r}"
            )
        if fill_value is not None and not _is_number(fill_value):
            raise ValueError(
                "RandomErasing: `fill_value` should be a number or None. "
                f"Received: fill_value={fill_value!r}"
            )
        self.scale = scale
        self.fill_value = fill_value

    def _box(self, images, seed):
        """Per image, the `[start, stop)` rows and columns of the box."""
        b = self.backend
        n = b.numpy
        height, width = self._image_size
        fheight = b.cast(height, self.compute_dtype)
        fwidth = b.cast(width, self.compute_dtype)
        low, high = sorted(self.scale)
        area = self._uniform(images, low, high, seed) * fheight * fwidth
        aspect = n.exp(self._uniform(images, _LOG_ASPECT, -_LOG_ASPECT, seed))
        box_h = n.minimum(n.round(n.sqrt(area * aspect)), fheight)
        box_w = n.minimum(n.round(n.sqrt(area / aspect)), fwidth)
        top = n.floor(self._uniform(images, 0.0, 1.0, seed)
                      * (fheight - box_h + 1.0))
        left = n.floor(self._uniform(images, 0.0, 1.0, seed)
                       * (fwidth - box_w + 1.0))
        rows = self._inside(top, top + box_h, height)
        cols = self._inside(left, left + box_w, width)
        return n.logical_and(rows[:, :, None], cols[:, None, :])

    def _inside(self, start, stop, size):
        n = self.backend.numpy
        positions = self.backend.cast(n.arange(size), self.compute_dtype)
        positions = n.expand_dims(positions, 0)
        return (positions >= start[:, None]) & (positions < stop[:, None])

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        b = self.backend
        images = data["images"]
        seed = self._seed(seed)
        chance = self._uniform(images, self.factor[0], self.factor[1], seed)
        apply = self._uniform(images, 0.0, 1.0, seed) < chance
        mask = self._box(images, seed)
        mask = b.numpy.logical_and(mask, apply[:, None, None])
        axis = 3 if self.data_format == "channels_last" else 1
        mask = b.numpy.expand_dims(mask, axis)
        if self.fill_value is None:
            fill = b.random.uniform(
                b.core.shape(images), minval=self.value_range[0],
                maxval=self.value_range[1], dtype=self.compute_dtype,
                seed=seed,
            )
        else:
            fill = float(self.fill_value)
        return {"apply_erasing": apply, "batch_masks": mask,
                "fill_value": fill}

    def transform_images(self, images, transformation, training=True):
        if not training or transformation is None:
            return images
        fill = self.backend.cast(transformation["fill_value"], images.dtype)
        return self.backend.numpy.where(
            transformation["batch_masks"], fill, images
        )

    def get_config(self):
        config = super().get_config()
        config.update({"scale": self.scale, "fill_value": self.fill_value})
        return config
