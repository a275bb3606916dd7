"""Helpers of the optimizers: gradient clipping, conditional updates and
argument checks.

Everything here runs inside compiled steps (`jax.jit`, `tf.function`,
`torch.compile`), so nothing converts tensors to Python values or branches
on them: a condition on tensors selects results with `ops.where`.
"""

import warnings

from keras.src import backend
from keras.src import ops
from keras.src.backend.common.stateless_scope import StatelessScope


def clip_by_norm(values, clip_norm):
    """Rescales `values` so that their L2 norm is at most `clip_norm`.

    Args:
        values: a tensor.
        clip_norm: the largest norm allowed (a positive number).

    Returns:
        `values * clip_norm / max(norm(values), clip_norm)`.
    """
    values = ops.convert_to_tensor(values)
    norm = ops.sqrt(ops.sum(ops.square(values)))
    clip_norm = ops.cast(clip_norm, values.dtype)
    return values * (clip_norm / ops.maximum(norm, clip_norm))


def global_norm(values):
    """The L2 norm of all `values` together, in float32 or wider."""
    dtype = backend.result_type(*[v.dtype for v in values], "float32")
    total = sum(ops.sum(ops.square(ops.cast(v, dtype))) for v in values)
    return ops.sqrt(total)


def clip_by_global_norm(values, clip_norm):
    """Rescales all `values` by one factor so that their joint L2 norm is
    at most `clip_norm`.

    Args:
        values: a list of tensors.
        clip_norm: the largest joint norm allowed (a positive number).

    Returns:
        The rescaled list. A non-finite norm gives non-finite values, so
        that callers checking for overflow still see it.
    """
    values = [ops.convert_to_tensor(v) for v in values]
    norm = global_norm(values)
    clip_norm = ops.cast(clip_norm, norm.dtype)
    # `norm - norm` is NaN when the norm is: `maximum` alone may drop it.
    scale = clip_norm / ops.maximum(norm, clip_norm) + (norm - norm)
    return [v * ops.cast(scale, v.dtype) for v in values]


def clip_by_value(values, clip_value):
    """Clips every element of `values` to `[-clip_value, clip_value]`."""
    return ops.clip(values, -clip_value, clip_value)


def all_finite(values):
    """A scalar boolean tensor: whether every element of every tensor in
    `values` is finite."""
    checks = [ops.all(ops.isfinite(v)) for v in values]
    result = checks[0]
    for check in checks[1:]:
        result = ops.logical_and(result, check)
    return result


def apply_if(condition, fn, variables):
    """Runs `fn()` (which assigns some of `variables`) and keeps its
    assignments only where `condition` (a scalar boolean tensor) is true.

    Both outcomes are computed and one is selected with `ops.where`, which
    compiles everywhere; side effects inside `lax.cond`, `torch.cond` or a
    traced `tf.cond` branch do not. Variables that `fn` does not assign keep
    their value. It works inside a `StatelessScope` too, since the current
    values are read before the inner scope opens.

    Args:
        condition: a scalar boolean tensor.
        fn: a function of no arguments that assigns variables.
        variables: every variable `fn` may read or assign.
    """
    unique = list({id(v): v for v in variables}.values())
    with StatelessScope(
        state_mapping=[(v, v.value) for v in unique]
    ) as scope:
        before = dict(scope.state_mapping)
        fn()
    for variable in unique:
        old = before[id(variable)]
        new = scope.get_current_value(variable)
        if new is not old:
            variable.assign(ops.where(condition, new, old))


def is_indexed_slices(value):
    """Whether `value` is a sparse row gradient (TensorFlow's
    `IndexedSlices`, the gradient of a gather such as an embedding
    lookup)."""
    return all(
        hasattr(value, name) for name in ("indices", "values", "dense_shape")
    )


def densify(slices, shape):
    """The dense tensor of `shape` that `slices` (see `is_indexed_slices`)
    stands for; rows repeated in `indices` are summed."""
    indices = ops.expand_dims(ops.convert_to_tensor(slices.indices), -1)
    return ops.scatter(indices, slices.values, tuple(shape))


def is_number(value):
    """Whether `value` is a real number: a Python int or float (not a
    bool) or a scalar array or tensor."""
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, float)):
        return True
    dtype = getattr(value, "dtype", None)
    shape = getattr(value, "shape", None)
    return dtype is not None and shape is not None and len(shape) == 0


def value_initializer(variable):
    """An initializer returning `variable`'s current value."""

    def initialize(shape, dtype=None):
        return ops.cast(variable.value, dtype or variable.dtype)

    return initialize


def read_values(scope, variables, old_values):
    result = []
    for variable, old in zip(variables, old_values):
        value = scope.get_current_value(variable)
        result.append(old if value is None else value)
    return result


def filter_empty_gradients(grads, variables):
    missing = [v for g, v in zip(grads, variables) if g is None]
    if not missing:
        return grads, variables
    if len(missing) == len(variables):
        raise ValueError("No gradients provided for any variable.")
    warnings.warn(
        "Gradients do not exist for variables "
        f"{[v.path for v in missing]} when minimizing the loss.",
        stacklevel=3,
    )
    pairs = [(g, v) for g, v in zip(grads, variables) if g is not None]
    return [g for g, _ in pairs], [v for _, v in pairs]


def check_clipping(clipnorm, clipvalue, global_clipnorm):
    given = [x for x in (clipnorm, clipvalue, global_clipnorm) if x is not None]
    if len(given) > 1:
        raise ValueError(
            "Only one of `clipnorm`, `clipvalue` and `global_clipnorm` can "
            f"be set. Received: clipnorm={clipnorm}, clipvalue={clipvalue},"
            f" global_clipnorm={global_clipnorm}"
        )
    for name, value in (
        ("clipnorm", clipnorm),
        ("clipvalue", clipvalue),
        ("global_clipnorm", global_clipnorm),
    ):
        check_optional_positive(name, value, zero_ok=True)


def check_optional_positive(name, value, zero_ok=False):
    if value is None:
        return
    if not is_number(value) or value < 0 or (value == 0 and not zero_ok):
        bound = ">= 0" if zero_ok else "> 0"
        raise ValueError(
            f"Argument `{name}` must be None or a number {bound}. "
            f"Received: {name}={value!r}"
        )


def check_ema(use_ema, ema_momentum, ema_overwrite_frequency):
    if not use_ema:
        return
    if not is_number(ema_momentum) or not 0 <= ema_momentum <= 1:
        raise ValueError(
            "`ema_momentum` must be in the range [0, 1]. "
            f"Received: ema_momentum={ema_momentum!r}"
        )
    if ema_overwrite_frequency is not None and (
        not isinstance(ema_overwrite_frequency, int)
        or ema_overwrite_frequency < 1
    ):
        raise ValueError(
            "`ema_overwrite_frequency` must be None or an integer >= 1. "
            f"Received: ema_overwrite_frequency={ema_overwrite_frequency!r}"
        )


def check_accumulation(steps):
    if steps is None:
        return
    if isinstance(steps, bool) or not isinstance(steps, int) or steps < 2:
        raise ValueError(
            "`gradient_accumulation_steps` must be an integer >= 2. "
            f"Received: gradient_accumulation_steps={steps!r}"
        )


def check_in_range(name, value, low, high, low_open=False):
    """Raises a ValueError unless `value` is a number in `[low, high]`
    (`(low, high]` with `low_open`)."""
    ok = is_number(value) and (
        low < value <= high if low_open else low <= value <= high
    )
    if not ok:
        interval = f"({low}, {high}]" if low_open else f"[{low}, {high}]"
        raise ValueError(
            f"Argument `{name}` must be a float in {interval}. "
            f"Received: {name}={value!r}"
        )
