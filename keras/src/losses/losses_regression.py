"""Regression losses (squared, absolute, percentage, logarithmic, Huber,
log-cosh, cosine) and margin losses (hinges): the per-sample functions
and the loss classes that wrap them."""

import math

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.losses.loss import BuiltinLoss
from keras.src.losses.loss import check_number
from keras.src.losses.loss import prepare_targets


# -- functions ----------------------------------------------------------------


@keras_export(
    ["keras.metrics.mean_squared_error", "keras.losses.mean_squared_error"]
)
def mean_squared_error(y_true, y_pred):
    """Mean squared error over the last axis: `mean(square(y_true -
    y_pred), axis=-1)`.

    Args:
        y_true: the targets, shaped like `y_pred`.
        y_pred: the predictions, `(batch, ..., d)`.

    Returns:
        The loss of each sample, `(batch, ...)`.

    Example:

    >>> out = keras.losses.mean_squared_error([[0.0, 1.0]], [[1.0, 1.0]])
    >>> keras.ops.convert_to_numpy(out).tolist()
    [0.5]
    """
    y_true, y_pred = prepare_targets("mean_squared_error", y_true, y_pred)
    return ops.mean(ops.square(y_true - y_pred), axis=-1)


@keras_export(
    ["keras.metrics.mean_absolute_error", "keras.losses.mean_absolute_error"]
)
def mean_absolute_error(y_true, y_pred):
    """Mean absolute error over the last axis: `mean(abs(y_true -
    y_pred), axis=-1)`.

    Args:
        y_true: the targets, shaped like `y_pred`.
        y_pred: the predictions, `(batch, ..., d)`.

    Returns:
        The loss of each sample, `(batch, ...)`.

    Example:

    >>> out = keras.losses.mean_absolute_error([[0.0, 1.0]], [[1.0, 3.0]])
    >>> keras.ops.convert_to_numpy(out).tolist()
    [1.5]
    """
    y_true, y_pred = prepare_targets("mean_absolute_error", y_true, y_pred)
    return ops.mean(ops.abs(y_true - y_pred), axis=-1)


@keras_export(
    [
        "keras.metrics.mean_absolute_percentage_error",
        "keras.losses.mean_absolute_percentage_error",
    ]
)
def mean_absolute_percentage_error(y_true, y_pred):
    """Mean absolute percentage error over the last axis:
    `100 * mean(abs(y_true - y_pred) / max(abs(y_true), epsilon))`.

    Args:
        y_true: the targets, shaped like `y_pred`.
        y_pred: the predictions, `(batch, ..., d)`.

    Returns:
        The loss of each sample, `(batch, ...)`.

    Example:

    >>> out = keras.losses.mean_absolute_percentage_error(
    ...     [[2.0, 4.0]], [[1.0, 5.0]])
    >>> keras.ops.convert_to_numpy(out).tolist()
    [37.5]
    """
    y_true, y_pred = prepare_targets(
        "mean_absolute_percentage_error", y_true, y_pred
    )
    scale = ops.maximum(ops.abs(y_true), backend.epsilon())
    return 100.0 * ops.mean(ops.abs(y_true - y_pred) / scale, axis=-1)


@keras_export(
    [
        "keras.metrics.mean_squared_logarithmic_error",
        "keras.losses.mean_squared_logarithmic_error",
    ]
)
def mean_squared_logarithmic_error(y_true, y_pred):
    """Mean squared logarithmic error over the last axis:
    `mean(square(log(1 + y_pred) - log(1 + y_true)), axis=-1)`, with both
    clipped below at `epsilon` first.

    Args:
        y_true: the targets, shaped like `y_pred`.
        y_pred: the predictions, `(batch, ..., d)`.

    Returns:
        The loss of each sample, `(batch, ...)`.

    Example:

    >>> out = keras.losses.mean_squared_logarithmic_error(
    ...     [[0.0, 0.0]], [[0.0, np.e - 1.0]])
    >>> keras.ops.convert_to_numpy(out).round(4)
    array([0.5], dtype=float32)
    """
    y_true, y_pred = prepare_targets(
        "mean_squared_logarithmic_error", y_true, y_pred
    )
    eps = backend.epsilon()
    log_pred = ops.log1p(ops.maximum(y_pred, eps))
    log_true = ops.log1p(ops.maximum(y_true, eps))
    return ops.mean(ops.square(log_pred - log_true), axis=-1)


def _l2_normalize(x, axis):
    # Norms below epsilon are replaced by epsilon, so zero vectors stay 0.
    squared_norm = ops.sum(ops.square(x), axis=axis, keepdims=True)
    eps = backend.epsilon()
    return x / ops.sqrt(ops.maximum(squared_norm, eps * eps))


@keras_export("keras.losses.cosine_similarity")
def cosine_similarity(y_true, y_pred, axis=-1):
    """Negative cosine similarity: `-sum(l2_normalize(y_true) *
    l2_normalize(y_pred), axis)`.

    The result is in `[-1, 1]`; -1 means the vectors point the same way,
    so minimizing it aligns the predictions with the targets. Zero
    vectors give 0.

    Args:
        y_true: the targets, shaped like `y_pred`.
        y_pred: the predictions.
        axis: the axis of the vectors.

    Returns:
        The loss of each sample: the shape without `axis`.

    Example:

    >>> out = keras.losses.cosine_similarity([[0.0, 2.0]], [[0.0, 3.0]])
    >>> keras.ops.convert_to_numpy(out).tolist()
    [-1.0]
    """
    y_true, y_pred = prepare_targets("cosine_similarity", y_true, y_pred)
    products = _l2_normalize(y_true, axis) * _l2_normalize(y_pred, axis)
    return -ops.sum(products, axis=axis)


@keras_export(["keras.losses.huber", "keras.metrics.huber"])
def huber(y_true, y_pred, delta=1.0):
    """Huber loss, averaged over the last axis.

    With `x = y_pred - y_true`: `0.5 * x**2` where `|x| <= delta`, and
    `delta * |x| - 0.5 * delta**2` elsewhere.

    Args:
        y_true: the targets, shaped like `y_pred`.
        y_pred: the predictions, `(batch, ..., d)`.
        delta: where the loss changes from quadratic to linear.

    Returns:
        The loss of each sample, `(batch, ...)`.

    Example:

    >>> out = keras.losses.huber([[0.0, 0.0]], [[0.5, 3.0]])
    >>> keras.ops.convert_to_numpy(out).tolist()
    [1.3125]
    """
    y_true, y_pred = prepare_targets("huber", y_true, y_pred)
    error = ops.abs(y_pred - y_true)
    quadratic = 0.5 * ops.square(error)
    linear = delta * error - 0.5 * delta * delta
    return ops.mean(ops.where(error <= delta, quadratic, linear), axis=-1)


@keras_export(["keras.losses.log_cosh", "keras.metrics.log_cosh"])
def log_cosh(y_true, y_pred):
    """Logarithm of the hyperbolic cosine of the error, averaged over the
    last axis.

    `log(cosh(x))` is about `x**2 / 2` for small `x` and `|x| - log(2)`
    for large ones; it is computed as `x + softplus(-2x) - log(2)`, which
    does not overflow.

    Args:
        y_true: the targets, shaped like `y_pred`.
        y_pred: the predictions, `(batch, ..., d)`.

    Returns:
        The loss of each sample, `(batch, ...)`.

    Example:

    >>> out = keras.losses.log_cosh([[0.0, 0.0]], [[0.0, 100.0]])
    >>> keras.ops.convert_to_numpy(out).round(4)
    array([49.6534], dtype=float32)
    """
    y_true, y_pred = prepare_targets("log_cosh", y_true, y_pred)
    error = y_pred - y_true
    log2 = math.log(2.0)
    return ops.mean(error + ops.softplus(-2.0 * error) - log2, axis=-1)


def _signed_labels(y_true):
    """Maps targets in {0, 1} to {-1, 1}; other targets are kept (the
    check covers the whole tensor, with no Python branch)."""
    is_binary = ops.logical_or(ops.equal(y_true, 0), ops.equal(y_true, 1))
    binary = ops.all(is_binary)
    return ops.where(binary, 2.0 * y_true - 1.0, y_true)


@keras_export(["keras.metrics.hinge", "keras.losses.hinge"])
def hinge(y_true, y_pred):
    """Hinge loss over the last axis: `mean(max(1 - y_true * y_pred, 0))`.

    Targets should be -1 or 1; when every target is 0 or 1 they are
    mapped to -1 and 1 first.

    Args:
        y_true: the targets, shaped like `y_pred`.
        y_pred: the predictions (scores), `(batch, ..., d)`.

    Returns:
        The loss of each sample, `(batch, ...)`.

    Example:

    >>> out = keras.losses.hinge([[1.0, 0.0]], [[0.5, -2.0]])
    >>> keras.ops.convert_to_numpy(out).tolist()
    [0.25]
    """
    y_true, y_pred = prepare_targets("hinge", y_true, y_pred)
    y_true = _signed_labels(y_true)
    return ops.mean(ops.relu(1.0 - y_true * y_pred), axis=-1)


@keras_export(["keras.metrics.squared_hinge", "keras.losses.squared_hinge"])
def squared_hinge(y_true, y_pred):
    """Squared hinge loss over the last axis:
    `mean(square(max(1 - y_true * y_pred, 0)))`.

    Targets should be -1 or 1; when every target is 0 or 1 they are
    mapped to -1 and 1 first.

    Args:
        y_true: the targets, shaped like `y_pred`.
        y_pred: the predictions (scores), `(batch, ..., d)`.

    Returns:
        The loss of each sample, `(batch, ...)`.

    Example:

    >>> out = keras.losses.squared_hinge([[1.0, 0.0]], [[0.5, 0.0]])
    >>> keras.ops.convert_to_numpy(out).tolist()
    [0.625]
    """
    y_true, y_pred = prepare_targets("squared_hinge", y_true, y_pred)
    y_true = _signed_labels(y_true)
    return ops.mean(ops.square(ops.relu(1.0 - y_true * y_pred)), axis=-1)


@keras_export(
    ["keras.metrics.categorical_hinge", "keras.losses.categorical_hinge"]
)
def categorical_hinge(y_true, y_pred):
    """Categorical hinge loss: `max(neg - pos + 1, 0)` with `pos =
    sum(y_true * y_pred)` and `neg = max((1 - y_true) * y_pred)` over the
    last axis.

    Args:
        y_true: one-hot targets, shaped like `y_pred`.
        y_pred: the predictions (scores), `(batch, ..., classes)`.

    Returns:
        The loss of each sample, `(batch, ...)`.

    Example:

    >>> out = keras.losses.categorical_hinge([[0.0, 1.0]], [[0.6, 0.4]])
    >>> keras.ops.convert_to_numpy(out).round(4)
    array([1.2], dtype=float32)
    """
    y_true, y_pred = prepare_targets("categorical_hinge", y_true, y_pred)
    positive = ops.sum(y_true * y_pred, axis=-1)
    negative = ops.max((1.0 - y_true) * y_pred, axis=-1)
    return ops.relu(negative - positive + 1.0)


# -- classes ------------------------------------------------------------------


@keras_export("keras.losses.MeanSquaredError")
class MeanSquaredError(BuiltinLoss):
    """Mean of the squared errors (see `keras.losses.mean_squared_error`).

    Args:
        reduction: see `keras.Loss`.
        name: the loss's name.
        dtype: the dtype of the computation (see `keras.Loss`).

    Example:

    >>> loss = keras.losses.MeanSquaredError()
    >>> float(loss([[0.0, 1.0], [0.0, 0.0]], [[1.0, 1.0], [1.0, 0.0]]))
    0.5
    """

    def __init__(self, reduction="sum_over_batch_size",
                 name="mean_squared_error", dtype=None):
        super().__init__(mean_squared_error, name=name,
                         reduction=reduction, dtype=dtype)


@keras_export("keras.losses.MeanAbsoluteError")
class MeanAbsoluteError(BuiltinLoss):
    """Mean of the absolute errors (see
    `keras.losses.mean_absolute_error`).

    Args:
        reduction: see `keras.Loss`.
        name: the loss's name.
        dtype: the dtype of the computation (see `keras.Loss`).

    Example:

    >>> loss = keras.losses.MeanAbsoluteError()
    >>> float(loss([[0.0, 1.0]], [[1.0, 3.0]]))
    1.5
    """

    def __init__(self, reduction="sum_over_batch_size",
                 name="mean_absolute_error", dtype=None):
        super().__init__(mean_absolute_error, name=name,
                         reduction=reduction, dtype=dtype)


@keras_export("keras.losses.MeanAbsolutePercentageError")
class MeanAbsolutePercentageError(BuiltinLoss):
    """Mean absolute percentage error (see
    `keras.losses.mean_absolute_percentage_error`).

    Args:
        reduction: see `keras.Loss`.
        name: the loss's name.
        dtype: the dtype of the computation (see `keras.Loss`).

    Example:

    >>> loss = keras.losses.MeanAbsolutePercentageError()
    >>> float(loss([[2.0, 4.0]], [[1.0, 5.0]]))
    37.5
    """

    def __init__(self, reduction="sum_over_batch_size",
                 name="mean_absolute_percentage_error", dtype=None):
        super().__init__(mean_absolute_percentage_error, name=name,
                         reduction=reduction, dtype=dtype)


@keras_export("keras.losses.MeanSquaredLogarithmicError")
class MeanSquaredLogarithmicError(BuiltinLoss):
    """Mean squared logarithmic error (see
    `keras.losses.mean_squared_logarithmic_error`).

    Args:
        reduction: see `keras.Loss`.
        name: the loss's name.
        dtype: the dtype of the computation (see `keras.Loss`).

    Example:

    >>> loss = keras.losses.MeanSquaredLogarithmicError()
    >>> round(float(loss([[0.0, 0.0]], [[0.0, np.e - 1.0]])), 4)
    0.5
    """

    def __init__(self, reduction="sum_over_batch_size",
                 name="mean_squared_logarithmic_error", dtype=None):
        super().__init__(mean_squared_logarithmic_error, name=name,
                         reduction=reduction, dtype=dtype)


@keras_export("keras.losses.CosineSimilarity")
class CosineSimilarity(BuiltinLoss):
    """Negative cosine similarity between targets and predictions (see
    `keras.losses.cosine_similarity`).

    Args:
        axis: the axis of the vectors.
        reduction: see `keras.Loss`.
        name: the loss's name.
        dtype: the dtype of the computation (see `keras.Loss`).

    Example:

    >>> loss = keras.losses.CosineSimilarity()
    >>> float(loss([[0.0, 1.0], [1.0, 0.0]], [[0.0, 2.0], [0.0, 1.0]]))
    -0.5
    """

    def __init__(self, axis=-1, reduction="sum_over_batch_size",
                 name="cosine_similarity", dtype=None):
        super().__init__(cosine_similarity, name=name, reduction=reduction,
                         dtype=dtype, axis=axis)
        self.axis = axis


@keras_export("keras.losses.Huber")
class Huber(BuiltinLoss):
    """Huber loss: quadratic for small errors, linear for large ones (see
    `keras.losses.huber`).

    Args:
        delta: where the loss changes from quadratic to linear (>= 0).
        reduction: see `keras.Loss`.
        name: the loss's name.
        dtype: the dtype of the computation (see `keras.Loss`).

    Example:

    >>> loss = keras.losses.Huber(delta=1.0)
    >>> float(loss([[0.0, 0.0]], [[0.5, 3.0]]))
    1.3125
    """

    def __init__(self, delta=1.0, reduction="sum_over_batch_size",
                 name="huber_loss", dtype=None):
        check_number("delta", delta)
        super().__init__(huber, name=name, reduction=reduction,
                         dtype=dtype, delta=delta)
        self.delta = delta


@keras_export("keras.losses.LogCosh")
class LogCosh(BuiltinLoss):
    """Logarithm of the hyperbolic cosine of the error (see
    `keras.losses.log_cosh`).

    Args:
        reduction: see `keras.Loss`.
        name: the loss's name.
        dtype: the dtype of the computation (see `keras.Loss`).

    Example:

    >>> loss = keras.losses.LogCosh()
    >>> round(float(loss([[0.0, 0.0]], [[0.0, 100.0]])), 4)
    49.6534
    """

    def __init__(self, reduction="sum_over_batch_size", name="log_cosh",
                 dtype=None):
        super().__init__(log_cosh, name=name, reduction=reduction,
                         dtype=dtype)


@keras_export("keras.losses.Hinge")
class Hinge(BuiltinLoss):
    """Hinge loss for targets in {-1, 1} (or {0, 1}); see
    `keras.losses.hinge`.

    Args:
        reduction: see `keras.Loss`.
        name: the loss's name.
        dtype: the dtype of the computation (see `keras.Loss`).

    Example:

    >>> loss = keras.losses.Hinge()
    >>> float(loss([[1.0, 0.0]], [[0.5, -2.0]]))
    0.25
    """

    def __init__(self, reduction="sum_over_batch_size", name="hinge",
                 dtype=None):
        super().__init__(hinge, name=name, reduction=reduction, dtype=dtype)


@keras_export("keras.losses.SquaredHinge")
class SquaredHinge(BuiltinLoss):
    """Squared hinge loss for targets in {-1, 1} (or {0, 1}); see
    `keras.losses.squared_hinge`.

    Args:
        reduction: see `keras.Loss`.
        name: the loss's name.
        dtype: the dtype of the computation (see `keras.Loss`).

    Example:

    >>> loss = keras.losses.SquaredHinge()
    >>> float(loss([[1.0, 0.0]], [[0.5, 0.0]]))
    0.625
    """

    def __init__(self, reduction="sum_over_batch_size",
                 name="squared_hinge", dtype=None):
        super().__init__(squared_hinge, name=name, reduction=reduction,
                         dtype=dtype)


@keras_export("keras.losses.CategoricalHinge")
class CategoricalHinge(BuiltinLoss):
    """Categorical hinge loss for one-hot targets (see
    `keras.losses.categorical_hinge`).

    Args:
        reduction: see `keras.Loss`.
        name: the loss's name.
        dtype: the dtype of the computation (see `keras.Loss`).

    Example:

    >>> loss = keras.losses.CategoricalHinge()
    >>> round(float(loss([[0.0, 1.0]], [[0.6, 0.4]])), 4)
    1.2
    """

    def __init__(self, reduction="sum_over_batch_size",
                 name="categorical_hinge", dtype=None):
        super().__init__(categorical_hinge, name=name, reduction=reduction,
                         dtype=dtype)
