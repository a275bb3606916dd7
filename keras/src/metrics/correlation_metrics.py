"""Correlation metrics: the Pearson correlation and Lin's concordance
correlation of targets and predictions along an axis, averaged over
samples."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.metrics.reduction_metrics import MeanMetricWrapper
from keras.src.metrics.reduction_metrics import align_ranks


def _centered(y_true, y_pred, axis):
    y_pred = ops.convert_to_tensor(y_pred)
    if not backend.is_float_dtype(backend.standardize_dtype(y_pred.dtype)):
        y_pred = ops.cast(y_pred, backend.floatx())
    y_true = ops.cast(y_true, y_pred.dtype)
    y_pred, y_true = align_ranks(y_pred, y_true)
    true_mean = ops.mean(y_true, axis=axis, keepdims=True)
    pred_mean = ops.mean(y_pred, axis=axis, keepdims=True)
    return y_true - true_mean, y_pred - pred_mean, true_mean, pred_mean


@keras_export("keras.metrics.pearson_correlation")
def pearson_correlation(y_true, y_pred, axis=-1):
    """Returns the Pearson correlation coefficient of `y_true` and
    `y_pred` along `axis`: their covariance over the product of their
    standard deviations (NaN where one is constant).

    Args:
        y_true: the targets.
        y_pred: the predictions, of the same shape.
        axis: the axis the correlation is computed along.

    Returns:
        A tensor of the inputs' shape without `axis`.

    Example:

    >>> r = keras.metrics.pearson_correlation([[1, 2, 3]], [[2, 4, 7]])
    >>> [round(float(v), 4) for v in r]
    [0.9934]
    """
    true_dev, pred_dev, _, _ = _centered(y_true, y_pred, axis)
    covariance = ops.mean(true_dev * pred_dev, axis=axis)
    spread = ops.sqrt(
        ops.mean(ops.square(true_dev), axis=axis)
        * ops.mean(ops.square(pred_dev), axis=axis)
    )
    return covariance / spread


@keras_export("keras.metrics.concordance_correlation")
def concordance_correlation(y_true, y_pred, axis=-1):
    """Returns Lin's concordance correlation coefficient of `y_true` and
    `y_pred` along `axis`: `2 * cov / (var_true + var_pred +
    (mean_true - mean_pred)^2)`, which is 1 only when they agree exactly.

    Args:
        y_true: the targets.
        y_pred: the predictions, of the same shape.
        axis: the axis the coefficient is computed along.

    Returns:
        A tensor of the inputs' shape without `axis`.

    Example:

    >>> r = keras.metrics.concordance_correlation([[1, 2, 3]], [[2, 4, 7]])
    >>> [round(float(v), 4) for v in r]
    [0.3226]
    """
    true_dev, pred_dev, true_mean, pred_mean = _centered(
        y_true, y_pred, axis
    )
    covariance = ops.mean(true_dev * pred_dev, axis=axis)
    mean_gap = ops.squeeze(true_mean - pred_mean, axis=axis)
    denominator = (
        ops.mean(ops.square(true_dev), axis=axis)
        + ops.mean(ops.square(pred_dev), axis=axis)
        + ops.square(mean_gap)
    )
    return ops.divide_no_nan(2.0 * covariance, denominator)


@keras_export("keras.metrics.PearsonCorrelation")
class PearsonCorrelation(MeanMetricWrapper):
    """The mean over samples of the Pearson correlation of targets and
    predictions along `axis` (see `keras.metrics.pearson_correlation`).

    Args:
        name: the metric's name.
        dtype: the dtype of the state and result.
        axis: the axis the correlation is computed along.

    Example:

    >>> m = keras.metrics.PearsonCorrelation()
    >>> round(float(m([[1, 2, 3], [1, 2, 3]], [[2, 4, 7], [3, 2, 1]])), 4)
    -0.0033
    """

    def __init__(self, name="pearson_correlation", dtype=None, axis=-1):
        super().__init__(
            fn=pearson_correlation, name=name, dtype=dtype, axis=axis
        )
        self.axis = axis


@keras_export("keras.metrics.ConcordanceCorrelation")
class ConcordanceCorrelation(MeanMetricWrapper):
    """The mean over samples of Lin's concordance correlation of targets
    and predictions along `axis` (see
    `keras.metrics.concordance_correlation`).

    Args:
        name: the metric's name.
        dtype: the dtype of the state and result.
        axis: the axis the coefficient is computed along.

    Example:

    >>> m = keras.metrics.ConcordanceCorrelation()
    >>> round(float(m([[1, 2, 3], [1, 2, 3]], [[1, 2, 3], [3, 2, 1]])), 4)
    0.0
    """

    def __init__(self, name="concordance_correlation", dtype=None, axis=-1):
        super().__init__(
            fn=concordance_correlation, name=name, dtype=dtype, axis=axis
        )
        self.axis = axis
