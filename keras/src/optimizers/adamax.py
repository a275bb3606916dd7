"""The Adamax optimizer: Adam with the infinity norm (Kingma & Ba,
2014, section 7)."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import base_optimizer


@keras_export(["keras.optimizers.Adamax"])
class Adamax(base_optimizer.Optimizer):
    """Adamax: a variant of Adam based on the infinity norm.

    At step `t` (from 1): `m = m + (1 - beta_1) * (g - m)`,
    `u = max(beta_2 * u, |g|)`, then
    `w = w - lr * m / ((1 - beta_1**t) * (u + epsilon))`.

    Args:
        learning_rate: a float, a `LearningRateSchedule` or a callable of
            no arguments.
        beta_1: the decay rate of the first moment estimate.
        beta_2: the decay rate of the weighted infinity norm.
        epsilon: a small constant for numerical stability.
        weight_decay, clipnorm, clipvalue, global_clipnorm, use_ema,
            ema_momentum, ema_overwrite_frequency, loss_scale_factor,
            gradient_accumulation_steps, name: as in `keras.Optimizer`.
        **kwargs: deprecated arguments, as in `keras.Optimizer`.

    Example:

    >>> w = keras.Variable([1.0, 2.0])
    >>> keras.optimizers.Adamax(0.1).apply([keras.ops.ones((2,))], [w])
    >>> keras.ops.convert_to_numpy(w).astype("float64").round(2).tolist()
    [0.9, 1.9]
    """

    def __init__(
        self,
        learning_rate=0.001,
        beta_1=0.9,
        beta_2=0.999,
        epsilon=1e-7,
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

    def build(self, var_list):
        """Creates the first moment and infinity norm slots."""
        if self.built:
            return
        super().build(var_list)
        self._m, self._u = self.add_optimizer_variables(
            var_list, ["momentum", "norm"]
        )

    def update_step(self, gradient, variable, learning_rate):
        """Applies one Adamax step to `variable`."""
        dtype = variable.dtype
        lr = ops.cast(learning_rate, dtype)
        step = ops.cast(self.iterations + 1, dtype)
        beta_1 = ops.cast(self.beta_1, dtype)
        beta_2 = ops.cast(self.beta_2, dtype)
        index = self._get_variable_index(variable)
        m = self._m[index]
        u = self._u[index]
        self.assign_add(m, (gradient - m.value) * (1 - beta_1))
        self.assign(u, ops.maximum(beta_2 * u.value, ops.abs(gradient)))
        self.assign_sub(
            variable,
            lr * m.value
            / ((1 - ops.power(beta_1, step)) * (u.value + self.epsilon)),
        )

    def get_config(self):
        config = super().get_config()
        config.update(
            {
                "beta_1": self.beta_1,
                "beta_2": self.beta_2,
                "epsilon": self.epsilon,
            }
        )
        return config
