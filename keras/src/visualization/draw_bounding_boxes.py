"""`draw_bounding_boxes`: outlines boxes (and writes their class names) on
images."""

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing.bounding_boxes import (
    converters,
)
from keras.src.utils.module_utils import LazyModule
from keras.src.visualization import _image_batch

_pil_draw = LazyModule(
    "PIL.ImageDraw",
    pip_name="pillow",
    import_error_msg=(
        "draw_bounding_boxes() writes class names with Pillow: "
        "`pip install pillow` (or pass class_mapping=None)."
    ),
)
_pil_font = LazyModule("PIL.ImageFont", pip_name="pillow",
                       import_error_msg=_pil_draw.import_error_msg)
_pil_image = LazyModule("PIL.Image", pip_name="pillow",
                        import_error_msg=_pil_draw.import_error_msg)


def _outline(image, box, color, thickness):
    """Paints the outline of `box` (x1, y1, x2, y2) into `image` (H, W, 3)
    in place, `thickness` pixels wide, inside the image."""
    height, width = image.shape[:2]
    x1, y1, x2, y2 = (int(round(v)) for v in box)
    x1, x2 = sorted((x1, x2))
    y1, y2 = sorted((y1, y2))
    if x2 < 0 or y2 < 0 or x1 >= width or y1 >= height:
        return
    half = max(int(thickness), 1)
    top, bottom = max(y1, 0), min(y2, height - 1)
    left, right = max(x1, 0), min(x2, width - 1)
    for y in (y1, y2):
        lo, hi = max(y - half // 2, 0), min(y + (half + 1) // 2, height)
        if lo < hi:
            image[lo:hi, left:right + 1] = color
    for x in (x1, x2):
        lo, hi = max(x - half // 2, 0), min(x + (half + 1) // 2, width)
        if lo < hi:
            image[top:bottom + 1, lo:hi] = color


def _write_labels(image, texts, color, font_scale):
    """Writes `texts` [(x, y, text)] on `image` with Pillow."""
    pil = _pil_image.fromarray(image)
    draw = _pil_draw.Draw(pil)
    size = max(int(round(12 * font_scale)), 6)
    try:
        font = _pil_font.load_default(size=size)
    except TypeError:  # Pillow < 10.1 has one default size.
        font = _pil_font.load_default()
    for x, y, text in texts:
        draw.text((x, max(y - size - 2, 0)), text, fill=tuple(color),
                  font=font)
    return np.asarray(pil)


@keras_export("keras.visualization.draw_bounding_boxes")
def draw_bounding_boxes(images, bounding_boxes, bounding_box_format,
                        class_mapping=None, color=(128, 128, 128),
                        line_thickness=2, text_thickness=1, font_scale=1.0,
                        data_format=None):
    """Draws bounding boxes on images.

    Boxes with the label `-1` (padding) are skipped. With `class_mapping`,
    each box gets its class name (needs Pillow).

    Args:
        images: images `(batch, height, width, 3)` (channels first with
            `data_format="channels_first"`), values in `[0, 255]`.
        bounding_boxes: a dict with `"boxes"` `(batch, num_boxes, 4)` and
            `"labels"` `(batch, num_boxes)`.
        bounding_box_format: the format of the boxes (relative formats
            use the images' size).
        class_mapping: an optional dict from label to class name.
        color: the RGB colour of the boxes and text.
        line_thickness: the width of the outlines, in pixels.
        text_thickness: the stroke of the text (Pillow draws one weight;
            values above 1 are accepted for compatibility).
        font_scale: the size of the text (1.0: 12 pixels).
        data_format: `"channels_last"` or `"channels_first"`.

    Returns:
        A uint8 NumPy array of the images with the boxes drawn (channels
        last).

    Example:

    >>> images = np.zeros((1, 8, 8, 3), "uint8")
    >>> boxes = {"boxes": np.array([[[1.0, 1.0, 6.0, 6.0]]]),
    ...          "labels": np.array([[0]])}
    >>> out = keras.visualization.draw_bounding_boxes(
    ...     images, boxes, "xyxy", color=(255, 0, 0), line_thickness=1)
    >>> out[0, 1, 3].tolist()
    [255, 0, 0]
    """
    if not isinstance(bounding_boxes, dict) or (
        "boxes" not in bounding_boxes or "labels" not in bounding_boxes
    ):
        raise ValueError(
            "draw_bounding_boxes() expects `bounding_boxes` to be a dict "
            "with 'boxes' and 'labels'. Received: "
            f"{type(bounding_boxes).__name__}"
        )
    images = _image_batch.to_numpy_images(
        images, data_format, "draw_bounding_boxes"
    )
    images = _image_batch.to_uint8(images)
    height, width = images.shape[1:3]
    boxes = converters.convert_format(
        bounding_boxes["boxes"], bounding_box_format, "xyxy",
        height=height, width=width,
    )
    boxes = np.asarray(backend.convert_to_numpy(boxes))
    labels = np.asarray(backend.convert_to_numpy(bounding_boxes["labels"]))
    if boxes.ndim == 2:
        boxes, labels = boxes[None], np.reshape(labels, (1, -1))
    if boxes.shape[0] != images.shape[0]:
        raise ValueError(
            "draw_bounding_boxes() expects one set of boxes per image. "
            f"Received {images.shape[0]} images and boxes of shape "
            f"{boxes.shape}"
        )
    color = np.asarray(color, "uint8")[:3]
    out = images.copy()
    for i in range(out.shape[0]):
        texts = []
        for box, label in zip(boxes[i], labels[i]):
            if int(label) == -1:
                continue
            _outline(out[i], box, color, line_thickness)
            if class_mapping is not None:
                name = class_mapping.get(int(label), str(int(label)))
                texts.append((float(box[0]), float(box[1]), str(name)))
        if texts:
            out[i] = _write_labels(out[i], texts, color, font_scale)
    return out
