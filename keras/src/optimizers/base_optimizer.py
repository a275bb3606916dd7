"""`Optimizer`: the base class of all optimizers.

A subclass writes the update of one variable once, in `update_step`, over
`keras.src.ops`; the base class does everything around it (gradient
unscaling, clipping, accumulation, weight decay, moving averages,
constraints, the iteration count) the same way on every backend, eagerly
and inside compiled steps. A condition on tensors (is this an update step
of gradient accumulation? is it time to overwrite with the moving
averages?) never becomes a Python `if`: both outcomes are computed and one
is selected with `ops.where` (see `optimizer_utils.apply_if`).
"""

import re
import warnings

from keras.src import backend
from keras.src import initializers
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.backend.common.naming import auto_name
from keras.src.backend.common.stateless_scope import StatelessScope
from keras.src.backend.common.variables import KerasVariable
from keras.src.optimizers import optimizer_utils
from keras.src.optimizers.schedules.learning_rate_schedule import (
    LearningRateSchedule,
)
from keras.src.saving import serialization_lib

# Arguments of Keras 2 optimizers that Keras 3 dropped: ignored, with a
# warning, so that old configs still load.
_DEPRECATED_KWARGS = ("decay",)


# The backend's one declared capability, read once: whether it has fused
# kernels (`backend/<name>/optimizer.py`).
_FUSED_UPDATES = backend.optimizer.SUPPORTS_FUSED_UPDATES
# Declared by every backend: TensorFlow's sums the replicas' gradients
# inside `strategy.run` and applies them once; None elsewhere.
_CROSS_REPLICA_APPLY = backend.optimizer.cross_replica_apply
# The methods whose arithmetic a fused kernel reproduces.
_FUSED_REPLACED = ("update_step", "assign", "assign_add", "assign_sub")


@keras_export(["keras.Optimizer", "keras.optimizers.Optimizer"])
class Optimizer:
    """The base class of optimizers.

    A subclass implements `build(variables)`, which creates its slot
    variables (with `add_variable_from_reference` or
    `add_optimizer_variables`), `update_step(gradient, variable,
    learning_rate)`, which updates one variable, and `get_config()`.

    Args:
        learning_rate: a float, a `LearningRateSchedule` (evaluated at the
            iteration count on every update), or a callable of no
            arguments returning the rate. A float is stored in a variable,
            so it can be changed during training (`optimizer.learning_rate
            = 0.01`) without recompiling.
        weight_decay: if set, every update first shrinks each variable by
            `variable * weight_decay * learning_rate` (decoupled weight
            decay; see `exclude_from_weight_decay`).
        clipnorm: if set, each gradient is rescaled so that its L2 norm is
            at most this value.
        clipvalue: if set, each gradient element is clipped to
            `[-clipvalue, clipvalue]`.
        global_clipnorm: if set, all gradients are rescaled together so
            that their joint L2 norm is at most this value.
        use_ema: whether to keep an exponential moving average of the
            trained variables (see `finalize_variable_values`).
        ema_momentum: the momentum of the moving average:
            `average = ema_momentum * average + (1 - ema_momentum) *
            variable` after each step.
        ema_overwrite_frequency: if set (with `use_ema`), the variables
            are replaced by their moving averages every this many
            iterations.
        loss_scale_factor: if set, `scale_loss` multiplies the loss by it
            and the gradients are divided by it before use.
        gradient_accumulation_steps: if set (an int >= 2), gradients are
            summed over this many calls and their mean applied on the last
            one; `iterations` then counts applied updates.
        name: the optimizer's name; its variables' paths start with it.
        **kwargs: deprecated Keras 2 arguments (`decay`), ignored with a
            warning.

    Example:

    >>> class PlainSGD(keras.Optimizer):
    ...     def update_step(self, gradient, variable, learning_rate):
    ...         lr = keras.ops.cast(learning_rate, variable.dtype)
    ...         self.assign_sub(variable, lr * gradient)
    >>> w = keras.Variable([1.0, 2.0])
    >>> PlainSGD(learning_rate=0.5).apply([keras.ops.ones((2,))], [w])
    >>> keras.ops.convert_to_numpy(w).tolist()
    [0.5, 1.5]
    """

    def __new__(cls, *args, **kwargs):
        # A backend may create its own subclass of a shared optimizer, as
        # Keras's torch backend does (saved configs name its module).
        if backend.optimizer.backend_subclass is not None:
            cls = backend.optimizer.backend_subclass(cls)
        return super().__new__(cls)

    def __init__(
        self,
        learning_rate,
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
        self._variables = []
        self._variable_ids = set()
        self._process_kwargs(kwargs)
        name = auto_name(type(self).__name__) if name is None else name
        if not isinstance(name, str) or "/" in name:
            raise ValueError(
                "Argument `name` must be a string and cannot contain "
                f"character `/`. Received: name={name!r}"
            )
        _check_arguments(
            clipnorm, clipvalue, global_clipnorm, use_ema, ema_momentum,
            ema_overwrite_frequency, gradient_accumulation_steps,
            loss_scale_factor, weight_decay,
        )
        self.name = name
        self.weight_decay = weight_decay
        self.clipnorm = clipnorm
        self.clipvalue = clipvalue
        self.global_clipnorm = global_clipnorm
        self.use_ema = use_ema
        self.ema_momentum = ema_momentum
        self.ema_overwrite_frequency = ema_overwrite_frequency
        self.loss_scale_factor = loss_scale_factor
        self.gradient_accumulation_steps = gradient_accumulation_steps
        self.built = False
        self._trainable_variables = []
        self._variable_indices = {}
        self._exclude_from_weight_decay = set()
        self._exclude_from_weight_decay_names = []
        # The backend's default int: int64 on TensorFlow, int32 elsewhere.
        self._iterations = self._new_variable(
            0, "iteration", backend.standardize_dtype("int"),
            "only_first_replica",
        )
        self._learning_rate = self._make_learning_rate(learning_rate)

    def _process_kwargs(self, kwargs):
        for key in _DEPRECATED_KWARGS:
            if key in kwargs:
                kwargs.pop(key)
                warnings.warn(
                    f"Argument `{key}` is no longer supported and is "
                    "ignored.",
                    stacklevel=3,
                )
        if "lr" in kwargs:
            raise ValueError(
                "Argument `lr` is not recognized: use `learning_rate` "
                f"instead. Received: lr={kwargs['lr']!r}"
            )
        if kwargs:
            raise ValueError(f"Argument(s) not recognized: {kwargs}")

    # -- variables ------------------------------------------------------------

    def _new_variable(self, value, name, dtype, aggregation):
        with backend.name_scope(self.name, caller=self):
            variable = backend.Variable(
                value,
                name=name,
                dtype=dtype,
                trainable=False,
                aggregation=aggregation,
            )
        self._track_variable(variable)
        return variable

    def _track_variable(self, variable):
        if id(variable) not in self._variable_ids:
            self._variable_ids.add(id(variable))
            self._variables.append(variable)

    def __setattr__(self, name, value):
        # Variables a custom optimizer assigns to attributes (alone or in
        # a list) become optimizer variables, as `add_variable`'s do.
        if name != "_trainable_variables" and "_variable_ids" in self.__dict__:
            if isinstance(value, KerasVariable):
                self._track_variable(value)
            elif isinstance(value, (list, tuple)):
                for item in value:
                    if isinstance(item, KerasVariable):
                        self._track_variable(item)
        super().__setattr__(name, value)

    def add_variable(
        self,
        shape,
        initializer="zeros",
        dtype=None,
        aggregation="none",
        layout=None,
        name=None,
    ):
        """Creates a non-trainable optimizer variable.

        Args:
            shape: the variable's shape.
            initializer: an initializer or its name.
            dtype: the dtype; defaults to `floatx()`.
            aggregation: how replicas combine it (`"none"`, `"mean"`,
                `"sum"`, `"only_first_replica"`).
            layout: a `keras.distribution.TensorLayout` to place the
                variable with (default: the current distribution's).
            name: the variable's name.

        Returns:
            The new variable, which `variables` now lists.
        """
        initializer = initializers.get(initializer)
        with backend.name_scope(self.name, caller=self):
            variable = backend.Variable(
                initializer=initializer,
                shape=shape,
                dtype=dtype,
                trainable=False,
                aggregation=aggregation,
                name=name,
                layout=layout,
            )
        self._track_variable(variable)
        return variable

    def add_variable_from_reference(
        self, reference_variable, name=None, initializer="zeros"
    ):
        """Creates an optimizer variable shaped like `reference_variable`.

        Args:
            reference_variable: the variable the new one shadows (a slot
                such as a momentum).
            name: the suffix of the new variable's name; its prefix is the
                reference's path with `/` replaced by `_`.
            initializer: an initializer or its name.

        Returns:
            The new variable, of the reference's shape and dtype.
        """
        path = getattr(reference_variable, "path", None) or getattr(
            reference_variable, "name", "variable"
        )
        prefix = str(path).replace("/", "_")
        return self.add_variable(
            shape=tuple(reference_variable.shape),
            initializer=initializer,
            dtype=backend.standardize_dtype(reference_variable.dtype),
            # A slot is laid out like its variable (sharded with it).
            layout=getattr(reference_variable, "_layout", None),
            name=f"{prefix}_{name}" if name else prefix,
        )

    def add_optimizer_variables(
        self, trainable_variables, name, initializer="zeros"
    ):
        """Creates one slot variable per trainable variable.

        Variables whose gradient overwrites them
        (`overwrite_with_gradient`) get `None` instead of a slot.

        Args:
            trainable_variables: the variables to shadow.
            name: the slot's name suffix, or a list of them to create
                several slots per variable.
            initializer: an initializer or its name.

        Returns:
            A list of variables (in the order of `trainable_variables`),
            or a tuple of such lists when `name` is a list.
        """
        names = [name] if isinstance(name, str) else list(name)
        slots = tuple([] for _ in names)
        for variable in trainable_variables:
            skip = getattr(variable, "overwrite_with_gradient", False)
            for slot_name, slot_list in zip(names, slots):
                slot_list.append(
                    None if skip else self.add_variable_from_reference(
                        variable, slot_name, initializer
                    )
                )
        return slots[0] if isinstance(name, str) else slots

    def build(self, variables):
        """Creates the optimizer's variables for `variables`.

        Subclasses call `super().build(variables)` first, then create
        their slots. `apply` builds on its first call.

        Args:
            variables: the list of variables the optimizer will train.
        """
        variables = list(variables)
        if self.use_ema:
            self._model_variables_moving_average = [
                self.add_variable_from_reference(
                    v,
                    "average",
                    initializer=optimizer_utils.value_initializer(v),
                )
                for v in variables
            ]
        if self.gradient_accumulation_steps:
            self._accumulated_gradients = [
                self.add_variable_from_reference(v, "gradient_accumulator")
                for v in variables
            ]
        self._trainable_variables = variables
        self._variable_indices = {id(v): i for i, v in enumerate(variables)}
        self.built = True

    @property
    def variables(self):
        """All optimizer variables, in creation order: the iteration count,
        the learning rate (when a float), then the slots."""
        return self._variables[:]

    @property
    def iterations(self):
        """The number of updates applied so far (an int32 variable, or,
        with gradient accumulation, a tensor counting applied updates)."""
        if self.gradient_accumulation_steps:
            return ops.floor_divide(
                self._iterations.value, self.gradient_accumulation_steps
            )
        return self._iterations

    def _get_variable_index(self, variable):
        return self._variable_indices[id(variable)]

    def _check_variables_are_known(self, variables):
        for variable in variables:
            if id(variable) not in self._variable_indices:
                raise ValueError(
                    f"Unknown variable: {variable!r}. This optimizer can "
                    "only be called for the variables it was originally "
                    "built with. When working with a new set of variables, "
                    "you should recreate a new optimizer instance."
                )

    # -- learning rate --------------------------------------------------------

    def _make_learning_rate(self, learning_rate):
        if isinstance(learning_rate, LearningRateSchedule):
            return learning_rate
        if isinstance(learning_rate, KerasVariable):
            learning_rate = learning_rate.value
        if optimizer_utils.is_number(learning_rate):
            return self._new_variable(
                learning_rate, "learning_rate", backend.floatx(),
                "only_first_replica",
            )
        if callable(learning_rate):
            return learning_rate
        raise ValueError(
            "Argument `learning_rate` should be float, or an instance of "
            "LearningRateSchedule, or a callable (that takes no arguments "
            "and returns the learning rate). Received instead: "
            f"learning_rate={learning_rate!r}"
        )

    @property
    def learning_rate(self):
        """The current learning rate: the variable holding it, or the value
        of the schedule (at the iteration count) or of the callable."""
        return self._get_current_learning_rate()

    @learning_rate.setter
    def learning_rate(self, value):
        current = self._learning_rate
        if isinstance(value, LearningRateSchedule) or (
            callable(value) and not optimizer_utils.is_number(value)
        ):
            if isinstance(current, KerasVariable):
                self._variables = [
                    v for v in self._variables if v is not current
                ]
                self._variable_ids.discard(id(current))
            self._learning_rate = value
        elif isinstance(current, KerasVariable):
            current.assign(value)
        else:
            raise TypeError(
                "This optimizer was created with a `LearningRateSchedule` "
                "or a callable as its `learning_rate`, hence its learning "
                "rate is not settable to a number. Create the optimizer "
                "with a float `learning_rate` to change it during "
                f"training. Received: learning_rate={value!r}"
            )

    def _get_current_learning_rate(self):
        learning_rate = self._learning_rate
        if isinstance(learning_rate, KerasVariable):
            return learning_rate
        if isinstance(learning_rate, LearningRateSchedule):
            return learning_rate(self._iterations.value)
        return learning_rate()

    # -- applying gradients ---------------------------------------------------

    def apply_gradients(self, grads_and_vars):
        """Applies gradients to variables.

        Args:
            grads_and_vars: a list of `(gradient, variable)` pairs.

        Returns:
            The iteration count variable.
        """
        pairs = list(grads_and_vars)
        if not pairs:
            raise ValueError(
                "Argument `grads_and_vars` must be a non-empty list of "
                "(gradient, variable) pairs. Received: grads_and_vars=[]"
            )
        grads, variables = zip(*pairs)
        self.apply(list(grads), list(variables))
        return self._iterations

    def apply(self, grads, trainable_variables=None):
        """Updates `trainable_variables` with `grads`.

        Builds the optimizer on its first call. `None` gradients are
        skipped (with a warning).

        Args:
            grads: a list of gradients, one per variable.
            trainable_variables: the variables to update; defaults to the
                variables the optimizer was built with.
        """
        grads = list(grads)
        if _CROSS_REPLICA_APPLY is not None and _CROSS_REPLICA_APPLY(
            self.apply, grads, trainable_variables
        ):
            return
        variables = self._resolve_variables(trainable_variables)
        if len(grads) != len(variables):
            raise ValueError(
                "Arguments `grads` and `trainable_variables` must have the "
                f"same length. Received: {len(grads)} gradients and "
                f"{len(variables)} variables."
            )
        if not variables:
            return
        grads, variables = optimizer_utils.filter_empty_gradients(
            grads, variables
        )
        grads, variables = self._overwrite_with_gradients(grads, variables)
        if not variables:
            self._iterations.assign_add(1)
            return
        grads = [
            self._prepare_gradient(g, v) for g, v in zip(grads, variables)
        ]
        self._backend_apply_gradients(grads, variables)
        for variable in variables:
            if variable.constraint is not None:
                variable.assign(variable.constraint(variable.value))

    def _resolve_variables(self, trainable_variables):
        if trainable_variables is None:
            if not self.built:
                raise ValueError(
                    "When passing `grads` without `variables`, the "
                    "optimizer must already be built on a list of "
                    "variables. Call `optimizer.build(trainable_variables)`"
                    " first."
                )
            return self._trainable_variables
        variables = list(trainable_variables)
        if not self.built:
            self.build(variables)
            self.built = True
        else:
            self._check_variables_are_known(variables)
        return variables

    def _overwrite_with_gradients(self, grads, variables):
        """Assigns the gradient to variables flagged
        `overwrite_with_gradient` (float8 scales) and drops them."""
        kept_grads, kept_variables = [], []
        for grad, variable in zip(grads, variables):
            if getattr(variable, "overwrite_with_gradient", False):
                variable.assign(ops.cast(grad, variable.dtype))
            else:
                kept_grads.append(grad)
                kept_variables.append(variable)
        return kept_grads, kept_variables

    def _prepare_gradient(self, grad, variable):
        if optimizer_utils.is_indexed_slices(grad):
            grad = optimizer_utils.densify(grad, variable.shape)
        grad = ops.convert_to_tensor(grad, dtype=variable.dtype)
        if self.loss_scale_factor is not None:
            grad = grad / ops.cast(self.loss_scale_factor, grad.dtype)
        return grad

    def _backend_apply_gradients(self, grads, variables):
        if self.gradient_accumulation_steps:
            self._accumulate_gradients(grads, variables)
        else:
            self._clip_decay_and_update(grads, variables)
        if self.use_ema:
            self._update_moving_averages()
        self._iterations.assign_add(1)

    def _clip_decay_and_update(self, grads, variables):
        grads = self._clip_gradients(grads)
        self._apply_weight_decay(variables)
        self._backend_update_step(grads, variables, self.learning_rate)

    def _backend_update_step(self, grads, variables, learning_rate):
        if self._fused_update(grads, variables, learning_rate):
            return
        for grad, variable in zip(grads, variables):
            self.update_step(grad, variable, learning_rate)

    # An optimizer with fused kernels defines `_fused_update_step(params,
    # grads, variables, learning_rate)` next to the `update_step` it
    # reproduces; `__init_subclass__` clears it for a subclass that
    # changes that arithmetic (its own `update_step`, `assign*` hooks).
    _fused_update_step = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls._fused_update_step is None:
            return
        # Where each method comes from in the MRO: the fused update holds
        # only if no class before its own redefines what it reproduces.
        mro = cls.__mro__
        fused_at = next(i for i, c in enumerate(mro)
                        if "_fused_update_step" in vars(c))
        for name in _FUSED_REPLACED:
            if any(name in vars(c) for c in mro[:fused_at]):
                cls._fused_update_step = None
                return

    def _fused_update(self, grads, variables, learning_rate):
        """Updates all `variables` at once with the backend's fused
        kernels when it has them (torch, eagerly); returns whether it
        did. One call per step instead of a dozen ops per variable."""
        if not _FUSED_UPDATES or self._fused_update_step is None:
            return False
        params = backend.optimizer.fused_update_tensors(variables, grads)
        if params is None:
            return False
        self._fused_update_step(params, grads, variables, learning_rate)
        return True

    def _slot_tensors(self, slots, variables):
        """The tensors of `slots` (a slot list) for `variables`."""
        return [slots[self._get_variable_index(v)]._value for v in variables]

    def _accumulate_gradients(self, grads, variables):
        steps = self.gradient_accumulation_steps
        accumulators = [
            self._accumulated_gradients[self._get_variable_index(v)]
            for v in variables
        ]
        is_update_step = ops.equal(
            ops.mod(self._iterations.value + 1, steps), 0
        )
        totals = [a.value + g for a, g in zip(accumulators, grads)]
        means = [t / ops.cast(steps, t.dtype) for t in totals]
        optimizer_utils.apply_if(
            is_update_step,
            lambda: self._clip_decay_and_update(means, variables),
            list(variables) + self._variables,
        )
        for accumulator, total in zip(accumulators, totals):
            accumulator.assign(
                ops.where(is_update_step, ops.zeros_like(total), total)
            )

    def _clip_gradients(self, grads):
        if self.clipnorm:
            return [
                optimizer_utils.clip_by_norm(g, self.clipnorm) for g in grads
            ]
        if self.global_clipnorm:
            return optimizer_utils.clip_by_global_norm(
                grads, self.global_clipnorm
            )
        if self.clipvalue:
            return [
                optimizer_utils.clip_by_value(g, self.clipvalue)
                for g in grads
            ]
        return grads

    def update_step(self, gradient, variable, learning_rate):
        """Updates one variable; what each optimizer implements.

        Args:
            gradient: the gradient, a tensor of the variable's dtype.
            variable: the variable to update.
            learning_rate: the current learning rate (a variable or
                tensor; cast it to the variable's dtype).
        """
        raise NotImplementedError(
            f"Optimizer {type(self).__name__} must implement "
            "`update_step(gradient, variable, learning_rate)`."
        )

    def assign(self, variable, value):
        """Sets `variable` to `value`."""
        variable.assign(value)

    def assign_add(self, variable, value):
        """Adds `value` to `variable`."""
        variable.assign_add(value)

    def assign_sub(self, variable, value):
        """Subtracts `value` from `variable`."""
        variable.assign_sub(value)

    # -- weight decay ---------------------------------------------------------

    def exclude_from_weight_decay(self, var_list=None, var_names=None):
        """Exempts variables from weight decay.

        Args:
            var_list: variables to exempt.
            var_names: regular expressions; a variable whose name matches
                one of them is exempt (e.g. `["bias"]`).
        """
        if isinstance(var_names, str):
            var_names = [var_names]
        for variable in var_list or ():
            self._exclude_from_weight_decay.add(id(variable))
        for pattern in var_names or ():
            if not isinstance(pattern, str):
                raise TypeError(
                    "Argument `var_names` must be a list of strings. "
                    f"Received an element: {pattern!r}"
                )
            self._exclude_from_weight_decay_names.append(pattern)

    def _use_weight_decay(self, variable):
        if id(variable) in self._exclude_from_weight_decay:
            return False
        name = getattr(variable, "name", "")
        return not any(
            re.search(pattern, name)
            for pattern in self._exclude_from_weight_decay_names
        )

    def _apply_weight_decay(self, variables):
        if self.weight_decay is None:
            return
        learning_rate = self.learning_rate
        for variable in variables:
            if self._use_weight_decay(variable):
                decay = ops.cast(self.weight_decay, variable.dtype) * ops.cast(
                    learning_rate, variable.dtype
                )
                variable.assign(variable.value - variable.value * decay)

    # -- moving averages ------------------------------------------------------

    def _update_moving_averages(self):
        first_step = ops.equal(self.iterations, 0)
        for variable, average in zip(
            self._trainable_variables, self._model_variables_moving_average
        ):
            momentum = ops.where(
                first_step, 0.0, ops.cast(self.ema_momentum, variable.dtype)
            )
            momentum = ops.cast(momentum, variable.dtype)
            average.assign(
                momentum * average.value + (1.0 - momentum) * variable.value
            )
        if self.ema_overwrite_frequency:
            overwrite = ops.equal(
                ops.mod(self.iterations + 1, self.ema_overwrite_frequency), 0
            )
            for variable, average in zip(
                self._trainable_variables,
                self._model_variables_moving_average,
            ):
                variable.assign(
                    ops.where(overwrite, average.value, variable.value)
                )

    def finalize_variable_values(self, var_list):
        """Replaces the variables by their moving averages when `use_ema`
        is set (the trainer calls it at the end of `fit`).

        Args:
            var_list: the trained variables.
        """
        if not self.use_ema:
            return
        for variable in var_list:
            index = self._variable_indices.get(id(variable))
            if index is not None:
                average = self._model_variables_moving_average[index]
                variable.assign(average.value)

    # -- stateless use --------------------------------------------------------

    def stateless_apply(self, optimizer_variables, grads, trainable_variables):
        """Runs `apply` as a pure function of the state (for `jax.jit`).

        Args:
            optimizer_variables: values of `self.variables`, in order.
            grads: the gradients.
            trainable_variables: values of the variables the optimizer was
                built with, in order.

        Returns:
            `(new_trainable_values, new_optimizer_values)`; no variable is
            changed.
        """
        if not self.built:
            raise ValueError(
                f"To call `stateless_apply`, {type(self).__name__} must be "
                "built (i.e. its variables must have been created). You "
                "can build it via `optimizer.build(trainable_variables)`."
            )
        own = self.variables
        if len(optimizer_variables) != len(own):
            raise ValueError(
                "Argument `optimizer_variables` must be a list of tensors "
                f"corresponding 1:1 to {type(self).__name__}().variables. "
                f"Received list with length {len(optimizer_variables)}, "
                f"but expected {len(own)} variables."
            )
        trained = self._trainable_variables
        if len(trainable_variables) != len(trained):
            raise ValueError(
                "Argument `trainable_variables` must hold one value per "
                f"variable the optimizer was built with ({len(trained)}). "
                f"Received {len(trainable_variables)} values."
            )
        mapping = list(zip(trained, trainable_variables))
        mapping += list(zip(own, optimizer_variables))
        with StatelessScope(state_mapping=mapping) as scope:
            self.apply(grads)
        return (
            optimizer_utils.read_values(scope, trained, trainable_variables),
            optimizer_utils.read_values(scope, own, optimizer_variables),
        )

    def scale_loss(self, loss):
        """Multiplies `loss` by `loss_scale_factor` (when set)."""
        if self.loss_scale_factor is None:
            return loss
        return loss * self.loss_scale_factor

    # -- saving ---------------------------------------------------------------

    def save_own_variables(self, store):
        """Writes the variables' values into `store` under "0", "1", ..."""
        for i, variable in enumerate(self.variables):
            store[str(i)] = variable.numpy()

    def load_own_variables(self, store):
        """Reads the variables' values from `store` (see
        `save_own_variables`); a store of another size is skipped with a
        warning."""
        variables = self.variables
        if len(store.keys()) != len(variables):
            warnings.warn(
                f"Skipping variable loading for optimizer '{self.name}', "
                f"because it has {len(variables)} variables whereas the "
                f"saved optimizer has {len(store.keys())} variables.",
                stacklevel=2,
            )
            return
        for i, variable in enumerate(variables):
            variable._load_from(store, str(i))

    def set_weights(self, weights):
        """Sets the optimizer variables from a list of arrays, in the order
        of `variables`."""
        variables = self.variables
        weights = list(weights)
        if len(weights) != len(variables):
            raise ValueError(
                f"Optimizer {self.name!r} has {len(variables)} variables; "
                f"received {len(weights)} weights."
            )
        for variable, weight in zip(variables, weights):
            shape = tuple(getattr(weight, "shape", ()))
            if shape != tuple(variable.shape):
                raise ValueError(
                    f"Optimizer variable {variable.path} has shape "
                    f"{variable.shape} not compatible with provided weight "
                    f"shape {shape}."
                )
            variable.assign(weight)

    def get_config(self):
        """Returns the arguments that recreate the optimizer."""
        learning_rate = self._learning_rate
        if isinstance(learning_rate, KerasVariable):
            learning_rate = float(learning_rate.numpy())
        else:
            learning_rate = serialization_lib.serialize_keras_object(
                learning_rate
            )
        return {
            "name": self.name,
            "learning_rate": learning_rate,
            "weight_decay": self.weight_decay,
            "clipnorm": self.clipnorm,
            "global_clipnorm": self.global_clipnorm,
            "clipvalue": self.clipvalue,
            "use_ema": self.use_ema,
            "ema_momentum": self.ema_momentum,
            "ema_overwrite_frequency": self.ema_overwrite_frequency,
            "loss_scale_factor": self.loss_scale_factor,
            "gradient_accumulation_steps": self.gradient_accumulation_steps,
        }

    @classmethod
    def from_config(cls, config, custom_objects=None):
        """Creates an optimizer from the output of `get_config()`.

        Args:
            config: the dict returned by `get_config()`.
            custom_objects: an optional dict of custom classes (custom
                learning rate schedules, say).

        Returns:
            An optimizer.
        """
        config = dict(config)
        if isinstance(config.get("learning_rate"), dict):
            config["learning_rate"] = (
                serialization_lib.deserialize_keras_object(
                    config["learning_rate"], custom_objects=custom_objects
                )
            )
        return cls(**config)

    def __repr__(self):
        return f"<{type(self).__name__} name={self.name}, built={self.built}>"


def _check_arguments(
    clipnorm, clipvalue, global_clipnorm, use_ema, ema_momentum,
    ema_overwrite_frequency, gradient_accumulation_steps, loss_scale_factor,
    weight_decay,
):
    utils = optimizer_utils
    utils.check_clipping(clipnorm, clipvalue, global_clipnorm)
    utils.check_ema(use_ema, ema_momentum, ema_overwrite_frequency)
    utils.check_accumulation(gradient_accumulation_steps)
    utils.check_optional_positive("loss_scale_factor", loss_scale_factor)
    utils.check_optional_positive("weight_decay", weight_decay, zero_ok=True)


# -- Keras's module-level names -------------------------------------------

# Keras's name for the optimizer base class.
BaseOptimizer = Optimizer

# The `Args:` entries every optimizer shares, for subclasses' docstrings
# (`{{base_optimizer_keyword_args}}` in Keras's own optimizers).
base_optimizer_keyword_args = """name: the optimizer's name; its variables' paths start with it.
        weight_decay: if set, every update first shrinks each variable by
            `variable * weight_decay * learning_rate`.
        clipnorm: if set, each gradient is rescaled so that its L2 norm is
            at most this value.
        clipvalue: if set, each gradient element is clipped to
            `[-clipvalue, clipvalue]`.
        global_clipnorm: if set, all gradients are rescaled together so
            that their joint L2 norm is at most this value.
        use_ema: whether to keep an exponential moving average of the
            trained variables.
        ema_momentum: the momentum of the moving average:
            `average = ema_momentum * average + (1 - ema_momentum) *
            variable`.
        ema_overwrite_frequency: if set (with `use_ema`), the variables are
            replaced by their moving averages every this many iterations;
            otherwise `fit()` does it once, at the end of training.
        loss_scale_factor: if set, the loss is multiplied by it and the
            gradients divided by it before use (against underflow in mixed
            precision).
        gradient_accumulation_steps: if set, gradients are averaged over
            this many steps and applied once at the end of each group.
"""


def global_norm(value_list):
    """Returns the joint L2 norm of the tensors of `value_list` (`None`
    entries are skipped).

    Example:

    >>> round(float(global_norm([np.ones(3), np.ones((2, 2))])), 4)
    2.6458
    """
    values = [
        ops.convert_to_tensor(v) for v in value_list if v is not None
    ]
    return optimizer_utils.global_norm(values)


def clip_by_global_norm(value_list, clip_norm):
    """Rescales the tensors of `value_list` by one factor so that their
    joint L2 norm is at most `clip_norm`; `None` entries stay `None`.

    Example:

    >>> out = clip_by_global_norm([np.ones(4), None], 1.0)
    >>> keras.ops.convert_to_numpy(out[0]).tolist(), out[1]
    ([0.5, 0.5, 0.5, 0.5], None)
    """
    present = [v for v in value_list if v is not None]
    clipped = iter(optimizer_utils.clip_by_global_norm(present, clip_norm))
    return [None if v is None else next(clipped) for v in value_list]
