"""Metrics that reduce values over batches: `Sum`, `Mean`, and
`MeanMetricWrapper`, the mean of a per-sample function such as a loss."""

import inspect

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.metrics.metric import Metric
from keras.src.saving import serialization_lib


def align_ranks(x, weight):
    """Squeezes or expands a trailing unit axis of `weight` so that its
    rank matches `x`'s when the two differ by one.

    Args:
        x: a tensor (values, predictions).
        weight: a tensor (sample weights, a mask).

    Returns:
        `(x, weight)` with `weight` reshaped where needed.
    """
    x_rank, w_rank = len(x.shape), len(weight.shape)
    if w_rank == x_rank + 1 and weight.shape[-1] == 1:
        return x, ops.squeeze(weight, axis=-1)
    if x_rank == w_rank + 1 and x.shape[-1] == 1:
        return x, ops.expand_dims(weight, axis=-1)
    return x, weight


def combine_mask(sample_weight, mask, dtype):
    """Returns `sample_weight` zeroed where `mask` is false (the mask alone
    when there is no weight; `None` when there is neither).

    Args:
        sample_weight: `None` or weights, batch axes first.
        mask: `None` or a boolean mask, batch axes first.
        dtype: the dtype of the result.
    """
    if mask is None:
        return sample_weight
    mask = ops.cast(mask, dtype)
    if sample_weight is None:
        return mask
    sample_weight = ops.cast(sample_weight, dtype)
    mask, sample_weight = align_ranks(mask, sample_weight)
    # Weights (and masks) are indexed by the leading batch axes, so a
    # shorter one is broadcast over the trailing axes of the other.
    rank = max(len(mask.shape), len(sample_weight.shape))
    return _pad_rank(sample_weight, rank) * _pad_rank(mask, rank)


def _pad_rank(x, rank):
    while len(x.shape) < rank:
        x = ops.expand_dims(x, axis=-1)
    return x


def _is_plain_scalar(values, sample_weight, dtype):
    """Whether `values` is an unmasked scalar tensor of `dtype` weighted by
    a Python number."""
    return (
        type(sample_weight) in (int, float)
        and backend.is_tensor(values)
        and getattr(values, "ndim", None) == 0
        and backend.get_keras_mask(values) is None
        and backend.standardize_dtype(values.dtype) == dtype
    )


def samplewise_values(values, sample_weight, reduce_fn, dtype):
    """Reduces `values` to one value per sample, weighted.

    Values with more axes than the weights are reduced with `reduce_fn`
    over the extra axes first; weights with several axes are reduced over
    their non-batch axes afterwards, so that each sample keeps its total
    (for `sum`) or mean (for `mean`) weight.

    Args:
        values: a tensor, batch axis first (or a scalar).
        sample_weight: `None` or weights broadcastable to `values` after
            reduction.
        reduce_fn: `ops.sum` or `ops.mean`.
        dtype: the dtype to compute in.

    Returns:
        `(values, sample_weight)`: weighted values of rank 1 or 0, and the
        per-sample weights (`None` when there are none).
    """
    values = ops.cast(values, dtype)
    if sample_weight is not None:
        weight = ops.cast(sample_weight, dtype)
        values, weight = align_ranks(values, weight)
        v_rank, w_rank = len(values.shape), len(weight.shape)
        if w_rank > v_rank:
            raise ValueError(
                "`sample_weight` cannot have more axes than the values it "
                "weights. Received: sample_weight of shape "
                f"{tuple(weight.shape)} for values of shape "
                f"{tuple(values.shape)}"
            )
        if v_rank > w_rank:
            values = reduce_fn(values, axis=tuple(range(w_rank, v_rank)))
        weight = weight * ops.ones_like(values)
        values = values * weight
        if w_rank > 1:
            weight = reduce_fn(weight, axis=tuple(range(1, w_rank)))
        sample_weight = weight
    if len(values.shape) > 1:
        values = reduce_fn(values, axis=tuple(range(1, len(values.shape))))
    return values, sample_weight


@keras_export("keras.metrics.Sum")
class Sum(Metric):
    """The (weighted) sum of all the values seen.

    Args:
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.Sum()
    >>> m.update_state([1.0, 3.0, 5.0, 7.0])
    >>> float(m.result())
    16.0
    >>> m.update_state([1.0, 1.0], sample_weight=[2.0, 0.0])
    >>> float(m.result())
    18.0
    """

    def __init__(self, name="sum", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable(
            shape=(), initializer="zeros", dtype=self.dtype, name="total"
        )

    def update_state(self, values, sample_weight=None):
        """Adds the (weighted) sum of `values`.

        Args:
            values: a tensor of values.
            sample_weight: optional weights, batch axes first.
        """
        sample_weight = combine_mask(
            sample_weight, backend.get_keras_mask(values), self.dtype
        )
        values, _ = samplewise_values(
            values, sample_weight, ops.sum, self.dtype
        )
        self.total.assign_add(ops.sum(values))

    def result(self):
        """Returns the sum."""
        # A copy: later updates must not change a result already returned
        # (torch assigns variables in place).
        return ops.copy(self.total.value)


@keras_export("keras.metrics.Mean")
class Mean(Metric):
    """The (weighted) mean of all the values seen.

    Each sample counts once (with its weight): values with several axes
    are first averaged over their non-batch axes.

    Args:
        name: the metric's name.
        dtype: the dtype of the state and result.

    Example:

    >>> m = keras.metrics.Mean()
    >>> m.update_state([1.0, 3.0, 5.0, 7.0])
    >>> float(m.result())
    4.0
    >>> m.reset_state()
    >>> m.update_state([1.0, 3.0], sample_weight=[3.0, 1.0])
    >>> float(m.result())
    1.5
    """

    def __init__(self, name="mean", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable(
            shape=(), initializer="zeros", dtype=self.dtype, name="total"
        )
        self.count = self.add_variable(
            shape=(), initializer="zeros", dtype=self.dtype, name="count"
        )

    def update_state(self, values, sample_weight=None):
        """Adds the (weighted) values to the running mean.

        Args:
            values: a tensor of values, batch axis first.
            sample_weight: optional weights, batch axes first; a mask on
                `values` (`values._keras_mask`) zeroes some of them (it is
                ignored when there are no weights, as in Keras).
        """
        if _is_plain_scalar(values, sample_weight, self.dtype):
            # The trainer's loss tracker: a scalar loss weighted by the
            # batch size. Same arithmetic, without the rank alignment.
            weight = ops.cast(sample_weight, self.dtype)
            self.total.assign_add(values * weight)
            self.count.assign_add(weight)
            return
        if sample_weight is not None:
            # As in Keras, a mask on `values` only zeroes given weights.
            sample_weight = combine_mask(
                sample_weight, backend.get_keras_mask(values),
                self.dtype,
            )
        self._accumulate(values, sample_weight)

    def _accumulate(self, values, sample_weight):
        values, sample_weight = samplewise_values(
            values, sample_weight, ops.mean, self.dtype
        )
        self.total.assign_add(ops.sum(values))
        if sample_weight is None:
            count = ops.sum(ops.ones_like(values))
        else:
            count = ops.sum(sample_weight)
        self.count.assign_add(ops.cast(count, self.dtype))

    def result(self):
        """Returns the mean (0 before any update)."""
        return ops.divide_no_nan(self.total.value, self.count.value)


@keras_export("keras.metrics.MeanMetricWrapper")
class MeanMetricWrapper(Mean):
    """The mean of `fn(y_true, y_pred, **kwargs)` over all samples seen.

    `fn` returns one value per sample (or per element); a mask on
    `y_pred` (`y_pred._keras_mask`) and `sample_weight` weight them.

    Args:
        fn: the function, e.g. `keras.metrics.mean_squared_error`.
        name: the metric's name.
        dtype: the dtype of the state and result.
        **kwargs: keyword arguments passed on to `fn`.

    Example:

    >>> m = keras.metrics.MeanMetricWrapper(
    ...     keras.metrics.binary_accuracy, threshold=0.3)
    >>> float(m([[1.0], [0.0]], [[0.4], [0.2]]))
    1.0
    """

    def __init__(self, fn, name=None, dtype=None, **kwargs):
        if not callable(fn):
            raise TypeError(
                "`fn` must be a callable `fn(y_true, y_pred, **kwargs)`. "
                f"Received: fn={fn!r} of type {type(fn).__name__}"
            )
        super().__init__(name=name, dtype=dtype)
        self._fn = fn
        self._fn_kwargs = kwargs

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Adds `fn(y_true, y_pred)` of one batch to the running mean.

        Args:
            y_true: the targets.
            y_pred: the predictions.
            sample_weight: optional weights, batch axes first.
        """
        mask = backend.get_keras_mask(y_pred)
        values = self._fn(y_true, y_pred, **self._fn_kwargs)
        sample_weight = combine_mask(sample_weight, mask, self.dtype)
        # Only `y_pred`'s mask counts: a mask `fn` leaves on its output
        # (which not every backend's arrays can carry) is ignored.
        self._accumulate(values, sample_weight)

    def get_config(self):
        """Returns `name`, `dtype`, the keyword arguments of `fn` and, for
        classes that take it, `fn` itself."""
        config = super().get_config()
        if _takes_fn(type(self)):
            config["fn"] = serialization_lib.serialize_keras_object(self._fn)
        for key, value in self._fn_kwargs.items():
            config[key] = serialization_lib.serialize_keras_object(value)
        return config

    @classmethod
    def from_config(cls, config):
        """Creates the metric from the output of `get_config()`."""
        config = dict(config)
        if "fn" in config and _takes_fn(cls):
            config["fn"] = serialization_lib.deserialize_keras_object(
                config["fn"]
            )
        return cls(**config)


def _takes_fn(cls):
    return "fn" in inspect.signature(cls.__init__).parameters



# Keras's name for `samplewise_values`.
reduce_to_samplewise_values = samplewise_values
