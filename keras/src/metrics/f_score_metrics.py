"""`FBetaScore` and `F1Score`: the weighted harmonic mean of precision and
recall, per class or averaged, for multi-class and multi-label
classification."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.metrics.metric import Metric

_AVERAGES = (None, "micro", "macro", "weighted")


def _check_average(average):
    if average not in _AVERAGES:
        raise ValueError(
            "Invalid `average` argument value. Expected one of: "
            f"{_AVERAGES}. Received: average={average!r}"
        )
    return average


def _check_beta(beta):
    if isinstance(beta, bool) or not isinstance(beta, (int, float)) or (
        beta <= 0
    ):
        raise ValueError(
            "Invalid `beta` argument value: it must be a positive float. "
            f"Received: beta={beta!r} of type {type(beta).__name__}"
        )
    return float(beta)


def _check_threshold(threshold):
    if threshold is None:
        return None
    if isinstance(threshold, bool) or not isinstance(
        threshold, (int, float)
    ) or not 0 < threshold <= 1:
        raise ValueError(
            "Invalid `threshold` argument value: it must be a float with "
            f"0 < threshold <= 1. Received: threshold={threshold!r}"
        )
    return float(threshold)


@keras_export("keras.metrics.FBetaScore")
class FBetaScore(Metric):
    """The F-beta score: `(1 + beta^2) * precision * recall /
    (beta^2 * precision + recall)`, per class.

    Inputs are `(batch, classes)`: one-hot or multi-hot labels and scores.
    The state (per-class counts) is created at the first update, from the
    number of classes.

    Args:
        average: `None` (one score per class), `"micro"` (counts pooled
            over classes), `"macro"` (the mean of the per-class scores) or
            `"weighted"` (their mean weighted by each class's support).
        beta: how much more recall weighs than precision.
        threshold: scores above it are positive predictions; with `None`,
            each sample's highest score is its (only) positive
            prediction.
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.FBetaScore(beta=2.0, threshold=0.5)
    >>> r = m([[1, 1, 1], [1, 0, 0]], [[0.2, 0.6, 0.7], [0.2, 0.6, 0.6]])
    >>> [round(float(v), 3) for v in r]
    [0.0, 0.833, 0.833]
    """

    def __init__(
        self,
        average=None,
        beta=1.0,
        threshold=None,
        name="fbeta_score",
        dtype=None,
    ):
        super().__init__(name=name, dtype=dtype)
        self.average = _check_average(average)
        self.beta = _check_beta(beta)
        self.threshold = _check_threshold(threshold)
        self.axis = None if average == "micro" else 0
        self.built = False

    def build(self, y_true_shape, y_pred_shape):
        """Creates the per-class counts for inputs of these shapes.

        Args:
            y_true_shape: the labels' shape, `(batch, classes)`.
            y_pred_shape: the predictions' shape, `(batch, classes)`.
        """
        if self.built:
            return
        if len(y_pred_shape) != 2 or len(y_true_shape) != 2:
            raise ValueError(
                f"{type(self).__name__} expects 2D inputs with shape "
                "(batch_size, output_dim). Received input shapes: "
                f"y_pred.shape={tuple(y_pred_shape)} and "
                f"y_true.shape={tuple(y_true_shape)}."
            )
        classes = y_pred_shape[-1]
        if classes is None:
            raise ValueError(
                f"{type(self).__name__} needs a known number of classes "
                "(the last axis of `y_pred`). Received: "
                f"y_pred.shape={tuple(y_pred_shape)}"
            )
        shape = () if self.average == "micro" else (classes,)
        for name in ("true_positives", "false_positives",
                     "false_negatives", "intermediate_weights"):
            setattr(self, name, self.add_variable(
                shape=shape, initializer="zeros", name=name
            ))
        self.built = True

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Adds the per-class counts of one batch.

        Args:
            y_true: labels of shape `(batch, classes)`.
            y_pred: scores of shape `(batch, classes)`.
            sample_weight: optional weights of shape `(batch,)` or
                `(batch, 1)`.
        """
        y_true = ops.cast(y_true, self.dtype)
        y_pred = ops.cast(y_pred, self.dtype)
        if not self.built:
            self.build(y_true.shape, y_pred.shape)
        if self.threshold is None:
            top = ops.max(y_pred, axis=-1, keepdims=True)
            # A sample whose scores are all 0 predicts nothing.
            predicted = ops.logical_and(
                ops.greater_equal(y_pred, top),
                ops.greater(ops.abs(y_pred), 1e-9),
            )
        else:
            predicted = ops.greater(y_pred, self.threshold)
        predicted = ops.cast(predicted, self.dtype)
        weights = None
        if sample_weight is not None:
            weights = ops.cast(sample_weight, self.dtype)
            while len(weights.shape) < 2:
                weights = ops.expand_dims(weights, -1)

        def total(values):
            if weights is not None:
                values = values * weights
            return ops.sum(values, axis=self.axis)

        self.true_positives.assign_add(total(predicted * y_true))
        self.false_positives.assign_add(total(predicted * (1 - y_true)))
        self.false_negatives.assign_add(total((1 - predicted) * y_true))
        self.intermediate_weights.assign_add(total(y_true))

    def result(self):
        """Returns the score(s): one per class with `average=None`."""
        if not self.built:
            return ops.zeros((), dtype=self.dtype)
        eps = backend.epsilon()
        tp = self.true_positives.value
        precision = tp / (tp + self.false_positives.value + eps)
        recall = tp / (tp + self.false_negatives.value + eps)
        beta_sq = self.beta**2
        scores = (1 + beta_sq) * (
            precision * recall / (beta_sq * precision + recall + eps)
        )
        if self.average == "weighted":
            support = self.intermediate_weights.value
            weights = support / (ops.sum(support) + eps)
            return ops.sum(scores * weights)
        if self.average == "macro":
            return ops.mean(scores)
        return scores

    def get_config(self):
        return {
            **super().get_config(),
            "average": self.average,
            "beta": self.beta,
            "threshold": self.threshold,
        }


@keras_export("keras.metrics.F1Score")
class F1Score(FBetaScore):
    """The F1 score: the harmonic mean of precision and recall,
    `2 * precision * recall / (precision + recall)`, per class.

    Args:
        average: `None` (one score per class), `"micro"`, `"macro"` or
            `"weighted"` (see `FBetaScore`).
        threshold: scores above it are positive predictions; with `None`,
            each sample's highest score is its positive prediction.
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.F1Score(threshold=0.5)
    >>> r = m([[1, 1, 1], [1, 0, 0]], [[0.2, 0.6, 0.7], [0.2, 0.6, 0.6]])
    >>> [round(float(v), 3) for v in r]
    [0.0, 0.667, 0.667]
    """

    def __init__(
        self, average=None, threshold=None, name="f1_score", dtype=None
    ):
        super().__init__(
            average=average, beta=1.0, threshold=threshold, name=name,
            dtype=dtype,
        )

    def get_config(self):
        config = super().get_config()
        del config["beta"]
        return config
