"""The Adagrad optimizer (Duchi et al., 2011)."""

from keras.src import initializers
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import base_optimizer
from keras.src.optimizers import optimizer_utils


@keras_export(["keras.optimizers.Adagrad"])
class Adagrad(base_optimizer.Optimizer):
    """Adagrad: per-element learning rates that shrink with the sum of
    squared gradients.

    `accumulator = accumulator + g**2`, then
    `w = w - lr * g / sqrt(accumulator + epsilon)`.

    Args:
        learning_rate: a float, a `LearningRateSchedule` or a callable of
            no arguments.
        initial_accumulator_value: the starting value of the accumulators
            (non-negative).
        epsilon: a small constant for numerical stability.
        weight_decay, clipnorm, clipvalue, global_clipnorm, use_ema,
            ema_momentum, ema_overwrite_frequency, loss_scale_factor,
            gradient_accumulation_steps, name: as in `keras.Optimizer`.
        **kwargs: deprecated arguments, as in `keras.Optimizer`.

    Example:

    >>> w = keras.Variable([1.0, 2.0])
    >>> keras.optimizers.Adagrad(0.1).apply([keras.ops.ones((2,))], [w])
    >>> keras.ops.convert_to_numpy(w).astype("float64").round(3).tolist()
    [0.905, 1.905]
    """

    def __init__(
        self,
        learning_rate=0.001,
        initial_accumulator_value=0.1,
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
        optimizer_utils.check_in_range(
            "initial_accumulator_value", initial_accumulator_value,
            0.0, float("inf"),
        )
        self.initial_accumulator_value = initial_accumulator_value
        self.epsilon = epsilon

    def build(self, var_list):
        """Creates the squared-gradient accumulators."""
        if self.built:
            return
        super().build(var_list)
        self._accumulators = self.add_optimizer_variables(
            var_list,
            "accumulator",
            initializer=initializers.Constant(self.initial_accumulator_value),
        )

    def update_step(self, gradient, variable, learning_rate):
        """Applies one Adagrad step to `variable`."""
        lr = ops.cast(learning_rate, variable.dtype)
        accumulator = self._accumulators[self._get_variable_index(variable)]
        self.assign_add(accumulator, ops.square(gradient))
        self.assign_sub(
            variable,
            lr * gradient / ops.sqrt(accumulator.value + self.epsilon),
        )

    def get_config(self):
        config = super().get_config()
        config.update(
            {
                "initial_accumulator_value": self.initial_accumulator_value,
                "epsilon": self.epsilon,
            }
        )
        return config
