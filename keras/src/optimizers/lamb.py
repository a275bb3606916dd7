"""The Lamb optimizer: layer-wise adaptive Adam (You et al., 2019)."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import base_optimizer


@keras_export(["keras.optimizers.Lamb"])
class Lamb(base_optimizer.Optimizer):
    """Lamb: Adam steps rescaled per variable by a trust ratio.

    At step `t` (from 1): the Adam moments `m`, `v` and their bias
    corrections `m_hat`, `v_hat` give `update = m_hat / (sqrt(v_hat) +
    epsilon)`; then `w = w - lr * ratio * update` with
    `ratio = norm(w) / norm(update)` (1 when either norm is 0).

    Args:
        learning_rate: a float, a `LearningRateSchedule` or a callable of
            no arguments.
        beta_1: the decay rate of the first moment estimate.
        beta_2: the decay rate of the second moment estimate.
        epsilon: a small constant for numerical stability.
        weight_decay, clipnorm, clipvalue, global_clipnorm, use_ema,
            ema_momentum, ema_overwrite_frequency, loss_scale_factor,
            gradient_accumulation_steps, name: as in `keras.Optimizer`.
        **kwargs: deprecated arguments, as in `keras.Optimizer`.

    Example:

    >>> w = keras.Variable([3.0, 4.0])
    >>> keras.optimizers.Lamb(0.1).apply([keras.ops.ones((2,))], [w])
    >>> keras.ops.convert_to_numpy(w).astype("float64").round(2).tolist()
    [2.65, 3.65]
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
        """Creates the moment slots."""
        if self.built:
            return
        super().build(var_list)
        self._momentums, self._velocities = self.add_optimizer_variables(
            var_list, ["momentum", "velocity"]
        )

    def update_step(self, gradient, variable, learning_rate):
        """Applies one Lamb step to `variable`."""
        dtype = variable.dtype
        lr = ops.cast(learning_rate, dtype)
        step = ops.cast(self.iterations + 1, dtype)
        beta_1 = ops.cast(self.beta_1, dtype)
        beta_2 = ops.cast(self.beta_2, dtype)
        index = self._get_variable_index(variable)
        m = self._momentums[index]
        v = self._velocities[index]
        self.assign_add(m, (gradient - m.value) * (1 - beta_1))
        self.assign_add(v, (ops.square(gradient) - v.value) * (1 - beta_2))
        m_hat = m.value / (1 - ops.power(beta_1, step))
        v_hat = v.value / (1 - ops.power(beta_2, step))
        update = m_hat / (ops.sqrt(v_hat) + self.epsilon)
        weight_norm = ops.sqrt(ops.sum(ops.square(variable.value)))
        update_norm = ops.sqrt(ops.sum(ops.square(update)))
        both_positive = ops.logical_and(weight_norm > 0, update_norm > 0)
        # The `maximum` keeps the unselected branch finite.
        ratio = ops.where(
            both_positive,
            weight_norm / ops.maximum(update_norm, 1e-30),
            ops.cast(1.0, dtype),
        )
        self.assign_sub(variable, lr * ratio * update)

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
