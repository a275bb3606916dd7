"""`plot_bounding_box_gallery`: images with true and predicted boxes."""

from keras.src.api_export import keras_export
from keras.src.utils.module_utils import LazyModule
from keras.src.visualization import _image_batch
from keras.src.visualization.draw_bounding_boxes import draw_bounding_boxes
from keras.src.visualization.plot_image_gallery import plot_image_gallery

_patches = LazyModule(
    "matplotlib.patches",
    pip_name="matplotlib",
    import_error_msg=(
        "plot_bounding_box_gallery() requires matplotlib: "
        "`pip install matplotlib`."
    ),
)


@keras_export("keras.visualization.plot_bounding_box_gallery")
def plot_bounding_box_gallery(images, bounding_box_format, y_true=None,
                              y_pred=None, value_range=(0, 255),
                              true_color=(0, 188, 212),
                              pred_color=(255, 235, 59), line_thickness=2,
                              font_scale=1.0, text_thickness=None,
                              class_mapping=None, ground_truth_mapping=None,
                              prediction_mapping=None, legend=False,
                              legend_handles=None, rows=None, cols=None,
                              data_format=None, **kwargs):
    """Plots images with their true and predicted bounding boxes.

    Needs matplotlib (and Pillow for class names).

    Args:
        images: images `(batch, height, width, 3)`.
        bounding_box_format: the format of the boxes.
        y_true: optional true boxes: a dict with `"boxes"` and
            `"labels"`.
        y_pred: optional predicted boxes, the same way.
        value_range: the range of the image values.
        true_color: the RGB colour of the true boxes.
        pred_color: the RGB colour of the predicted boxes.
        line_thickness: the width of the outlines.
        font_scale: the size of the class names.
        text_thickness: the text stroke (default: `line_thickness`).
        class_mapping: a dict from label to class name, for both.
        ground_truth_mapping: the mapping of the true boxes (default:
            `class_mapping`).
        prediction_mapping: the mapping of the predicted boxes (default:
            `class_mapping`).
        legend: whether to add a legend naming the two colours.
        legend_handles: custom matplotlib legend handles (instead of the
            default legend).
        rows: the number of rows of the grid.
        cols: the number of columns of the grid.
        data_format: `"channels_last"` or `"channels_first"`.
        **kwargs: passed to `plot_image_gallery` (`path`, `show`, `scale`,
            `dpi`, ...).

    Returns:
        The matplotlib figure.

    Example:

    >>> images = np.zeros((2, 16, 16, 3))
    >>> boxes = {"boxes": np.array([[[2.0, 2.0, 9.0, 9.0]]] * 2),
    ...          "labels": np.array([[1]] * 2)}
    >>> keras.visualization.plot_bounding_box_gallery(
    ...     images, "xyxy", y_true=boxes, path="/tmp/b.png")  # doctest: +SKIP
    """
    if legend and legend_handles is not None:
        raise ValueError(
            "Pass either `legend=True` or `legend_handles`, not both."
        )
    if text_thickness is None:
        text_thickness = line_thickness
    ground_truth_mapping = ground_truth_mapping or class_mapping
    prediction_mapping = prediction_mapping or class_mapping
    plotted = _image_batch.to_numpy_images(
        images, data_format, "plot_bounding_box_gallery"
    )
    plotted = _image_batch.rescale_to_255(plotted, value_range)
    common = dict(line_thickness=line_thickness,
                  text_thickness=text_thickness, font_scale=font_scale,
                  data_format="channels_last")
    if y_true is not None:
        plotted = draw_bounding_boxes(
            plotted, y_true, bounding_box_format, color=true_color,
            class_mapping=ground_truth_mapping, **common,
        )
    if y_pred is not None:
        plotted = draw_bounding_boxes(
            plotted, y_pred, bounding_box_format, color=pred_color,
            class_mapping=prediction_mapping, **common,
        )
    if legend:
        legend_handles = [
            _patches.Patch(color=[c / 255.0 for c in true_color],
                           label="Ground Truth"),
            _patches.Patch(color=[c / 255.0 for c in pred_color],
                           label="Prediction"),
        ]
    return plot_image_gallery(
        plotted, value_range=(0, 255), legend_handles=legend_handles,
        rows=rows, cols=cols, data_format="channels_last", **kwargs,
    )
