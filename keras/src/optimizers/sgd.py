"""The SGD optimizer: gradient descent, with optional (Nesterov)
momentum."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import base_optimizer
from keras.src.optimizers import optimizer_utils


@keras_export(["keras.optimizers.SGD"])
class SGD(base_optimizer.Optimizer):
    """Gradient descent, with optional momentum.

    Without momentum: `w = w - learning_rate * g`. With momentum:
    `velocity = momentum * velocity - learning_rate * g` then
    `w = w + velocity`, or with Nesterov momentum
    `w = w + momentum * velocity - learning_rate * g`.

    Args:
        learning_rate: a float, a `LearningRateSchedule` or a callable of
            no arguments.
        momentum: a float in [0, 1]; 0 means plain gradient descent.
        nesterov: whether to use Nesterov momentum.
        weight_decay, clipnorm, clipvalue, global_clipnorm, use_ema,
            ema_momentum, ema_overwrite_frequency, loss_scale_factor,
            gradient_accumulation_steps, name: as in `keras.Optimizer`.
        **kwargs: deprecated arguments, as in `keras.Optimizer`.

    Example:

    >>> w = keras.Variable([1.0, 2.0])
    >>> keras.optimizers.SGD(0.1).apply([keras.ops.ones((2,))], [w])
    >>> keras.ops.convert_to_numpy(w).astype("float64").round(2).tolist()
    [0.9, 1.9]
    """

    def __init__(
        self,
        learning_rate=0.01,
        momentum=0.0,
        nesterov=False,
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
        self.momentum = momentum
        self.nesterov = nesterov

    def build(self, variables):
        """Creates a momentum slot per variable (when `momentum` > 0)."""
        if self.built:
            return
        super().build(variables)
        self.momentums = []
        if self.momentum != 0:
            self.momentums = self.add_optimizer_variables(
                variables, "momentum"
            )

    def update_step(self, gradient, variable, learning_rate):
        """Applies one SGD step to `variable`."""
        lr = ops.cast(learning_rate, variable.dtype)
        if self.momentum == 0:
            self.assign_sub(variable, lr * gradient)
            return
        velocity = self.momentums[self._get_variable_index(variable)]
        momentum = ops.cast(self.momentum, variable.dtype)
        new_velocity = momentum * velocity.value - lr * gradient
        self.assign(velocity, new_velocity)
        if self.nesterov:
            self.assign_add(variable, momentum * new_velocity - lr * gradient)
        else:
            self.assign_add(variable, new_velocity)

    def _fused_update_step(self, params, grads, variables, learning_rate):
        velocities = None
        if self.momentum != 0:
            velocities = self._slot_tensors(self.momentums, variables)
        backend.optimizer.fused_sgd_update(
            params, grads, velocities, learning_rate, self.momentum,
            self.nesterov,
        )

    def get_config(self):
        config = super().get_config()
        config.update({"momentum": self.momentum, "nesterov": self.nesterov})
        return config
