"""The FTRL-proximal optimizer (McMahan et al., 2013)."""

from keras.src import initializers
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import base_optimizer
from keras.src.optimizers import optimizer_utils


@keras_export(["keras.optimizers.Ftrl"])
class Ftrl(base_optimizer.Optimizer):
    """FTRL-proximal ("Follow The Regularized Leader"), suited to wide,
    sparse models; L1 regularization drives weights to exactly zero.

    With `p = -learning_rate_power` (0.5: the paper's `sqrt`):
    `g' = g + 2 * l2_shrinkage * w`, `n_new = n + g**2`,
    `z = z + g' - (n_new**p - n**p) / lr * w`,
    `q = n_new**p / lr + 2 * (l2 + beta / (2 * lr))`, then
    `w = (clip(z, -l1, l1) - z) / q` and `n = n_new`.

    Args:
        learning_rate: a float, a `LearningRateSchedule` or a callable of
            no arguments.
        learning_rate_power: how the learning rate decays with the
            accumulated squared gradient; a float <= 0.
        initial_accumulator_value: the starting value of the accumulators
            (non-negative).
        l1_regularization_strength: the L1 strength (non-negative).
        l2_regularization_strength: the L2 strength (non-negative), a
            stabilization penalty.
        l2_shrinkage_regularization_strength: an L2 penalty applied to the
            gradient, i.e. a magnitude penalty (non-negative).
        beta: the beta of the paper (0.0 by default).
        weight_decay, clipnorm, clipvalue, global_clipnorm, use_ema,
            ema_momentum, ema_overwrite_frequency, loss_scale_factor,
            gradient_accumulation_steps, name: as in `keras.Optimizer`.
        **kwargs: deprecated arguments, as in `keras.Optimizer`.

    Example:

    >>> w = keras.Variable([1.0, 2.0])
    >>> keras.optimizers.Ftrl(0.1).apply([keras.ops.ones((2,))], [w])
    >>> keras.ops.convert_to_numpy(w).astype("float64").round(4).tolist()
    [0.6031, 1.3016]
    """

    def __init__(
        self,
        learning_rate=0.001,
        learning_rate_power=-0.5,
        initial_accumulator_value=0.1,
        l1_regularization_strength=0.0,
        l2_regularization_strength=0.0,
        l2_shrinkage_regularization_strength=0.0,
        beta=0.0,
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
        inf = float("inf")
        optimizer_utils.check_in_range(
            "learning_rate_power", learning_rate_power, -inf, 0.0
        )
        for arg, value in (
            ("initial_accumulator_value", initial_accumulator_value),
            ("l1_regularization_strength", l1_regularization_strength),
            ("l2_regularization_strength", l2_regularization_strength),
            (
                "l2_shrinkage_regularization_strength",
                l2_shrinkage_regularization_strength,
            ),
        ):
            optimizer_utils.check_in_range(arg, value, 0.0, inf)
        self.learning_rate_power = learning_rate_power
        self.initial_accumulator_value = initial_accumulator_value
        self.l1_regularization_strength = l1_regularization_strength
        self.l2_regularization_strength = l2_regularization_strength
        self.l2_shrinkage_regularization_strength = (
            l2_shrinkage_regularization_strength
        )
        self.beta = beta

    def build(self, var_list):
        """Creates the accumulator (`n`) and linear (`z`) slots."""
        if self.built:
            return
        super().build(var_list)
        self._accumulators = []
        self._linears = []
        start = initializers.Constant(self.initial_accumulator_value)
        for variable in var_list:
            self._accumulators.append(
                self.add_variable_from_reference(
                    variable, "accumulator", initializer=start
                )
            )
            self._linears.append(
                self.add_variable_from_reference(variable, "linear")
            )

    def update_step(self, gradient, variable, learning_rate):
        """Applies one FTRL step to `variable`."""
        dtype = variable.dtype
        lr = ops.cast(learning_rate, dtype)
        index = self._get_variable_index(variable)
        accumulator = self._accumulators[index]
        linear = self._linears[index]
        power = ops.cast(-self.learning_rate_power, dtype)
        l1 = ops.cast(self.l1_regularization_strength, dtype)
        l2 = ops.cast(self.l2_regularization_strength, dtype) + ops.cast(
            self.beta, dtype
        ) / (2.0 * lr)
        shrinkage = ops.cast(self.l2_shrinkage_regularization_strength, dtype)
        shrunk_gradient = gradient + 2.0 * shrinkage * variable.value
        old = accumulator.value
        new = old + ops.square(gradient)
        self.assign_add(
            linear,
            shrunk_gradient
            - (ops.power(new, power) - ops.power(old, power)) / lr
            * variable.value,
        )
        quadratic = ops.power(new, power) / lr + 2.0 * l2
        clipped = ops.clip(linear.value, -l1, l1)
        self.assign(variable, (clipped - linear.value) / quadratic)
        self.assign(accumulator, new)

    def get_config(self):
        config = super().get_config()
        config.update(
            {
                "learning_rate_power": self.learning_rate_power,
                "initial_accumulator_value": self.initial_accumulator_value,
                "l1_regularization_strength": (
                    self.l1_regularization_strength
                ),
                "l2_regularization_strength": (
                    self.l2_regularization_strength
                ),
                "l2_shrinkage_regularization_strength": (
                    self.l2_shrinkage_regularization_strength
                ),
                "beta": self.beta,
            }
        )
        return config
