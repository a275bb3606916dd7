"""The `RandomCrop` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import (
    base_image_preprocessing_layer as base,
)
from keras.src.random.seed_generator import SeedGenerator


@keras_export("keras.layers.RandomCrop")
class RandomCrop(base.BaseImagePreprocessingLayer):
    """Crops a random `(height, width)` window of images during training.

    One window position is drawn per batch. Images smaller than the
    target along an axis are cropped (centred) along the other axis if
    it is long enough, then resized to the target size. At
    inference (`training=False`) images pass through unchanged. Bounding
    boxes move into the window and are clipped to it.

    Args:
        height: the output height.
        width: the output width.
        seed: an int, the seed of the random draws.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        name: the layer's name.
        **kwargs: the arguments of `Layer` (`dtype`, ...), and
            `bounding_box_format` for dict inputs with boxes.

    Example:

    >>> layer = keras.layers.RandomCrop(4, 4, seed=1)
    >>> images = np.random.rand(2, 8, 8, 3)
    >>> tuple(layer(images, training=True).shape)
    (2, 4, 4, 3)
    """

    _USE_BASE_FACTOR = False

    def __init__(self, height, width, seed=None, data_format=None,
                 name=None, **kwargs):
        super().__init__(data_format=data_format, name=name, **kwargs)
        for arg, value in (("height", height), ("width", width)):
            if not isinstance(value, int) or isinstance(value, bool) or (
                value <= 0
            ):
                raise ValueError(
                    f"RandomCrop: `{arg}` should be a positive integer. "
                    f"Received: {arg}={value!r}"
                )
        self.height = height
        self.width = width
        self.seed = seed
        self.seed_generator = SeedGenerator(seed)

    def _too_small(self):
        height, width = self._image_size
        if isinstance(height, int) and isinstance(width, int):
            return height < self.height or width < self.width
        return False

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        height, width = self._image_size
        if self._too_small():
            # Crop the axes that are long enough, then stretch.
            crop_h, crop_w = min(height, self.height), min(width, self.width)
            return {"top": (height - crop_h + 1) // 2,
                    "left": (width - crop_w + 1) // 2,
                    "size": (crop_h, crop_w)}
        draws = self.backend.random.uniform(
            (2,), 0.0, 1.0, dtype="float32", seed=self._draw_seed(seed)
        )
        # Offsets in [0, room], each as likely.
        top = draws[0] * self.backend.cast(height - self.height + 1,
                                           "float32")
        left = draws[1] * self.backend.cast(width - self.width + 1,
                                            "float32")
        return {"top": self.backend.cast(top, "int32"),
                "left": self.backend.cast(left, "int32"),
                "size": (self.height, self.width)}

    def transform_images(self, images, transformation, training=True):
        if not training or transformation is None:
            return images
        crop_h, crop_w = transformation["size"]
        top, left = transformation["top"], transformation["left"]
        sizes = list(self.backend.core.shape(images))
        if self.data_format == "channels_last":
            starts = [0, top, left, 0]
            sizes[1], sizes[2] = crop_h, crop_w
        else:
            starts = [0, 0, top, left]
            sizes[2], sizes[3] = crop_h, crop_w
        starts = self.backend.numpy.stack(
            [self.backend.cast(s, "int32") for s in starts]
        )
        out = self.backend.core.slice(images, starts, sizes)
        if (crop_h, crop_w) != (self.height, self.width):
            out = self.backend.image.resize(
                out, (self.height, self.width),
                data_format=self.data_format,
            )
        return out

    def transform_segmentation_masks(self, segmentation_masks,
                                     transformation, training=True):
        return self.transform_images(segmentation_masks, transformation,
                                     training=training)

    def transform_bounding_boxes(self, bounding_boxes, transformation,
                                 training=True):
        if not training or transformation is None:
            return bounding_boxes
        n = self.backend.numpy
        boxes = bounding_boxes["boxes"]
        crop_h, crop_w = transformation["size"]
        top = self.backend.cast(transformation["top"], boxes.dtype)
        left = self.backend.cast(transformation["left"], boxes.dtype)
        scale_y, scale_x = self.height / crop_h, self.width / crop_w
        coords = [(boxes[..., 0] - left) * scale_x,
                  (boxes[..., 1] - top) * scale_y,
                  (boxes[..., 2] - left) * scale_x,
                  (boxes[..., 3] - top) * scale_y]
        limits = (self.width, self.height, self.width, self.height)
        out = dict(bounding_boxes)
        out["boxes"] = n.stack(
            [n.clip(c, 0, m) for c, m in zip(coords, limits)], axis=-1
        )
        return out

    def compute_output_shape(self, input_shape):
        return self._map_image_shapes(
            input_shape, lambda h, w: (self.height, self.width)
        )

    def get_config(self):
        config = super().get_config()
        config.update({"height": self.height, "width": self.width,
                       "seed": self.seed})
        return config
