"""Intersection-over-union metrics for semantic segmentation, computed
from a confusion matrix accumulated over batches.

For a class, IoU = true positives / (true positives + false positives +
false negatives); the metrics average it over target classes, leaving out
classes that never occur in labels or predictions.
"""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.metrics.metric import Metric
from keras.src.metrics.reduction_metrics import align_ranks


def _check_num_classes(num_classes):
    if isinstance(num_classes, bool) or not isinstance(num_classes, int):
        raise ValueError(
            "`num_classes` must be a positive integer. Received: "
            f"num_classes={num_classes!r}"
        )
    return num_classes


def confusion_matrix(labels, predictions, num_classes, weights, dtype):
    """Returns the `(num_classes, num_classes)` matrix whose entry `[i, j]`
    sums the weights of samples of class `i` predicted as `j`.

    Labels or predictions outside `[0, num_classes)` are left out.
    """
    labels = ops.cast(ops.reshape(labels, (-1,)), "int32")
    predictions = ops.cast(ops.reshape(predictions, (-1,)), "int32")
    weights = ops.reshape(weights, (-1,))
    valid = ops.logical_and(
        ops.logical_and(labels >= 0, labels < num_classes),
        ops.logical_and(predictions >= 0, predictions < num_classes),
    )
    ids = ops.where(valid, labels * num_classes + predictions, 0)
    weights = ops.where(valid, weights, ops.zeros_like(weights))
    counts = ops.segment_sum(
        ops.cast(weights, dtype), ids, num_classes * num_classes
    )
    return ops.reshape(counts, (num_classes, num_classes))


class _IoUBase(Metric):
    """Accumulates the confusion matrix `total_cm`; subclasses compute the
    result from it."""

    def __init__(
        self,
        num_classes,
        name=None,
        dtype=None,
        ignore_class=None,
        sparse_y_true=True,
        sparse_y_pred=True,
        axis=-1,
    ):
        # Integer counts by default, as in Keras (the backend's default int:
        # int64 on TensorFlow, int32 elsewhere): sample weights are then
        # truncated to integers; pass a float dtype to keep fractional ones.
        super().__init__(
            name=name, dtype=dtype or backend.standardize_dtype("int")
        )
        self.num_classes = _check_num_classes(num_classes)
        self.ignore_class = ignore_class
        self.sparse_y_true = sparse_y_true
        self.sparse_y_pred = sparse_y_pred
        self.axis = axis
        self.total_cm = self.add_variable(
            shape=(num_classes, num_classes),
            initializer="zeros",
            dtype=self.dtype,
            name="total_confusion_matrix",
        )

    def _class_ids(self, y_true, y_pred):
        if not self.sparse_y_true:
            y_true = ops.argmax(y_true, axis=self.axis)
        if not self.sparse_y_pred:
            y_pred = ops.argmax(y_pred, axis=self.axis)
        return ops.convert_to_tensor(y_true), ops.convert_to_tensor(y_pred)

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Adds the batch's confusion matrix.

        Args:
            y_true: class ids (or one-hot with `sparse_y_true=False`).
            y_pred: class ids (or scores with `sparse_y_pred=False`).
            sample_weight: optional weights, batch axes first.
        """
        y_true, y_pred = self._class_ids(y_true, y_pred)
        y_true = ops.cast(y_true, "int32")
        y_pred, y_true = align_ranks(y_pred, y_true)
        weights = ops.ones_like(y_pred, dtype=self.dtype)
        if sample_weight is not None:
            sample_weight = ops.cast(sample_weight, self.dtype)
            _, sample_weight = align_ranks(y_pred, sample_weight)
            while len(sample_weight.shape) < len(y_pred.shape):
                sample_weight = ops.expand_dims(sample_weight, -1)
            weights = weights * sample_weight
        if self.ignore_class is not None:
            keep = ops.not_equal(y_true, self.ignore_class)
            weights = ops.where(keep, weights, ops.zeros_like(weights))
        self.total_cm.assign_add(
            confusion_matrix(
                y_true, y_pred, self.num_classes, weights, self.dtype
            )
        )

    def _mean_iou(self, target_class_ids):
        cm = ops.cast(self.total_cm.value, backend.floatx())
        predicted = ops.sum(cm, axis=0)
        actual = ops.sum(cm, axis=1)
        hits = ops.diagonal(cm)
        union = predicted + actual - hits
        ids = ops.convert_to_tensor(list(target_class_ids), dtype="int32")
        hits = ops.take(hits, ids)
        union = ops.take(union, ids)
        present = ops.sum(ops.cast(ops.not_equal(union, 0), cm.dtype))
        return ops.divide_no_nan(
            ops.sum(ops.divide_no_nan(hits, union)), present
        )

    def get_config(self):
        return {
            **super().get_config(),
            "num_classes": self.num_classes,
            "ignore_class": self.ignore_class,
            "sparse_y_true": self.sparse_y_true,
            "sparse_y_pred": self.sparse_y_pred,
            "axis": self.axis,
        }


def _check_target_ids(target_class_ids, num_classes):
    if isinstance(target_class_ids, int):
        target_class_ids = [target_class_ids]
    ids = list(target_class_ids)
    for class_id in ids:
        if not 0 <= class_id < num_classes:
            raise ValueError(
                f"Target class id {class_id} is out of range, which is "
                f"[0, {num_classes}). Received: target_class_ids={ids}"
            )
    return ids


@keras_export("keras.metrics.IoU")
class IoU(_IoUBase):
    """The mean intersection-over-union of the classes `target_class_ids`.

    Args:
        num_classes: the number of classes.
        target_class_ids: the ids of the classes to average over.
        name: the metric's name.
        dtype: the dtype of the confusion matrix (default `"int32"`;
            `"int64"` on TensorFlow,
            which truncates sample weights to integers).
        ignore_class: a label id whose samples are left out.
        sparse_y_true: whether labels are class ids (else one-hot, reduced
            with `argmax` over `axis`).
        sparse_y_pred: whether predictions are class ids (else scores).
        axis: the class axis of dense inputs.

    Example:

    >>> m = keras.metrics.IoU(num_classes=2, target_class_ids=[0])
    >>> float(m([0, 0, 1, 1], [0, 1, 0, 1]))
    0.3333333432674408
    """

    def __init__(
        self,
        num_classes,
        target_class_ids,
        name=None,
        dtype=None,
        ignore_class=None,
        sparse_y_true=True,
        sparse_y_pred=True,
        axis=-1,
    ):
        super().__init__(
            num_classes, name=name, dtype=dtype, ignore_class=ignore_class,
            sparse_y_true=sparse_y_true, sparse_y_pred=sparse_y_pred,
            axis=axis,
        )
        self.target_class_ids = _check_target_ids(
            target_class_ids, self.num_classes
        )

    def result(self):
        """Returns the mean IoU of the target classes that occur."""
        return self._mean_iou(self.target_class_ids)

    def get_config(self):
        config = super().get_config()
        keys = ["name", "dtype", "num_classes"]
        ordered = {k: config.pop(k) for k in keys}
        ordered["target_class_ids"] = list(self.target_class_ids)
        return {**ordered, **config}


@keras_export("keras.metrics.BinaryIoU")
class BinaryIoU(IoU):
    """IoU of binary predictions: a score at or above `threshold` predicts
    class 1.

    Args:
        target_class_ids: which of the classes 0 and 1 to average over.
        threshold: scores at or above it predict class 1.
        name: the metric's name.
        dtype: the dtype of the confusion matrix (default `"int32"`;
            `"int64"` on TensorFlow).

    Example:

    >>> m = keras.metrics.BinaryIoU(target_class_ids=[0, 1])
    >>> float(m([0, 1, 0, 1], [0.1, 0.9, 0.6, 0.4]))
    0.3333333432674408
    """

    def __init__(
        self, target_class_ids=(0, 1), threshold=0.5, name=None, dtype=None
    ):
        super().__init__(
            num_classes=2, target_class_ids=target_class_ids, name=name,
            dtype=dtype,
        )
        self.threshold = threshold

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Adds the batch's confusion matrix.

        Args:
            y_true: binary labels (0 or 1).
            y_pred: scores; at or above `threshold` predicts 1.
            sample_weight: optional weights, batch axes first.
        """
        y_pred = ops.greater_equal(
            ops.convert_to_tensor(y_pred), self.threshold
        )
        y_true = ops.cast(ops.convert_to_tensor(y_true), "int32")
        super().update_state(
            y_true, ops.cast(y_pred, "int32"), sample_weight
        )

    def get_config(self):
        return {
            "target_class_ids": list(self.target_class_ids),
            "threshold": self.threshold,
            "name": self.name,
            "dtype": self.dtype,
        }


@keras_export("keras.metrics.MeanIoU")
class MeanIoU(_IoUBase):
    """The mean intersection-over-union over all classes that occur.

    Args:
        num_classes: the number of classes.
        name: the metric's name.
        dtype: the dtype of the confusion matrix (default `"int32"`;
            `"int64"` on TensorFlow).
        ignore_class: a label id whose samples are left out.
        sparse_y_true: whether labels are class ids (else one-hot).
        sparse_y_pred: whether predictions are class ids (else scores).
        axis: the class axis of dense inputs.

    Example:

    >>> m = keras.metrics.MeanIoU(num_classes=2)
    >>> float(m([0, 0, 1, 1], [0, 1, 0, 1]))
    0.3333333432674408
    """

    def result(self):
        """Returns the mean IoU of the classes that occur."""
        return self._mean_iou(range(self.num_classes))


@keras_export("keras.metrics.OneHotIoU")
class OneHotIoU(IoU):
    """`IoU` with one-hot labels and score predictions.

    Args:
        num_classes: the number of classes.
        target_class_ids: the ids of the classes to average over.
        name: the metric's name.
        dtype: the dtype of the confusion matrix (default `"int32"`;
            `"int64"` on TensorFlow).
        ignore_class: a class id whose samples are left out.
        sparse_y_pred: whether predictions are class ids (else scores).
        axis: the class axis.

    Example:

    >>> m = keras.metrics.OneHotIoU(num_classes=2, target_class_ids=[0])
    >>> float(m([[1, 0], [0, 1]], [[0.8, 0.2], [0.6, 0.4]]))
    0.5
    """

    def __init__(
        self,
        num_classes,
        target_class_ids,
        name=None,
        dtype=None,
        ignore_class=None,
        sparse_y_pred=False,
        axis=-1,
    ):
        super().__init__(
            num_classes, target_class_ids, name=name, dtype=dtype,
            ignore_class=ignore_class, sparse_y_true=False,
            sparse_y_pred=sparse_y_pred, axis=axis,
        )

    def get_config(self):
        config = super().get_config()
        del config["sparse_y_true"]
        return config


@keras_export("keras.metrics.OneHotMeanIoU")
class OneHotMeanIoU(MeanIoU):
    """`MeanIoU` with one-hot labels and score predictions.

    Args:
        num_classes: the number of classes.
        name: the metric's name.
        dtype: the dtype of the confusion matrix (default `"int32"`;
            `"int64"` on TensorFlow).
        ignore_class: a class id whose samples are left out.
        sparse_y_pred: whether predictions are class ids (else scores).
        axis: the class axis.

    Example:

    >>> m = keras.metrics.OneHotMeanIoU(num_classes=2)
    >>> float(m([[1, 0], [0, 1]], [[0.8, 0.2], [0.6, 0.4]]))
    0.25
    """

    def __init__(
        self,
        num_classes,
        name=None,
        dtype=None,
        ignore_class=None,
        sparse_y_pred=False,
        axis=-1,
    ):
        super().__init__(
            num_classes, name=name, dtype=dtype, ignore_class=ignore_class,
            sparse_y_true=False, sparse_y_pred=sparse_y_pred, axis=axis,
        )

    def get_config(self):
        config = super().get_config()
        del config["sparse_y_true"]
        return config
