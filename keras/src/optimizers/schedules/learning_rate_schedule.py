"""Learning rate schedules: the learning rate as a function of the step.

An optimizer calls its schedule with its iteration counter at every update,
inside compiled steps too, so `__call__` is written over `keras.src.ops`
only: no conversion to Python numbers and no Python branching on the step.
"""

import math

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.saving import serialization_lib


@keras_export("keras.optimizers.schedules.LearningRateSchedule")
class LearningRateSchedule:
    """Base class of learning rate schedules.

    A subclass implements `__call__(step)`, which returns the learning rate
    (a scalar tensor) at `step`, and `get_config()`. Pass an instance as
    an optimizer's `learning_rate`: it is evaluated at the optimizer's
    iteration count on every update.

    Example:

    >>> class Halving(keras.optimizers.schedules.LearningRateSchedule):
    ...     def __call__(self, step):
    ...         return 0.1 * keras.ops.power(0.5, step)
    >>> round(float(Halving()(2)), 4)
    0.025
    """

    def __call__(self, step):
        raise NotImplementedError(
            f"Learning rate schedule '{type(self).__name__}' must override "
            "`__call__(self, step)`."
        )

    def get_config(self):
        """Returns the arguments that recreate the schedule."""
        raise NotImplementedError(
            f"Learning rate schedule '{type(self).__name__}' must override "
            "`get_config()` in order to be serializable."
        )

    @classmethod
    def from_config(cls, config):
        """Creates a schedule from the output of `get_config()`.

        Args:
            config: the dict returned by `get_config()`.

        Returns:
            A schedule.
        """
        return cls(**config)


def _check_positive(name, value):
    if not isinstance(value, (int, float)) or value <= 0:
        raise ValueError(
            f"Argument `{name}` must be > 0. Received: {name}={value!r}"
        )


def _as_float_tensor(value):
    """`value` as a tensor; a Python int becomes a float of `floatx()`."""
    value = ops.convert_to_tensor(value)
    if not backend.is_float_dtype(value.dtype):
        value = ops.cast(value, backend.floatx())
    return value


@keras_export("keras.optimizers.schedules.ExponentialDecay")
class ExponentialDecay(LearningRateSchedule):
    """Exponential decay: `initial_learning_rate * decay_rate ** (step /
    decay_steps)`.

    Args:
        initial_learning_rate: the learning rate at step 0.
        decay_steps: the number of steps over which the rate is multiplied
            by `decay_rate` once; must be positive.
        decay_rate: the factor applied every `decay_steps`.
        staircase: whether to decay in discrete jumps (the exponent is
            rounded down to an integer).
        name: the schedule's name.

    Example:

    >>> schedule = keras.optimizers.schedules.ExponentialDecay(
    ...     0.1, decay_steps=10, decay_rate=0.5)
    >>> round(float(schedule(20)), 4)
    0.025
    """

    def __init__(
        self,
        initial_learning_rate,
        decay_steps,
        decay_rate,
        staircase=False,
        name="ExponentialDecay",
    ):
        _check_positive("decay_steps", decay_steps)
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.decay_rate = decay_rate
        self.staircase = staircase
        self.name = name

    def __call__(self, step):
        initial = _as_float_tensor(self.initial_learning_rate)
        dtype = initial.dtype
        exponent = ops.cast(step, dtype) / ops.cast(self.decay_steps, dtype)
        if self.staircase:
            exponent = ops.floor(exponent)
        return initial * ops.power(ops.cast(self.decay_rate, dtype), exponent)

    def get_config(self):
        return {
            "initial_learning_rate": self.initial_learning_rate,
            "decay_steps": self.decay_steps,
            "decay_rate": self.decay_rate,
            "staircase": self.staircase,
            "name": self.name,
        }


@keras_export("keras.optimizers.schedules.PiecewiseConstantDecay")
class PiecewiseConstantDecay(LearningRateSchedule):
    """A constant learning rate per interval of steps.

    The rate is `values[0]` while `step <= boundaries[0]`, `values[i]`
    while `boundaries[i - 1] < step <= boundaries[i]`, and `values[-1]`
    once `step > boundaries[-1]`.

    Args:
        boundaries: increasing step numbers where the rate changes.
        values: the rates, one more than `boundaries`.
        name: the schedule's name.

    Example:

    >>> schedule = keras.optimizers.schedules.PiecewiseConstantDecay(
    ...     boundaries=[10, 20], values=[1.0, 0.5, 0.1])
    >>> [round(float(schedule(s)), 4) for s in (10, 11, 21)]
    [1.0, 0.5, 0.1]
    """

    def __init__(self, boundaries, values, name="PiecewiseConstant"):
        boundaries = list(boundaries)
        values = list(values)
        if len(boundaries) != len(values) - 1:
            raise ValueError(
                "The length of boundaries should be 1 less than the length "
                f"of values. Received: boundaries={boundaries} of length "
                f"{len(boundaries)}, and values={values} of length "
                f"{len(values)}."
            )
        self.boundaries = boundaries
        self.values = values
        self.name = name

    def __call__(self, step):
        step = ops.convert_to_tensor(step)
        values = [ops.convert_to_tensor(v) for v in self.values]
        result = values[0]
        for boundary, value in zip(self.boundaries, values[1:]):
            passed = ops.greater(step, ops.cast(boundary, step.dtype))
            result = ops.where(passed, ops.cast(value, result.dtype), result)
        return result

    def get_config(self):
        return {
            "boundaries": self.boundaries,
            "values": self.values,
            "name": self.name,
        }


@keras_export("keras.optimizers.schedules.PolynomialDecay")
class PolynomialDecay(LearningRateSchedule):
    """Polynomial decay from `initial_learning_rate` to
    `end_learning_rate` over `decay_steps` steps.

    The rate is `(initial - end) * (1 - step / decay_steps) ** power + end`
    with `step` capped at `decay_steps`. With `cycle=True` the step is not
    capped; `decay_steps` is instead stretched to the next multiple of
    itself above the step, so the rate climbs back up and decays again.

    Args:
        initial_learning_rate: the learning rate at step 0.
        decay_steps: the number of steps to reach `end_learning_rate`;
            must be positive.
        end_learning_rate: the final learning rate.
        power: the exponent of the polynomial (1.0: linear decay).
        cycle: whether to restart past `decay_steps`.
        name: the schedule's name.

    Example:

    >>> schedule = keras.optimizers.schedules.PolynomialDecay(
    ...     1.0, decay_steps=4, end_learning_rate=0.0)
    >>> [float(schedule(s)) for s in (0, 2, 8)]
    [1.0, 0.5, 0.0]
    """

    def __init__(
        self,
        initial_learning_rate,
        decay_steps,
        end_learning_rate=0.0001,
        power=1.0,
        cycle=False,
        name="PolynomialDecay",
    ):
        _check_positive("decay_steps", decay_steps)
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.end_learning_rate = end_learning_rate
        self.power = power
        self.cycle = cycle
        self.name = name

    def __call__(self, step):
        initial = _as_float_tensor(self.initial_learning_rate)
        dtype = initial.dtype
        end = ops.cast(self.end_learning_rate, dtype)
        step = ops.cast(step, dtype)
        decay_steps = ops.cast(self.decay_steps, dtype)
        if self.cycle:
            # At step 0 the multiple would be 0: use one period instead.
            periods = ops.where(
                ops.equal(step, 0.0), 1.0, ops.ceil(step / decay_steps)
            )
            decay_steps = decay_steps * ops.cast(periods, dtype)
        else:
            step = ops.minimum(step, decay_steps)
        remaining = 1.0 - step / decay_steps
        return (initial - end) * ops.power(
            remaining, ops.cast(self.power, dtype)
        ) + end

    def get_config(self):
        return {
            "initial_learning_rate": self.initial_learning_rate,
            "decay_steps": self.decay_steps,
            "end_learning_rate": self.end_learning_rate,
            "power": self.power,
            "cycle": self.cycle,
            "name": self.name,
        }


@keras_export("keras.optimizers.schedules.InverseTimeDecay")
class InverseTimeDecay(LearningRateSchedule):
    """Inverse time decay: `initial_learning_rate / (1 + decay_rate * step
    / decay_steps)`.

    Args:
        initial_learning_rate: the learning rate at step 0.
        decay_steps: the step scale of the decay; must be positive.
        decay_rate: how fast the rate decays.
        staircase: whether `step / decay_steps` is rounded down to an
            integer.
        name: the schedule's name.

    Example:

    >>> schedule = keras.optimizers.schedules.InverseTimeDecay(
    ...     1.0, decay_steps=1, decay_rate=0.5)
    >>> round(float(schedule(2)), 4)
    0.5
    """

    def __init__(
        self,
        initial_learning_rate,
        decay_steps,
        decay_rate,
        staircase=False,
        name="InverseTimeDecay",
    ):
        _check_positive("decay_steps", decay_steps)
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.decay_rate = decay_rate
        self.staircase = staircase
        self.name = name

    def __call__(self, step):
        initial = _as_float_tensor(self.initial_learning_rate)
        dtype = initial.dtype
        ratio = ops.cast(step, dtype) / ops.cast(self.decay_steps, dtype)
        if self.staircase:
            ratio = ops.floor(ratio)
        return initial / (1.0 + ops.cast(self.decay_rate, dtype) * ratio)

    def get_config(self):
        return {
            "initial_learning_rate": self.initial_learning_rate,
            "decay_steps": self.decay_steps,
            "decay_rate": self.decay_rate,
            "staircase": self.staircase,
            "name": self.name,
        }


def _cosine_factor(fraction, alpha):
    """`alpha` + (1 - `alpha`) times a half cosine from 1 (`fraction` 0)
    down to 0 (`fraction` 1)."""
    cosine = 0.5 * (1.0 + ops.cos(math.pi * fraction))
    return (1.0 - alpha) * cosine + alpha


@keras_export("keras.optimizers.schedules.CosineDecay")
class CosineDecay(LearningRateSchedule):
    """Cosine decay, optionally after a linear warmup.

    Without warmup the rate is `initial_learning_rate * ((1 - alpha) *
    0.5 * (1 + cos(pi * step / decay_steps)) + alpha)` with `step` capped
    at `decay_steps`. With `warmup_target`, the rate first rises linearly
    from `initial_learning_rate` to `warmup_target` over `warmup_steps`
    steps, then decays from `warmup_target` the same way.

    Args:
        initial_learning_rate: the learning rate at step 0.
        decay_steps: the number of steps of the decay; must be positive.
        alpha: the final rate as a fraction of the decayed-from rate.
        name: the schedule's name.
        warmup_target: the rate reached at the end of the warmup, or
            `None` for no warmup.
        warmup_steps: the number of warmup steps.

    Example:

    >>> schedule = keras.optimizers.schedules.CosineDecay(
    ...     1.0, decay_steps=10)
    >>> [round(float(schedule(s)), 4) for s in (0, 5, 10)]
    [1.0, 0.5, 0.0]
    """

    def __init__(
        self,
        initial_learning_rate,
        decay_steps,
        alpha=0.0,
        name="CosineDecay",
        warmup_target=None,
        warmup_steps=0,
    ):
        _check_positive("decay_steps", decay_steps)
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.alpha = alpha
        self.name = name
        self.warmup_target = warmup_target
        self.warmup_steps = warmup_steps

    def __call__(self, step):
        initial = _as_float_tensor(self.initial_learning_rate)
        dtype = initial.dtype
        step = ops.cast(step, dtype)
        decay_steps = ops.cast(self.decay_steps, dtype)
        alpha = ops.cast(self.alpha, dtype)
        if self.warmup_target is None:
            step = ops.minimum(step, decay_steps)
            return initial * _cosine_factor(step / decay_steps, alpha)
        target = ops.cast(self.warmup_target, dtype)
        warmup_steps = ops.cast(self.warmup_steps, dtype)
        step = ops.minimum(step, decay_steps + warmup_steps)
        # `max(., 1)` keeps the unused warmup branch finite when
        # `warmup_steps` is 0.
        warm = initial + (target - initial) * (
            step / ops.maximum(warmup_steps, 1.0)
        )
        decayed = target * _cosine_factor(
            (step - warmup_steps) / decay_steps, alpha
        )
        return ops.where(ops.less(step, warmup_steps), warm, decayed)

    def get_config(self):
        return {
            "initial_learning_rate": self.initial_learning_rate,
            "decay_steps": self.decay_steps,
            "alpha": self.alpha,
            "name": self.name,
            "warmup_target": self.warmup_target,
            "warmup_steps": self.warmup_steps,
        }


@keras_export("keras.optimizers.schedules.CosineDecayRestarts")
class CosineDecayRestarts(LearningRateSchedule):
    """Cosine decay with warm restarts (SGDR, Loshchilov & Hutter 2017).

    The rate decays along a half cosine over `first_decay_steps` steps,
    then restarts; each period is `t_mul` times longer than the previous
    one and starts from `m_mul` times the previous starting rate.

    Args:
        initial_learning_rate: the learning rate at step 0.
        first_decay_steps: the length of the first period; must be
            positive.
        t_mul: the factor by which each period lengthens.
        m_mul: the factor by which each restart's rate shrinks.
        alpha: the floor of the rate, as a fraction of
            `initial_learning_rate`.
        name: the schedule's name.

    Example:

    >>> schedule = keras.optimizers.schedules.CosineDecayRestarts(
    ...     1.0, first_decay_steps=2)
    >>> [round(float(schedule(s)), 4) for s in (0, 1, 2)]
    [1.0, 0.5, 1.0]
    """

    def __init__(
        self,
        initial_learning_rate,
        first_decay_steps,
        t_mul=2.0,
        m_mul=1.0,
        alpha=0.0,
        name="SGDRDecay",
    ):
        _check_positive("first_decay_steps", first_decay_steps)
        self.initial_learning_rate = initial_learning_rate
        self.first_decay_steps = first_decay_steps
        self.t_mul = t_mul
        self.m_mul = m_mul
        self.alpha = alpha
        self.name = name

    def __call__(self, step):
        initial = _as_float_tensor(self.initial_learning_rate)
        dtype = initial.dtype
        fraction = ops.cast(step, dtype) / ops.cast(
            self.first_decay_steps, dtype
        )
        restart, fraction = self._restart_and_fraction(fraction, dtype)
        scale = ops.power(ops.cast(self.m_mul, dtype), restart)
        alpha = ops.cast(self.alpha, dtype)
        cosine = 0.5 * scale * (1.0 + ops.cos(math.pi * fraction))
        return initial * ((1.0 - alpha) * cosine + alpha)

    def _restart_and_fraction(self, fraction, dtype):
        """The index of the current period, and how far into it `fraction`
        (steps counted in first periods) is, from 0 to 1."""
        if self.t_mul == 1.0:
            restart = ops.floor(fraction)
            return restart, fraction - restart
        t_mul = ops.cast(self.t_mul, dtype)
        # Periods 1, t, t^2, ... end at (1 - t^n) / (1 - t) first periods.
        restart = ops.floor(
            ops.log(1.0 - fraction * (1.0 - t_mul)) / ops.log(t_mul)
        )
        elapsed = (1.0 - ops.power(t_mul, restart)) / (1.0 - t_mul)
        return restart, (fraction - elapsed) / ops.power(t_mul, restart)

    def get_config(self):
        return {
            "initial_learning_rate": self.initial_learning_rate,
            "first_decay_steps": self.first_decay_steps,
            "t_mul": self.t_mul,
            "m_mul": self.m_mul,
            "alpha": self.alpha,
            "name": self.name,
        }


@keras_export("keras.optimizers.schedules.serialize")
def serialize(learning_rate_schedule):
    """Returns the config dict of a learning rate schedule.

    Args:
        learning_rate_schedule: a `LearningRateSchedule` instance.

    Returns:
        A dict with `module`, `class_name`, `config` and
        `registered_name`.

    Example:

    >>> schedule = keras.optimizers.schedules.ExponentialDecay(0.1, 10, 0.9)
    >>> keras.optimizers.schedules.serialize(schedule)["class_name"]
    'ExponentialDecay'
    """
    return serialization_lib.serialize_keras_object(learning_rate_schedule)


_SCHEDULES = {
    cls.__name__: cls
    for cls in (
        LearningRateSchedule,
        ExponentialDecay,
        PiecewiseConstantDecay,
        PolynomialDecay,
        InverseTimeDecay,
        CosineDecay,
        CosineDecayRestarts,
    )
}


@keras_export("keras.optimizers.schedules.deserialize")
def deserialize(config, custom_objects=None):
    """Creates a learning rate schedule from the output of `serialize()`.

    Args:
        config: a dict from `serialize()`.
        custom_objects: an optional dict mapping names to custom classes.

    Returns:
        A `LearningRateSchedule` instance.

    Example:

    >>> schedule = keras.optimizers.schedules.deserialize(
    ...     {"class_name": "InverseTimeDecay", "config": {
    ...         "initial_learning_rate": 1.0, "decay_steps": 1,
    ...         "decay_rate": 1.0}})
    >>> float(schedule(1))
    0.5
    """
    return serialization_lib.deserialize_keras_object(
        config,
        module_objects=_SCHEDULES,
        custom_objects=custom_objects,
        printable_module_name="decay",
    )
