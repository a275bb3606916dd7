"""`LossScaleOptimizer`: dynamic loss scaling for float16 training."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import base_optimizer
from keras.src.optimizers import optimizer_utils
from keras.src.saving import serialization_lib


@keras_export(
    [
        "keras.optimizers.LossScaleOptimizer",
        "keras.mixed_precision.LossScaleOptimizer",
    ]
)
class LossScaleOptimizer(base_optimizer.Optimizer):
    """Wraps an optimizer with dynamic loss scaling.

    Small float16 gradients underflow to zero. The trainer multiplies the
    loss by a scale (`scale_loss`) before differentiating, and this
    optimizer divides the gradients by it before the inner optimizer
    applies them. When a gradient is not finite, the step is skipped
    (nothing changes but the scale) and the scale is halved; after
    `dynamic_growth_steps` finite steps in a row it is doubled.

    Args:
        inner_optimizer: the `keras.Optimizer` to wrap.
        initial_scale: the starting loss scale (positive).
        dynamic_growth_steps: how many finite steps in a row double the
            scale (a positive int).
        name: the optimizer's name.
        **kwargs: other `keras.Optimizer` arguments are not supported.

    Example:

    >>> opt = keras.optimizers.LossScaleOptimizer(
    ...     keras.optimizers.SGD(0.1), initial_scale=4.0)
    >>> w = keras.Variable([1.0, 2.0])
    >>> opt.apply([keras.ops.full((2,), 4.0)], [w])
    >>> keras.ops.convert_to_numpy(w).astype("float64").round(2).tolist()
    [0.9, 1.9]
    """

    def __init__(
        self,
        inner_optimizer,
        initial_scale=2.0**15,
        dynamic_growth_steps=2000,
        name=None,
        **kwargs,
    ):
        if not isinstance(inner_optimizer, base_optimizer.Optimizer):
            raise TypeError(
                "Argument `inner_optimizer` must be a `keras.Optimizer` "
                f"instance. Received: inner_optimizer={inner_optimizer!r}"
            )
        if kwargs:
            raise ValueError(
                "LossScaleOptimizer does not support arguments: "
                f"{', '.join(f'`{k}`' for k in kwargs)}."
            )
        if not optimizer_utils.is_number(initial_scale) or initial_scale <= 0:
            raise ValueError(
                "Argument `initial_scale` must be a positive number. "
                f"Received: initial_scale={initial_scale!r}"
            )
        if (
            isinstance(dynamic_growth_steps, bool)
            or not isinstance(dynamic_growth_steps, int)
            or dynamic_growth_steps < 1
        ):
            raise ValueError(
                "Argument `dynamic_growth_steps` must be a positive "
                "integer. Received: "
                f"dynamic_growth_steps={dynamic_growth_steps!r}"
            )
        super().__init__(learning_rate=0.0, name=name)
        self.inner_optimizer = inner_optimizer
        self.initial_scale = initial_scale
        self.dynamic_growth_steps = dynamic_growth_steps
        self.step_counter = self._new_variable(0, "step_counter", "int32",
                                               "none")
        self.dynamic_scale = self._new_variable(
            initial_scale, "dynamic_scale", "float32", "none"
        )

    def build(self, var_list):
        """Builds the inner optimizer on `var_list`."""
        if self.built:
            return
        self.inner_optimizer.build(var_list)
        super().build(var_list)

    @property
    def variables(self):
        """This optimizer's variables, then the inner optimizer's."""
        return self._variables[:] + self.inner_optimizer.variables

    @property
    def iterations(self):
        """The inner optimizer's iteration count (skipped steps do not
        count)."""
        return self.inner_optimizer.iterations

    @property
    def learning_rate(self):
        """The inner optimizer's learning rate (settable)."""
        return self.inner_optimizer.learning_rate

    @learning_rate.setter
    def learning_rate(self, value):
        self.inner_optimizer.learning_rate = value

    def scale_loss(self, loss):
        """Multiplies `loss` by the current dynamic scale."""
        scale = self.dynamic_scale.value
        if hasattr(loss, "dtype"):
            scale = ops.cast(scale, backend.standardize_dtype(loss.dtype))
        return loss * scale

    def check_finite(self, grads):
        """A scalar boolean tensor: whether every gradient is finite."""
        return optimizer_utils.all_finite(
            [ops.convert_to_tensor(g) for g in grads if g is not None]
        )

    def apply(self, grads, trainable_variables=None):
        """Unscales `grads` and applies them with the inner optimizer when
        they are all finite; updates the scale either way.

        Args:
            grads: the gradients of the scaled loss.
            trainable_variables: the variables; defaults to those the
                optimizer was built with.
        """
        grads = list(grads)
        if trainable_variables is None:
            if not self.built:
                raise ValueError(
                    "When passing `grads` without `variables`, the "
                    "optimizer must already be built on a list of "
                    "variables. Call `optimizer.build(trainable_variables)`"
                    " first."
                )
            variables = self._trainable_variables
        else:
            variables = list(trainable_variables)
            self.build(variables)
        finite = self.check_finite(grads)
        unscaled = [None if g is None else self._unscale(g) for g in grads]
        optimizer_utils.apply_if(
            finite,
            lambda: self.inner_optimizer.apply(unscaled, variables),
            list(variables) + self.inner_optimizer.variables,
        )
        self._update_scale(finite)

    def _unscale(self, grad):
        grad = ops.convert_to_tensor(grad)
        dtype = backend.standardize_dtype(grad.dtype)
        return grad / ops.cast(self.dynamic_scale.value, dtype)

    def _update_scale(self, finite):
        count = self.step_counter.value + 1
        grow = ops.greater_equal(count, self.dynamic_growth_steps)
        scale = self.dynamic_scale.value
        self.step_counter.assign(
            ops.where(ops.logical_and(finite, ops.logical_not(grow)),
                      count, ops.zeros_like(count))
        )
        self.dynamic_scale.assign(
            ops.where(
                finite,
                ops.where(grow, scale * 2.0, scale),
                scale / 2.0,
            )
        )

    def finalize_variable_values(self, var_list):
        """Lets the inner optimizer finalize (its moving averages)."""
        self.inner_optimizer.finalize_variable_values(var_list)

    def get_config(self):
        return {
            "name": self.name,
            "inner_optimizer": serialization_lib.serialize_keras_object(
                self.inner_optimizer
            ),
            "initial_scale": self.initial_scale,
            "dynamic_growth_steps": self.dynamic_growth_steps,
        }

    @classmethod
    def from_config(cls, config, custom_objects=None):
        """Creates the optimizer (and its inner one) from `get_config()`'s
        output."""
        config = dict(config)
        inner = config.pop("inner_optimizer")
        if isinstance(inner, dict):
            inner = serialization_lib.deserialize_keras_object(
                inner, custom_objects=custom_objects
            )
        return cls(inner, **config)

    def __getattr__(self, name):
        # Attributes of the inner optimizer (`beta_1`, `momentum`, ...)
        # read through.
        if name.startswith("_") or "inner_optimizer" not in self.__dict__:
            raise AttributeError(name)
        return getattr(self.inner_optimizer, name)
