"""Checks and densifies the `{"boxes": ..., "labels": ...}` dicts the
image preprocessing layers take as bounding boxes."""

import numpy as np

from keras.src import backend as active_backend


def validate_bounding_boxes(bounding_boxes):
    """Raises a `ValueError` unless `bounding_boxes` is a dict with the
    keys `"boxes"` and `"labels"`.

    Example:

    >>> validate_bounding_boxes(
    ...     {"boxes": np.zeros((1, 4)), "labels": np.zeros((1,))})
    """
    if not (
        isinstance(bounding_boxes, dict)
        and "boxes" in bounding_boxes
        and "labels" in bounding_boxes
    ):
        raise ValueError(
            "Expected `bounding_boxes` argument to be a dict with keys "
            "'boxes' and 'labels'. Received: "
            f"bounding_boxes={bounding_boxes}"
        )


def _is_ragged_tf(x):
    return type(x).__name__ == "RaggedTensor"


def _pad_rows(rows, width, item_shape, default, dtype):
    out = np.full((len(rows), width) + item_shape, default, dtype=dtype)
    for i, row in enumerate(rows):
        row = np.asarray(row, dtype=dtype).reshape((-1,) + item_shape)
        row = row[:width]
        out[i, : len(row)] = row
    return out


def densify_bounding_boxes(bounding_boxes, is_batched=False, max_boxes=None,
                           boxes_default_value=0, labels_default_value=-1,
                           backend=None):
    """Returns the bounding boxes as dense tensors: a batch whose images
    hold different numbers of boxes (nested lists or `tf.RaggedTensor`s)
    is padded to the largest number (at most `max_boxes`), with
    `boxes_default_value` boxes and `labels_default_value` labels.

    Args:
        bounding_boxes: a dict with `"boxes"` and `"labels"`.
        is_batched: whether the boxes are a batch (one list per image).
        max_boxes: the most boxes kept per image.
        boxes_default_value: the coordinates of padding boxes.
        labels_default_value: the label of padding boxes.
        backend: the backend module to make the tensors with (the active
            backend by default).

    Returns:
        A dict with float32 `"boxes"` and int32 `"labels"` tensors.

    Example:

    >>> out = densify_bounding_boxes(
    ...     {"boxes": [[[1, 2, 3, 4]], [[1, 2, 3, 4], [5, 6, 7, 8]]],
    ...      "labels": [[1], [2, 3]]}, is_batched=True)
    >>> keras.ops.convert_to_numpy(out["labels"]).tolist()
    [[1, -1], [2, 3]]
    """
    validate_bounding_boxes(bounding_boxes)
    backend = backend or active_backend
    boxes = bounding_boxes["boxes"]
    labels = bounding_boxes["labels"]
    if _is_ragged_tf(boxes):
        boxes = boxes.to_list()
    if _is_ragged_tf(labels):
        labels = labels.to_list()
    if is_batched and isinstance(boxes, (list, tuple)):
        lengths = [len(row) for row in boxes]
        width = max(lengths, default=0)
        if max_boxes is not None:
            width = min(width, max_boxes)
        boxes = _pad_rows(boxes, width, (4,), boxes_default_value, "float32")
        labels = _pad_rows(labels, width, (), labels_default_value, "int32")
    return {
        "boxes": backend.convert_to_tensor(boxes, dtype="float32"),
        "labels": backend.convert_to_tensor(labels, dtype="int32"),
    }
