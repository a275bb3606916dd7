"""Metrics computed from confusion-matrix counts at thresholds: the four
counts, `Precision`, `Recall`, and the best sensitivity, specificity,
precision or recall under a constraint on the other. `AUC` lives in
`auc_metric.py`."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.metrics import metrics_utils
from keras.src.metrics.metric import Metric


def _check_class_id(class_id):
    if class_id is not None and (
        isinstance(class_id, bool) or not isinstance(class_id, int)
        or class_id < 0
    ):
        raise ValueError(
            "`class_id` must be None or a non-negative integer. Received: "
            f"class_id={class_id!r}"
        )
    return class_id


def _check_top_k(top_k):
    if top_k is not None and (
        isinstance(top_k, bool) or not isinstance(top_k, int) or top_k < 1
    ):
        raise ValueError(
            "`top_k` must be None or a positive integer. Received: "
            f"top_k={top_k!r}"
        )
    return top_k


class _ThresholdMetric(Metric):
    """Holds count variables of shape `(len(thresholds),)` and adds the
    counts of each batch to them."""

    _kinds = ()

    def __init__(self, thresholds, default, name=None, dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.init_thresholds = thresholds
        self.thresholds = metrics_utils.parse_thresholds(
            thresholds, default
        )
        self._evenly_spaced = False
        self.top_k = None
        self.class_id = None

    def _add_counts(self, names):
        for kind, name in zip(self._kinds, names):
            variable = self.add_variable(
                shape=(len(self.thresholds),), initializer="zeros",
                name=name,
            )
            setattr(self, kind, variable)

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Adds the confusion counts of one batch.

        Args:
            y_true: the labels; non-zero values are positive.
            y_pred: the scores, usually in `[0, 1]`.
            sample_weight: optional weights, batch axes first.
        """
        counts = metrics_utils.confusion_counts(
            y_true,
            y_pred,
            self.thresholds,
            sample_weight=sample_weight,
            evenly_spaced=self._evenly_spaced,
            top_k=self.top_k,
            class_id=self.class_id,
            dtype=self.dtype,
        )
        for kind in self._kinds:
            getattr(self, kind).assign_add(counts[kind])

    def _per_threshold(self, values):
        # One threshold (however given) gives a scalar result.
        return values[0] if len(self.thresholds) == 1 else values


class _ConditionCount(_ThresholdMetric):
    """Accumulates one kind of count (`_kinds[0]`) in `accumulator`."""

    def __init__(self, thresholds=None, name=None, dtype=None):
        super().__init__(thresholds, 0.5, name=name, dtype=dtype)
        self.accumulator = self.add_variable(
            shape=(len(self.thresholds),), initializer="zeros",
            name="accumulator",
        )

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Adds the batch's count.

        Args:
            y_true: the labels; non-zero values are positive.
            y_pred: the scores; above a threshold means positive.
            sample_weight: optional weights, batch axes first.
        """
        counts = metrics_utils.confusion_counts(
            y_true, y_pred, self.thresholds, sample_weight=sample_weight,
            dtype=self.dtype,
        )
        self.accumulator.assign_add(counts[self._kinds[0]])

    def result(self):
        """Returns the count (one per threshold for a list)."""
        # A copy: later updates must not change a result already returned
        # (torch assigns variables in place).
        return ops.copy(self._per_threshold(self.accumulator.value))

    def get_config(self):
        return {**super().get_config(), "thresholds": self.init_thresholds}


@keras_export("keras.metrics.TruePositives")
class TruePositives(_ConditionCount):
    """The (weighted) number of positive labels predicted positive.

    Args:
        thresholds: a threshold or a list of them, in `[0, 1]`; a score
            above one is a positive prediction (default 0.5). With a
            list, the result has one count per threshold.
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.TruePositives()
    >>> float(m([0, 1, 1, 1], [1, 0, 1, 1]))
    2.0
    """

    _kinds = ("true_positives",)


@keras_export("keras.metrics.FalsePositives")
class FalsePositives(_ConditionCount):
    """The (weighted) number of negative labels predicted positive.

    Args:
        thresholds: a threshold or a list of them, in `[0, 1]`; a score
            above one is a positive prediction (default 0.5).
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.FalsePositives()
    >>> float(m([0, 1, 0, 0], [0, 0, 1, 1]))
    2.0
    """

    _kinds = ("false_positives",)


@keras_export("keras.metrics.TrueNegatives")
class TrueNegatives(_ConditionCount):
    """The (weighted) number of negative labels predicted negative.

    Args:
        thresholds: a threshold or a list of them, in `[0, 1]`; a score
            above one is a positive prediction (default 0.5).
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.TrueNegatives()
    >>> float(m([0, 1, 0, 0], [1, 1, 0, 0]))
    2.0
    """

    _kinds = ("true_negatives",)


@keras_export("keras.metrics.FalseNegatives")
class FalseNegatives(_ConditionCount):
    """The (weighted) number of positive labels predicted negative.

    Args:
        thresholds: a threshold or a list of them, in `[0, 1]`; a score
            above one is a positive prediction (default 0.5).
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.FalseNegatives()
    >>> float(m([0, 1, 1, 1], [0, 1, 0, 0]))
    2.0
    """

    _kinds = ("false_negatives",)


class _PrecisionRecall(_ThresholdMetric):
    """Precision or recall: `tp / (tp + other)`."""

    _kinds = ()

    def __init__(self, thresholds=None, top_k=None, class_id=None,
                 name=None, dtype=None):
        _check_top_k(top_k)
        # With top_k, the k kept scores are positive whatever their value.
        default = 0.5 if top_k is None else metrics_utils.NEG_INF
        super().__init__(thresholds, default, name=name, dtype=dtype)
        self.top_k = top_k
        self.class_id = _check_class_id(class_id)
        self._add_counts(self._kinds)

    def result(self):
        """Returns the ratio (one per threshold for a list)."""
        true_pos = self.true_positives.value
        other = getattr(self, self._kinds[1]).value
        return self._per_threshold(
            ops.divide_no_nan(true_pos, true_pos + other)
        )

    def get_config(self):
        return {
            **super().get_config(),
            "thresholds": self.init_thresholds,
            "top_k": self.top_k,
            "class_id": self.class_id,
        }


@keras_export("keras.metrics.Precision")
class Precision(_PrecisionRecall):
    """The fraction of positive predictions whose label is positive:
    `tp / (tp + fp)`.

    Args:
        thresholds: a threshold or a list of them, in `[0, 1]`; a score
            above one is a positive prediction (default 0.5, or every
            kept score with `top_k`).
        top_k: count only the `k` highest scores of each sample.
        class_id: count only this class (index of the last axis).
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.Precision()
    >>> float(m([0, 1, 1, 1], [1, 0, 1, 1]))
    0.6666666865348816
    """

    _kinds = ("true_positives", "false_positives")


@keras_export("keras.metrics.Recall")
class Recall(_PrecisionRecall):
    """The fraction of positive labels predicted positive:
    `tp / (tp + fn)`.

    Args:
        thresholds: a threshold or a list of them, in `[0, 1]`; a score
            above one is a positive prediction (default 0.5, or every
            kept score with `top_k`).
        top_k: count only the `k` highest scores of each sample.
        class_id: count only this class (index of the last axis).
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.Recall()
    >>> float(m([0, 1, 1, 1], [1, 0, 1, 1]))
    0.6666666865348816
    """

    _kinds = ("true_positives", "false_negatives")


class _AtConstraint(_ThresholdMetric):
    """The best value of one rate among the thresholds where another rate
    meets `value` (0 when none does)."""

    _kinds = metrics_utils.KINDS
    _value_name = ""

    def __init__(self, value, num_thresholds=200, class_id=None, name=None,
                 dtype=None):
        if isinstance(value, bool) or not isinstance(
            value, (int, float)
        ) or not 0 <= value <= 1:
            raise ValueError(
                f"Argument `{self._value_name}` must be in the range "
                f"[0, 1]. Received: {self._value_name}={value!r}"
            )
        if isinstance(num_thresholds, bool) or not isinstance(
            num_thresholds, int
        ) or num_thresholds < 1:
            raise ValueError(
                "Argument `num_thresholds` must be an integer > 0. "
                f"Received: num_thresholds={num_thresholds!r}"
            )
        if num_thresholds == 1:
            thresholds = [0.5]
        else:
            thresholds = metrics_utils.even_thresholds(
                num_thresholds, 0.0, 1.0
            )
        super().__init__(thresholds, None, name=name, dtype=dtype)
        self._evenly_spaced = num_thresholds > 1
        self.value = value
        self.num_thresholds = num_thresholds
        self.class_id = _check_class_id(class_id)
        self._add_counts(self._kinds)

    def _rates(self):
        tp = self.true_positives.value
        fp = self.false_positives.value
        tn = self.true_negatives.value
        fn = self.false_negatives.value
        return {
            "sensitivity": ops.divide_no_nan(tp, tp + fn),
            "specificity": ops.divide_no_nan(tn, tn + fp),
            "precision": ops.divide_no_nan(tp, tp + fp),
        }

    def _best(self, wanted, constrained):
        rates = self._rates()
        feasible = ops.greater_equal(rates[constrained], self.value)
        candidates = ops.where(
            feasible, rates[wanted], ops.zeros_like(rates[wanted])
        )
        return ops.max(candidates)

    def get_config(self):
        return {
            **super().get_config(),
            "class_id": self.class_id,
            "num_thresholds": self.num_thresholds,
            self._value_name: self.value,
        }


@keras_export("keras.metrics.SensitivityAtSpecificity")
class SensitivityAtSpecificity(_AtConstraint):
    """The best sensitivity (recall) among thresholds whose specificity
    `tn / (tn + fp)` is at least `specificity`.

    Args:
        specificity: the required specificity, in `[0, 1]`.
        num_thresholds: how many evenly spaced thresholds to try.
        class_id: count only this class (index of the last axis).
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.SensitivityAtSpecificity(0.5)
    >>> float(m([0, 0, 0, 1, 1], [0, 0.3, 0.8, 0.3, 0.8]))
    0.5
    """

    _value_name = "specificity"

    def __init__(self, specificity, num_thresholds=200, class_id=None,
                 name=None, dtype=None):
        super().__init__(specificity, num_thresholds, class_id, name, dtype)
        self.specificity = specificity

    def result(self):
        """Returns the best sensitivity meeting the constraint."""
        return self._best("sensitivity", "specificity")


@keras_export("keras.metrics.SpecificityAtSensitivity")
class SpecificityAtSensitivity(_AtConstraint):
    """The best specificity among thresholds whose sensitivity
    `tp / (tp + fn)` is at least `sensitivity`.

    Args:
        sensitivity: the required sensitivity, in `[0, 1]`.
        num_thresholds: how many evenly spaced thresholds to try.
        class_id: count only this class (index of the last axis).
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.SpecificityAtSensitivity(0.5)
    >>> float(m([0, 0, 0, 1, 1], [0, 0.3, 0.8, 0.3, 0.8]))
    0.6666666865348816
    """

    _value_name = "sensitivity"

    def __init__(self, sensitivity, num_thresholds=200, class_id=None,
                 name=None, dtype=None):
        super().__init__(sensitivity, num_thresholds, class_id, name, dtype)
        self.sensitivity = sensitivity

    def result(self):
        """Returns the best specificity meeting the constraint."""
        return self._best("specificity", "sensitivity")


@keras_export("keras.metrics.PrecisionAtRecall")
class PrecisionAtRecall(_AtConstraint):
    """The best precision among thresholds whose recall is at least
    `recall`.

    Args:
        recall: the required recall, in `[0, 1]`.
        num_thresholds: how many evenly spaced thresholds to try.
        class_id: count only this class (index of the last axis).
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.PrecisionAtRecall(0.5)
    >>> float(m([0, 0, 0, 1, 1], [0, 0.3, 0.8, 0.3, 0.8]))
    0.5
    """

    _value_name = "recall"

    def __init__(self, recall, num_thresholds=200, class_id=None,
                 name=None, dtype=None):
        super().__init__(recall, num_thresholds, class_id, name, dtype)
        self.recall = recall

    def result(self):
        """Returns the best precision meeting the constraint."""
        return self._best("precision", "sensitivity")


@keras_export("keras.metrics.RecallAtPrecision")
class RecallAtPrecision(_AtConstraint):
    """The best recall among thresholds whose precision is at least
    `precision`.

    Args:
        precision: the required precision, in `[0, 1]`.
        num_thresholds: how many evenly spaced thresholds to try.
        class_id: count only this class (index of the last axis).
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.RecallAtPrecision(0.8)
    >>> float(m([0, 0, 1, 1], [0, 0.5, 0.3, 0.9]))
    0.5
    """

    _value_name = "precision"

    def __init__(self, precision, num_thresholds=200, class_id=None,
                 name=None, dtype=None):
        super().__init__(precision, num_thresholds, class_id, name, dtype)
        self.precision = precision

    def result(self):
        """Returns the best recall meeting the constraint."""
        return self._best("sensitivity", "precision")


# Keras's names at this path: the base of the four "X at Y" metrics, and
# `AUC` (defined in `auc_metric.py`).
SensitivitySpecificityBase = _AtConstraint
from keras.src.metrics.auc_metric import AUC  # noqa: E402, F401
