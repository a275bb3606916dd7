"""Overlap measures of bounding boxes: IoU (pairwise) and Complete IoU
(elementwise).

Both convert the boxes to absolute `xyxy` first; relative formats need
`image_shape`. They run on the active backend, or on TensorFlow inside a
`tf.data` pipeline, like the converters.
"""

import math

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing.bounding_boxes import (
    converters,
)

# Keeps the ratios finite for empty boxes (the value Keras uses).
_EPSILON = 1e-7


def _absolute_xyxy(b, boxes, bounding_box_format, image_shape, fn_name):
    converters._check_format("bounding_box", bounding_box_format)
    height = width = None
    if bounding_box_format.startswith("rel_"):
        if image_shape is None:
            raise ValueError(
                f"{fn_name}() needs `image_shape` (height, width, ...) for "
                "the relative format "
                f"bounding_box_format={bounding_box_format!r}."
            )
        height, width = image_shape[0], image_shape[1]
    boxes = b.cast(b.convert_to_tensor(boxes), "float32")
    if height is not None:
        height = b.cast(height, "float32")
        width = b.cast(width, "float32")
    return converters._to_xyxy(b, boxes, bounding_box_format, height, width)


@keras_export("keras.utils.bounding_boxes.compute_iou")
def compute_iou(boxes1, boxes2, bounding_box_format, use_masking=False,
                mask_val=-1, image_shape=None):
    """Computes the intersection over union of every pair of boxes.

    Args:
        boxes1: boxes of shape `(N, 4)` or `(batch, N, 4)`.
        boxes2: boxes of shape `(M, 4)` or `(batch, M, 4)` (same rank as
            `boxes1`).
        bounding_box_format: the format of both (see
            `keras.utils.bounding_boxes.convert_format`).
        use_masking: whether boxes whose four coordinates all equal
            `mask_val` (padding) get the IoU `mask_val` with every box.
        mask_val: the padding value.
        image_shape: `(height, width, ...)`, needed for relative formats.

    Returns:
        The IoUs, of shape `(N, M)` or `(batch, N, M)`.

    Example:

    >>> a = np.array([[0.0, 0.0, 10.0, 10.0]])
    >>> b = np.array([[0.0, 0.0, 10.0, 10.0], [5.0, 5.0, 10.0, 10.0]])
    >>> iou = keras.utils.bounding_boxes.compute_iou(a, b, "xyxy")
    >>> keras.ops.convert_to_numpy(iou).round(2).tolist()
    [[1.0, 0.25]]
    """
    b = converters._call_backend()
    n = b.numpy
    boxes1 = b.convert_to_tensor(boxes1)
    boxes2 = b.convert_to_tensor(boxes2)
    rank1, rank2 = len(boxes1.shape), len(boxes2.shape)
    if rank1 != rank2 or rank1 not in (2, 3):
        raise ValueError(
            "compute_iou() expects `boxes1` and `boxes2` of the same rank, "
            "2 `(num_boxes, 4)` or 3 `(batch, num_boxes, 4)`. Received: "
            f"boxes1.shape={tuple(boxes1.shape)}, "
            f"boxes2.shape={tuple(boxes2.shape)}"
        )
    x1a, y1a, x2a, y2a = _absolute_xyxy(b, boxes1, bounding_box_format,
                                        image_shape, "compute_iou")
    x1b, y1b, x2b, y2b = _absolute_xyxy(b, boxes2, bounding_box_format,
                                        image_shape, "compute_iou")
    # (..., N, 1) against (..., 1, M): every pair.
    col = lambda t: n.expand_dims(t, -1)  # noqa: E731
    row = lambda t: n.expand_dims(t, -2)  # noqa: E731
    inter_w = n.maximum(
        n.minimum(col(x2a), row(x2b)) - n.maximum(col(x1a), row(x1b)), 0.0
    )
    inter_h = n.maximum(
        n.minimum(col(y2a), row(y2b)) - n.maximum(col(y1a), row(y1b)), 0.0
    )
    inter = inter_w * inter_h
    area_a = (x2a - x1a) * (y2a - y1a)
    area_b = (x2b - x1b) * (y2b - y1b)
    union = col(area_a) + row(area_b) - inter
    iou = inter / (union + _EPSILON)
    if use_masking:
        pad_a = n.all(n.equal(boxes1, mask_val), axis=-1)
        pad_b = n.all(n.equal(boxes2, mask_val), axis=-1)
        masked = n.logical_or(col(pad_a), row(pad_b))
        iou = n.where(masked, n.full_like(iou, float(mask_val)), iou)
    return iou


@keras_export("keras.utils.bounding_boxes.compute_ciou")
def compute_ciou(boxes1, boxes2, bounding_box_format, image_shape=None):
    """Computes the Complete IoU of matching boxes (elementwise).

    CIoU = IoU - d^2 / c^2 - alpha * v, with `d` the distance between the
    boxes' centers, `c` the diagonal of the smallest box enclosing both,
    `v` the squared difference of their aspect-ratio angles (times
    4/pi^2) and `alpha = v / (1 - IoU + v)`. It lies in `[-1, 1]`: it
    also scores boxes that do not overlap.

    Args:
        boxes1: boxes of shape `(..., 4)`.
        boxes2: boxes of the same shape.
        bounding_box_format: the format of both.
        image_shape: `(height, width, ...)`, needed for relative formats.

    Returns:
        The CIoUs, of shape `(...)`.

    Example:

    >>> a = np.array([[5.0, 5.0, 15.0, 15.0]])
    >>> b = np.array([[5.0, 5.0, 10.0, 10.0]])
    >>> ciou = keras.utils.bounding_boxes.compute_ciou(a, b, "xyxy")
    >>> keras.ops.convert_to_numpy(ciou).round(4).tolist()
    [0.1875]
    """
    b = converters._call_backend()
    n = b.numpy
    x1a, y1a, x2a, y2a = _absolute_xyxy(b, boxes1, bounding_box_format,
                                        image_shape, "compute_ciou")
    x1b, y1b, x2b, y2b = _absolute_xyxy(b, boxes2, bounding_box_format,
                                        image_shape, "compute_ciou")
    w_a, h_a = x2a - x1a, y2a - y1a + _EPSILON
    w_b, h_b = x2b - x1b, y2b - y1b + _EPSILON
    inter = n.maximum(n.minimum(x2a, x2b) - n.maximum(x1a, x1b), 0.0) * (
        n.maximum(n.minimum(y2a, y2b) - n.maximum(y1a, y1b), 0.0)
    )
    union = w_a * h_a + w_b * h_b - inter + _EPSILON
    iou = inter / (union + _EPSILON)
    enclose_w = n.maximum(x2a, x2b) - n.minimum(x1a, x1b)
    enclose_h = n.maximum(y2a, y2b) - n.minimum(y1a, y1b)
    diagonal = enclose_w**2 + enclose_h**2 + _EPSILON
    center_distance = (
        (x1b + x2b - x1a - x2a) ** 2 + (y1b + y2b - y1a - y2a) ** 2
    ) / 4.0
    v = (4.0 / math.pi**2) * (
        n.arctan(w_b / h_b) - n.arctan(w_a / h_a)
    ) ** 2
    alpha = v / (v - iou + (1.0 + _EPSILON))
    return iou - (center_distance / diagonal + v * alpha)
