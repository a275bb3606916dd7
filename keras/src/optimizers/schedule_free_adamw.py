"""The Schedule-Free AdamW optimizer (Defazio et al., 2024, "The Road
Less Scheduled")."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import base_optimizer
from keras.src.optimizers import optimizer_utils


@keras_export(["keras.optimizers.ScheduleFreeAdamW"])
class ScheduleFreeAdamW(base_optimizer.Optimizer):
    """Schedule-Free AdamW: no learning rate schedule needed.

    It keeps two sequences besides the model's variables `y`: `z`, where
    the Adam-normalized gradient steps are taken (the `momentum` slot),
    and their running average `x` (implied: `y = (1 - beta_1) * z +
    beta_1 * x`). At step `t` (from 1), with `lr_t = lr * min(1,
    t / warmup_steps)`: `v = beta_2 * v + (1 - beta_2) * g**2`,
    `z = z - lr_t * g / (sqrt(v / (1 - beta_2**t)) + epsilon)`,
    `x = (1 - 1/t) * x + z / t`, and `y` is set from `z` and `x`. Weight
    decay (decoupled, see `keras.Optimizer`) applies to `y`.

    Args:
        learning_rate: a float, a `LearningRateSchedule` or a callable of
            no arguments.
        beta_1: the interpolation between `z` and the average `x`.
        beta_2: the decay rate of the second moment estimate.
        epsilon: a small constant for numerical stability.
        warmup_steps: the number of steps of linear learning rate warmup.
        weight_decay, clipnorm, clipvalue, global_clipnorm, use_ema,
            ema_momentum, ema_overwrite_frequency, loss_scale_factor,
            gradient_accumulation_steps, name: as in `keras.Optimizer`.
        **kwargs: deprecated arguments, as in `keras.Optimizer`.

    Example:

    >>> w = keras.Variable([1.0, 2.0])
    >>> opt = keras.optimizers.ScheduleFreeAdamW(0.1)
    >>> opt.apply([keras.ops.ones((2,))], [w])
    >>> keras.ops.convert_to_numpy(w).astype("float64").round(2).tolist()
    [0.9, 1.9]
    """

    def __init__(
        self,
        learning_rate=0.0025,
        beta_1=0.9,
        beta_2=0.999,
        epsilon=1e-8,
        warmup_steps=0,
        weight_decay=None,
        clipnorm=None,
        clipvalue=None,
        global_clipnorm=None,
        use_ema=False,
        ema_momentum=0.99,
        ema_overwrite_frequency=None,
        loss_scale_factor=None,
        gradient_accumulation_steps=None,
        name=None,
        **kwargs,
    ):
        super().__init__(
            learning_rate=learning_rate,
            weight_decay=weight_decay,
            clipnorm=clipnorm,
            clipvalue=clipvalue,
            global_clipnorm=global_clipnorm,
            use_ema=use_ema,
            ema_momentum=ema_momentum,
            ema_overwrite_frequency=ema_overwrite_frequency,
            loss_scale_factor=loss_scale_factor,
            gradient_accumulation_steps=gradient_accumulation_steps,
            name=name,
            **kwargs,
        )
        self.beta_1 = beta_1
        self.beta_2 = beta_2
        self.epsilon = epsilon
        self.warmup_steps = warmup_steps

    def build(self, var_list):
        """Creates the `z` sequence (starting at the var_list' values)
        and the second moment slots."""
        if self.built:
            return
        super().build(var_list)
        self._momentums = []
        self._velocities = []
        for variable in var_list:
            self._momentums.append(
                self.add_variable_from_reference(
                    variable, "momentum",
                    initializer=optimizer_utils.value_initializer(
                        variable
                    ),
                )
            )
            self._velocities.append(
                self.add_variable_from_reference(variable, "velocity")
            )

    def update_step(self, gradient, variable, learning_rate):
        """Applies one Schedule-Free AdamW step to `variable`."""
        dtype = variable.dtype
        lr = ops.cast(learning_rate, dtype)
        step = ops.cast(self.iterations + 1, dtype)
        if self.warmup_steps:
            lr = lr * ops.minimum(1.0, step / self.warmup_steps)
        beta_1 = ops.cast(self.beta_1, dtype)
        beta_2 = ops.cast(self.beta_2, dtype)
        index = self._get_variable_index(variable)
        z = self._momentums[index]
        v = self._velocities[index]
        self.assign(v, beta_2 * v.value + (1 - beta_2) * ops.square(gradient))
        v_hat = v.value / (1 - ops.power(beta_2, step))
        # `beta_1 * x = y - (1 - beta_1) * z`, from the values before this
        # step (read now: on some backends `z.value` follows assignments).
        scaled_x = variable.value - (1 - beta_1) * z.value
        new_z = z.value - lr * gradient / (ops.sqrt(v_hat) + self.epsilon)
        self.assign(z, new_z)
        # The running average `x' = (1 - c) * x + c * z'` gives
        # `y' = (1 - beta_1) * z' + beta_1 * x'` without dividing by
        # `beta_1`.
        c = 1.0 / step
        self.assign(
            variable,
            (1 - beta_1) * new_z + (1 - c) * scaled_x + beta_1 * c * new_z,
        )

    def get_config(self):
        config = super().get_config()
        config.update(
            {
                "beta_1": self.beta_1,
                "beta_2": self.beta_2,
                "epsilon": self.epsilon,
                "warmup_steps": self.warmup_steps,
            }
        )
        return config
