"""The Nadam optimizer: Adam with Nesterov momentum (Dozat, 2016)."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import base_optimizer

# The momentum schedule of the paper: mu_t = beta_1 * (1 - 0.5 *
# 0.96 ** t).
_SCHEDULE_DECAY = 0.96


@keras_export(["keras.optimizers.Nadam"])
class Nadam(base_optimizer.Optimizer):
    """Nadam: Adam with Nesterov momentum.

    At step `t` (from 1), with `mu_t = beta_1 * (1 - 0.5 * 0.96**t)` and
    `P_t = mu_1 * ... * mu_t` (kept in a variable):
    `m = m + (1 - beta_1) * (g - m)`, `v = v + (1 - beta_2) * (g**2 - v)`,
    `m_hat = mu_{t+1} * m / (1 - P_t * mu_{t+1}) + (1 - mu_t) * g /
    (1 - P_t)`, `v_hat = v / (1 - beta_2**t)`, then
    `w = w - lr * m_hat / (sqrt(v_hat) + epsilon)`.

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

    >>> w = keras.Variable([1.0, 2.0])
    >>> keras.optimizers.Nadam(0.1).apply([keras.ops.ones((2,))], [w])
    >>> keras.ops.convert_to_numpy(w).astype("float64").round(2).tolist()
    [0.89, 1.89]
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
        """Creates the moment slots and the momentum product variable."""
        if self.built:
            return
        super().build(var_list)
        self._momentums, self._velocities = self.add_optimizer_variables(
            var_list, ["momentum", "velocity"]
        )
        dtype = var_list[0].dtype if var_list else None
        self._u_product = self.add_variable(
            (), initializer="ones", dtype=dtype, name="u_product"
        )

    def _mu(self, step, dtype):
        decay = ops.cast(_SCHEDULE_DECAY, dtype)
        return ops.cast(self.beta_1, dtype) * (
            1.0 - 0.5 * ops.power(decay, step)
        )

    def _backend_update_step(self, grads, variables, learning_rate):
        # The product of momenta advances once per step, before the
        # per-variable updates read it.
        dtype = self._u_product.dtype
        step = ops.cast(self.iterations + 1, dtype)
        self.assign(
            self._u_product, self._u_product.value * self._mu(step, dtype)
        )
        super()._backend_update_step(grads, variables, learning_rate)

    def update_step(self, gradient, variable, learning_rate):
        """Applies one Nadam step to `variable`."""
        dtype = variable.dtype
        lr = ops.cast(learning_rate, dtype)
        step = ops.cast(self.iterations + 1, dtype)
        beta_1 = ops.cast(self.beta_1, dtype)
        beta_2 = ops.cast(self.beta_2, dtype)
        mu = self._mu(step, dtype)
        mu_next = self._mu(step + 1, dtype)
        product = ops.cast(self._u_product.value, dtype)
        index = self._get_variable_index(variable)
        m = self._momentums[index]
        v = self._velocities[index]
        self.assign_add(m, (gradient - m.value) * (1 - beta_1))
        self.assign_add(v, (ops.square(gradient) - v.value) * (1 - beta_2))
        m_hat = mu_next * m.value / (1 - product * mu_next) + (
            1 - mu
        ) * gradient / (1 - product)
        v_hat = v.value / (1 - ops.power(beta_2, step))
        self.assign_sub(
            variable, lr * m_hat / (ops.sqrt(v_hat) + self.epsilon)
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
