"""`AUC`: the area under the ROC, precision-recall or precision-recall-gain
curve, estimated from confusion counts at a grid of thresholds."""

import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.metrics import metrics_utils
from keras.src.metrics.metric import Metric

_CURVES = ("ROC", "PR", "PRGAIN")
_SUMMATIONS = ("interpolation", "minoring", "majoring")


def _choice(value, choices, what):
    if isinstance(value, str):
        for choice in choices:
            if value.lower() == choice.lower():
                return choice
    raise ValueError(
        f"Invalid AUC {what} value: {value!r}. Expected one of "
        f"{list(choices)}."
    )


def _check_label_weights(label_weights):
    if label_weights is None:
        return None
    if backend.is_tensor(label_weights):
        label_weights = backend.convert_to_numpy(label_weights)
    values = np.asarray(label_weights, dtype="float64").reshape(-1)
    if np.any(values < 0):
        raise ValueError(
            "All values of `label_weights` must be non-negative. "
            f"Received: label_weights={label_weights!r}"
        )
    return [float(v) for v in values]


@keras_export("keras.metrics.AUC")
class AUC(Metric):
    """The area under a curve of a binary classifier's scores.

    Confusion counts are kept at `num_thresholds` thresholds spread over
    `[0, 1]`; the curve through the points they give is integrated with a
    Riemann sum. `curve="ROC"` plots recall against the false positive
    rate, `"PR"` precision against recall, and `"PRGAIN"` precision gain
    against recall gain (Flach & Kull, 2015).

    Args:
        num_thresholds: how many thresholds to use (more than 1).
        curve: `"ROC"`, `"PR"` or `"PRGAIN"`.
        summation_method: `"interpolation"` (trapezoids; for PR, the
            interpolation of Davis & Goadrich, 2006), `"minoring"` (the
            lower neighbour of each interval) or `"majoring"` (the upper).
        name: the metric's name.
        dtype: the dtype of the state and result.
        thresholds: explicit thresholds in `[0, 1]`, used instead of
            `num_thresholds` (the endpoints just below 0 and just above
            1 are added).
        multi_label: with `(batch, labels)` inputs, whether to compute one
            curve per label and average the areas (`True`) or to pool all
            entries in one curve (`False`).
        num_labels: the number of labels with `multi_label=True`; when
            `None`, the state is created at the first update.
        label_weights: non-negative weights per label: multiplies the
            counts of each label (pooled) or weights the average of the
            areas (`multi_label=True`).
        from_logits: whether the scores are logits (a sigmoid is applied
            first).

    Example:

    >>> m = keras.metrics.AUC(num_thresholds=3)
    >>> float(m([0, 0, 1, 1], [0, 0.5, 0.3, 0.9]))
    0.75
    """

    def __init__(
        self,
        num_thresholds=200,
        curve="ROC",
        summation_method="interpolation",
        name=None,
        dtype=None,
        thresholds=None,
        multi_label=False,
        num_labels=None,
        label_weights=None,
        from_logits=False,
    ):
        self.curve = _choice(curve, _CURVES, "curve")
        self.summation_method = _choice(
            summation_method, _SUMMATIONS, "summation method"
        )
        super().__init__(name=name, dtype=dtype)
        eps = backend.epsilon()
        if thresholds is not None:
            inner = metrics_utils.parse_thresholds(thresholds, None)
            self._init_thresholds = inner
            num_thresholds = len(inner) + 2
            all_thresholds = [0.0 - eps] + sorted(inner) + [1.0 + eps]
            self._evenly_spaced = metrics_utils.is_evenly_spaced(
                all_thresholds
            )
        else:
            if isinstance(num_thresholds, bool) or not isinstance(
                num_thresholds, int
            ) or num_thresholds <= 1:
                raise ValueError(
                    "Argument `num_thresholds` must be an integer > 1. "
                    f"Received: num_thresholds={num_thresholds!r}"
                )
            self._init_thresholds = None
            all_thresholds = metrics_utils.even_thresholds(
                num_thresholds, 0.0 - eps, 1.0 + eps
            )
            self._evenly_spaced = True
        self.num_thresholds = num_thresholds
        self._thresholds = all_thresholds
        self.multi_label = bool(multi_label)
        self.num_labels = num_labels
        self.label_weights = _check_label_weights(label_weights)
        self._from_logits = bool(from_logits)
        self.built = False
        if not self.multi_label:
            self._create_counts(None)
        elif num_labels is not None:
            self._create_counts(num_labels)

    @property
    def thresholds(self):
        """The thresholds, endpoints included, as a list."""
        return list(self._thresholds)

    def build(self, y_true_shape, y_pred_shape):
        """Creates the state for inputs of these shapes (with
        `multi_label=True` and no `num_labels`, the number of labels is
        the last axis of `y_pred`); done by the first update otherwise.

        Args:
            y_true_shape: the labels' shape.
            y_pred_shape: the predictions' shape.
        """
        del y_true_shape
        if not self.built:
            labels = y_pred_shape[-1] if len(y_pred_shape) > 1 else 1
            self._create_counts(labels)

    def _create_counts(self, num_labels):
        # Of shape (T,), or (T, num_labels) with `multi_label=True`.
        shape = (self.num_thresholds,)
        if self.multi_label:
            shape = (self.num_thresholds, int(num_labels))
            self.num_labels = int(num_labels)
        for kind in metrics_utils.KINDS:
            variable = self.add_variable(
                shape=shape, initializer="zeros", name=kind
            )
            setattr(self, kind, variable)
        self.built = True

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Adds the confusion counts of one batch.

        Args:
            y_true: the labels; non-zero values are positive.
            y_pred: the scores (probabilities, or logits with
                `from_logits=True`).
            sample_weight: optional weights, batch axes first.
        """
        y_pred = ops.convert_to_tensor(y_pred)
        if not self.built:
            self.build(ops.shape(y_true), y_pred.shape)
        if self._from_logits:
            y_pred = ops.sigmoid(y_pred)
        counts = metrics_utils.confusion_counts(
            y_true,
            y_pred,
            self._thresholds,
            sample_weight=sample_weight,
            evenly_spaced=self._evenly_spaced,
            multi_label=self.multi_label,
            label_weights=None if self.multi_label else self.label_weights,
            dtype=self.dtype,
        )
        for kind in metrics_utils.KINDS:
            getattr(self, kind).assign_add(counts[kind])

    def _counts(self):
        return [getattr(self, kind).value for kind in metrics_utils.KINDS]

    def interpolate_pr_auc(self):
        """Returns the area under the precision-recall curve, interpolated
        between thresholds as Davis & Goadrich (2006) describe.

        Between two thresholds the true positives grow linearly with the
        positive predictions `p = tp + fp`, so precision is
        `tp / p = slope + intercept / p` there; integrating it against
        recall `tp / (tp + fn)` gives each interval's exact area.

        Returns:
            The area (averaged over labels with `multi_label=True`).

        Example:

        >>> m = keras.metrics.AUC(num_thresholds=3, curve="PR")
        >>> m.update_state([0, 0, 1, 1], [0, 0.5, 0.3, 0.9])
        >>> round(float(m.interpolate_pr_auc()), 4)
        0.8207
        """
        tp, fp, _, fn = self._counts()
        pos_pred = tp + fp
        d_tp = tp[:-1] - tp[1:]
        d_pos = pos_pred[:-1] - pos_pred[1:]
        slope = ops.divide_no_nan(d_tp, ops.maximum(d_pos, 0.0))
        intercept = tp[1:] - slope * pos_pred[1:]
        both_positive = ops.logical_and(
            ops.greater(pos_pred[:-1], 0.0), ops.greater(pos_pred[1:], 0.0)
        )
        ratio = ops.where(
            both_positive,
            ops.divide_no_nan(pos_pred[:-1], ops.maximum(pos_pred[1:], 0.0)),
            ops.ones_like(pos_pred[1:]),
        )
        areas = ops.divide_no_nan(
            slope * (d_tp + intercept * ops.log(ratio)),
            ops.maximum(tp[1:] + fn[1:], 0.0),
        )
        return self._combine(areas)

    def _combine(self, terms):
        if not self.multi_label:
            return ops.sum(terms)
        by_label = ops.sum(terms, axis=0)
        if self.label_weights is None:
            return ops.mean(by_label)
        weights = ops.convert_to_tensor(self.label_weights, self.dtype)
        return ops.divide_no_nan(
            ops.sum(by_label * weights), ops.sum(weights)
        )

    def _curve_points(self):
        tp, fp, tn, fn = self._counts()
        recall = ops.divide_no_nan(tp, tp + fn)
        if self.curve == "ROC":
            return ops.divide_no_nan(fp, fp + tn), recall
        if self.curve == "PR":
            return recall, ops.divide_no_nan(tp, tp + fp)
        # Gains rescale precision and recall so that always predicting
        # positive scores 0: gain = 1 - (pos / neg) * (errors / tp). Where
        # tp is 0 the gains diverge: that point is put at recall gain 0,
        # precision gain 1; negative recall gains are raised to 0.
        odds = ops.divide_no_nan(tp + fn, fp + tn)
        no_hits = ops.equal(tp, 0.0)
        recall_gain = 1.0 - odds * ops.divide_no_nan(fn, tp)
        recall_gain = ops.maximum(ops.where(no_hits, 0.0, recall_gain), 0.0)
        precision_gain = 1.0 - odds * ops.divide_no_nan(fp, tp)
        precision_gain = ops.where(no_hits, 1.0, precision_gain)
        return recall_gain, precision_gain

    def result(self):
        """Returns the area under the curve."""
        if self.curve == "PR" and self.summation_method == "interpolation":
            return self.interpolate_pr_auc()
        x, y = self._curve_points()
        if self.summation_method == "interpolation":
            heights = (y[:-1] + y[1:]) / 2.0
        elif self.summation_method == "minoring":
            heights = ops.minimum(y[:-1], y[1:])
        else:
            heights = ops.maximum(y[:-1], y[1:])
        return self._combine((x[:-1] - x[1:]) * heights)

    def get_config(self):
        config = {
            **super().get_config(),
            "num_thresholds": self.num_thresholds,
            "curve": self.curve,
            "summation_method": self.summation_method,
            "multi_label": self.multi_label,
            "num_labels": self.num_labels,
            "label_weights": self.label_weights,
            "from_logits": self._from_logits,
        }
        if self._init_thresholds is not None:
            config["thresholds"] = list(self._init_thresholds)
        return config
