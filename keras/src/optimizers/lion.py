"""The Lion optimizer: evolved sign momentum (Chen et al., 2023)."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import base_optimizer
from keras.src.optimizers import optimizer_utils


@keras_export(["keras.optimizers.Lion"])
class Lion(base_optimizer.Optimizer):
    """Lion: updates of equal magnitude in every coordinate, the sign of
    an interpolated momentum.

    `w = w - lr * sign(beta_1 * m + (1 - beta_1) * g)`, then
    `m = beta_2 * m + (1 - beta_2) * g`. Its steps are larger than Adam's
    for the same learning rate: a 3-10x smaller rate is usual.

    Args:
        learning_rate: a float, a `LearningRateSchedule` or a callable of
            no arguments.
        beta_1: the interpolation factor of the update, in (0, 1].
        beta_2: the decay rate of the momentum.
        weight_decay, clipnorm, clipvalue, global_clipnorm, use_ema,
            ema_momentum, ema_overwrite_frequency, loss_scale_factor,
            gradient_accumulation_steps, name: as in `keras.Optimizer`.
        **kwargs: deprecated arguments, as in `keras.Optimizer`.

    Example:

    >>> w = keras.Variable([1.0, 2.0])
    >>> keras.optimizers.Lion(0.1).apply([keras.ops.ones((2,))], [w])
    >>> keras.ops.convert_to_numpy(w).astype("float64").round(2).tolist()
    [0.9, 1.9]
    """

    def __init__(
        self,
        learning_rate=0.001,
        beta_1=0.9,
        beta_2=0.99,
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
        # With beta_1 = 0 the update is the sign of the gradient alone.
        optimizer_utils.check_in_range(
            "beta_1", beta_1, 0.0, 1.0, low_open=True
        )
        self.beta_1 = beta_1
        self.beta_2 = beta_2

    def build(self, var_list):
        """Creates the momentum slots."""
        if self.built:
            return
        super().build(var_list)
        self._momentums = self.add_optimizer_variables(var_list, "momentum")

    def update_step(self, gradient, variable, learning_rate):
        """Applies one Lion step to `variable`."""
        dtype = variable.dtype
        lr = ops.cast(learning_rate, dtype)
        beta_1 = ops.cast(self.beta_1, dtype)
        beta_2 = ops.cast(self.beta_2, dtype)
        m = self._momentums[self._get_variable_index(variable)]
        direction = ops.sign(m.value * beta_1 + gradient * (1 - beta_1))
        self.assign_sub(variable, lr * direction)
        self.assign(m, m.value * beta_2 + gradient * (1 - beta_2))

    def get_config(self):
        config = super().get_config()
        config.update({"beta_1": self.beta_1, "beta_2": self.beta_2})
        return config
