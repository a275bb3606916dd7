"""The `MaxNumBoundingBoxes` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import (
    base_image_preprocessing_layer as base,
)


@keras_export("keras.layers.MaxNumBoundingBoxes")
class MaxNumBoundingBoxes(base.BaseImagePreprocessingLayer):
    """Pads or truncates bounding boxes to `max_number` per image.

    The `"boxes"` and `"labels"` of the `"bounding_boxes"` entry of dict
    inputs get exactly `max_number` entries along their box axis: extra
    boxes are dropped, missing ones are filled with `fill_value` (in
    every coordinate and in the label). Images and other entries pass
    through unchanged, so batches of images with different numbers of
    boxes can be stacked.

    Args:
        max_number: the number of boxes per image.
        fill_value: the value of padding boxes and labels.
        **kwargs: the arguments of `Layer` (`name`, `dtype`, ...), and
            `bounding_box_format` (needed for dict inputs with boxes).

    Example:

    >>> layer = keras.layers.MaxNumBoundingBoxes(
    ...     3, bounding_box_format="xyxy")
    >>> data = {"images": np.zeros((2, 8, 8, 3)),
    ...         "bounding_boxes": {"boxes": np.ones((2, 1, 4)),
    ...                            "labels": np.ones((2, 1))}}
    >>> tuple(layer(data)["bounding_boxes"]["boxes"].shape)
    (2, 3, 4)
    """

    _USE_BASE_FACTOR = False

    def __init__(self, max_number, fill_value=-1, **kwargs):
        super().__init__(**kwargs)
        if isinstance(max_number, bool) or not isinstance(max_number, int) \
                or max_number < 1:
            raise ValueError(
                "MaxNumBoundingBoxes: `max_number` should be a positive "
                f"integer. Received: max_number={max_number!r}"
            )
        self.max_number = max_number
        self.fill_value = fill_value

    def _transform_boxes(self, bounding_boxes, transformation, training,
                         out_size):
        # No format conversion: the padding must keep `fill_value`.
        out = dict(bounding_boxes)
        out["boxes"] = self._fit(bounding_boxes["boxes"])
        if "labels" in bounding_boxes:
            out["labels"] = self._fit(bounding_boxes["labels"])
        return out

    def _fit(self, x):
        b = self.backend
        x = b.convert_to_tensor(x)
        count = x.shape[1]
        x = x[:, :self.max_number]
        if count is None:
            missing = b.numpy.maximum(
                self.max_number - b.core.shape(x)[1], 0
            )
        else:
            missing = max(self.max_number - count, 0)
        pad = [[0, 0], [0, missing]] + [[0, 0]] * (len(x.shape) - 2)
        return b.numpy.pad(x, pad, constant_values=self.fill_value)

    def compute_output_shape(self, input_shape):
        if not isinstance(input_shape, dict) or (
            "bounding_boxes" not in input_shape
        ):
            return input_shape
        out = dict(input_shape)
        boxes = dict(input_shape["bounding_boxes"])
        for key in ("boxes", "labels"):
            if key in boxes:
                shape = list(boxes[key])
                shape[1] = self.max_number
                boxes[key] = tuple(shape)
        out["bounding_boxes"] = boxes
        return out

    def get_config(self):
        config = super().get_config()
        config.update({"max_number": self.max_number,
                       "fill_value": self.fill_value})
        return config
