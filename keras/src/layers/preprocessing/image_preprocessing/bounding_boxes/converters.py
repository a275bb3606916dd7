"""Bounding box utilities: format conversion, clipping, cropping, padding
and affine transforms of boxes.

Every function works on boxes of shape `(..., 4)`. The private `_`
variants take the backend to compute with (a `DynamicBackend`), so that
the image preprocessing layers can run them with TensorFlow inside
`tf.data` pipelines; the public ones use the active backend, or
TensorFlow when called inside a TensorFlow graph.
"""

from keras.src import backend as active_backend
from keras.src.api_export import keras_export
from keras.src.utils import backend_utils

FORMATS = (
    "xyxy", "yxyx", "xywh", "center_xywh", "center_yxhw", "rel_xyxy",
    "rel_yxyx", "rel_xywh", "rel_center_xywh",
)


def _call_backend():
    dynamic = backend_utils.DynamicBackend()
    if active_backend.backend() != "tensorflow" and (
        backend_utils.in_tf_graph()
    ):
        dynamic.set_backend("tensorflow")
    return dynamic


def _check_format(name, value):
    if value not in FORMATS:
        raise ValueError(
            f"Invalid {name} format. Expected one of {FORMATS}. "
            f"Received: {name}={value!r}"
        )


def _to_xyxy(b, boxes, source, height, width):
    """Absolute `xyxy` coordinates of `boxes` as four tensors."""
    if source.startswith("rel_"):
        x1, y1, x2, y2 = _to_xyxy(b, boxes, source[4:], None, None)
        return [x1 * width, y1 * height, x2 * width, y2 * height]
    p = [boxes[..., i] for i in range(4)]
    if source == "xyxy":
        return p
    if source == "yxyx":
        return [p[1], p[0], p[3], p[2]]
    if source == "xywh":
        return [p[0], p[1], p[0] + p[2], p[1] + p[3]]
    if source == "center_xywh":
        return [p[0] - p[2] / 2, p[1] - p[3] / 2, p[0] + p[2] / 2,
                p[1] + p[3] / 2]
    # center_yxhw
    return [p[1] - p[3] / 2, p[0] - p[2] / 2, p[1] + p[3] / 2,
            p[0] + p[2] / 2]


def _from_xyxy(b, p, target, height, width):
    """Stacks absolute `xyxy` coordinates `p` in the `target` format."""
    x1, y1, x2, y2 = p
    relative = target.startswith("rel_")
    if relative:
        x1, x2 = x1 / width, x2 / width
        y1, y2 = y1 / height, y2 / height
        target = target[4:]
    if target == "xyxy":
        out = [x1, y1, x2, y2]
    elif target == "yxyx":
        out = [y1, x1, y2, x2]
    elif target == "xywh":
        out = [x1, y1, x2 - x1, y2 - y1]
    elif target == "center_xywh":
        out = [(x1 + x2) / 2, (y1 + y2) / 2, x2 - x1, y2 - y1]
    else:
        out = [(y1 + y2) / 2, (x1 + x2) / 2, y2 - y1, x2 - x1]
    return b.numpy.stack(out, axis=-1)


def _convert(b, boxes, source, target, height=None, width=None,
             dtype="float32"):
    _check_format("source", source)
    _check_format("target", target)
    boxes = b.cast(b.convert_to_tensor(boxes), dtype)
    if source == target:
        return boxes
    if (source.startswith("rel_") or target.startswith("rel_")) and (
        height is None or width is None
    ):
        raise ValueError(
            "convert_format() needs `height` and `width` to convert "
            "between relative and absolute formats. Received: "
            f"source={source!r}, target={target!r}, height={height}, "
            f"width={width}"
        )
    if height is not None:
        height = b.cast(height, dtype)
        width = b.cast(width, dtype)
    xyxy = _to_xyxy(b, boxes, source, height, width)
    return _from_xyxy(b, xyxy, target, height, width)


@keras_export("keras.utils.bounding_boxes.convert_format")
def convert_format(boxes, source, target, height=None, width=None,
                   dtype="float32"):
    """Converts bounding boxes between formats.

    Formats: `"xyxy"` (corners), `"yxyx"`, `"xywh"` (top-left corner and
    size), `"center_xywh"`, `"center_yxhw"`, and the relative variants
    `"rel_xyxy"`, `"rel_yxyx"`, `"rel_xywh"`, `"rel_center_xywh"`, whose
    coordinates are fractions of the image's width and height.

    Args:
        boxes: a tensor of shape `(..., 4)`, or a dict whose `"boxes"`
            entry is one (the dict is returned with converted boxes).
        source: the format of `boxes`.
        target: the format to convert to.
        height: the image height (needed for relative formats).
        width: the image width (needed for relative formats).
        dtype: the dtype of the result.

    Returns:
        The converted boxes.

    Example:

    >>> boxes = np.array([[10.0, 20.0, 50.0, 80.0]])
    >>> out = keras.utils.bounding_boxes.convert_format(
    ...     boxes, "xyxy", "xywh")
    >>> keras.ops.convert_to_numpy(out).tolist()
    [[10.0, 20.0, 40.0, 60.0]]
    """
    b = _call_backend()
    if isinstance(boxes, dict):
        out = dict(boxes)
        out["boxes"] = _convert(b, boxes["boxes"], source, target, height,
                                width, dtype)
        return out
    return _convert(b, boxes, source, target, height, width, dtype)


def _clip(b, boxes, labels, height, width, bounding_box_format):
    """Clips `boxes` to the image; labels of emptied boxes become -1."""
    n = b.numpy
    x1, y1, x2, y2 = _to_xyxy(b, boxes, bounding_box_format, height,
                               width)
    x1, x2 = n.clip(x1, 0, width), n.clip(x2, 0, width)
    y1, y2 = n.clip(y1, 0, height), n.clip(y2, 0, height)
    area = (x2 - x1) * (y2 - y1)
    boxes = _from_xyxy(b, [x1, y1, x2, y2], bounding_box_format, height,
                       width)
    if labels is not None:
        labels = b.convert_to_tensor(labels)
        labels = n.where(area > 0, labels, n.full_like(labels, -1))
    return boxes, labels


@keras_export("keras.utils.bounding_boxes.clip_to_image_size")
def clip_to_image_size(bounding_boxes, height=None, width=None,
                       bounding_box_format="xyxy"):
    """Clips bounding boxes to the image.

    Boxes left with no area get the label `-1`.

    Args:
        bounding_boxes: a dict with `"boxes"` (shape `(..., 4)`) and
            `"labels"` (shape `(...)`).
        height: the image height.
        width: the image width.
        bounding_box_format: the format of the boxes.

    Returns:
        A dict with the clipped `"boxes"` and the updated `"labels"`.

    Example:

    >>> boxes = {"boxes": np.array([[-5.0, 2.0, 30.0, 8.0]]),
    ...          "labels": np.array([1])}
    >>> out = keras.utils.bounding_boxes.clip_to_image_size(
    ...     boxes, height=10, width=20)
    >>> keras.ops.convert_to_numpy(out["boxes"]).tolist()
    [[0.0, 2.0, 20.0, 8.0]]
    """
    _check_format("bounding_box", bounding_box_format)
    b = _call_backend()
    boxes = b.cast(b.convert_to_tensor(bounding_boxes["boxes"]), "float32")
    labels = bounding_boxes.get("labels")
    boxes, labels = _clip(b, boxes, labels, height, width,
                          bounding_box_format)
    out = dict(bounding_boxes)
    out["boxes"] = boxes
    if labels is not None:
        out["labels"] = labels
    return out


def _shift(b, boxes, top, left, bounding_box_format):
    """Absolute `xyxy` coordinates of `boxes` moved by `(left, top)`."""
    if bounding_box_format.startswith("rel_"):
        raise ValueError(
            "Cropping and padding need an absolute bounding box format. "
            f"Received: bounding_box_format={bounding_box_format!r}"
        )
    boxes = b.cast(b.convert_to_tensor(boxes), "float32")
    x1, y1, x2, y2 = _to_xyxy(b, boxes, bounding_box_format, None, None)
    return [x1 + left, y1 + top, x2 + left, y2 + top]


@keras_export("keras.utils.bounding_boxes.crop")
def crop(boxes, top, left, height, width, bounding_box_format="xyxy"):
    """Moves boxes into a cropped window of the image and clips them.

    Args:
        boxes: a tensor of shape `(..., 4)`.
        top: the window's top offset in the image.
        left: the window's left offset in the image.
        height: the window's height.
        width: the window's width.
        bounding_box_format: the (absolute) format of the boxes.

    Returns:
        The boxes in the window's coordinates, clipped to it.

    Example:

    >>> boxes = np.array([[10.0, 20.0, 50.0, 80.0]])
    >>> out = keras.utils.bounding_boxes.crop(boxes, 5, 5, 30, 30)
    >>> keras.ops.convert_to_numpy(out).tolist()
    [[5.0, 15.0, 30.0, 30.0]]
    """
    _check_format("bounding_box", bounding_box_format)
    b = _call_backend()
    x1, y1, x2, y2 = _shift(b, boxes, -top, -left, bounding_box_format)
    n = b.numpy
    clipped = [n.clip(x1, 0, width), n.clip(y1, 0, height),
               n.clip(x2, 0, width), n.clip(y2, 0, height)]
    return _from_xyxy(b, clipped, bounding_box_format, None, None)


@keras_export("keras.utils.bounding_boxes.pad")
def pad(boxes, top, left, height=None, width=None,
        bounding_box_format="xyxy"):
    """Moves boxes into the coordinates of a padded image.

    Args:
        boxes: a tensor of shape `(..., 4)`.
        top: the padding added above the image.
        left: the padding added left of the image.
        height: unused (the padded height).
        width: unused (the padded width).
        bounding_box_format: the (absolute) format of the boxes.

    Returns:
        The shifted boxes.

    Example:

    >>> boxes = np.array([[10.0, 20.0, 50.0, 80.0]])
    >>> out = keras.utils.bounding_boxes.pad(boxes, 5, 5)
    >>> keras.ops.convert_to_numpy(out).tolist()
    [[15.0, 25.0, 55.0, 85.0]]
    """
    _check_format("bounding_box", bounding_box_format)
    b = _call_backend()
    moved = _shift(b, boxes, top, left, bounding_box_format)
    return _from_xyxy(b, moved, bounding_box_format, None, None)
