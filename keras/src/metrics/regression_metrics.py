"""Regression metrics: running means of the per-sample regression losses,
the root mean squared error, the cosine similarity and the coefficient of
determination (`R2Score`)."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.losses import losses
from keras.src.metrics.metric import Metric
from keras.src.metrics.reduction_metrics import Mean
from keras.src.metrics.reduction_metrics import MeanMetricWrapper
from keras.src.metrics.reduction_metrics import align_ranks


def cosine_similarity(y_true, y_pred, axis=-1):
    """Returns the cosine similarity of `y_true` and `y_pred` along
    `axis` (0 for zero vectors): the negative of the loss
    `keras.losses.cosine_similarity`.

    Args:
        y_true: the targets.
        y_pred: the predictions.
        axis: the axis of the vectors.

    Returns:
        A tensor of the inputs' shape without `axis`.
    """
    return -losses.cosine_similarity(y_true, y_pred, axis=axis)


@keras_export("keras.metrics.MeanSquaredError")
class MeanSquaredError(MeanMetricWrapper):
    """The mean of `keras.metrics.mean_squared_error` over samples.

    Args:
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.MeanSquaredError()
    >>> float(m([[0, 1], [0, 0]], [[1, 1], [0, 0]]))
    0.25
    """

    def __init__(self, name="mean_squared_error", dtype=None):
        super().__init__(losses.mean_squared_error, name=name, dtype=dtype)


@keras_export("keras.metrics.MeanAbsoluteError")
class MeanAbsoluteError(MeanMetricWrapper):
    """The mean of `keras.metrics.mean_absolute_error` over samples.

    Args:
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.MeanAbsoluteError()
    >>> float(m([[0, 1], [0, 0]], [[1, 1], [0, 0]]))
    0.25
    """

    def __init__(self, name="mean_absolute_error", dtype=None):
        super().__init__(losses.mean_absolute_error, name=name, dtype=dtype)


@keras_export("keras.metrics.MeanAbsolutePercentageError")
class MeanAbsolutePercentageError(MeanMetricWrapper):
    """The mean of `keras.metrics.mean_absolute_percentage_error` over
    samples.

    Args:
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.MeanAbsolutePercentageError()
    >>> float(m([[1, 2], [4, 4]], [[1, 1], [4, 4]]))
    12.5
    """

    def __init__(self, name="mean_absolute_percentage_error", dtype=None):
        super().__init__(
            losses.mean_absolute_percentage_error, name=name, dtype=dtype
        )


@keras_export("keras.metrics.MeanSquaredLogarithmicError")
class MeanSquaredLogarithmicError(MeanMetricWrapper):
    """The mean of `keras.metrics.mean_squared_logarithmic_error` over
    samples.

    Args:
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.MeanSquaredLogarithmicError()
    >>> round(float(m([[0.0, 1.0], [0.0, 0.0]], [[1.0, 1.0], [0.0, 0.0]])), 4)
    0.1201
    """

    def __init__(self, name="mean_squared_logarithmic_error", dtype=None):
        super().__init__(
            losses.mean_squared_logarithmic_error, name=name, dtype=dtype
        )


@keras_export("keras.metrics.RootMeanSquaredError")
class RootMeanSquaredError(Mean):
    """The square root of the mean squared error over all samples seen.

    Args:
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.RootMeanSquaredError()
    >>> float(m([[0, 1], [0, 0]], [[1, 1], [0, 0]]))
    0.5
    """

    def __init__(self, name="root_mean_squared_error", dtype=None):
        super().__init__(name=name, dtype=dtype)

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Adds the squared errors of one batch.

        Args:
            y_true: the targets.
            y_pred: the predictions.
            sample_weight: optional weights, batch axes first.
        """
        y_pred = ops.cast(y_pred, self.dtype)
        y_true = ops.cast(y_true, self.dtype)
        y_pred, y_true = align_ranks(y_pred, y_true)
        super().update_state(
            ops.square(y_pred - y_true), sample_weight=sample_weight
        )

    def result(self):
        """Returns the root of the mean squared error."""
        return ops.sqrt(super().result())


@keras_export("keras.metrics.CosineSimilarity")
class CosineSimilarity(MeanMetricWrapper):
    """The mean cosine similarity of targets and predictions along
    `axis` (1 when they point the same way, -1 when opposite).

    Args:
        name: the metric's name.
        dtype: the dtype of the state and result.
        axis: the axis of the vectors.

    Example:

    >>> m = keras.metrics.CosineSimilarity()
    >>> round(float(m([[0.0, 1.0], [1.0, 1.0]], [[1.0, 0.0], [1.0, 1.0]])), 4)
    0.5
    """

    def __init__(self, name="cosine_similarity", dtype=None, axis=-1):
        super().__init__(cosine_similarity, name=name, dtype=dtype, axis=axis)
        self.axis = axis


@keras_export("keras.metrics.LogCoshError")
class LogCoshError(MeanMetricWrapper):
    """The mean over samples of `log(cosh(y_pred - y_true))` averaged over
    the last axis (see `keras.losses.log_cosh`).

    Args:
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.LogCoshError()
    >>> round(float(m([[0.0, 1.0], [0.0, 0.0]], [[1.0, 1.0], [0.0, 0.0]])), 4)
    0.1084
    """

    def __init__(self, name="logcosh", dtype=None):
        super().__init__(losses.log_cosh, name=name, dtype=dtype)


_AGGREGATIONS = (None, "uniform_average", "variance_weighted_average")


@keras_export("keras.metrics.R2Score")
class R2Score(Metric):
    """The coefficient of determination: `1 - SS_residual / SS_total` per
    output, from sums accumulated over batches.

    Inputs are `(batch, outputs)`; the state is created at the first
    update, from the number of outputs. A constant target gives 0 (or NaN
    when the predictions are exact too).

    Args:
        class_aggregation: `None` (one score per output),
            `"uniform_average"` (their mean) or
            `"variance_weighted_average"` (their mean weighted by each
            output's variance).
        num_regressors: the number of independent variables of the model;
            above 0, the adjusted score
            `1 - (1 - r2) * (n - 1) / (n - num_regressors - 1)` is
            returned, `n` being the number of values seen (unadjusted
            when `n - num_regressors - 1 <= 0`).
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.R2Score()
    >>> round(float(m([[1], [4], [3]], [[2], [4], [4]])), 4)
    0.5714
    """

    def __init__(
        self,
        class_aggregation="uniform_average",
        num_regressors=0,
        name="r2_score",
        dtype=None,
    ):
        super().__init__(name=name, dtype=dtype)
        if class_aggregation not in _AGGREGATIONS:
            raise ValueError(
                "Invalid value for argument `class_aggregation`. Expected "
                f"one of {_AGGREGATIONS}. Received: "
                f"class_aggregation={class_aggregation!r}"
            )
        if isinstance(num_regressors, bool) or not isinstance(
            num_regressors, int
        ) or num_regressors < 0:
            raise ValueError(
                "Invalid value for argument `num_regressors`: expected an "
                f"integer >= 0. Received: num_regressors={num_regressors!r}"
            )
        self.class_aggregation = class_aggregation
        self.num_regressors = num_regressors
        self.num_samples = self.add_variable(
            shape=(), initializer="zeros", name="num_samples"
        )
        self.built = False

    def build(self, y_true_shape, y_pred_shape):
        """Creates the per-output sums for inputs of these shapes.

        Args:
            y_true_shape: the targets' shape, `(batch, outputs)`.
            y_pred_shape: the predictions' shape, `(batch, outputs)`.
        """
        if self.built:
            return
        if len(y_pred_shape) != 2 or len(y_true_shape) != 2:
            raise ValueError(
                "R2Score expects 2D inputs with shape (batch_size, "
                "output_dim). Received input shapes: "
                f"y_pred.shape={tuple(y_pred_shape)} and "
                f"y_true.shape={tuple(y_true_shape)}."
            )
        outputs = y_pred_shape[-1]
        for name in ("squared_sum", "sum", "residual", "count"):
            setattr(self, name, self.add_variable(
                shape=(outputs,), initializer="zeros", name=name
            ))
        self.built = True

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Adds the sums of one batch.

        Args:
            y_true: targets of shape `(batch, outputs)`.
            y_pred: predictions of shape `(batch, outputs)`.
            sample_weight: optional weights of shape `(batch,)`,
                `(batch, 1)` or `(batch, outputs)`.
        """
        y_true = ops.cast(y_true, self.dtype)
        y_pred = ops.cast(y_pred, self.dtype)
        if not self.built:
            self.build(y_true.shape, y_pred.shape)
        weights = ops.ones_like(y_true)
        if sample_weight is not None:
            sample_weight = ops.cast(sample_weight, self.dtype)
            while len(sample_weight.shape) < 2:
                sample_weight = ops.expand_dims(sample_weight, -1)
            weights = weights * sample_weight
        weighted = y_true * weights
        self.sum.assign_add(ops.sum(weighted, axis=0))
        self.squared_sum.assign_add(ops.sum(y_true * weighted, axis=0))
        self.residual.assign_add(
            ops.sum(ops.square(y_true - y_pred) * weights, axis=0)
        )
        self.count.assign_add(ops.sum(weights, axis=0))
        # Counted with a sum rather than `size`, which is a symbolic
        # integer under compilers with dynamic shapes.
        self.num_samples.assign_add(ops.sum(ops.ones_like(y_true)))

    def result(self):
        """Returns the score (per output with `class_aggregation=None`)."""
        if not self.built:
            return ops.zeros((), dtype=self.dtype)
        mean = ops.divide_no_nan(self.sum.value, self.count.value)
        total = self.squared_sum.value - self.sum.value * mean
        residual = self.residual.value
        flat = ops.equal(total, 0.0)
        raw = 1.0 - residual / ops.where(flat, ops.ones_like(total), total)
        # A constant target has no variance: its score is 0 (NaN, 0 / 0,
        # when the predictions are exact too), as in Keras.
        undefined = ops.where(
            ops.equal(residual, 0.0), ops.full_like(raw, float("nan")),
            ops.zeros_like(raw),
        )
        raw = ops.where(flat, undefined, raw)
        if self.class_aggregation == "uniform_average":
            score = ops.mean(raw)
        elif self.class_aggregation == "variance_weighted_average":
            score = ops.sum(total * raw) / ops.sum(total)
        else:
            score = raw
        if self.num_regressors:
            n = self.num_samples.value
            dof = n - self.num_regressors - 1.0
            adjusted = 1.0 - (1.0 - score) * ops.divide_no_nan(n - 1.0, dof)
            score = ops.where(dof > 0, adjusted, score)
        return score

    def get_config(self):
        return {
            **super().get_config(),
            "class_aggregation": self.class_aggregation,
            "num_regressors": self.num_regressors,
        }
