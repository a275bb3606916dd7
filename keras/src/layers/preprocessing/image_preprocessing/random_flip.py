"""The `RandomFlip` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import (
    base_image_preprocessing_layer as base,
)
from keras.src.random.seed_generator import SeedGenerator

HORIZONTAL = "horizontal"
VERTICAL = "vertical"
HORIZONTAL_AND_VERTICAL = "horizontal_and_vertical"
_MODES = (HORIZONTAL, VERTICAL, HORIZONTAL_AND_VERTICAL)


@keras_export("keras.layers.RandomFlip")
class RandomFlip(base.BaseImagePreprocessingLayer):
    """Flips images at random, horizontally and/or vertically.

    During training each image is flipped with probability 1/2 along each
    axis `mode` names (independently for the two axes); at inference
    (`training=False`) images pass through unchanged. Bounding boxes and
    segmentation masks in dict inputs are flipped with their image.

    Args:
        mode: `"horizontal"`, `"vertical"` or `"horizontal_and_vertical"`.
        seed: an int, the seed of the random draws.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        **kwargs: the arguments of `Layer` (`name`, `dtype`, ...), and
            `bounding_box_format` for dict inputs with boxes.

    Example:

    >>> layer = keras.layers.RandomFlip("horizontal", seed=1)
    >>> images = np.random.rand(2, 8, 8, 3)
    >>> tuple(layer(images, training=True).shape)
    (2, 8, 8, 3)
    """

    _USE_BASE_FACTOR = False

    def __init__(self, mode=HORIZONTAL_AND_VERTICAL, seed=None,
                 data_format=None, **kwargs):
        super().__init__(data_format=data_format, **kwargs)
        if mode not in _MODES:
            raise ValueError(
                f"RandomFlip: `mode` should be one of {_MODES}. "
                f"Received: mode={mode!r}"
            )
        self.mode = mode
        self.seed = seed
        self.seed_generator = SeedGenerator(seed)

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        if seed is None:
            seed = self._get_seed_generator(self.backend.name)
        images = data["images"]
        batch = self.backend.core.shape(images)[0]
        draws = self.backend.random.uniform((2, batch), seed=seed)
        horizontal = draws[0] < 0.5
        vertical = draws[1] < 0.5
        if self.mode == VERTICAL:
            horizontal = self.backend.numpy.zeros_like(horizontal)
        if self.mode == HORIZONTAL:
            vertical = self.backend.numpy.zeros_like(vertical)
        return {"horizontal": horizontal, "vertical": vertical}

    def transform_images(self, images, transformation, training=True):
        if not training or transformation is None:
            return images
        n = self.backend.numpy
        first = self.data_format == "channels_last"
        if self.mode != VERTICAL:
            flip = n.reshape(transformation["horizontal"], (-1, 1, 1, 1))
            images = n.where(flip, n.flip(images, 2 if first else 3),
                             images)
        if self.mode != HORIZONTAL:
            flip = n.reshape(transformation["vertical"], (-1, 1, 1, 1))
            images = n.where(flip, n.flip(images, 1 if first else 2),
                             images)
        return images

    def transform_bounding_boxes(self, bounding_boxes, transformation,
                                 training=True):
        if not training or transformation is None:
            return bounding_boxes
        n = self.backend.numpy
        height, width = self._image_size
        boxes = bounding_boxes["boxes"]
        x1, y1, x2, y2 = (boxes[..., i] for i in range(4))
        horizontal = transformation["horizontal"][:, None]
        vertical = transformation["vertical"][:, None]
        x1, x2 = (n.where(horizontal, width - x2, x1),
                  n.where(horizontal, width - x1, x2))
        y1, y2 = (n.where(vertical, height - y2, y1),
                  n.where(vertical, height - y1, y2))
        out = dict(bounding_boxes)
        out["boxes"] = n.stack([x1, y1, x2, y2], axis=-1)
        return out

    def get_config(self):
        config = super().get_config()
        config.update({"seed": self.seed, "mode": self.mode})
        return config
