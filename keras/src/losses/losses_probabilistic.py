"""Probabilistic losses: cross-entropies (binary, categorical, sparse,
focal, generalized), Kullback-Leibler divergence, Poisson and CTC; the
per-sample functions and the loss classes that wrap them."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.losses.loss import BuiltinLoss
from keras.src.losses.loss import attach_mask
from keras.src.losses.loss import check_number
from keras.src.losses.loss import float_tensor
from keras.src.losses.loss import prepare_targets
from keras.src.losses.loss import static_shape


def _smooth_labels(y_true, label_smoothing, num_classes):
    """Moves targets towards `1 / num_classes` by `label_smoothing`."""
    if isinstance(label_smoothing, (int, float)) and not label_smoothing:
        return y_true
    return y_true * (1.0 - label_smoothing) + label_smoothing / num_classes


def _num_classes(y_pred, axis):
    size = ops.shape(y_pred)[axis]
    if isinstance(size, int):
        return float(size)
    return ops.cast(size, y_pred.dtype)  # Unknown while tracing.


def _integer_labels(y_true):
    y_true = ops.convert_to_tensor(y_true)
    if not backend.is_int_dtype(backend.standardize_dtype(y_true.dtype)):
        y_true = ops.cast(y_true, "int32")
    return y_true


def _sparse_labels(loss_name, y_true, y_pred):
    """Integer labels shaped like `y_pred` without its last axis (a
    trailing axis of size 1 on `y_true` is dropped)."""
    labels = _integer_labels(y_true)
    label_shape, pred_shape = static_shape(labels), static_shape(y_pred)
    if label_shape is None or pred_shape is None:
        return labels
    if len(label_shape) == len(pred_shape) and label_shape[-1:] == (1,):
        labels = ops.squeeze(labels, -1)
        label_shape = label_shape[:-1]
    compatible = len(label_shape) == len(pred_shape) - 1 and all(
        a is None or b is None or a == b
        for a, b in zip(label_shape, pred_shape[:-1])
    )
    if not compatible:
        raise ValueError(
            f"Loss `{loss_name}`: `y_true` must hold integer class indices "
            "shaped like `y_pred` without its class axis. Received: "
            f"y_true.shape={label_shape}, y_pred.shape={pred_shape}"
        )
    return labels


# -- functions ----------------------------------------------------------------


@keras_export(
    ["keras.metrics.binary_crossentropy", "keras.losses.binary_crossentropy"]
)
def binary_crossentropy(y_true, y_pred, from_logits=False,
                        label_smoothing=0.0, axis=-1):
    """Binary cross-entropy, averaged over `axis`.

    Probabilities are clipped to `[epsilon, 1 - epsilon]`. With
    `label_smoothing` the targets become `y_true * (1 - label_smoothing) +
    0.5 * label_smoothing`.

    Args:
        y_true: targets in `[0, 1]`, shaped like `y_pred`.
        y_pred: predicted probabilities (or logits with `from_logits`).
        from_logits: whether `y_pred` holds logits.
        label_smoothing: a float in `[0, 1]`.
        axis: the axis averaged over.

    Returns:
        The loss of each sample: the shape without `axis`.

    Example:

    >>> out = keras.losses.binary_crossentropy([[1.0, 0.0]], [[0.5, 0.5]])
    >>> keras.ops.convert_to_numpy(out).round(4)
    array([0.6931], dtype=float32)
    """
    y_true, y_pred = prepare_targets(
        "binary_crossentropy", y_true, y_pred, exact=True
    )
    y_true = _smooth_labels(y_true, label_smoothing, 2.0)
    losses = ops.binary_crossentropy(y_true, y_pred, from_logits=from_logits)
    return ops.mean(losses, axis=axis)


@keras_export(
    [
        "keras.metrics.binary_focal_crossentropy",
        "keras.losses.binary_focal_crossentropy",
    ]
)
def binary_focal_crossentropy(y_true, y_pred, apply_class_balancing=False,
                              alpha=0.25, gamma=2.0, from_logits=False,
                              label_smoothing=0.0, axis=-1):
    """Binary focal cross-entropy, averaged over `axis`.

    The binary cross-entropy of each entry is scaled by `(1 - p_t) **
    gamma`, where `p_t` is the predicted probability of the target
    (`y_true * p + (1 - y_true) * (1 - p)`), so well classified entries
    count less. With `apply_class_balancing`, it is scaled again by
    `alpha` for positive targets and `1 - alpha` for negative ones.

    Args:
        y_true: targets in `[0, 1]`, shaped like `y_pred`.
        y_pred: predicted probabilities (or logits with `from_logits`).
        apply_class_balancing: whether to weight by `alpha`.
        alpha: the weight of positive targets, in `[0, 1]`.
        gamma: the focusing exponent (0 gives the cross-entropy).
        from_logits: whether `y_pred` holds logits.
        label_smoothing: a float in `[0, 1]` (see `binary_crossentropy`).
        axis: the axis averaged over.

    Returns:
        The loss of each sample: the shape without `axis`.

    Example:

    >>> out = keras.losses.binary_focal_crossentropy(
    ...     [[1.0, 0.0]], [[0.5, 0.5]], gamma=1.0)
    >>> keras.ops.convert_to_numpy(out).round(4)
    array([0.3466], dtype=float32)
    """
    y_true, y_pred = prepare_targets(
        "binary_focal_crossentropy", y_true, y_pred, exact=True
    )
    y_true = _smooth_labels(y_true, label_smoothing, 2.0)
    losses = ops.binary_crossentropy(y_true, y_pred, from_logits=from_logits)
    probs = ops.sigmoid(y_pred) if from_logits else y_pred
    p_t = y_true * probs + (1.0 - y_true) * (1.0 - probs)
    weights = ops.power(1.0 - p_t, gamma)
    if apply_class_balancing:
        weights = weights * (y_true * alpha + (1.0 - y_true) * (1.0 - alpha))
    return ops.mean(weights * losses, axis=axis)


@keras_export(
    [
        "keras.metrics.categorical_crossentropy",
        "keras.losses.categorical_crossentropy",
    ]
)
def categorical_crossentropy(y_true, y_pred, from_logits=False,
                             label_smoothing=0.0, axis=-1):
    """Categorical cross-entropy between one-hot (or soft) targets and
    predicted class distributions.

    Probabilities are rescaled to sum to 1 along `axis` and clipped to
    `[epsilon, 1 - epsilon]`. With `label_smoothing` the targets become
    `y_true * (1 - label_smoothing) + label_smoothing / num_classes`.

    Args:
        y_true: target distributions, shaped like `y_pred`.
        y_pred: predicted probabilities (or logits with `from_logits`).
        from_logits: whether `y_pred` holds logits.
        label_smoothing: a float in `[0, 1]`.
        axis: the class axis.

    Returns:
        The loss of each sample: the shape without `axis`.

    Example:

    >>> out = keras.losses.categorical_crossentropy(
    ...     [[0.0, 1.0]], [[0.5, 0.5]])
    >>> keras.ops.convert_to_numpy(out).round(4)
    array([0.6931], dtype=float32)
    """
    y_true, y_pred = prepare_targets(
        "categorical_crossentropy", y_true, y_pred, exact=True
    )
    y_true = _smooth_labels(
        y_true, label_smoothing, _num_classes(y_pred, axis)
    )
    return ops.categorical_crossentropy(
        y_true, y_pred, from_logits=from_logits, axis=axis
    )


@keras_export(
    [
        "keras.metrics.categorical_focal_crossentropy",
        "keras.losses.categorical_focal_crossentropy",
    ]
)
def categorical_focal_crossentropy(y_true, y_pred, alpha=0.25, gamma=2.0,
                                   from_logits=False, label_smoothing=0.0,
                                   axis=-1):
    """Categorical focal cross-entropy.

    The cross-entropy term of each class, `-y_true * log(p)`, is scaled by
    `alpha * (1 - p) ** gamma`, so confident correct predictions count
    less; the terms are summed over `axis`. Probabilities are rescaled to
    sum to 1 and clipped to `[epsilon, 1 - epsilon]`.

    Args:
        y_true: target distributions, shaped like `y_pred`.
        y_pred: predicted probabilities (or logits with `from_logits`).
        alpha: the weight of every class.
        gamma: the focusing exponent.
        from_logits: whether `y_pred` holds logits.
        label_smoothing: a float in `[0, 1]` (see
            `categorical_crossentropy`).
        axis: the class axis.

    Returns:
        The loss of each sample: the shape without `axis`.

    Example:

    >>> out = keras.losses.categorical_focal_crossentropy(
    ...     [[0.0, 1.0]], [[0.5, 0.5]], alpha=1.0, gamma=1.0)
    >>> keras.ops.convert_to_numpy(out).round(4)
    array([0.3466], dtype=float32)
    """
    y_true, y_pred = prepare_targets(
        "categorical_focal_crossentropy", y_true, y_pred, exact=True
    )
    y_true = _smooth_labels(
        y_true, label_smoothing, _num_classes(y_pred, axis)
    )
    if from_logits:
        y_pred = ops.softmax(y_pred, axis=axis)
    y_pred = y_pred / ops.sum(y_pred, axis=axis, keepdims=True)
    eps = backend.epsilon()
    y_pred = ops.clip(y_pred, eps, 1.0 - eps)
    weights = alpha * ops.power(1.0 - y_pred, gamma)
    return ops.sum(weights * -y_true * ops.log(y_pred), axis=axis)


def sparse_crossentropy_and_mask(y_true, y_pred, from_logits=False,
                                 ignore_class=None, axis=-1):
    """`sparse_categorical_crossentropy` and the mask of the samples it
    counts (`None` without `ignore_class`)."""
    y_pred = float_tensor(y_pred)
    if axis != -1:
        y_pred = ops.moveaxis(y_pred, axis, -1)
    labels = _sparse_labels("sparse_categorical_crossentropy", y_true, y_pred)
    valid = None
    if ignore_class is not None:
        valid = ops.not_equal(labels, ignore_class)
        labels = ops.where(valid, labels, 0)
    losses = ops.sparse_categorical_crossentropy(
        labels, y_pred, from_logits=from_logits, axis=-1
    )
    if valid is not None:
        losses = ops.where(valid, losses, 0.0)
    return losses, valid


@keras_export(
    [
        "keras.metrics.sparse_categorical_crossentropy",
        "keras.losses.sparse_categorical_crossentropy",
    ]
)
def sparse_categorical_crossentropy(y_true, y_pred, from_logits=False,
                                    ignore_class=None, axis=-1):
    """Cross-entropy between integer class targets and predicted class
    distributions.

    Targets outside `[0, num_classes)` give 0. Targets equal to
    `ignore_class` give 0 too, and are masked: the result carries a
    Keras mask (`keras.src.backend.get_keras_mask`) so that the loss
    classes leave them out of their averages.

    Args:
        y_true: integer class indices, shaped like `y_pred` without
            `axis` (a trailing axis of size 1 is accepted).
        y_pred: predicted probabilities (or logits with `from_logits`).
        from_logits: whether `y_pred` holds logits.
        ignore_class: an optional class index to ignore (such as a
            padding class).
        axis: the class axis of `y_pred`.

    Returns:
        The loss of each sample: the shape of `y_pred` without `axis`.

    Example:

    >>> out = keras.losses.sparse_categorical_crossentropy(
    ...     [1, 0], [[0.5, 0.5], [1.0, 0.0]])
    >>> keras.ops.convert_to_numpy(out).round(4)
    array([0.6931, 0.    ], dtype=float32)
    """
    losses, valid = sparse_crossentropy_and_mask(
        y_true, y_pred, from_logits, ignore_class, axis
    )
    if valid is not None:
        attach_mask(losses, valid)
    return losses


@keras_export("keras.losses.categorical_generalized_cross_entropy")
def categorical_generalized_cross_entropy(y_true, y_pred, q):
    """Generalized cross-entropy, robust to noisy labels:
    `(1 - p ** q) / q`, where `p` is the predicted probability of the
    target class.

    `q` moves the loss between the cross-entropy (`q -> 0`) and the mean
    absolute error (`q = 1`).

    Args:
        y_true: integer class indices, shaped like `y_pred` without its
            last axis (a trailing axis of size 1 is accepted).
        y_pred: predicted probabilities, `(batch, ..., num_classes)`.
        q: the exponent, in `(0, 1)`.

    Returns:
        The loss of each sample, `(batch, ...)`.

    Example:

    >>> out = keras.losses.categorical_generalized_cross_entropy(
    ...     [1], [[0.75, 0.25]], q=0.5)
    >>> keras.ops.convert_to_numpy(out).tolist()
    [1.0]
    """
    y_pred = float_tensor(y_pred)
    labels = _sparse_labels(
        "categorical_generalized_cross_entropy", y_true, y_pred
    )
    num_classes = static_shape(y_pred)[-1]
    if num_classes is None:
        raise ValueError(
            "Loss `categorical_generalized_cross_entropy`: the class axis "
            "of `y_pred` must have a known size. Received: "
            f"y_pred.shape={static_shape(y_pred)}"
        )
    one_hot = ops.one_hot(labels, num_classes, dtype=y_pred.dtype)
    target_probs = ops.sum(one_hot * y_pred, axis=-1)
    return (1.0 - ops.power(target_probs, q)) / q


@keras_export(["keras.metrics.kl_divergence", "keras.losses.kl_divergence"])
def kl_divergence(y_true, y_pred):
    """Kullback-Leibler divergence over the last axis:
    `sum(y_true * log(y_true / y_pred), axis=-1)`, with both clipped to
    `[epsilon, 1]` first.

    Args:
        y_true: target distributions, shaped like `y_pred`.
        y_pred: predicted distributions, `(batch, ..., classes)`.

    Returns:
        The loss of each sample, `(batch, ...)`.

    Example:

    >>> out = keras.losses.kl_divergence([[0.5, 0.5]], [[0.25, 0.75]])
    >>> keras.ops.convert_to_numpy(out).round(4)
    array([0.1438], dtype=float32)
    """
    y_true, y_pred = prepare_targets("kl_divergence", y_true, y_pred)
    eps = backend.epsilon()
    y_true = ops.clip(y_true, eps, 1.0)
    y_pred = ops.clip(y_pred, eps, 1.0)
    return ops.sum(y_true * ops.log(y_true / y_pred), axis=-1)


@keras_export(["keras.metrics.poisson", "keras.losses.poisson"])
def poisson(y_true, y_pred):
    """Poisson loss over the last axis: `mean(y_pred - y_true *
    log(y_pred + epsilon), axis=-1)`.

    Args:
        y_true: target counts, shaped like `y_pred`.
        y_pred: predicted rates (non-negative), `(batch, ..., d)`.

    Returns:
        The loss of each sample, `(batch, ...)`.

    Example:

    >>> out = keras.losses.poisson([[0.0, 2.0]], [[1.0, 1.0]])
    >>> keras.ops.convert_to_numpy(out).round(4)
    array([1.], dtype=float32)
    """
    y_true, y_pred = prepare_targets("poisson", y_true, y_pred)
    log_rate = ops.log(y_pred + backend.epsilon())
    return ops.mean(y_pred - y_true * log_rate, axis=-1)


@keras_export("keras.losses.ctc")
def ctc(y_true, y_pred):
    """Connectionist temporal classification loss for unaligned sequences.

    Class 0 is the blank: labels are 1 and above, and `y_true` is padded
    with 0 (the label length of a sample is its number of labels above
    0). Every sample uses all the time steps of `y_pred`.

    Args:
        y_true: integer labels, `(batch, max_label_length)`.
        y_pred: logits, `(batch, time_steps, num_classes)`.

    Returns:
        The loss of each sample, `(batch,)`.

    Example:

    >>> logits = np.zeros((1, 2, 2), "float32")
    >>> out = keras.losses.ctc([[1, 0]], logits)
    >>> keras.ops.convert_to_numpy(out).round(4)
    array([0.2877], dtype=float32)
    """
    y_pred = float_tensor(y_pred)
    labels = _integer_labels(y_true)
    label_shape, pred_shape = static_shape(labels), static_shape(y_pred)
    if label_shape is not None and len(label_shape) != 2:
        raise ValueError(
            "Loss `ctc`: `y_true` must hold integer labels of shape "
            f"(batch_size, max_label_length). Received: "
            f"y_true.shape={label_shape}"
        )
    if pred_shape is not None and len(pred_shape) != 3:
        raise ValueError(
            "Loss `ctc`: `y_pred` must hold logits of shape (batch_size, "
            f"time_steps, num_classes). Received: y_pred.shape={pred_shape}"
        )
    labels = ops.maximum(labels, 0)
    label_length = ops.sum(ops.cast(labels > 0, "int32"), axis=-1)
    steps = ops.ones_like(y_pred[:, :, 0], dtype="int32")
    output_length = ops.sum(steps, axis=-1)
    return ops.ctc_loss(labels, y_pred, label_length, output_length,
                        mask_index=0)


# -- classes ------------------------------------------------------------------


def _check_common(label_smoothing=0.0, gamma=0.0, alpha=0.0):
    check_number("label_smoothing", label_smoothing, 0.0, 1.0)
    check_number("gamma", gamma)
    check_number("alpha", alpha, 0.0, 1.0)


@keras_export("keras.losses.BinaryCrossentropy")
class BinaryCrossentropy(BuiltinLoss):
    """Binary cross-entropy between targets in `[0, 1]` and predicted
    probabilities (see `keras.losses.binary_crossentropy`).

    Args:
        from_logits: whether the predictions are logits.
        label_smoothing: a float in `[0, 1]`: targets move towards 0.5.
        axis: the axis averaged over.
        reduction: see `keras.Loss`.
        name: the loss's name.
        dtype: the dtype of the computation (see `keras.Loss`).

    Example:

    >>> loss = keras.losses.BinaryCrossentropy()
    >>> round(float(loss([[1.0, 0.0]], [[0.5, 0.5]])), 4)
    0.6931
    """

    def __init__(self, from_logits=False, label_smoothing=0.0, axis=-1,
                 reduction="sum_over_batch_size", name="binary_crossentropy",
                 dtype=None):
        _check_common(label_smoothing)
        super().__init__(
            binary_crossentropy, name=name, reduction=reduction,
            dtype=dtype, from_logits=from_logits,
            label_smoothing=label_smoothing, axis=axis,
        )
        self.from_logits = from_logits
        self.label_smoothing = label_smoothing
        self.axis = axis


@keras_export("keras.losses.BinaryFocalCrossentropy")
class BinaryFocalCrossentropy(BuiltinLoss):
    """Binary focal cross-entropy: the binary cross-entropy scaled down
    for well classified entries (see
    `keras.losses.binary_focal_crossentropy`).

    Args:
        apply_class_balancing: whether to weight positive targets by
            `alpha` and negative ones by `1 - alpha`.
        alpha: a float in `[0, 1]`.
        gamma: the focusing exponent (>= 0).
        from_logits: whether the predictions are logits.
        label_smoothing: a float in `[0, 1]`.
        axis: the axis averaged over.
        reduction: see `keras.Loss`.
        name: the loss's name.
        dtype: the dtype of the computation (see `keras.Loss`).

    Example:

    >>> loss = keras.losses.BinaryFocalCrossentropy(gamma=1.0)
    >>> round(float(loss([[1.0, 0.0]], [[0.5, 0.5]])), 4)
    0.3466
    """

    def __init__(self, apply_class_balancing=False, alpha=0.25, gamma=2.0,
                 from_logits=False, label_smoothing=0.0, axis=-1,
                 reduction="sum_over_batch_size",
                 name="binary_focal_crossentropy", dtype=None):
        _check_common(label_smoothing, gamma, alpha)
        super().__init__(
            binary_focal_crossentropy, name=name, reduction=reduction,
            dtype=dtype, apply_class_balancing=apply_class_balancing,
            alpha=alpha, gamma=gamma, from_logits=from_logits,
            label_smoothing=label_smoothing, axis=axis,
        )
        self.apply_class_balancing = apply_class_balancing
        self.alpha = alpha
        self.gamma = gamma
        self.from_logits = from_logits
        self.label_smoothing = label_smoothing
        self.axis = axis


@keras_export("keras.losses.CategoricalCrossentropy")
class CategoricalCrossentropy(BuiltinLoss):
    """Categorical cross-entropy between one-hot (or soft) targets and
    predicted class distributions (see
    `keras.losses.categorical_crossentropy`).

    Args:
        from_logits: whether the predictions are logits.
        label_smoothing: a float in `[0, 1]`: targets move towards the
            uniform distribution.
        axis: the class axis.
        reduction: see `keras.Loss`.
        name: the loss's name.
        dtype: the dtype of the computation (see `keras.Loss`).

    Example:

    >>> loss = keras.losses.CategoricalCrossentropy()
    >>> round(float(loss([[0.0, 1.0]], [[0.5, 0.5]])), 4)
    0.6931
    """

    def __init__(self, from_logits=False, label_smoothing=0.0, axis=-1,
                 reduction="sum_over_batch_size",
                 name="categorical_crossentropy", dtype=None):
        _check_common(label_smoothing)
        super().__init__(
            categorical_crossentropy, name=name, reduction=reduction,
            dtype=dtype, from_logits=from_logits,
            label_smoothing=label_smoothing, axis=axis,
        )
        self.from_logits = from_logits
        self.label_smoothing = label_smoothing
        self.axis = axis


@keras_export("keras.losses.CategoricalFocalCrossentropy")
class CategoricalFocalCrossentropy(BuiltinLoss):
    """Categorical focal cross-entropy: the categorical cross-entropy
    scaled down for confident correct predictions (see
    `keras.losses.categorical_focal_crossentropy`).

    Args:
        alpha: the weight of every class, in `[0, 1]`.
        gamma: the focusing exponent (>= 0).
        from_logits: whether the predictions are logits.
        label_smoothing: a float in `[0, 1]`.
        axis: the class axis.
        reduction: see `keras.Loss`.
        name: the loss's name.
        dtype: the dtype of the computation (see `keras.Loss`).

    Example:

    >>> loss = keras.losses.CategoricalFocalCrossentropy(alpha=1.0,
    ...                                                   gamma=1.0)
    >>> round(float(loss([[0.0, 1.0]], [[0.5, 0.5]])), 4)
    0.3466
    """

    def __init__(self, alpha=0.25, gamma=2.0, from_logits=False,
                 label_smoothing=0.0, axis=-1,
                 reduction="sum_over_batch_size",
                 name="categorical_focal_crossentropy", dtype=None):
        _check_common(label_smoothing, gamma, alpha)
        super().__init__(
            categorical_focal_crossentropy, name=name, reduction=reduction,
            dtype=dtype, alpha=alpha, gamma=gamma, from_logits=from_logits,
            label_smoothing=label_smoothing, axis=axis,
        )
        self.alpha = alpha
        self.gamma = gamma
        self.from_logits = from_logits
        self.label_smoothing = label_smoothing
        self.axis = axis


@keras_export("keras.losses.SparseCategoricalCrossentropy")
class SparseCategoricalCrossentropy(BuiltinLoss):
    """Cross-entropy between integer class targets and predicted class
    distributions (see `keras.losses.sparse_categorical_crossentropy`).

    Samples whose target is `ignore_class` are masked: they add nothing
    and are not counted by the `"sum_over_batch_size"` average.

    Args:
        from_logits: whether the predictions are logits.
        ignore_class: an optional class index to ignore.
        reduction: see `keras.Loss`.
        axis: the class axis of the predictions.
        name: the loss's name.
        dtype: the dtype of the computation (see `keras.Loss`).

    Example:

    >>> loss = keras.losses.SparseCategoricalCrossentropy(ignore_class=-1)
    >>> round(float(loss([1, -1], [[0.5, 0.5], [0.9, 0.1]])), 4)
    0.6931
    """

    def __init__(self, from_logits=False, ignore_class=None,
                 reduction="sum_over_batch_size", axis=-1,
                 name="sparse_categorical_crossentropy", dtype=None):
        super().__init__(
            sparse_categorical_crossentropy, name=name, reduction=reduction,
            dtype=dtype, from_logits=from_logits, ignore_class=ignore_class,
            axis=axis,
        )
        self.from_logits = from_logits
        self.ignore_class = ignore_class
        self.axis = axis

    def _losses_and_mask(self, y_true, y_pred):
        return sparse_crossentropy_and_mask(y_true, y_pred,
                                            **self._fn_kwargs)


@keras_export("keras.losses.CategoricalGeneralizedCrossEntropy")
class CategoricalGeneralizedCrossEntropy(BuiltinLoss):
    """Generalized cross-entropy for integer class targets, robust to
    noisy labels (see `keras.losses.categorical_generalized_cross_entropy`).

    Args:
        q: the exponent, in `(0, 1)`: towards 0 the loss behaves like the
            cross-entropy, towards 1 like the mean absolute error.
        reduction: see `keras.Loss`.
        name: the loss's name.
        dtype: the dtype of the computation (see `keras.Loss`).

    Example:

    >>> loss = keras.losses.CategoricalGeneralizedCrossEntropy(q=0.5)
    >>> float(loss([1, 0], [[0.75, 0.25], [0.25, 0.75]]))
    1.0
    """

    def __init__(self, q=0.5, reduction="sum_over_batch_size",
                 name="categorical_generalized_cross_entropy", dtype=None):
        check_number("q", q, 0.0, 1.0, open_low=True, open_high=True)
        super().__init__(categorical_generalized_cross_entropy, name=name,
                         reduction=reduction, dtype=dtype, q=q)
        self.q = q


@keras_export("keras.losses.KLDivergence")
class KLDivergence(BuiltinLoss):
    """Kullback-Leibler divergence between target and predicted
    distributions (see `keras.losses.kl_divergence`).

    Args:
        reduction: see `keras.Loss`.
        name: the loss's name.
        dtype: the dtype of the computation (see `keras.Loss`).

    Example:

    >>> loss = keras.losses.KLDivergence()
    >>> round(float(loss([[0.5, 0.5]], [[0.25, 0.75]])), 4)
    0.1438
    """

    def __init__(self, reduction="sum_over_batch_size", name="kl_divergence",
                 dtype=None):
        super().__init__(kl_divergence, name=name, reduction=reduction,
                         dtype=dtype)


@keras_export("keras.losses.Poisson")
class Poisson(BuiltinLoss):
    """Poisson loss between target counts and predicted rates (see
    `keras.losses.poisson`).

    Args:
        reduction: see `keras.Loss`.
        name: the loss's name.
        dtype: the dtype of the computation (see `keras.Loss`).

    Example:

    >>> loss = keras.losses.Poisson()
    >>> round(float(loss([[0.0, 2.0]], [[1.0, 1.0]])), 4)
    1.0
    """

    def __init__(self, reduction="sum_over_batch_size", name="poisson",
                 dtype=None):
        super().__init__(poisson, name=name, reduction=reduction,
                         dtype=dtype)


@keras_export("keras.losses.CTC")
class CTC(BuiltinLoss):
    """Connectionist temporal classification loss (see
    `keras.losses.ctc`): labels `(batch, max_label_length)` padded with
    0, logits `(batch, time_steps, num_classes)`, class 0 the blank.

    Args:
        reduction: see `keras.Loss`.
        name: the loss's name.
        dtype: the dtype of the computation (see `keras.Loss`).

    Example:

    >>> loss = keras.losses.CTC()
    >>> round(float(loss([[1, 0]], np.zeros((1, 2, 2), "float32"))), 4)
    0.2877
    """

    def __init__(self, reduction="sum_over_batch_size", name="ctc",
                 dtype=None):
        super().__init__(ctc, name=name, reduction=reduction, dtype=dtype)
