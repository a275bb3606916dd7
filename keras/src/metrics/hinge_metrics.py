"""Hinge metrics: running means of the hinge losses, for classifiers
trained with labels in {-1, 1} (0/1 labels are converted)."""

from keras.src.api_export import keras_export
from keras.src.losses import losses
from keras.src.metrics.reduction_metrics import MeanMetricWrapper


@keras_export("keras.metrics.Hinge")
class Hinge(MeanMetricWrapper):
    """The mean of `keras.metrics.hinge`:
    `mean(maximum(1 - y_true * y_pred, 0))` over the last axis.

    Args:
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.Hinge()
    >>> round(float(m([[0, 1], [0, 0]], [[0.6, 0.4], [0.4, 0.6]])), 4)
    1.3
    """

    def __init__(self, name="hinge", dtype=None):
        super().__init__(losses.hinge, name=name, dtype=dtype)


@keras_export("keras.metrics.SquaredHinge")
class SquaredHinge(MeanMetricWrapper):
    """The mean of `keras.metrics.squared_hinge`:
    `mean(square(maximum(1 - y_true * y_pred, 0)))` over the last axis.

    Args:
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.SquaredHinge()
    >>> round(float(m([[0, 1], [0, 0]], [[0.6, 0.4], [0.4, 0.6]])), 4)
    1.86
    """

    def __init__(self, name="squared_hinge", dtype=None):
        super().__init__(losses.squared_hinge, name=name, dtype=dtype)


@keras_export("keras.metrics.CategoricalHinge")
class CategoricalHinge(MeanMetricWrapper):
    """The mean of `keras.metrics.categorical_hinge`:
    `maximum(max(y_pred of wrong classes) - y_pred of the true class + 1,
    0)` for one-hot labels.

    Args:
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.CategoricalHinge()
    >>> round(float(m([[0, 1], [0, 0]], [[0.6, 0.4], [0.4, 0.6]])), 4)
    1.4
    """

    def __init__(self, name="categorical_hinge", dtype=None):
        super().__init__(losses.categorical_hinge, name=name, dtype=dtype)
