"""The `Loss` base class and `LossFunctionWrapper`, with the helpers that
weight, mask and reduce per-sample values (shared with the metrics).

A loss object is called as `loss(y_true, y_pred, sample_weight=None)`:
the inputs become tensors of the loss dtype, `call` returns one value per
sample, and `reduce_weighted_values` applies the sample weights, the mask
of `y_pred` (its `_keras_mask`) and the reduction.
"""

import math
import sys

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.backend.common.naming import auto_name

REDUCTIONS = (
    "sum_over_batch_size",
    "sum",
    "mean",
    "mean_with_sample_weight",
    "none",
    None,
)

# Largest finite values, used to stand in for -inf in masked reductions
# (NumPy's `finfo` does not know bfloat16).
_FLOAT_MAX = {
    "float16": 65504.0,
    "bfloat16": 3.3895e38,
    "float32": 3.4028e38,
    "float64": 1.7976e308,
}


def standardize_reduction(reduction):
    """Returns `reduction` after checking that it is a known reduction.

    Args:
        reduction: one of `REDUCTIONS`.

    Returns:
        `reduction` unchanged.
    """
    if reduction is not None and not (
        isinstance(reduction, str) and reduction in REDUCTIONS
    ):
        raise ValueError(
            "Invalid value for argument `reduction`. Expected one of "
            f"{list(REDUCTIONS)}. Received: reduction={reduction!r}"
        )
    return reduction


def check_number(name, value, low=0.0, high=math.inf, open_low=False,
                 open_high=False):
    """Raises `ValueError` unless `value` is a real number in the interval
    from `low` to `high` (closed unless `open_low`/`open_high`)."""
    valid = isinstance(value, (int, float)) and not isinstance(value, bool)
    if valid:
        valid = not math.isnan(value) and (
            (low < value if open_low else low <= value)
            and (value < high if open_high else value <= high)
        )
    if not valid:
        left = "(" if open_low else "["
        right = ")" if open_high else "]"
        interval = f"{left}{low}, {high}{right}"
        raise ValueError(
            f"Invalid value for argument `{name}`: expected a number in "
            f"{interval}. Received: {name}={value!r}"
        )


def as_dtype(x, dtype):
    """Converts `x` to a tensor of `dtype` (casting only when needed)."""
    x = ops.convert_to_tensor(x)
    if backend.standardize_dtype(x.dtype) != dtype:
        x = ops.cast(x, dtype)
    return x


def float_tensor(x):
    """Converts `x` to a tensor, casting non-float values to floatx."""
    x = ops.convert_to_tensor(x)
    if not backend.is_float_dtype(backend.standardize_dtype(x.dtype)):
        x = ops.cast(x, backend.floatx())
    return x


def static_shape(x):
    """The static shape of `x` as a tuple (`None` for unknown sizes), or
    `None` when even its rank is unknown."""
    try:
        return tuple(x.shape)
    except (TypeError, ValueError):  # A TensorFlow tensor of unknown rank.
        return None


def squeeze_or_expand_to_same_rank(x1, x2, expand_rank_1=True):
    """Aligns the ranks of two tensors whose ranks differ by one.

    The tensor with the extra trailing axis of size 1 loses it, except
    that a rank-1 partner is expanded instead (with `expand_rank_1`), so
    `(batch,)` and `(batch, 1)` meet at `(batch, 1)`. Other rank
    differences are left alone (broadcasting decides).

    Args:
        x1: a tensor.
        x2: a tensor.
        expand_rank_1: whether a rank-1 tensor is expanded rather than
            its partner squeezed.

    Returns:
        The pair `(x1, x2)`, possibly reshaped.
    """
    shape1, shape2 = static_shape(x1), static_shape(x2)
    if shape1 is None or shape2 is None:
        return x1, x2
    if len(shape1) == len(shape2) + 1 and shape1[-1] == 1:
        if len(shape2) == 1 and expand_rank_1:
            return x1, ops.expand_dims(x2, -1)
        return ops.squeeze(x1, -1), x2
    if len(shape2) == len(shape1) + 1 and shape2[-1] == 1:
        if len(shape1) == 1 and expand_rank_1:
            return ops.expand_dims(x1, -1), x2
        return x1, ops.squeeze(x2, -1)
    return x1, x2


def check_shapes(loss_name, y_true, y_pred, exact=False):
    """Raises a `ValueError` naming `loss_name` and both shapes unless the
    static shapes of `y_true` and `y_pred` broadcast together (or, with
    `exact`, are equal). Unknown sizes match anything."""
    true_shape, pred_shape = static_shape(y_true), static_shape(y_pred)
    if true_shape is None or pred_shape is None:
        return
    compatible = not exact or len(true_shape) == len(pred_shape)
    for a, b in zip(reversed(true_shape), reversed(pred_shape)):
        if a is None or b is None or a == b:
            continue
        if exact or (a != 1 and b != 1):
            compatible = False
    if not compatible:
        relation = "the same shape" if exact else "broadcastable shapes"
        raise backend.core.input_error(
            ValueError,
            f"Loss `{loss_name}`: `y_true` and `y_pred` must have "
            f"{relation}. Received: y_true.shape={true_shape}, "
            f"y_pred.shape={pred_shape}",
        )


def prepare_targets(loss_name, y_true, y_pred, exact=False):
    """Converts `y_pred` to a float tensor and `y_true` to its dtype,
    aligns their ranks and checks their shapes.

    Returns:
        The pair `(y_true, y_pred)`.
    """
    y_pred = float_tensor(y_pred)
    y_true = as_dtype(y_true, backend.standardize_dtype(y_pred.dtype))
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    check_shapes(loss_name, y_true, y_pred, exact=exact)
    return y_true, y_pred


def attach_mask(values, mask):
    """Sets `mask` as the Keras mask of `values` (`backend.set_keras_mask`:
    an attribute, or the side table of arrays that take none) and returns
    `values`."""
    backend.set_keras_mask(values, mask)
    return values


def masked_fill_value(dtype):
    """A large negative finite value of `dtype`, used in place of `-inf`
    so that fully masked rows stay finite."""
    return -0.25 * _FLOAT_MAX.get(backend.standardize_dtype(dtype), 3.4e38)


def combine_masks(mask1, mask2):
    """The logical AND of two optional masks (ranks aligned first)."""
    if mask1 is None:
        return mask2
    if mask2 is None:
        return mask1
    mask1, mask2 = squeeze_or_expand_to_same_rank(
        as_dtype(mask1, "bool"), as_dtype(mask2, "bool")
    )
    return ops.logical_and(mask1, mask2)


def reduce_weighted_values(values, sample_weight=None, mask=None,
                           reduction="sum_over_batch_size", dtype=None):
    """Weights, masks and reduces per-sample values like Keras losses do.

    `values` is multiplied by `sample_weight` and by `mask` (masked
    entries become 0), ranks aligned first with
    `squeeze_or_expand_to_same_rank`. Then:

    - `"none"`/`None`: the weighted values;
    - `"sum"`: their sum;
    - `"sum_over_batch_size"`/`"mean"`: the sum divided by the number of
      entries (the unmasked ones when there is a mask);
    - `"mean_with_sample_weight"`: the sum divided by the sum of the
      weights (sample weights times mask, broadcast to the values).

    Divisions by zero give 0.

    Args:
        values: per-sample values (a tensor).
        sample_weight: optional weights that broadcast to `values`.
        mask: optional boolean (or 0/1) mask that broadcasts to `values`.
        reduction: one of `REDUCTIONS`.
        dtype: the dtype of the computation and of the result; by
            default `values`'s float dtype (floatx for other dtypes).

    Returns:
        The reduced tensor.

    Example:

    >>> from keras.src.losses.loss import reduce_weighted_values
    >>> out = reduce_weighted_values(np.array([1.0, 3.0]), mask=[1, 0])
    >>> float(out)
    1.0
    """
    reduction = standardize_reduction(reduction)
    if dtype is None:
        values = float_tensor(values)
    else:
        values = as_dtype(values, backend.standardize_dtype(dtype))
    dtype = backend.standardize_dtype(values.dtype)
    weights = None
    if sample_weight is not None:
        weights = as_dtype(sample_weight, dtype)
        values, weights = squeeze_or_expand_to_same_rank(values, weights)
        values = values * weights
    count_mask = None
    if mask is not None:
        count_mask = as_dtype(mask, dtype)
        values, count_mask = squeeze_or_expand_to_same_rank(
            values, count_mask
        )
        values = values * count_mask
        weights = count_mask if weights is None else weights * count_mask
    return reduce_values(values, weights, count_mask, reduction)


def reduce_values(values, weights=None, count_mask=None,
                  reduction="sum_over_batch_size"):
    """Reduces already weighted values (see `reduce_weighted_values`).

    Args:
        values: the weighted values.
        weights: the weights applied (the divisor of
            `"mean_with_sample_weight"`), or `None`.
        count_mask: the mask applied (the entries counted by
            `"sum_over_batch_size"`), or `None`.
        reduction: one of `REDUCTIONS`.

    Returns:
        The reduced tensor.
    """
    if reduction in ("none", None):
        return values
    total = ops.sum(values)
    if reduction == "sum":
        return total
    if reduction == "mean_with_sample_weight" and weights is not None:
        denominator = ops.sum(ops.ones_like(values) * weights)
    elif count_mask is not None:
        denominator = ops.sum(ops.ones_like(values) * count_mask)
    else:
        size = _static_size(values)
        if size is not None and 0 < size < 2**24:
            # A known non-zero count, exact as a float: the tensor's own
            # division by a Python number gives what `divide_no_nan`
            # gives, without building tensors for the count.
            mean = total / float(size)
            if mean.dtype == total.dtype:  # NumPy widens bfloat16.
                return mean
        if size is None:  # Sizes known only when the step runs.
            size = ops.sum(ops.ones_like(values))
        denominator = ops.cast(size, values.dtype)
    return ops.divide_no_nan(total, denominator)


def _static_size(x):
    """The number of elements of `x` if its shape is known, else `None`."""
    try:
        shape = tuple(x.shape)
    except ValueError:  # A TensorFlow tensor of unknown rank.
        return None
    # Unknown sizes are None; sizes a torch capture keeps symbolic are
    # SymInts, whose comparisons would specialize the graph to one shape.
    if not all(isinstance(d, int) for d in shape):
        return None
    return math.prod(shape)


def _resolve_dtype(dtype):
    """Returns `(compute dtype, config value)` for the `dtype` argument."""
    if dtype is None:
        return backend.floatx(), None
    from keras.src import dtype_policies

    if isinstance(dtype, dtype_policies.DTypePolicy):
        return dtype.compute_dtype, dtype.name
    if isinstance(dtype, str):
        return dtype_policies.DTypePolicy(dtype).compute_dtype, dtype
    raise ValueError(
        "Invalid value for argument `dtype`: expected None, a dtype name "
        "such as 'float32' or a policy name such as 'mixed_float16', or a "
        f"`keras.DTypePolicy`. Received: dtype={dtype!r}"
    )


@keras_export(["keras.Loss", "keras.losses.Loss"])
class Loss:
    """Base class of losses.

    Subclasses implement `call(y_true, y_pred)`, which returns the loss of
    each sample; calling the loss object converts the inputs, applies the
    sample weights and the mask of `y_pred`, and reduces the result.

    Args:
        name: the loss's name; by default derived from the class name.
        reduction: how per-sample losses are reduced:
            `"sum_over_batch_size"` (their mean, ignoring masked
            entries), `"sum"`, `"mean"` (same as `"sum_over_batch_size"`),
            `"mean_with_sample_weight"` (the sum divided by the sum of the
            sample weights), or `"none"`/`None` (no reduction).
        dtype: the dtype of the computation: a float dtype name, a policy
            name such as `"mixed_float16"` (its compute dtype is used) or a
            `keras.DTypePolicy`; by default `keras.config.floatx()`.

    Example:

    >>> class AbsoluteError(keras.Loss):
    ...     def call(self, y_true, y_pred):
    ...         return keras.ops.mean(keras.ops.abs(y_true - y_pred), -1)
    >>> float(AbsoluteError()([[1.0, 2.0]], [[2.0, 4.0]]))
    1.5
    """

    def __init__(self, name=None, reduction="sum_over_batch_size",
                 dtype=None):
        self.name = name or auto_name(self.__class__.__name__)
        self.reduction = standardize_reduction(reduction)
        self._dtype, self._dtype_config = _resolve_dtype(dtype)

    @property
    def dtype(self):
        """The dtype the loss computes in (a string such as
        `"float32"`)."""
        return self._dtype

    def __call__(self, y_true, y_pred, sample_weight=None):
        """Returns the reduced loss of a batch.

        Args:
            y_true: the targets.
            y_pred: the predictions; a `_keras_mask` on them masks the
                per-sample losses.
            sample_weight: optional weights that broadcast to the
                per-sample losses.

        Returns:
            A scalar tensor (or the per-sample losses for the reduction
            `"none"`).
        """
        input_mask = backend.get_keras_mask(y_pred)
        y_pred = as_dtype(y_pred, self.dtype)
        y_true = as_dtype(y_true, self.dtype)
        losses, output_mask = self._losses_and_mask(y_true, y_pred)
        return reduce_weighted_values(
            losses,
            sample_weight=sample_weight,
            mask=combine_masks(input_mask, output_mask),
            reduction=self.reduction,
            dtype=self.dtype,
        )

    def _losses_and_mask(self, y_true, y_pred):
        # Losses that mask some samples (ignored classes, anchors without
        # pairs) override this: NumPy and JAX arrays cannot carry a mask.
        losses = self.call(y_true, y_pred)
        return losses, backend.get_keras_mask(losses)

    def call(self, y_true, y_pred):
        """Returns the loss of each sample; subclasses implement it.

        Args:
            y_true: the targets, a tensor of the loss dtype.
            y_pred: the predictions, a tensor of the loss dtype.
        """
        raise NotImplementedError(
            f"{type(self).__name__} must implement `call(y_true, y_pred)`, "
            "returning the loss of each sample."
        )

    def get_config(self):
        """Returns the loss's constructor arguments as a dict."""
        config = {"name": self.name, "reduction": self.reduction}
        if self._dtype_config is not None:
            config["dtype"] = self._dtype_config
        return config

    @classmethod
    def from_config(cls, config):
        """Creates a loss from the output of `get_config()`."""
        return cls(**config)

    def __repr__(self):
        return (
            f"<{type(self).__name__} name={self.name!r} "
            f"reduction={self.reduction!r}>"
        )


class LossFunctionWrapper(Loss):
    """A `Loss` computed by a function `fn(y_true, y_pred, **kwargs)` that
    returns per-sample losses.

    Built-in loss classes are wrappers of the functions of the same name;
    their configurations hold their own arguments. A plain
    `LossFunctionWrapper` also saves `fn` (by name: it must be a Keras
    function or a registered custom one).

    Args:
        fn: the loss function.
        reduction: see `Loss`.
        name: see `Loss`.
        dtype: see `Loss`.
        **kwargs: extra keyword arguments passed to `fn`.

    Example:

    >>> from keras.src.losses.loss import LossFunctionWrapper
    >>> loss = LossFunctionWrapper(keras.losses.huber, delta=0.5)
    >>> float(loss([[0.0]], [[2.0]]))
    0.875
    """

    # Built-in subclasses fix `fn`, so their configs do not carry it.
    _FIXED_FN = False

    def __init__(self, fn, reduction="sum_over_batch_size", name=None,
                 dtype=None, **kwargs):
        if not callable(fn):
            raise TypeError(
                "Invalid value for argument `fn`: expected a callable "
                f"`fn(y_true, y_pred)`. Received: fn={fn!r}"
            )
        super().__init__(name=name, reduction=reduction, dtype=dtype)
        self.fn = fn
        self._fn_kwargs = kwargs

    def call(self, y_true, y_pred):
        """Returns `fn(y_true, y_pred, **kwargs)`."""
        return self.fn(y_true, y_pred, **self._fn_kwargs)

    def get_config(self):
        from keras.src.saving import serialization_lib

        config = super().get_config()
        if not self._FIXED_FN:
            config["fn"] = serialization_lib.serialize_keras_object(self.fn)
        config.update(serialization_lib.serialize_dict(self._fn_kwargs))
        return config

    @classmethod
    def from_config(cls, config):
        from keras.src import losses
        from keras.src.saving import serialization_lib

        config = dict(config)
        if "fn" in config:
            config["fn"] = serialization_lib.deserialize_keras_object(
                config["fn"], module_objects=losses.ALL_OBJECTS_DICT
            )
        return cls(**config)

    def __repr__(self):
        fn_name = getattr(self.fn, "__name__", repr(self.fn))
        return (
            f"<{type(self).__name__} fn={fn_name} name={self.name!r} "
            f"reduction={self.reduction!r} kwargs={self._fn_kwargs}>"
        )


class BuiltinLoss(LossFunctionWrapper):
    """Base of the built-in loss classes: their function is fixed, so
    their configs hold only their own arguments."""

    _FIXED_FN = True


# -- Keras's module-level helpers -------------------------------------------


def apply_mask(sample_weight, mask, dtype, reduction):
    """Folds a mask into the sample weights.

    Masked entries get weight 0. For the reductions that divide by the
    number of entries (`"sum_over_batch_size"`, `"mean"`), the unmasked
    entries are scaled up by `entries / unmasked`, so that dividing by
    all entries averages over the unmasked ones only.

    Args:
        sample_weight: `None` or weights.
        mask: `None` or a boolean (or 0/1) mask.
        dtype: the dtype of the result.
        reduction: the loss's reduction.

    Returns:
        The combined weights (`sample_weight` itself when `mask` is
        `None`).

    Example:

    >>> mask = np.array([[True, True, False], [True, False, False]])
    >>> w = apply_mask(None, mask, "float32", "sum_over_batch_size")
    >>> keras.ops.convert_to_numpy(w).tolist()
    [[2.0, 2.0, 0.0], [2.0, 0.0, 0.0]]
    """
    if mask is None:
        return sample_weight
    mask = as_dtype(mask, dtype)
    if reduction in ("mean", "sum_over_batch_size"):
        entries = ops.cast(ops.size(mask), dtype)
        unmasked = ops.sum(mask)
        mask = mask * ops.divide_no_nan(entries, unmasked)
    if sample_weight is None:
        return mask
    sample_weight = as_dtype(sample_weight, dtype)
    mask, sample_weight = squeeze_or_expand_to_same_rank(mask, sample_weight)
    return sample_weight * mask


def _replicas_in_sync():
    # Only TensorFlow's distribution strategies sum the replicas' losses;
    # read through `sys.modules` so that nothing imports TensorFlow here.
    if backend.backend() != "tensorflow":
        return 1
    tf = sys.modules.get("tensorflow")
    if tf is None or not tf.distribute.has_strategy():
        return 1
    return tf.distribute.get_strategy().num_replicas_in_sync


def scale_loss_for_distribution(value):
    """Divides a loss by the number of replicas kept in sync (TensorFlow
    distribution strategies sum the replicas' gradients); returns it
    unchanged otherwise.

    Example:

    >>> float(scale_loss_for_distribution(np.float32(2.0)))
    2.0
    """
    replicas = _replicas_in_sync()
    if replicas > 1:
        value = ops.multiply(value, ops.cast(1.0 / replicas, value.dtype))
    return value


def unscale_loss_for_distribution(value):
    """Undoes `scale_loss_for_distribution` (for reporting the loss).

    Example:

    >>> float(unscale_loss_for_distribution(np.float32(2.0)))
    2.0
    """
    replicas = _replicas_in_sync()
    if replicas > 1:
        value = ops.multiply(value, ops.cast(replicas, value.dtype))
    return value
