"""`plot_image_gallery`: a grid of images with matplotlib."""

import math

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.utils.module_utils import pyplot
from keras.src.visualization import _image_batch


def _grid(count, rows, cols):
    if rows is None and cols is None:
        cols = math.ceil(math.sqrt(count))
        rows = math.ceil(count / cols)
    elif rows is None:
        rows = math.ceil(count / cols)
    elif cols is None:
        cols = math.ceil(count / rows)
    if rows * cols < count:
        raise ValueError(
            f"A grid of rows={rows} and cols={cols} holds {rows * cols} "
            f"images, fewer than the {count} given."
        )
    return rows, cols


def _label_text(labels, index, label_map):
    if labels is None:
        return None
    value = np.asarray(backend.convert_to_numpy(labels))[index]
    value = np.asarray(value)
    if value.ndim > 0 and value.size > 1:
        value = int(np.argmax(value))
    else:
        value = value.reshape(()).item()
    if label_map is not None:
        return str(label_map.get(value, value))
    return str(value)


@keras_export("keras.visualization.plot_image_gallery")
def plot_image_gallery(images, y_true=None, y_pred=None, label_map=None,
                       rows=None, cols=None, value_range=(0, 255), scale=2,
                       path=None, show=None, transparent=True, dpi=60,
                       legend_handles=None, data_format=None):
    """Plots images in a grid (with their labels as titles).

    Needs matplotlib.

    Args:
        images: images `(batch, height, width, channels)`.
        y_true: optional true labels (integers or one-hot vectors), one
            per image.
        y_pred: optional predicted labels, shown next to `y_true`.
        label_map: an optional dict from label to class name.
        rows: the number of rows (default: from `cols`, or a square).
        cols: the number of columns.
        value_range: the range of the image values, mapped to `[0, 255]`.
        scale: the size of each image in the figure, in inches.
        path: a file to save the figure to.
        show: whether to show the figure (default: when `path` is None).
        transparent: whether the saved figure's background is transparent.
        dpi: the resolution of the saved figure.
        legend_handles: optional matplotlib handles for a legend.
        data_format: `"channels_last"` or `"channels_first"`.

    Returns:
        The matplotlib figure.

    Example:

    >>> images = np.random.randint(0, 255, (4, 8, 8, 3))
    >>> keras.visualization.plot_image_gallery(
    ...     images, path="/tmp/gallery.png")  # doctest: +SKIP
    """
    images = _image_batch.to_numpy_images(
        images, data_format, "plot_image_gallery"
    )
    images = _image_batch.to_uint8(
        _image_batch.rescale_to_255(images, value_range)
    )
    count = images.shape[0]
    rows, cols = _grid(count, rows, cols)
    if show is None:
        show = path is None
    fig = pyplot.figure(figsize=(cols * scale, rows * scale))
    fig.tight_layout()
    pyplot.subplots_adjust(wspace=0, hspace=0)
    if legend_handles is not None:
        fig.legend(handles=legend_handles, loc="lower center")
    for index in range(count):
        ax = fig.add_subplot(rows, cols, index + 1)
        image = images[index]
        if image.shape[-1] == 1:
            ax.imshow(image[..., 0], cmap="gray")
        else:
            ax.imshow(image)
        ax.axis("off")
        title = [t for t in (_label_text(y_true, index, label_map),
                             _label_text(y_pred, index, label_map)) if t]
        if title:
            ax.set_title(" / ".join(title))
    if path is not None:
        pyplot.savefig(path, bbox_inches="tight", pad_inches=0,
                       transparent=transparent, dpi=dpi)
    if show:
        pyplot.show()
    else:
        # Saved, not shown: release the figure (pyplot keeps every open
        # figure alive); its axes stay readable on the returned object.
        pyplot.close(fig)
    return fig
