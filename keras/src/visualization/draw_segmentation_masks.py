"""`draw_segmentation_masks`: colours the pixels of each class."""

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.visualization import _image_batch

# Multipliers of the default palette: class `i` gets the colour
# `(i * _PALETTE) % 255`, distinct for the first classes and
# reproducible without a table.
_PALETTE = np.array([2**25 - 1, 2**15 - 1, 2**21 - 1], dtype="int64")


def default_colors(num_classes):
    """The default colour of each class, an int array `(num_classes, 3)`."""
    return (np.arange(num_classes, dtype="int64")[:, None] * _PALETTE) % 255


@keras_export("keras.visualization.draw_segmentation_masks")
def draw_segmentation_masks(images, segmentation_masks, num_classes=None,
                            color_mapping=None, alpha=0.8, blend=True,
                            ignore_index=-1, data_format=None):
    """Draws segmentation masks on images.

    Each pixel of class `c` (in `[0, num_classes)`) gets the colour of
    `c`, blended with the image (`(1 - alpha) * image + alpha * color`)
    or replacing it; pixels of other classes and `ignore_index` keep the
    image.

    Args:
        images: images `(batch, height, width, 3)` (channels first with
            `data_format="channels_first"`), values in `[0, 255]`.
        segmentation_masks: integer masks `(batch, height, width)` or
            `(batch, height, width, 1)`.
        num_classes: the number of classes (default: the largest mask
            value, as Keras 3.15 does: pass it to draw every class).
        color_mapping: a dict from class to RGB colour (default: a fixed
            palette, class 0 black).
        alpha: the colour's weight when blending.
        blend: whether to blend (uint8 output) or paint the colours
            (float32 output).
        ignore_index: a mask value that is never drawn.
        data_format: `"channels_last"` or `"channels_first"`.

    Returns:
        A NumPy array of the images with the masks drawn (channels last).

    Example:

    >>> images = np.full((1, 2, 2, 3), 100, "uint8")
    >>> masks = np.array([[[0, 1], [1, -1]]])
    >>> out = keras.visualization.draw_segmentation_masks(
    ...     images, masks, num_classes=2)
    >>> out[0, 0, 1].tolist()
    [20, 121, 44]
    """
    images = _image_batch.to_numpy_images(
        images, data_format, "draw_segmentation_masks"
    )
    masks = np.asarray(backend.convert_to_numpy(segmentation_masks))
    if masks.ndim == 4 and masks.shape[-1] == 1:
        masks = masks[..., 0]
    if masks.ndim == 2:
        masks = masks[None]
    if masks.shape != images.shape[:3]:
        raise ValueError(
            "draw_segmentation_masks() expects masks of shape (batch, "
            "height, width) or (batch, height, width, 1) matching the "
            f"images {images.shape}. Received masks of shape "
            f"{np.shape(segmentation_masks)}"
        )
    if not np.issubdtype(masks.dtype, np.integer):
        masks = masks.astype("int64")
    if num_classes is None:
        # Keras 3.15 takes the largest mask value itself as the count (so
        # that class is left undrawn); kept for identical pictures.
        num_classes = max(int(masks.max()), 1)
    colors = default_colors(num_classes).astype("float32")
    for cls, color in (color_mapping or {}).items():
        if 0 <= int(cls) < num_classes:
            colors[int(cls)] = np.asarray(color, "float32")[:3]
    valid = (masks >= 0) & (masks < num_classes) & (masks != ignore_index)
    painted = colors[np.clip(masks, 0, num_classes - 1)]
    if blend:
        mixed = (1 - alpha) * images + alpha * painted
        out = np.where(valid[..., None], mixed, images)
        return _image_batch.to_uint8(out)
    return np.where(valid[..., None], painted, images).astype("float32")
