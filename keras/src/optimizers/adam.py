"""The Adam optimizer (Kingma & Ba, 2014)."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import base_optimizer


@keras_export(["keras.optimizers.Adam"])
class Adam(base_optimizer.Optimizer):
    """Adam: adaptive moment estimation.

    At step `t` (from 1): `m = m + (1 - beta_1) * (g - m)`,
    `v = v + (1 - beta_2) * (g**2 - v)`, then
    `w = w - lr * sqrt(1 - beta_2**t) / (1 - beta_1**t) * m /
    (sqrt(v) + epsilon)`. With `amsgrad`, the running maximum of `v` is
    used in place of `v`.

    Args:
        learning_rate: a float, a `LearningRateSchedule` or a callable of
            no arguments.
        beta_1: the decay rate of the first moment estimate.
        beta_2: the decay rate of the second moment estimate.
        epsilon: a small constant for numerical stability (the "epsilon
            hat" of the paper, added after the bias correction).
        amsgrad: whether to use the AMSGrad variant (Reddi et al., 2018).
        weight_decay, clipnorm, clipvalue, global_clipnorm, use_ema,
            ema_momentum, ema_overwrite_frequency, loss_scale_factor,
            gradient_accumulation_steps, name: as in `keras.Optimizer`.
        **kwargs: deprecated arguments, as in `keras.Optimizer`.

    Example:

    >>> w = keras.Variable([1.0, 2.0])
    >>> keras.optimizers.Adam(0.1).apply([keras.ops.ones((2,))], [w])
    >>> keras.ops.convert_to_numpy(w).astype("float64").round(2).tolist()
    [0.9, 1.9]
    """

    def __init__(
        self,
        learning_rate=0.001,
        beta_1=0.9,
        beta_2=0.999,
        epsilon=1e-7,
        amsgrad=False,
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
        self.amsgrad = amsgrad

    def build(self, var_list):
        """Creates the first and second moment slots (and, with `amsgrad`,
        the running maximum of the second moment)."""
        if self.built:
            return
        super().build(var_list)
        self._momentums, self._velocities = self.add_optimizer_variables(
            var_list, ["momentum", "velocity"]
        )
        if self.amsgrad:
            self._velocity_hats = self.add_optimizer_variables(
                var_list, "velocity_hat"
            )

    def update_step(self, gradient, variable, learning_rate):
        """Applies one Adam step to `variable`."""
        dtype = variable.dtype
        lr = ops.cast(learning_rate, dtype)
        step = ops.cast(self.iterations + 1, dtype)
        beta_1 = ops.cast(self.beta_1, dtype)
        beta_2 = ops.cast(self.beta_2, dtype)
        alpha = lr * ops.sqrt(1 - ops.power(beta_2, step)) / (
            1 - ops.power(beta_1, step)
        )
        index = self._get_variable_index(variable)
        m = self._momentums[index]
        v = self._velocities[index]
        self.assign_add(m, (gradient - m.value) * (1 - beta_1))
        self.assign_add(v, (ops.square(gradient) - v.value) * (1 - beta_2))
        if self.amsgrad:
            v_hat = self._velocity_hats[index]
            self.assign(v_hat, ops.maximum(v_hat.value, v.value))
            v = v_hat
        self.assign_sub(
            variable, m.value * alpha / (ops.sqrt(v.value) + self.epsilon)
        )

    def _fused_update_step(self, params, grads, variables, learning_rate):
        hats = None
        if self.amsgrad:
            hats = self._slot_tensors(self._velocity_hats, variables)
        backend.optimizer.fused_adam_update(
            params, grads,
            self._slot_tensors(self._momentums, variables),
            self._slot_tensors(self._velocities, variables),
            hats, learning_rate, self.iterations, self.beta_1,
            self.beta_2, self.epsilon,
        )

    def get_config(self):
        config = super().get_config()
        config.update(
            {
                "beta_1": self.beta_1,
                "beta_2": self.beta_2,
                "epsilon": self.epsilon,
                "amsgrad": self.amsgrad,
            }
        )
        return config
