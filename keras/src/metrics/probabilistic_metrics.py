"""Probabilistic metrics: running means of the cross-entropies, the
Kullback-Leibler divergence and the Poisson loss."""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.losses import losses
from keras.src.losses.losses_probabilistic import (
    sparse_crossentropy_and_mask,
)
from keras.src.metrics.reduction_metrics import MeanMetricWrapper
from keras.src.metrics.reduction_metrics import combine_mask


@keras_export("keras.metrics.KLDivergence")
class KLDivergence(MeanMetricWrapper):
    """The mean of `keras.metrics.kl_divergence`:
    `sum(y_true * log(y_true / y_pred))` over the last axis.

    Args:
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.KLDivergence()
    >>> round(float(m([[0, 1], [0, 0]], [[0.6, 0.4], [0.4, 0.6]])), 4)
    0.4581
    """

    def __init__(self, name="kl_divergence", dtype=None):
        super().__init__(losses.kl_divergence, name=name, dtype=dtype)


@keras_export("keras.metrics.Poisson")
class Poisson(MeanMetricWrapper):
    """The mean of `keras.metrics.poisson`:
    `mean(y_pred - y_true * log(y_pred))` over the last axis.

    Args:
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.Poisson()
    >>> round(float(m([[0.0, 1.0], [0.0, 0.0]], [[1.0, 1.0], [0.0, 0.0]])), 4)
    0.5
    """

    def __init__(self, name="poisson", dtype=None):
        super().__init__(losses.poisson, name=name, dtype=dtype)


@keras_export("keras.metrics.BinaryCrossentropy")
class BinaryCrossentropy(MeanMetricWrapper):
    """The mean of `keras.metrics.binary_crossentropy` over samples.

    Args:
        name: the metric's name.
        dtype: the dtype of the state and result.
        from_logits: whether predictions are logits rather than
            probabilities.
        label_smoothing: in `[0, 1]`; labels are moved towards 0.5 by
            this amount.

    Example:

    >>> m = keras.metrics.BinaryCrossentropy()
    >>> round(float(m([[0, 1], [0, 0]], [[0.6, 0.4], [0.4, 0.6]])), 4)
    0.8149
    """

    def __init__(
        self,
        name="binary_crossentropy",
        dtype=None,
        from_logits=False,
        label_smoothing=0,
    ):
        super().__init__(
            losses.binary_crossentropy,
            name=name,
            dtype=dtype,
            from_logits=from_logits,
            label_smoothing=label_smoothing,
        )
        self.from_logits = from_logits
        self.label_smoothing = label_smoothing


@keras_export("keras.metrics.CategoricalCrossentropy")
class CategoricalCrossentropy(MeanMetricWrapper):
    """The mean of `keras.metrics.categorical_crossentropy` over samples,
    for one-hot labels.

    Args:
        name: the metric's name.
        dtype: the dtype of the state and result.
        from_logits: whether predictions are logits rather than
            probabilities.
        label_smoothing: in `[0, 1]`; labels are moved towards uniform
            by this amount.
        axis: the class axis.

    Example:

    >>> m = keras.metrics.CategoricalCrossentropy()
    >>> round(float(m([[0, 1, 0], [0, 0, 1]],
    ...               [[0.05, 0.95, 0], [0.1, 0.8, 0.1]])), 4)
    1.1769
    """

    def __init__(
        self,
        name="categorical_crossentropy",
        dtype=None,
        from_logits=False,
        label_smoothing=0,
        axis=-1,
    ):
        super().__init__(
            losses.categorical_crossentropy,
            name=name,
            dtype=dtype,
            from_logits=from_logits,
            label_smoothing=label_smoothing,
            axis=axis,
        )
        self.from_logits = from_logits
        self.label_smoothing = label_smoothing
        self.axis = axis


@keras_export("keras.metrics.SparseCategoricalCrossentropy")
class SparseCategoricalCrossentropy(MeanMetricWrapper):
    """The mean of `keras.metrics.sparse_categorical_crossentropy` over
    samples, for integer labels.

    Args:
        name: the metric's name.
        dtype: the dtype of the state and result.
        from_logits: whether predictions are logits rather than
            probabilities.
        ignore_class: a label id whose samples count as 0; as in Keras,
            they leave the mean's denominator only when there are sample
            weights (or a mask on `y_pred`).
        axis: the class axis.

    Example:

    >>> m = keras.metrics.SparseCategoricalCrossentropy()
    >>> round(float(m([1, 2], [[0.05, 0.95, 0], [0.1, 0.8, 0.1]])), 4)
    1.1769
    """

    def __init__(
        self,
        name="sparse_categorical_crossentropy",
        dtype=None,
        from_logits=False,
        ignore_class=None,
        axis=-1,
    ):
        super().__init__(
            losses.sparse_categorical_crossentropy,
            name=name,
            dtype=dtype,
            from_logits=from_logits,
            ignore_class=ignore_class,
            axis=axis,
        )
        self.from_logits = from_logits
        self.ignore_class = ignore_class
        self.axis = axis

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Adds the cross-entropies of one batch.

        Args:
            y_true: integer labels.
            y_pred: the predicted distributions (or logits).
            sample_weight: optional weights, batch axes first.
        """
        # The loss's mask of ignored samples is taken separately: NumPy
        # and JAX arrays cannot carry it as `_keras_mask`.
        values, valid = sparse_crossentropy_and_mask(
            y_true, y_pred, **self._fn_kwargs
        )
        sample_weight = combine_mask(
            sample_weight, backend.get_keras_mask(y_pred), self.dtype
        )
        if sample_weight is not None:
            sample_weight = combine_mask(sample_weight, valid, self.dtype)
        self._accumulate(values, sample_weight)
