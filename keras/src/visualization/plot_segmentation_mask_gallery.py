"""`plot_segmentation_mask_gallery`: images beside their true and
predicted masks."""

import numpy as np

from keras.src.api_export import keras_export
from keras.src.visualization import _image_batch
from keras.src.visualization.draw_segmentation_masks import (
    draw_segmentation_masks,
)
from keras.src.visualization.plot_image_gallery import plot_image_gallery


@keras_export("keras.visualization.plot_segmentation_mask_gallery")
def plot_segmentation_mask_gallery(images, num_classes, value_range=(0, 255),
                                   y_true=None, y_pred=None,
                                   color_mapping=None, blend=True, alpha=0.8,
                                   ignore_index=-1, data_format=None,
                                   **kwargs):
    """Plots images in a grid: one row of images, then one row of true
    masks and one of predicted masks (each drawn on the images), when
    given.

    Needs matplotlib.

    Args:
        images: images `(batch, height, width, 3)`.
        num_classes: the number of classes.
        value_range: the range of the image values.
        y_true: optional true masks `(batch, height, width[, 1])`.
        y_pred: optional predicted masks, the same way.
        color_mapping: an optional dict from class to RGB colour.
        blend: whether to blend the masks with the images.
        alpha: the masks' weight when blending.
        ignore_index: a mask value that is never drawn.
        data_format: `"channels_last"` or `"channels_first"`.
        **kwargs: passed to `plot_image_gallery` (`path`, `show`, `scale`,
            `dpi`, ...).

    Returns:
        The matplotlib figure.

    Example:

    >>> images = np.zeros((2, 8, 8, 3))
    >>> masks = np.random.randint(0, 3, (2, 8, 8))
    >>> keras.visualization.plot_segmentation_mask_gallery(
    ...     images, 3, y_true=masks, path="/tmp/m.png")  # doctest: +SKIP
    """
    plotted = _image_batch.to_numpy_images(
        images, data_format, "plot_segmentation_mask_gallery"
    )
    plotted = _image_batch.to_uint8(
        _image_batch.rescale_to_255(plotted, value_range)
    )
    rows = [plotted]
    for masks in (y_true, y_pred):
        if masks is None:
            continue
        drawn = draw_segmentation_masks(
            plotted, masks, num_classes=num_classes,
            color_mapping=color_mapping, alpha=alpha, blend=blend,
            ignore_index=ignore_index, data_format="channels_last",
        )
        rows.append(_image_batch.to_uint8(drawn))
    kwargs.setdefault("rows", len(rows))
    kwargs.setdefault("cols", plotted.shape[0])
    return plot_image_gallery(
        np.concatenate(rows, axis=0), value_range=(0, 255),
        data_format="channels_last", **kwargs
    )
