"""The Adafactor optimizer (Shazeer & Stern, 2018)."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import base_optimizer


@keras_export(["keras.optimizers.Adafactor"])
class Adafactor(base_optimizer.Optimizer):
    """Adafactor: Adam-like steps with a factored second moment, so that
    a matrix's statistics take `rows + columns` numbers, not
    `rows * columns`.

    At step `t` (from 1), with `rho = min(lr, 1 / sqrt(t))`,
    `alpha = max(epsilon_2, rms(w)) * rho`, `g2 = g**2 + epsilon_1` and
    `beta = 1 - t**beta_2_decay`: for a variable of rank >= 2, running
    means of `g2` over the last axis (`r`) and the second-to-last axis
    (`c`) give `v = r / mean(r) * c` (outer product); for lower ranks
    `v = beta * v + (1 - beta) * g2`. Then `u = g / sqrt(v)` and
    `w = w - alpha * u / max(1, rms(u) / clip_threshold)`.

    Args:
        learning_rate: a float, a `LearningRateSchedule` or a callable of
            no arguments.
        beta_2_decay: the exponent of the second moment decay schedule.
        epsilon_1: added to the squared gradient.
        epsilon_2: the smallest scale of a step, relative to the
            variable's RMS.
        clip_threshold: the largest RMS of the normalized update.
        relative_step: whether the learning rate is capped at
            `1 / sqrt(t)` (when it is not a callable).
        weight_decay, clipnorm, clipvalue, global_clipnorm, use_ema,
            ema_momentum, ema_overwrite_frequency, loss_scale_factor,
            gradient_accumulation_steps, name: as in `keras.Optimizer`.
        **kwargs: deprecated arguments, as in `keras.Optimizer`.

    Example:

    >>> w = keras.Variable([[1.0, 2.0], [3.0, 4.0]])
    >>> opt = keras.optimizers.Adafactor(0.1)
    >>> opt.apply([keras.ops.ones((2, 2))], [w])
    >>> keras.ops.convert_to_numpy(w).astype("float64").round(3).tolist()
    [[0.726, 1.726], [2.726, 3.726]]
    """

    def __init__(
        self,
        learning_rate=0.001,
        beta_2_decay=-0.8,
        epsilon_1=1e-30,
        epsilon_2=1e-3,
        clip_threshold=1.0,
        relative_step=True,
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
        self.beta_2_decay = beta_2_decay
        self.epsilon_1 = epsilon_1
        self.epsilon_2 = epsilon_2
        self.clip_threshold = clip_threshold
        self.relative_step = relative_step

    def build(self, var_list):
        """Creates, per variable, the row and column statistics (scalar
        placeholders below rank 2) and the second moment slot."""
        if self.built:
            return
        super().build(var_list)
        self._r, self._c, self._v = [], [], []
        for variable in var_list:
            prefix = variable.path.replace("/", "_")
            shape = tuple(variable.shape)
            factored = len(shape) >= 2
            self._r.append(
                self.add_variable(
                    shape[:-1] if factored else (),
                    dtype=variable.dtype,
                    name=f"{prefix}_row_stats",
                )
            )
            self._c.append(
                self.add_variable(
                    shape[:-2] + shape[-1:] if factored else (),
                    dtype=variable.dtype,
                    name=f"{prefix}_column_stats",
                )
            )
            self._v.append(
                self.add_variable_from_reference(variable, "velocity")
            )

    def _rms(self, x):
        return ops.sqrt(ops.mean(ops.square(x)))

    def update_step(self, gradient, variable, learning_rate):
        """Applies one Adafactor step to `variable`."""
        dtype = variable.dtype
        lr = ops.cast(learning_rate, dtype)
        step = ops.cast(self.iterations + 1, dtype)
        inverse_sqrt_step = 1.0 / ops.sqrt(step)
        if self.relative_step and not callable(self._learning_rate):
            lr = ops.minimum(lr, inverse_sqrt_step)
        index = self._get_variable_index(variable)
        r, c, v = self._r[index], self._c[index], self._v[index]
        rho = ops.minimum(lr, inverse_sqrt_step)
        alpha = ops.maximum(
            ops.cast(self.epsilon_2, dtype), self._rms(variable.value)
        ) * rho
        squared = ops.square(gradient) + ops.cast(self.epsilon_1, dtype)
        beta = 1.0 - ops.power(step, ops.cast(self.beta_2_decay, dtype))
        if len(variable.shape) >= 2:
            self.assign(
                r,
                beta * r.value + (1 - beta) * ops.mean(squared, axis=-1),
            )
            self.assign(
                c,
                beta * c.value + (1 - beta) * ops.mean(squared, axis=-2),
            )
            row_factor = r.value / ops.mean(r.value, axis=-1, keepdims=True)
            self.assign(
                v,
                ops.expand_dims(row_factor, -1)
                * ops.expand_dims(c.value, -2),
            )
        else:
            self.assign(v, beta * v.value + (1 - beta) * squared)
        u = gradient / ops.sqrt(v.value)
        scale = ops.maximum(
            ops.cast(1.0, dtype),
            self._rms(u) / ops.cast(self.clip_threshold, dtype),
        )
        self.assign_sub(variable, alpha * u / scale)

    def get_config(self):
        config = super().get_config()
        config.update(
            {
                "beta_2_decay": self.beta_2_decay,
                "epsilon_1": self.epsilon_1,
                "epsilon_2": self.epsilon_2,
                "clip_threshold": self.clip_threshold,
                "relative_step": self.relative_step,
            }
        )
        return config
