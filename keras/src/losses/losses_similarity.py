"""Similarity losses: overlap losses for segmentation (Dice, Tversky) and
the Circle loss for metric learning on embeddings."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.losses.loss import BuiltinLoss
from keras.src.losses.loss import attach_mask
from keras.src.losses.loss import check_number
from keras.src.losses.loss import float_tensor
from keras.src.losses.loss import masked_fill_value
from keras.src.losses.loss import prepare_targets
from keras.src.losses.loss import static_shape


def _standardize_axis(axis):
    return tuple(axis) if isinstance(axis, list) else axis


# -- Dice and Tversky ---------------------------------------------------------


@keras_export("keras.losses.dice")
def dice(y_true, y_pred, axis=None):
    """Dice loss: `1 - 2 * sum(y_true * y_pred) / (sum(y_true) +
    sum(y_pred) + epsilon)`, the sums taken over `axis`.

    Args:
        y_true: target masks (values in `[0, 1]`), shaped like `y_pred`.
        y_pred: predicted masks (probabilities).
        axis: the axes summed over; `None` sums over everything (one
            value for the whole batch).

    Returns:
        The loss: a scalar with `axis=None`, else the shape without
        `axis`.

    Example:

    >>> out = keras.losses.dice([[1.0, 0.0]], [[1.0, 1.0]])
    >>> round(float(out), 4)
    0.3333
    """
    y_true, y_pred = prepare_targets("dice", y_true, y_pred, exact=True)
    axis = _standardize_axis(axis)
    intersection = ops.sum(y_true * y_pred, axis=axis)
    total = ops.sum(y_true, axis=axis) + ops.sum(y_pred, axis=axis)
    return 1.0 - 2.0 * intersection / (total + backend.epsilon())


@keras_export("keras.losses.tversky")
def tversky(y_true, y_pred, alpha=0.5, beta=0.5, axis=None):
    """Tversky loss, a weighted generalization of the Dice loss.

    With `tp = sum(y_true * y_pred)`, `missed = sum(y_true * (1 -
    y_pred))` and `extra = sum((1 - y_true) * y_pred)` over `axis`, the
    loss is `1 - tp / (tp + alpha * missed + beta * extra + epsilon)`.
    `alpha = beta = 0.5` gives the Dice loss.

    Args:
        y_true: target masks (values in `[0, 1]`), shaped like `y_pred`.
        y_pred: predicted masks (probabilities).
        alpha: the weight of the target mass the prediction misses
            (false negatives).
        beta: the weight of the predicted mass outside the target (false
            positives).
        axis: the axes summed over; `None` sums over everything.

    Returns:
        The loss: a scalar with `axis=None`, else the shape without
        `axis`.

    Example:

    >>> out = keras.losses.tversky([[1.0, 0.0]], [[1.0, 1.0]], 0.5, 0.5)
    >>> round(float(out), 4)
    0.3333
    """
    y_true, y_pred = prepare_targets("tversky", y_true, y_pred, exact=True)
    axis = _standardize_axis(axis)
    true_positives = ops.sum(y_true * y_pred, axis=axis)
    missed = ops.sum(y_true * (1.0 - y_pred), axis=axis)
    extra = ops.sum((1.0 - y_true) * y_pred, axis=axis)
    denominator = (
        true_positives + alpha * missed + beta * extra + backend.epsilon()
    )
    return 1.0 - true_positives / denominator


# -- Circle -------------------------------------------------------------------


def _flat_labels(name, labels):
    labels = ops.convert_to_tensor(labels)
    if not backend.is_int_dtype(backend.standardize_dtype(labels.dtype)):
        labels = ops.cast(labels, "int32")
    shape = static_shape(labels)
    if shape is not None and len(shape) == 2 and shape[1] == 1:
        labels = ops.squeeze(labels, -1)
    elif shape is not None and len(shape) != 1:
        raise ValueError(
            f"Loss `circle`: `{name}` must hold one integer label per "
            f"embedding, of shape (batch_size,) or (batch_size, 1). "
            f"Received: {name}.shape={shape}"
        )
    return labels


def _check_embeddings(labels, embeddings, label_name, embedding_name):
    label_shape = static_shape(labels)
    shape = static_shape(embeddings)
    if shape is None or label_shape is None:
        return
    if len(shape) != 2 or (
        None not in (shape[0], label_shape[0])
        and shape[0] != label_shape[0]
    ):
        raise ValueError(
            f"Loss `circle`: `{embedding_name}` must be 2D embeddings "
            f"(batch_size, dim) with one label in `{label_name}` each. "
            f"Received: {embedding_name}.shape={shape}, "
            f"{label_name}.shape={label_shape}"
        )


def _positions(labels):
    # 0, 1, 2, ... without reading the (possibly unknown) batch size.
    return ops.cumsum(ops.ones_like(labels)) - 1


def _masked_logsumexp(x, mask):
    x = ops.where(mask, x, masked_fill_value(x.dtype))
    return ops.logsumexp(x, axis=1)


def circle_and_mask(y_true, y_pred, ref_labels=None, ref_embeddings=None,
                    remove_diagonal=True, gamma=80, margin=0.4):
    """`circle` and the mask of the anchors it counts (those with at least
    one positive and one negative pair)."""
    y_pred = float_tensor(y_pred)
    labels = _flat_labels("y_true", y_true)
    ref_labels = labels if ref_labels is None else _flat_labels(
        "ref_labels", ref_labels
    )
    ref_embeddings = y_pred if ref_embeddings is None else ops.cast(
        ops.convert_to_tensor(ref_embeddings), y_pred.dtype
    )
    _check_embeddings(labels, y_pred, "y_true", "y_pred")
    _check_embeddings(ref_labels, ref_embeddings, "ref_labels",
                      "ref_embeddings")
    similarity = ops.matmul(y_pred, ops.transpose(ref_embeddings))
    positive = ops.equal(ops.expand_dims(labels, 1),
                         ops.expand_dims(ref_labels, 0))
    negative = ops.logical_not(positive)
    if remove_diagonal:
        diagonal = ops.equal(ops.expand_dims(_positions(labels), 1),
                             ops.expand_dims(_positions(ref_labels), 0))
        positive = ops.logical_and(positive, ops.logical_not(diagonal))
    # The weights adapt to each similarity but are not differentiated.
    positive_weight = ops.stop_gradient(ops.relu(1.0 + margin - similarity))
    negative_weight = ops.stop_gradient(ops.relu(similarity + margin))
    positive_logits = -gamma * positive_weight * (similarity - (1.0 - margin))
    negative_logits = gamma * negative_weight * (similarity - margin)
    losses = ops.softplus(
        _masked_logsumexp(positive_logits, positive)
        + _masked_logsumexp(negative_logits, negative)
    )
    valid = ops.logical_and(ops.any(positive, axis=1),
                            ops.any(negative, axis=1))
    return ops.where(valid, losses, 0.0), valid


@keras_export("keras.losses.circle")
def circle(y_true, y_pred, ref_labels=None, ref_embeddings=None,
           remove_diagonal=True, gamma=80, margin=0.4):
    """Circle loss between integer labels and L2-normalized embeddings.

    For each anchor embedding, with `s` its cosine similarities to the
    reference embeddings, pairs of the same label (positives) are pulled
    towards `1 - margin` and the others (negatives) pushed below
    `margin`, each similarity weighted by how far it is from its optimum
    (`relu(1 + margin - s)` for positives, `relu(s + margin)` for
    negatives):

    `softplus(logsumexp(-gamma * w_p * (s_p - 1 + margin)) +
    logsumexp(gamma * w_n * (s_n - margin)))`.

    Anchors without a positive or without a negative give 0 and are
    masked (the result carries a Keras mask,
    `keras.src.backend.get_keras_mask`).

    Args:
        y_true: integer labels, `(batch_size,)`.
        y_pred: L2-normalized embeddings, `(batch_size, dim)`.
        ref_labels: labels of the reference embeddings; by default
            `y_true`.
        ref_embeddings: L2-normalized reference embeddings; by default
            `y_pred`.
        remove_diagonal: whether the pair of an anchor with the reference
            of the same index is left out of the positives.
        gamma: the scale of the similarities.
        margin: the relaxation margin.

    Returns:
        The loss of each anchor, `(batch_size,)`.

    Example:

    >>> embeddings = np.array([[1.0, 0.0], [0.6, 0.8], [0.0, 1.0]])
    >>> out = keras.losses.circle([0, 0, 1], embeddings, gamma=2.0)
    >>> keras.ops.convert_to_numpy(out).shape
    (3,)
    """
    losses, valid = circle_and_mask(
        y_true, y_pred, ref_labels=ref_labels, ref_embeddings=ref_embeddings,
        remove_diagonal=remove_diagonal, gamma=gamma, margin=margin,
    )
    return attach_mask(losses, valid)


# -- classes ------------------------------------------------------------------


@keras_export("keras.losses.Dice")
class Dice(BuiltinLoss):
    """Dice loss between target and predicted masks (see
    `keras.losses.dice`).

    Args:
        reduction: see `keras.Loss`.
        name: the loss's name.
        axis: the axes summed over; `None` sums over everything.
        dtype: the dtype of the computation (see `keras.Loss`).

    Example:

    >>> loss = keras.losses.Dice(axis=-1)
    >>> round(float(loss([[1.0, 0.0], [1.0, 1.0]], [[1.0, 1.0]] * 2)), 4)
    0.1667
    """

    def __init__(self, reduction="sum_over_batch_size", name="dice",
                 axis=None, dtype=None):
        super().__init__(dice, name=name, reduction=reduction, dtype=dtype,
                         axis=axis)
        self.axis = axis


@keras_export("keras.losses.Tversky")
class Tversky(BuiltinLoss):
    """Tversky loss between target and predicted masks (see
    `keras.losses.tversky`).

    Args:
        alpha: the weight of false negatives (>= 0).
        beta: the weight of false positives (>= 0).
        reduction: see `keras.Loss`.
        name: the loss's name.
        axis: the axes summed over; `None` sums over everything.
        dtype: the dtype of the computation (see `keras.Loss`).

    Example:

    >>> loss = keras.losses.Tversky(alpha=0.0, beta=1.0)
    >>> round(float(loss([[1.0, 0.0]], [[1.0, 1.0]])), 4)
    0.5
    """

    def __init__(self, alpha=0.5, beta=0.5, reduction="sum_over_batch_size",
                 name="tversky", axis=None, dtype=None):
        check_number("alpha", alpha)
        check_number("beta", beta)
        super().__init__(tversky, name=name, reduction=reduction,
                         dtype=dtype, alpha=alpha, beta=beta, axis=axis)
        self.alpha = alpha
        self.beta = beta
        self.axis = axis


@keras_export("keras.losses.Circle")
class Circle(BuiltinLoss):
    """Circle loss between integer labels and L2-normalized embeddings
    (see `keras.losses.circle`); the references are the batch itself.

    Anchors without a positive or a negative pair in the batch are
    masked: `"sum_over_batch_size"` averages over the others.

    Args:
        gamma: the scale of the similarities (>= 0).
        margin: the relaxation margin.
        remove_diagonal: whether an anchor's pair with itself is left out
            of its positives.
        reduction: see `keras.Loss`.
        name: the loss's name.
        dtype: the dtype of the computation (see `keras.Loss`).

    Example:

    >>> embeddings = np.array([[1.0, 0.0], [0.6, 0.8], [0.0, 1.0]])
    >>> loss = keras.losses.Circle(gamma=2.0)
    >>> keras.ops.convert_to_numpy(loss([0, 0, 1], embeddings)).shape
    ()
    """

    def __init__(self, gamma=80.0, margin=0.4, remove_diagonal=True,
                 reduction="sum_over_batch_size", name="circle", dtype=None):
        check_number("gamma", gamma)
        check_number("margin", margin, -float("inf"))
        super().__init__(circle, name=name, reduction=reduction, dtype=dtype,
                         gamma=gamma, margin=margin,
                         remove_diagonal=remove_diagonal)
        self.gamma = gamma
        self.margin = margin
        self.remove_diagonal = remove_diagonal

    def _losses_and_mask(self, y_true, y_pred):
        return circle_and_mask(y_true, y_pred, **self._fn_kwargs)
