"""The `Resizing` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import (
    base_image_preprocessing_layer as base,
)

_INTERPOLATIONS = ("nearest", "bilinear", "bicubic", "lanczos3",
                   "lanczos5", "area")


@keras_export("keras.layers.Resizing")
class Resizing(base.BaseImagePreprocessingLayer):
    """Resizes images to `(height, width)`.

    Float images are returned in the layer's compute dtype; integer
    images keep their dtype (values are rounded). Bounding boxes are
    scaled with their image and segmentation masks resized with nearest
    neighbour interpolation.

    Args:
        height: the output height.
        width: the output width.
        interpolation: `"nearest"`, `"bilinear"`, `"bicubic"`,
            `"lanczos3"`, `"lanczos5"` or `"area"`.
        crop_to_aspect_ratio: if `True`, crop the largest centred window
            of the target aspect ratio before resizing, so that images
            are not distorted.
        pad_to_aspect_ratio: if `True`, pad images to the target aspect
            ratio (evenly on both sides) before resizing.
        fill_mode: how padding is filled (`"constant"`).
        fill_value: the padding value.
        antialias: whether to filter with an antialiasing kernel when
            downsampling.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        **kwargs: the arguments of `Layer` (`name`, `dtype`, ...), and
            `bounding_box_format` for dict inputs with boxes.

    Example:

    >>> images = np.random.rand(2, 8, 8, 3)
    >>> tuple(keras.layers.Resizing(4, 6)(images).shape)
    (2, 4, 6, 3)
    """

    _USE_BASE_FACTOR = False
    _CAST_INTEGER_IMAGES = False

    def __init__(self, height, width, interpolation="bilinear",
                 crop_to_aspect_ratio=False, pad_to_aspect_ratio=False,
                 fill_mode="constant", fill_value=0.0, antialias=False,
                 data_format=None, **kwargs):
        super().__init__(data_format=data_format, **kwargs)
        for name, value in (("height", height), ("width", width)):
            if not isinstance(value, int) or isinstance(value, bool) or (
                value <= 0
            ):
                raise ValueError(
                    f"Resizing: `{name}` should be a positive integer. "
                    f"Received: {name}={value!r}"
                )
        if crop_to_aspect_ratio and pad_to_aspect_ratio:
            raise ValueError(
                "Resizing: only one of `crop_to_aspect_ratio` and "
                "`pad_to_aspect_ratio` can be True. Received: both True"
            )
        self.height = height
        self.width = width
        self.interpolation = interpolation
        self.crop_to_aspect_ratio = crop_to_aspect_ratio
        self.pad_to_aspect_ratio = pad_to_aspect_ratio
        self.fill_mode = fill_mode
        self.fill_value = fill_value
        self.antialias = antialias

    def transform_images(self, images, transformation=None, training=True):
        # Checked when used, as Keras does (it accepts any string here).
        if self.interpolation not in _INTERPOLATIONS:
            raise ValueError(
                f"Resizing: `interpolation` should be one of "
                f"{_INTERPOLATIONS}. Received: "
                f"interpolation={self.interpolation!r}"
            )
        return self._resize(images, self.interpolation)

    def transform_segmentation_masks(self, segmentation_masks,
                                     transformation=None, training=True):
        return self._resize(segmentation_masks, "nearest")

    def _resize(self, images, interpolation):
        return self.backend.image.resize(
            images, (self.height, self.width), interpolation=interpolation,
            antialias=self.antialias,
            crop_to_aspect_ratio=self.crop_to_aspect_ratio,
            pad_to_aspect_ratio=self.pad_to_aspect_ratio,
            fill_mode=self.fill_mode, fill_value=self.fill_value,
            data_format=self.data_format,
        )

    def transform_bounding_boxes(self, bounding_boxes, transformation=None,
                                 training=True):
        n = self.backend.numpy
        height, width = (
            self.backend.cast(size, "float32") for size in self._image_size
        )
        # The window of the input that fills the output.
        top = left = 0.0
        window_h, window_w = height, width
        ratio = self.height / self.width
        if self.crop_to_aspect_ratio or self.pad_to_aspect_ratio:
            grow = self.pad_to_aspect_ratio
            pick = n.maximum if grow else n.minimum
            window_h = pick(height, width * ratio)
            window_w = pick(width, height / ratio)
            top = (height - window_h) / 2
            left = (width - window_w) / 2
        boxes = bounding_boxes["boxes"]
        scale_y = self.height / window_h
        scale_x = self.width / window_w
        x1 = (boxes[..., 0] - left) * scale_x
        y1 = (boxes[..., 1] - top) * scale_y
        x2 = (boxes[..., 2] - left) * scale_x
        y2 = (boxes[..., 3] - top) * scale_y
        out = dict(bounding_boxes)
        out["boxes"] = n.stack([
            n.clip(x1, 0, self.width), n.clip(y1, 0, self.height),
            n.clip(x2, 0, self.width), n.clip(y2, 0, self.height),
        ], axis=-1)
        return out

    def compute_output_shape(self, input_shape):
        return self._map_image_shapes(
            input_shape, lambda h, w: (self.height, self.width)
        )

    def get_config(self):
        config = super().get_config()
        config.update({
            "height": self.height,
            "width": self.width,
            "interpolation": self.interpolation,
            "crop_to_aspect_ratio": self.crop_to_aspect_ratio,
            "pad_to_aspect_ratio": self.pad_to_aspect_ratio,
            "fill_mode": self.fill_mode,
            "fill_value": self.fill_value,
            "antialias": self.antialias,
        })
        return config
