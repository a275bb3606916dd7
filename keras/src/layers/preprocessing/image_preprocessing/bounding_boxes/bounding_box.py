"""`BoundingBox`: the bounding box functions of `converters.py` bundled
as methods, with the backend they compute with."""

from keras.src.layers.preprocessing.image_preprocessing.bounding_boxes import (
    converters,
)
from keras.src.utils import backend_utils

SUPPORTED_FORMATS = converters.FORMATS


class BoundingBox:
    """Bounding box operations; the box arguments of `affine`, `crop` and
    `pad` are in `"xyxy"` format.

    Example:

    >>> boxes = BoundingBox().convert_format(
    ...     np.array([[0.0, 0.0, 10.0, 20.0]]), "xyxy", "xywh")
    >>> keras.ops.convert_to_numpy(boxes).tolist()
    [[0.0, 0.0, 10.0, 20.0]]
    """

    def __init__(self):
        self.backend = backend_utils.DynamicBackend()

    def convert_format(self, boxes, source, target, height=None, width=None,
                       dtype="float32"):
        """See `keras.utils.bounding_boxes.convert_format`."""
        return converters.convert_format(
            boxes, source, target, height=height, width=width, dtype=dtype
        )

    def clip_to_image_size(self, bounding_boxes, height=None, width=None,
                           bounding_box_format="xyxy"):
        """See `keras.utils.bounding_boxes.clip_to_image_size`."""
        return converters.clip_to_image_size(
            bounding_boxes, height=height, width=width,
            bounding_box_format=bounding_box_format,
        )

    def affine(self, boxes, angle, translate_x, translate_y, scale, shear_x,
               shear_y, height, width, center_x=None, center_y=None):
        """See `keras.utils.bounding_boxes.affine_transform`."""
        return converters.affine_transform(
            boxes, angle, translate_x, translate_y, scale, shear_x, shear_y,
            height, width, center_x=center_x, center_y=center_y,
        )

    def crop(self, boxes, top, left, height, width):
        """See `keras.utils.bounding_boxes.crop`."""
        return converters.crop(boxes, top, left, height, width)

    def pad(self, boxes, top, left):
        """See `keras.utils.bounding_boxes.pad`."""
        return converters.pad(boxes, top, left)
