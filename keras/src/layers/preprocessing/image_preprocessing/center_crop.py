"""The `CenterCrop` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import (
    base_image_preprocessing_layer as base,
)


@keras_export("keras.layers.CenterCrop")
class CenterCrop(base.BaseImagePreprocessingLayer):
    """Crops the centre of images to `(height, width)`.

    Images smaller than the target along an axis are instead resized to
    the target size after cropping the largest centred window of the
    target aspect ratio (so they are not distorted). Outputs are in the
    layer's compute dtype. Bounding boxes are moved into the window and
    clipped to it.

    Args:
        height: the output height.
        width: the output width.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        **kwargs: the arguments of `Layer` (`name`, `dtype`, ...), and
            `bounding_box_format` for dict inputs with boxes.

    Example:

    >>> images = np.random.rand(2, 8, 8, 3)
    >>> tuple(keras.layers.CenterCrop(4, 6)(images).shape)
    (2, 4, 6, 3)
    """

    _USE_BASE_FACTOR = False

    def __init__(self, height, width, data_format=None, **kwargs):
        super().__init__(data_format=data_format, **kwargs)
        for name, value in (("height", height), ("width", width)):
            if not isinstance(value, int) or isinstance(value, bool) or (
                value <= 0
            ):
                raise ValueError(
                    f"CenterCrop: `{name}` should be a positive integer. "
                    f"Received: {name}={value!r}"
                )
        self.height = height
        self.width = width

    def _axes(self):
        return (1, 2) if self.data_format == "channels_last" else (2, 3)

    def _needs_resize(self):
        height, width = self._image_size
        if isinstance(height, int) and isinstance(width, int):
            return height < self.height or width < self.width
        # Unknown sizes: the crop's slicing clamps, so resizing is chosen
        # only where sizes are static.
        return False

    def get_random_transformation(self, data, training=True, seed=None):
        height, width = self._image_size
        return {"top": (height - self.height) // 2,
                "left": (width - self.width) // 2,
                "resize": self._needs_resize()}

    def transform_images(self, images, transformation=None, training=True):
        if transformation is None:
            size = self._spatial_size(images)
            object.__setattr__(self, "_image_size", size)
            transformation = self.get_random_transformation({})
        if transformation["resize"]:
            return self.backend.image.resize(
                images, (self.height, self.width),
                crop_to_aspect_ratio=True, data_format=self.data_format,
            )
        top, left = transformation["top"], transformation["left"]
        rows = slice(top, top + self.height)
        cols = slice(left, left + self.width)
        if self.data_format == "channels_last":
            return images[:, rows, cols, :]
        return images[:, :, rows, cols]

    def transform_bounding_boxes(self, bounding_boxes, transformation=None,
                                 training=True):
        n = self.backend.numpy
        boxes = bounding_boxes["boxes"]
        if transformation["resize"]:
            height, width = self._image_size
            ratio = self.height / self.width
            window_h = min(height, width * ratio)
            window_w = min(width, height / ratio)
            top, left = (height - window_h) / 2, (width - window_w) / 2
            scale_y, scale_x = self.height / window_h, self.width / window_w
        else:
            top, left = transformation["top"], transformation["left"]
            scale_y = scale_x = 1.0
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

    def transform_segmentation_masks(self, segmentation_masks,
                                     transformation=None, training=True):
        return self.transform_images(segmentation_masks, transformation)

    def compute_output_shape(self, input_shape):
        return self._map_image_shapes(
            input_shape, lambda h, w: (self.height, self.width)
        )

    def get_config(self):
        config = super().get_config()
        config.update({"height": self.height, "width": self.width})
        return config
