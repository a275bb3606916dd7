"""Bounding box utilities: format conversion, clipping, cropping, padding
and affine transforms of boxes.

Every function works on boxes of shape `(..., 4)`. The private `_`
variants take the backend to compute with (a `DynamicBackend`), so that
the image preprocessing layers can run them with TensorFlow inside
`tf.data` pipelines; the public ones use the active backend, or
TensorFlow when called inside a TensorFlow graph.
"""

import math

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


_ENCODINGS = ("center_yxhw", "center_xywh")


def _centers(b, boxes, bounding_box_format, image_shape, fn_name):
    """`(cx, cy, w, h)` of `boxes` in absolute coordinates."""
    _check_format("bounding_box", bounding_box_format)
    height = width = None
    if bounding_box_format.startswith("rel_"):
        if image_shape is None:
            raise ValueError(
                f"{fn_name}() needs `image_shape` (height, width, ...) for "
                "the relative format "
                f"{bounding_box_format!r}."
            )
        height = b.cast(image_shape[0], "float32")
        width = b.cast(image_shape[1], "float32")
    boxes = b.cast(b.convert_to_tensor(boxes), "float32")
    x1, y1, x2, y2 = _to_xyxy(b, boxes, bounding_box_format, height, width)
    return (x1 + x2) / 2, (y1 + y2) / 2, x2 - x1, y2 - y1


def _check_encoding(name, value):
    if value not in _ENCODINGS:
        raise ValueError(
            f"`{name}` must be one of {_ENCODINGS}. Received: "
            f"{name}={value!r}"
        )


def _variance(b, variance):
    if variance is None:
        return None
    if len(variance) != 4:
        raise ValueError(
            "`variance` must hold 4 values (one per delta). Received: "
            f"variance={variance}"
        )
    return b.convert_to_tensor(list(variance), "float32")


@keras_export("keras.utils.bounding_boxes.encode_box_to_deltas")
def encode_box_to_deltas(anchors, boxes, anchor_format, box_format,
                         encoding_format="center_yxhw", variance=None,
                         image_shape=None):
    """Encodes boxes as offsets (deltas) from their anchors.

    With `encoding_format="center_yxhw"` the deltas are
    `[(y - ya) / ha, (x - xa) / wa, log(h / ha), log(w / wa)]` (centers
    `x, y` and sizes `w, h` of the box, `xa, ya, wa, ha` of the anchor);
    `"center_xywh"` orders them `x, y, w, h`. With `variance`, each delta
    is divided by its value.

    Args:
        anchors: anchor boxes of shape `(..., 4)`.
        boxes: boxes of the same shape.
        anchor_format: the format of `anchors`.
        box_format: the format of `boxes`.
        encoding_format: `"center_yxhw"` or `"center_xywh"`.
        variance: `None` or 4 scaling values.
        image_shape: `(height, width, ...)`, needed for relative formats.

    Returns:
        The deltas, of shape `(..., 4)`.

    Example:

    >>> anchors = np.array([[0.0, 0.0, 10.0, 10.0]])
    >>> boxes = np.array([[1.0, 2.0, 11.0, 14.0]])
    >>> deltas = keras.utils.bounding_boxes.encode_box_to_deltas(
    ...     anchors, boxes, "xyxy", "xyxy")
    >>> keras.ops.convert_to_numpy(deltas).astype("float64").round(3).tolist()
    [[0.3, 0.1, 0.182, 0.0]]
    """
    _check_encoding("encoding_format", encoding_format)
    b = _call_backend()
    n = b.numpy
    ax, ay, aw, ah = _centers(b, anchors, anchor_format, image_shape,
                              "encode_box_to_deltas")
    x, y, w, h = _centers(b, boxes, box_format, image_shape,
                          "encode_box_to_deltas")
    dx, dy = (x - ax) / aw, (y - ay) / ah
    dw, dh = n.log(w / aw), n.log(h / ah)
    if encoding_format == "center_yxhw":
        deltas = n.stack([dy, dx, dh, dw], axis=-1)
    else:
        deltas = n.stack([dx, dy, dw, dh], axis=-1)
    variance = _variance(b, variance)
    if variance is not None:
        deltas = deltas / variance
    return deltas


def _decode(b, anchors, deltas, anchor_format, box_format, encoded_format,
            variance, image_shape):
    n = b.numpy
    ax, ay, aw, ah = _centers(b, anchors, anchor_format, image_shape,
                              "decode_deltas_to_boxes")
    deltas = b.cast(b.convert_to_tensor(deltas), "float32")
    variance = _variance(b, variance)
    if variance is not None:
        deltas = deltas * variance
    d = [deltas[..., i] for i in range(4)]
    if encoded_format == "center_yxhw":
        dy, dx, dh, dw = d
    else:
        dx, dy, dw, dh = d
    x, y = dx * aw + ax, dy * ah + ay
    w, h = n.exp(dw) * aw, n.exp(dh) * ah
    xyxy = [x - w / 2, y - h / 2, x + w / 2, y + h / 2]
    height = width = None
    if box_format.startswith("rel_"):
        if image_shape is None:
            raise ValueError(
                "decode_deltas_to_boxes() needs `image_shape` (height, "
                f"width, ...) for the relative format {box_format!r}."
            )
        height = b.cast(image_shape[0], "float32")
        width = b.cast(image_shape[1], "float32")
    return _from_xyxy(b, xyxy, box_format, height, width)


@keras_export("keras.utils.bounding_boxes.decode_deltas_to_boxes")
def decode_deltas_to_boxes(anchors, boxes_delta, anchor_format, box_format,
                           encoded_format="center_yxhw", variance=None,
                           image_shape=None):
    """Decodes deltas from `encode_box_to_deltas` back into boxes.

    Args:
        anchors: anchor boxes of shape `(..., 4)`, or a dict of them (e.g.
            one entry per feature-pyramid level).
        boxes_delta: deltas of the same shape, or a dict with the same
            keys as `anchors`.
        anchor_format: the format of `anchors`.
        box_format: the format of the returned boxes.
        encoded_format: `"center_yxhw"` or `"center_xywh"`, as encoded.
        variance: `None` or the 4 scaling values used when encoding.
        image_shape: `(height, width, ...)`, needed for relative formats.

    Returns:
        The boxes, of shape `(..., 4)` (a dict for dict inputs).

    Example:

    >>> anchors = np.array([[0.0, 0.0, 10.0, 10.0]])
    >>> deltas = np.array([[0.3, 0.1, 0.0, 0.0]])
    >>> boxes = keras.utils.bounding_boxes.decode_deltas_to_boxes(
    ...     anchors, deltas, "xyxy", "xyxy")
    >>> keras.ops.convert_to_numpy(boxes).round(3).tolist()
    [[1.0, 3.0, 11.0, 13.0]]
    """
    _check_encoding("encoded_format", encoded_format)
    _check_format("box", box_format)
    b = _call_backend()
    if isinstance(anchors, dict):
        if not isinstance(boxes_delta, dict) or (
            set(anchors) != set(boxes_delta)
        ):
            raise ValueError(
                "decode_deltas_to_boxes() expects `boxes_delta` to be a "
                "dict with the same keys as the dict `anchors`. Received "
                f"keys {sorted(anchors)} and "
                f"{type(boxes_delta).__name__} {boxes_delta!r:.80}"
            )
        return {
            key: _decode(b, anchors[key], boxes_delta[key], anchor_format,
                         box_format, encoded_format, variance, image_shape)
            for key in anchors
        }
    return _decode(b, anchors, boxes_delta, anchor_format, box_format,
                   encoded_format, variance, image_shape)


def _per_image(b, value, name):
    """`value` (a number or a vector, one per image) as `(batch, 1)`."""
    value = b.cast(b.convert_to_tensor(value), "float32")
    if len(value.shape) == 0:
        value = b.numpy.reshape(value, (1,))
    if len(value.shape) != 1:
        raise ValueError(
            f"affine_transform() expects `{name}` to be a number or a "
            f"vector of one value per image. Received shape "
            f"{tuple(value.shape)}"
        )
    return b.numpy.expand_dims(value, -1)


@keras_export("keras.utils.bounding_boxes.affine_transform")
def affine_transform(boxes, angle, translate_x, translate_y, scale, shear_x,
                     shear_y, height, width, center_x=None, center_y=None,
                     bounding_box_format="xyxy"):
    """Applies an affine transform (per image) to bounding boxes.

    Each corner `p` of a box moves to `scale * A @ (p - c + t) + c`, where
    `c = (center_x * (width - 1), center_y * (height - 1))` (default
    centers 0.5), `t = (translate_x * (width - 1), translate_y *
    (height - 1))`, and `A` combines the rotation by `angle` and the
    shears `shear_x`, `shear_y` (all in degrees). The result is the
    smallest box holding the four moved corners (not clipped).

    Args:
        boxes: boxes of shape `(batch, num_boxes, 4)`.
        angle: rotation angles, one per image.
        translate_x: horizontal shifts, as fractions of the width.
        translate_y: vertical shifts, as fractions of the height.
        scale: scale factors.
        shear_x: horizontal shear angles.
        shear_y: vertical shear angles.
        height: the image height.
        width: the image width.
        center_x: the transform centers' x, as fractions of the width.
        center_y: the transform centers' y, as fractions of the height.
        bounding_box_format: the format of the boxes.

    Returns:
        The transformed boxes, of the same shape and format.

    Example:

    >>> boxes = np.array([[[2.0, 2.0, 6.0, 4.0]]])
    >>> out = keras.utils.bounding_boxes.affine_transform(
    ...     boxes, angle=[0.0], translate_x=[0.1], translate_y=[0.0],
    ...     scale=[1.0], shear_x=[0.0], shear_y=[0.0], height=10, width=10)
    >>> out = keras.ops.convert_to_numpy(out).astype("float64")
    >>> out.round(2).tolist()
    [[[2.9, 2.0, 6.9, 4.0]]]
    """
    _check_format("bounding_box", bounding_box_format)
    b = _call_backend()
    n = b.numpy
    boxes = b.cast(b.convert_to_tensor(boxes), "float32")
    if len(boxes.shape) != 3:
        raise ValueError(
            "affine_transform() expects boxes of shape (batch, num_boxes, "
            f"4). Received shape {tuple(boxes.shape)}"
        )
    height_f = b.cast(height, "float32")
    width_f = b.cast(width, "float32")
    x1, y1, x2, y2 = _to_xyxy(b, boxes, bounding_box_format, height_f,
                              width_f)
    radians = math.pi / 180.0
    theta = _per_image(b, angle, "angle") * radians
    tan_x = n.tan(_per_image(b, shear_x, "shear_x") * radians)
    tan_y = n.tan(_per_image(b, shear_y, "shear_y") * radians)
    factor = _per_image(b, scale, "scale")
    cx = 0.5 if center_x is None else _per_image(b, center_x, "center_x")
    cy = 0.5 if center_y is None else _per_image(b, center_y, "center_y")
    cx, cy = cx * (width_f - 1), cy * (height_f - 1)
    tx = _per_image(b, translate_x, "translate_x") * (width_f - 1)
    ty = _per_image(b, translate_y, "translate_y") * (height_f - 1)
    cos, sin = n.cos(theta), n.sin(theta)
    # Rows of A: the rotation's second row sheared by `shear_y`, then the
    # first row sheared by `shear_x` along that sheared second row's
    # mirror (as measured on Keras 3.15.1 with point-sized boxes).
    a10, a11 = -sin + tan_y * cos, cos + tan_y * sin
    a00, a01 = cos - tan_x * a10, sin + tan_x * a11
    xs, ys = [], []
    for px, py in ((x1, y1), (x2, y1), (x1, y2), (x2, y2)):
        u, v = px - cx + tx, py - cy + ty
        xs.append(factor * (a00 * u + a01 * v) + cx)
        ys.append(factor * (a10 * u + a11 * v) + cy)
    xs, ys = n.stack(xs, axis=-1), n.stack(ys, axis=-1)
    moved = [n.min(xs, axis=-1), n.min(ys, axis=-1), n.max(xs, axis=-1),
             n.max(ys, axis=-1)]
    return _from_xyxy(b, moved, bounding_box_format, height_f, width_f)
