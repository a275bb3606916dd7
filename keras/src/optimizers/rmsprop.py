"""The RMSprop optimizer (Hinton, Coursera lecture 6e)."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import base_optimizer
from keras.src.optimizers import optimizer_utils


@keras_export(["keras.optimizers.RMSprop"])
class RMSprop(base_optimizer.Optimizer):
    """RMSprop: divides the gradient by a running root mean square.

    `v = rho * v + (1 - rho) * g**2`; the step is
    `lr * g / sqrt(v + epsilon)`, or, when `centered`, with `v` replaced by
    the variance estimate `v - mean_g**2` (`mean_g` a running mean of the
    gradient). With `momentum`, the steps feed a velocity
    `velocity = momentum * velocity + step` which is subtracted instead.

    Args:
        learning_rate: a float, a `LearningRateSchedule` or a callable of
            no arguments.
        rho: the decay rate of the running averages.
        momentum: a float in [0, 1]; 0 disables momentum.
        epsilon: a small constant for numerical stability.
        centered: whether to normalize by the gradient's variance rather
            than its second moment.
        weight_decay, clipnorm, clipvalue, global_clipnorm, use_ema,
            ema_momentum, ema_overwrite_frequency, loss_scale_factor,
            gradient_accumulation_steps, name: as in `keras.Optimizer`.
        **kwargs: deprecated arguments, as in `keras.Optimizer`.

    Example:

    >>> w = keras.Variable([1.0, 2.0])
    >>> keras.optimizers.RMSprop(0.1).apply([keras.ops.ones((2,))], [w])
    >>> keras.ops.convert_to_numpy(w).astype("float64").round(2).tolist()
    [0.68, 1.68]
    """

    def __init__(
        self,
        learning_rate=0.001,
        rho=0.9,
        momentum=0.0,
        epsilon=1e-7,
        centered=False,
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
        optimizer_utils.check_in_range("momentum", momentum, 0.0, 1.0)
        self.rho = rho
        self.momentum = momentum
        self.epsilon = epsilon
        self.centered = centered

    def build(self, var_list):
        """Creates the running average slots (and momentum and mean
        gradient slots when used)."""
        if self.built:
            return
        super().build(var_list)
        self._velocities = self.add_optimizer_variables(var_list, "velocity")
        self._momentums = []
        if self.momentum > 0:
            self._momentums = self.add_optimizer_variables(
                var_list, "momentum"
            )
        self._average_gradients = []
        if self.centered:
            self._average_gradients = self.add_optimizer_variables(
                var_list, "average_gradient"
            )

    def update_step(self, gradient, variable, learning_rate):
        """Applies one RMSprop step to `variable`."""
        dtype = variable.dtype
        lr = ops.cast(learning_rate, dtype)
        rho = ops.cast(self.rho, dtype)
        index = self._get_variable_index(variable)
        velocity = self._velocities[index]
        self.assign(
            velocity,
            rho * velocity.value + (1 - rho) * ops.square(gradient),
        )
        denominator = velocity.value + self.epsilon
        if self.centered:
            average = self._average_gradients[index]
            self.assign(average, rho * average.value + (1 - rho) * gradient)
            denominator = denominator - ops.square(average.value)
        increment = lr * gradient / ops.sqrt(denominator)
        if self.momentum > 0:
            momentum = self._momentums[index]
            self.assign(
                momentum,
                ops.cast(self.momentum, dtype) * momentum.value + increment,
            )
            increment = momentum.value
        self.assign_sub(variable, increment)

    def _fused_update_step(self, params, grads, variables, learning_rate):
        averages = momentums = None
        if self.centered:
            averages = self._slot_tensors(self._average_gradients, variables)
        if self.momentum > 0:
            momentums = self._slot_tensors(self._momentums, variables)
        backend.optimizer.fused_rmsprop_update(
            params, grads,
            self._slot_tensors(self._velocities, variables),
            averages, momentums, learning_rate, self.rho, self.momentum,
            self.epsilon,
        )

    def get_config(self):
        config = super().get_config()
        config.update(
            {
                "rho": self.rho,
                "momentum": self.momentum,
                "epsilon": self.epsilon,
                "centered": self.centered,
            }
        )
        return config
