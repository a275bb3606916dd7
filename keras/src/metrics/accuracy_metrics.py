"""Accuracy metrics: how often predictions match the labels, for exact
values, binary, categorical (one-hot or integer labels) and top-k
predictions."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.metrics.reduction_metrics import MeanMetricWrapper
from keras.src.metrics.reduction_metrics import align_ranks


def _to_floatx(x):
    return ops.cast(x, backend.floatx())


def _check_k(k):
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ValueError(
            f"`k` must be a positive integer. Received: k={k!r}"
        )
    return k


def _check_threshold(threshold):
    if isinstance(threshold, bool) or not isinstance(
        threshold, (int, float)
    ):
        raise ValueError(
            "`threshold` must be a number. Received: "
            f"threshold={threshold!r}"
        )
    return threshold


def accuracy(y_true, y_pred):
    """Returns 1.0 where `y_pred` equals `y_true`, else 0.0, elementwise.

    Args:
        y_true: the targets.
        y_pred: the predictions, of the same shape.

    Returns:
        A `floatx()` tensor of the shape of `y_pred`.

    Example:

    >>> from keras.src.metrics.accuracy_metrics import accuracy
    >>> acc = accuracy(np.array([1, 2, 3]), np.array([1, 2, 4]))
    >>> keras.ops.convert_to_numpy(acc).tolist()
    [1.0, 1.0, 0.0]
    """
    y_pred = ops.convert_to_tensor(y_pred)
    y_true = ops.convert_to_tensor(y_true, dtype=y_pred.dtype)
    y_pred, y_true = align_ranks(y_pred, y_true)
    return _to_floatx(ops.equal(y_true, y_pred))


@keras_export("keras.metrics.binary_accuracy")
def binary_accuracy(y_true, y_pred, threshold=0.5):
    """Returns 1.0 where `y_pred > threshold` matches the binary label
    `y_true`, else 0.0, elementwise.

    Args:
        y_true: the binary targets (0 or 1).
        y_pred: the predicted probabilities.
        threshold: predictions above it are positive.

    Returns:
        A `floatx()` tensor of the shape of `y_pred`.

    Example:

    >>> acc = keras.metrics.binary_accuracy([[1], [0]], [[0.7], [0.6]])
    >>> keras.ops.convert_to_numpy(acc).tolist()
    [[1.0], [0.0]]
    """
    y_pred = ops.convert_to_tensor(y_pred)
    y_true = ops.convert_to_tensor(y_true, dtype=y_pred.dtype)
    y_pred, y_true = align_ranks(y_pred, y_true)
    predicted = ops.cast(ops.greater(y_pred, threshold), y_true.dtype)
    return _to_floatx(ops.equal(y_true, predicted))


@keras_export("keras.metrics.categorical_accuracy")
def categorical_accuracy(y_true, y_pred):
    """Returns 1.0 where the top class of `y_pred` is the one-hot label's
    class, else 0.0.

    Args:
        y_true: one-hot targets, classes on the last axis.
        y_pred: the predicted scores, of the same shape.

    Returns:
        A `floatx()` tensor of the shape of `y_pred` without its last axis.

    Example:

    >>> acc = keras.metrics.categorical_accuracy(
    ...     [[0, 0, 1], [0, 1, 0]], [[0.1, 0.2, 0.7], [0.6, 0.3, 0.1]])
    >>> keras.ops.convert_to_numpy(acc).tolist()
    [1.0, 0.0]
    """
    y_true = ops.argmax(y_true, axis=-1)
    return sparse_categorical_accuracy(y_true, y_pred)


@keras_export("keras.metrics.sparse_categorical_accuracy")
def sparse_categorical_accuracy(y_true, y_pred):
    """Returns 1.0 where the top class of `y_pred` is the integer label
    `y_true`, else 0.0.

    Args:
        y_true: integer targets, of the shape of `y_pred` without its last
            axis (a trailing axis of size 1 is allowed).
        y_pred: the predicted scores, classes on the last axis.

    Returns:
        A `floatx()` tensor of the shape of `y_pred` without its last axis.

    Example:

    >>> acc = keras.metrics.sparse_categorical_accuracy(
    ...     [2, 1], [[0.1, 0.2, 0.7], [0.6, 0.3, 0.1]])
    >>> keras.ops.convert_to_numpy(acc).tolist()
    [1.0, 0.0]
    """
    y_pred = ops.convert_to_tensor(y_pred)
    y_true = ops.convert_to_tensor(y_true)
    if len(y_true.shape) == len(y_pred.shape) and y_true.shape[-1] == 1:
        y_true = ops.squeeze(y_true, axis=-1)
    predicted = ops.argmax(y_pred, axis=-1)
    matches = ops.equal(
        ops.cast(y_true, "int32"), ops.cast(predicted, "int32")
    )
    return _to_floatx(matches)


@keras_export("keras.metrics.top_k_categorical_accuracy")
def top_k_categorical_accuracy(y_true, y_pred, k=5):
    """Returns 1.0 where the one-hot label's class is among the `k`
    highest scores of `y_pred` (ties count as in), else 0.0.

    Args:
        y_true: one-hot targets, classes on the last axis.
        y_pred: the predicted scores, of the same shape.
        k: how many top scores to look at.

    Returns:
        A `floatx()` tensor of the shape of `y_pred` without its last axis.

    Example:

    >>> acc = keras.metrics.top_k_categorical_accuracy(
    ...     [[0, 0, 1], [0, 1, 0]], [[0.1, 0.2, 0.7], [0.6, 0.1, 0.3]], k=2)
    >>> keras.ops.convert_to_numpy(acc).tolist()
    [1.0, 0.0]
    """
    return sparse_top_k_categorical_accuracy(
        ops.argmax(y_true, axis=-1), y_pred, k=k
    )


@keras_export("keras.metrics.sparse_top_k_categorical_accuracy")
def sparse_top_k_categorical_accuracy(
    y_true, y_pred, k=5, from_sorted_ids=False
):
    """Returns 1.0 where the integer label is among the `k` highest
    scores of `y_pred` (ties count as in), else 0.0.

    Args:
        y_true: integer targets.
        y_pred: the predicted scores, classes on the last axis; with
            `from_sorted_ids=True`, class ids sorted by decreasing score
            (at least `k` of them per sample).
        k: how many top scores to look at.
        from_sorted_ids: whether `y_pred` holds sorted class ids.

    Returns:
        A `floatx()` tensor of the shape of `y_true`.

    Example:

    >>> acc = keras.metrics.sparse_top_k_categorical_accuracy(
    ...     [2, 1], [[0.1, 0.2, 0.7], [0.6, 0.1, 0.3]], k=2)
    >>> keras.ops.convert_to_numpy(acc).tolist()
    [1.0, 0.0]
    """
    y_pred = ops.convert_to_tensor(y_pred)
    y_true = ops.convert_to_tensor(y_true)
    labels_shape = ops.shape(y_true)
    labels = ops.cast(ops.reshape(y_true, (-1,)), "int32")
    rows = ops.reshape(y_pred, (-1, y_pred.shape[-1]))
    if from_sorted_ids:
        top = ops.cast(rows[:, :k], "int32")
        hits = ops.any(ops.equal(top, labels[:, None]), axis=-1)
    else:
        hits = ops.in_top_k(labels, rows, k)
    return _to_floatx(ops.reshape(hits, labels_shape))


@keras_export("keras.metrics.Accuracy")
class Accuracy(MeanMetricWrapper):
    """How often predictions equal the labels exactly.

    Args:
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.Accuracy()
    >>> float(m([[1], [2], [3], [4]], [[0], [2], [3], [4]]))
    0.75
    """

    def __init__(self, name="accuracy", dtype=None):
        super().__init__(fn=accuracy, name=name, dtype=dtype)


@keras_export("keras.metrics.BinaryAccuracy")
class BinaryAccuracy(MeanMetricWrapper):
    """How often binary predictions (`y_pred > threshold`) match the
    labels.

    Args:
        name: the metric's name.
        dtype: the dtype of the state and result.
        threshold: predictions above it are positive.

    Example:

    >>> m = keras.metrics.BinaryAccuracy()
    >>> float(m([[1], [1], [0], [0]], [[0.98], [1], [0], [0.6]]))
    0.75
    """

    def __init__(self, name="binary_accuracy", dtype=None, threshold=0.5):
        _check_threshold(threshold)
        super().__init__(
            fn=binary_accuracy, name=name, dtype=dtype, threshold=threshold
        )
        self.threshold = threshold


@keras_export("keras.metrics.CategoricalAccuracy")
class CategoricalAccuracy(MeanMetricWrapper):
    """How often the top predicted class is the one-hot label's class.

    Args:
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.CategoricalAccuracy()
    >>> float(m([[0, 0, 1], [0, 1, 0]], [[0.1, 0.9, 0.8], [0.05, 0.95, 0]]))
    0.5
    """

    def __init__(self, name="categorical_accuracy", dtype=None):
        super().__init__(fn=categorical_accuracy, name=name, dtype=dtype)


@keras_export("keras.metrics.SparseCategoricalAccuracy")
class SparseCategoricalAccuracy(MeanMetricWrapper):
    """How often the top predicted class is the integer label.

    Args:
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.SparseCategoricalAccuracy()
    >>> float(m([[2], [1]], [[0.1, 0.6, 0.3], [0.05, 0.95, 0]]))
    0.5
    """

    def __init__(self, name="sparse_categorical_accuracy", dtype=None):
        super().__init__(
            fn=sparse_categorical_accuracy, name=name, dtype=dtype
        )


@keras_export("keras.metrics.TopKCategoricalAccuracy")
class TopKCategoricalAccuracy(MeanMetricWrapper):
    """How often the one-hot label's class is among the `k` top scores.

    Args:
        k: how many top scores to look at.
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.TopKCategoricalAccuracy(k=1)
    >>> float(m([[0, 0, 1], [0, 1, 0]], [[0.1, 0.9, 0.8], [0.05, 0.95, 0]]))
    0.5
    """

    def __init__(self, k=5, name="top_k_categorical_accuracy", dtype=None):
        super().__init__(
            fn=top_k_categorical_accuracy,
            name=name,
            dtype=dtype,
            k=_check_k(k),
        )
        self.k = k


@keras_export("keras.metrics.SparseTopKCategoricalAccuracy")
class SparseTopKCategoricalAccuracy(MeanMetricWrapper):
    """How often the integer label is among the `k` top scores.

    Args:
        k: how many top scores to look at.
        name: the metric's name.
        dtype: the dtype of the state and result.
        from_sorted_ids: whether predictions are class ids sorted by
            decreasing score rather than scores.

    Example:

    >>> m = keras.metrics.SparseTopKCategoricalAccuracy(k=1)
    >>> float(m([2, 1], [[0.1, 0.9, 0.8], [0.05, 0.95, 0]]))
    0.5
    """

    def __init__(
        self,
        k=5,
        name="sparse_top_k_categorical_accuracy",
        dtype=None,
        from_sorted_ids=False,
    ):
        super().__init__(
            fn=sparse_top_k_categorical_accuracy,
            name=name,
            dtype=dtype,
            k=_check_k(k),
            from_sorted_ids=bool(from_sorted_ids),
        )
        self.k = k
        self.from_sorted_ids = bool(from_sorted_ids)
