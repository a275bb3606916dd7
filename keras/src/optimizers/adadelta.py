"""The Adadelta optimizer (Zeiler, 2012)."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import base_optimizer


@keras_export(["keras.optimizers.Adadelta"])
class Adadelta(base_optimizer.Optimizer):
    """Adadelta: steps scaled by the ratio of running RMS of past updates
    to running RMS of gradients.

    `E[g2] = rho * E[g2] + (1 - rho) * g**2`,
    `delta = -sqrt(E[dx2] + epsilon) / sqrt(E[g2] + epsilon) * g`,
    `E[dx2] = rho * E[dx2] + (1 - rho) * delta**2`, then
    `w = w + lr * delta`.

    Args:
        learning_rate: a float, a `LearningRateSchedule` or a callable of
            no arguments (the paper uses 1.0).
        rho: the decay rate of the running averages.
        epsilon: a small constant for numerical stability.
        weight_decay, clipnorm, clipvalue, global_clipnorm, use_ema,
            ema_momentum, ema_overwrite_frequency, loss_scale_factor,
            gradient_accumulation_steps, name: as in `keras.Optimizer`.
        **kwargs: deprecated arguments, as in `keras.Optimizer`.

    Example:

    >>> w = keras.Variable([1.0, 2.0])
    >>> keras.optimizers.Adadelta(1.0).apply([keras.ops.ones((2,))], [w])
    >>> keras.ops.convert_to_numpy(w).astype("float64").round(4).tolist()
    [0.9986, 1.9986]
    """

    def __init__(
        self,
        learning_rate=0.001,
        rho=0.95,
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
        self.rho = rho
        self.epsilon = epsilon

    def build(self, var_list):
        """Creates the running averages of squared gradients and squared
        updates."""
        if self.built:
            return
        super().build(var_list)
        self._accumulated_grads, self._accumulated_delta_vars = (
            self.add_optimizer_variables(
                var_list, ["accumulated_grad", "accumulated_delta_var"]
            )
        )

    def update_step(self, grad, variable, learning_rate):
        """Applies one Adadelta step to `variable`."""
        dtype = variable.dtype
        lr = ops.cast(learning_rate, dtype)
        rho = ops.cast(self.rho, dtype)
        index = self._get_variable_index(variable)
        grad_average = self._accumulated_grads[index]
        delta_average = self._accumulated_delta_vars[index]
        self.assign(
            grad_average,
            rho * grad_average.value + (1 - rho) * ops.square(grad),
        )
        delta = -ops.sqrt(delta_average.value + self.epsilon) / ops.sqrt(
            grad_average.value + self.epsilon
        ) * grad
        self.assign(
            delta_average,
            rho * delta_average.value + (1 - rho) * ops.square(delta),
        )
        self.assign_add(variable, lr * delta)

    def get_config(self):
        config = super().get_config()
        config.update({"rho": self.rho, "epsilon": self.epsilon})
        return config
