"""Confusion-matrix counting shared by the threshold metrics (`Precision`,
`AUC`, `SensitivityAtSpecificity`, ...).

`confusion_counts` returns, for each threshold, the weighted numbers of
true/false positives/negatives of a batch, where a prediction is positive
when it is strictly above the threshold and a label is positive when it is
non-zero. Everything is tensor arithmetic (no value-dependent Python), so
it runs inside compiled steps.
"""

import enum

import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src.metrics.reduction_metrics import align_ranks

# The score given to predictions outside the top k: below any threshold.
NEG_INF = -1e10

KINDS = ("true_positives", "false_positives", "true_negatives",
         "false_negatives")


def parse_thresholds(thresholds, default):
    """Returns the thresholds as a list of floats.

    Args:
        thresholds: `None`, a number, or a list/tuple/array of numbers,
            each in `[0, 1]`.
        default: the threshold used for `None`.

    Raises:
        ValueError: a threshold outside `[0, 1]`, or not a number.
    """
    if thresholds is None:
        return [float(default)]
    try:
        values = [float(t) for t in np.reshape(thresholds, (-1,))]
    except (TypeError, ValueError) as e:
        raise ValueError(
            "`thresholds` must be a number or a list of numbers in [0, 1]. "
            f"Received: thresholds={thresholds!r}"
        ) from e
    if not all(0.0 <= t <= 1.0 for t in values):
        raise ValueError(
            "Threshold values must be in [0, 1]. Received: "
            f"thresholds={thresholds!r}"
        )
    return values


def even_thresholds(num_thresholds, low, high):
    """Returns `num_thresholds` thresholds `i / (num_thresholds - 1)` with
    the first replaced by `low` and the last by `high`."""
    inner = [(i + 1) / (num_thresholds - 1) for i in range(num_thresholds - 2)]
    return [low] + inner + [high]


def is_evenly_spaced(thresholds):
    """Whether `thresholds[1:-1]` are `i / (len(thresholds) - 1)` (the
    layout `even_thresholds` produces), which allows bucketed counting."""
    count = len(thresholds)
    if count < 3:
        return False
    expected = np.arange(1, count - 1) / (count - 1)
    return bool(np.allclose(thresholds[1:-1], expected, rtol=0, atol=1e-7))


def filter_top_k(x, k):
    """Keeps the `k` largest entries of the last axis of `x` and sets the
    others to `NEG_INF`."""
    x = ops.convert_to_tensor(x)
    _, indices = ops.top_k(x, k, sorted=False)
    keep = ops.sum(ops.one_hot(indices, x.shape[-1], dtype=x.dtype), -2)
    return x * keep + NEG_INF * (1.0 - keep)


def confusion_counts(
    y_true,
    y_pred,
    thresholds,
    sample_weight=None,
    evenly_spaced=False,
    top_k=None,
    class_id=None,
    multi_label=False,
    label_weights=None,
    dtype=None,
):
    """Weighted confusion-matrix counts of a batch at each threshold.

    Args:
        y_true: the labels; non-zero values are positive.
        y_pred: the scores, of `y_true`'s shape.
        thresholds: a list of `T` floats.
        sample_weight: optional weights, batch axes first.
        evenly_spaced: whether `thresholds` come from `even_thresholds`;
            then each prediction is counted once in a bucket instead of
            being compared with every threshold.
        top_k: keep only the `k` highest scores of each sample's last
            axis (the others count as negative predictions).
        class_id: count only this index of the last axis.
        multi_label: keep the last axis (labels) separate.
        label_weights: per-label weights of the last axis (single-label
            counting only).
        dtype: the dtype of the counts (default `floatx()`).

    Returns:
        A dict with the four `KINDS` as keys and tensors of shape `(T,)`,
        or `(T, labels)` with `multi_label=True`.
    """
    dtype = dtype or backend.floatx()
    y_pred = ops.cast(y_pred, dtype)
    y_true = ops.cast(ops.not_equal(ops.convert_to_tensor(y_true), 0), dtype)
    y_pred, y_true = align_ranks(y_pred, y_true)
    weights = _weights(y_pred, sample_weight, label_weights, dtype)
    if top_k is not None:
        y_pred = filter_top_k(y_pred, top_k)
    if class_id is not None:
        y_pred = y_pred[..., class_id]
        y_true = y_true[..., class_id]
        weights = weights[..., class_id]
    labels = y_pred.shape[-1] if multi_label and len(y_pred.shape) else 1
    y_pred = ops.reshape(y_pred, (-1, labels))
    y_true = ops.reshape(y_true, (-1, labels))
    weights = ops.reshape(weights, (-1, labels))
    if evenly_spaced:
        counts = _bucketed_counts(y_true, y_pred, weights, thresholds)
    else:
        counts = _compared_counts(y_true, y_pred, weights, thresholds)
    if not multi_label:
        counts = {k: ops.squeeze(v, axis=-1) for k, v in counts.items()}
    return counts


def _weights(y_pred, sample_weight, label_weights, dtype):
    weights = ops.ones_like(y_pred)
    if sample_weight is not None:
        sample_weight = ops.cast(sample_weight, dtype)
        _, sample_weight = align_ranks(y_pred, sample_weight)
        while len(sample_weight.shape) < len(y_pred.shape):
            sample_weight = ops.expand_dims(sample_weight, -1)
        weights = weights * sample_weight
    if label_weights is not None:
        weights = weights * ops.cast(label_weights, dtype)
    return weights


def _compared_counts(y_true, y_pred, weights, thresholds):
    cuts = ops.convert_to_tensor(thresholds, dtype=y_pred.dtype)
    above = ops.cast(
        ops.greater(y_pred[None], cuts[:, None, None]), y_pred.dtype
    )
    below = 1.0 - above
    positive = (y_true * weights)[None]
    negative = ((1.0 - y_true) * weights)[None]
    return {
        "true_positives": ops.sum(above * positive, axis=1),
        "false_positives": ops.sum(above * negative, axis=1),
        "true_negatives": ops.sum(below * negative, axis=1),
        "false_negatives": ops.sum(below * positive, axis=1),
    }


def _bucketed_counts(y_true, y_pred, weights, thresholds):
    # Scores are clipped to [0, 1]. With T thresholds at i / (T - 1), a
    # score p is above threshold i exactly when i < k = ceil(p * (T - 1)),
    # so summing the weights per k and accumulating from the top gives
    # every count in O(N + T) instead of O(N * T).
    count = len(thresholds)
    labels = y_pred.shape[-1]
    scaled = ops.clip(y_pred, 0.0, 1.0) * (count - 1)
    k = ops.cast(ops.ceil(scaled), "int32")
    ids = ops.reshape(k * labels + ops.arange(labels, dtype="int32"), (-1,))

    def above(values):
        sums = ops.segment_sum(ops.reshape(values, (-1,)), ids,
                               count * labels)
        sums = ops.reshape(sums, (count, labels))
        from_top = _cumsum_from_top(sums)
        strictly = from_top - sums
        if thresholds[0] < 0:  # The lowest threshold is below every score.
            strictly = ops.concatenate([from_top[:1], strictly[1:]], 0)
        return strictly, from_top[0]

    true_pos, positives = above(y_true * weights)
    false_pos, negatives = above((1.0 - y_true) * weights)
    return {
        "true_positives": true_pos,
        "false_positives": false_pos,
        "true_negatives": negatives - false_pos,
        "false_negatives": positives - true_pos,
    }


def _cumsum_from_top(x):
    return ops.flip(ops.cumsum(ops.flip(x, axis=0), axis=0), axis=0)


# -- Keras's names: the confusion-matrix enums and helpers ----------------------


class ConfusionMatrix(enum.Enum):
    """The four confusion-matrix counts, as keys of the variables
    `update_confusion_matrix_variables` updates."""

    TRUE_POSITIVES = "tp"
    FALSE_POSITIVES = "fp"
    TRUE_NEGATIVES = "tn"
    FALSE_NEGATIVES = "fn"


# Each enum member's name in `confusion_counts`' result.
_KIND_OF = dict(zip(ConfusionMatrix, KINDS))


class AUCCurve(enum.Enum):
    """The curve `keras.metrics.AUC` integrates: `"ROC"`, `"PR"`
    (precision-recall) or `"PRGAIN"` (precision-recall gain)."""

    ROC = "ROC"
    PR = "PR"
    PRGAIN = "PRGAIN"

    @staticmethod
    def from_str(key):
        """Returns the member named `key` (any case).

        Example:

        >>> AUCCurve.from_str("pr")
        <AUCCurve.PR: 'PR'>
        """
        for member in AUCCurve:
            if str(key).upper() == member.value:
                return member
        raise ValueError(
            f'Invalid AUC curve value: "{key}". Expected values are '
            '["PR", "ROC", "PRGAIN"]'
        )


class AUCSummationMethod(enum.Enum):
    """How `keras.metrics.AUC` sums the areas between thresholds:
    `"interpolation"` (trapezoids), `"majoring"` (the larger end of each
    interval) or `"minoring"` (the smaller)."""

    INTERPOLATION = "interpolation"
    MAJORING = "majoring"
    MINORING = "minoring"

    @staticmethod
    def from_str(key):
        """Returns the member named `key` (any case).

        Example:

        >>> AUCSummationMethod.from_str("Majoring")
        <AUCSummationMethod.MAJORING: 'majoring'>
        """
        for member in AUCSummationMethod:
            if str(key).lower() == member.value:
                return member
        raise ValueError(
            f'Invalid AUC summation method value: "{key}". Expected values '
            'are ["interpolation", "majoring", "minoring"]'
        )


def assert_thresholds_range(thresholds):
    """Raises a `ValueError` when a threshold is outside `[0, 1]`.

    Args:
        thresholds: `None` or a list of numbers.

    Example:

    >>> assert_thresholds_range([0.0, 0.5, 1.0])
    """
    if thresholds is None:
        return
    invalid = [t for t in thresholds if t is None or t < 0 or t > 1]
    if invalid:
        raise ValueError(
            f"Threshold values must be in [0, 1]. Received: {invalid}"
        )


def parse_init_thresholds(thresholds, default_threshold=0.5):
    """Returns the thresholds a metric's constructor was given, as a list
    (`default_threshold` when `None`), after checking they are in
    `[0, 1]`.

    Example:

    >>> parse_init_thresholds(None), parse_init_thresholds(0.3)
    ([0.5], [0.3])
    """
    return parse_thresholds(thresholds, default_threshold)


def is_evenly_distributed_thresholds(thresholds):
    """Returns whether the thresholds are `i / (n - 1)` for `i` in
    `1 .. n - 2` between their two ends (the layout `keras.metrics.AUC`
    creates), which allows counting by buckets.

    Example:

    >>> is_evenly_distributed_thresholds([0.0, 0.5, 1.0])
    True
    """
    return is_evenly_spaced(list(np.reshape(thresholds, (-1,))))


def confusion_matrix(labels, predictions, num_classes, weights=None,
                     dtype="int32"):
    """Returns the `(num_classes, num_classes)` confusion matrix: entry
    `[i, j]` counts (or sums the weights of) samples of label `i`
    predicted as class `j`.

    Args:
        labels: integer class labels, shape `(n,)`.
        predictions: integer predicted classes, shape `(n,)`.
        num_classes: the number of classes.
        weights: optional per-sample weights, shape `(n,)`.
        dtype: the dtype of the result.

    Returns:
        The confusion matrix tensor.

    Example:

    >>> import numpy as np
    >>> m = confusion_matrix(np.array([0, 1, 1]), np.array([0, 1, 0]), 2)
    >>> ops.convert_to_numpy(m).tolist()
    [[1, 0], [1, 1]]
    """
    labels = ops.cast(ops.reshape(labels, (-1,)), "int32")
    predictions = ops.cast(ops.reshape(predictions, (-1,)), "int32")
    if weights is None:
        values = ops.ones_like(labels, dtype=dtype)
    else:
        values = ops.cast(ops.reshape(weights, (-1,)), dtype)
    indices = ops.stack([labels, predictions], axis=1)
    return ops.scatter(indices, values, (num_classes, num_classes))


def update_confusion_matrix_variables(
    variables_to_update,
    y_true,
    y_pred,
    thresholds,
    top_k=None,
    class_id=None,
    sample_weight=None,
    multi_label=False,
    label_weights=None,
    thresholds_distributed_evenly=False,
):
    """Adds a batch's confusion-matrix counts to the given variables.

    A prediction is positive at a threshold when it is strictly above it;
    a label is positive when it is non-zero.

    Args:
        variables_to_update: a dict from `ConfusionMatrix` members to
            variables of shape `(len(thresholds),)` (or
            `(len(thresholds), labels)` with `multi_label=True`).
        y_true: the labels.
        y_pred: the scores, in `[0, 1]`.
        thresholds: a list of thresholds.
        top_k: count only the `k` highest scores of each sample.
        class_id: count only this index of the last axis.
        sample_weight: optional weights.
        multi_label: keep the labels of the last axis apart.
        label_weights: per-label weights (not with `multi_label`).
        thresholds_distributed_evenly: whether the thresholds are laid out
            as `is_evenly_distributed_thresholds` checks (faster counting).

    Example:

    >>> import numpy as np
    >>> tp = keras.Variable(np.zeros(2))
    >>> update_confusion_matrix_variables(
    ...     {ConfusionMatrix.TRUE_POSITIVES: tp}, np.array([1, 0, 1]),
    ...     np.array([0.8, 0.6, 0.3]), [0.5, 0.2])
    >>> tp.numpy().tolist()
    [1.0, 2.0]
    """
    if multi_label and label_weights is not None:
        raise ValueError(
            "`label_weights` for multilabel data should be handled outside "
            "of `update_confusion_matrix_variables` when `multi_label` is "
            "True."
        )
    if not variables_to_update:
        return
    valid = list(ConfusionMatrix)
    if not any(key in valid for key in variables_to_update):
        raise ValueError(
            "Please provide at least one valid confusion matrix variable "
            f'to update. Valid variable key options are: "{valid}". '
            f'Received: "{variables_to_update.keys()}"'
        )
    invalid = [key for key in variables_to_update if key not in valid]
    if invalid:
        raise ValueError(
            f'Invalid keys: "{invalid}". Valid variable key options are: '
            f'"{valid}"'
        )
    dtype = next(iter(variables_to_update.values())).dtype
    counts = confusion_counts(
        y_true,
        y_pred,
        [float(t) for t in np.reshape(thresholds, (-1,))],
        sample_weight=sample_weight,
        evenly_spaced=thresholds_distributed_evenly,
        top_k=top_k,
        class_id=class_id,
        multi_label=multi_label,
        label_weights=label_weights,
        dtype=dtype,
    )
    for key, variable in variables_to_update.items():
        variable.assign_add(
            ops.reshape(counts[_KIND_OF[key]], variable.shape)
        )
