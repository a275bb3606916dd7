"""`MultiOptimizer`: trains different variables with different
optimizers, chosen by an `OptimizerMap` or a function."""

import collections.abc
import re

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import base_optimizer
from keras.src.saving import serialization_lib


def _check_optimizer(value, what, error=ValueError):
    if not isinstance(value, base_optimizer.Optimizer):
        raise error(
            f"{what} must be a Keras Optimizer instance. Received: {value!r}"
        )


@keras_export("keras.optimizers.OptimizerMap")
class OptimizerMap(collections.abc.MutableMapping):
    """A mapping from variable paths to optimizers.

    Keys are regular expressions. A variable path is looked up exactly
    first, then against every key as a regular expression that must match
    the whole path; no match gives `default_optimizer`, several raise a
    `ValueError`.

    Args:
        default_optimizer: the optimizer of unmatched variables.
        optimizer_map: an optional dict `{regex: optimizer}`.

    Example:

    >>> sgd, adam = keras.optimizers.SGD(), keras.optimizers.Adam()
    >>> mapping = keras.optimizers.OptimizerMap(sgd, {"encoder/.*": adam})
    >>> mapping["encoder/kernel"] is adam, mapping["head/bias"] is sgd
    (True, True)
    """

    def __init__(self, default_optimizer, optimizer_map=None):
        _check_optimizer(default_optimizer, "default_optimizer", TypeError)
        self._default_optimizer = default_optimizer
        self._map = {}
        for key, optimizer in (optimizer_map or {}).items():
            self[key] = optimizer

    @property
    def default_optimizer(self):
        """The optimizer of variables no key matches."""
        return self._default_optimizer

    def __getitem__(self, key):
        if key in self._map:
            return self._map[key]
        matches = [
            optimizer
            for pattern, optimizer in self._map.items()
            if re.fullmatch(pattern, key)
        ]
        if len(matches) > 1:
            raise ValueError(
                f"Multiple optimizers assigned to variable {key}: its path "
                "matches several keys of the OptimizerMap."
            )
        return matches[0] if matches else self._default_optimizer

    def get(self, key, default=None):
        """The optimizer of `key` (a variable path); unmatched paths give
        the default optimizer, so `default` is unused."""
        del default
        return self[key]

    def __setitem__(self, key, optimizer):
        _check_optimizer(optimizer, "optimizer")
        self._map[key] = optimizer

    def __delitem__(self, key):
        del self._map[key]

    def __iter__(self):
        return iter(self._map)

    def __len__(self):
        return len(self._map)

    def get_config(self):
        """Returns the serialized default optimizer and map."""
        return {
            "default_optimizer": serialization_lib.serialize_keras_object(
                self._default_optimizer
            ),
            "optimizer_map": {
                key: serialization_lib.serialize_keras_object(optimizer)
                for key, optimizer in self._map.items()
            },
        }

    @classmethod
    def from_config(cls, config, custom_objects=None):
        """Creates a map from the output of `get_config()`."""

        def load(value):
            return serialization_lib.deserialize_keras_object(
                value, custom_objects=custom_objects
            )

        return cls(
            load(config["default_optimizer"]),
            {k: load(v) for k, v in config.get("optimizer_map", {}).items()},
        )


@keras_export("keras.optimizers.MultiOptimizer")
class MultiOptimizer(base_optimizer.Optimizer):
    """Delegates each variable to its own optimizer.

    The optimizer of a variable is `optimizer_map[variable.path]` for an
    `OptimizerMap`, or `optimizer_map(variable)` for a function. The
    sub-optimizers keep their own learning rates and iteration counts (see
    `optimizers`); this optimizer has no learning rate.

    Args:
        optimizer_map: an `OptimizerMap`, or a function from a variable to
            an optimizer.
        loss_scale_factor: if set, `scale_loss` multiplies the loss by it
            and the gradients are divided by it before dispatch.
        name: the optimizer's name.

    Example:

    >>> adam, sgd = keras.optimizers.Adam(0.1), keras.optimizers.SGD(0.1)
    >>> opt = keras.optimizers.MultiOptimizer(
    ...     keras.optimizers.OptimizerMap(sgd, {"enc.*": adam}))
    >>> opt.apply([keras.ops.ones((2,))], [keras.Variable([1.0, 2.0])])
    >>> [o is sgd for o in opt.optimizers]
    [False, True]
    """

    def __init__(self, optimizer_map, loss_scale_factor=None, name=None):
        if not isinstance(optimizer_map, OptimizerMap) and not callable(
            optimizer_map
        ):
            raise TypeError(
                "Argument `optimizer_map` must be an `OptimizerMap` or a "
                "function from a variable to an optimizer. Received: "
                f"optimizer_map={optimizer_map!r}"
            )
        super().__init__(
            learning_rate=0.0, loss_scale_factor=loss_scale_factor, name=name
        )
        self.optimizer_map = optimizer_map
        self._assignments = []

    def _optimizer_for(self, variable):
        if isinstance(self.optimizer_map, OptimizerMap):
            optimizer = self.optimizer_map[variable.path]
        else:
            optimizer = self.optimizer_map(variable)
        _check_optimizer(
            optimizer, f"The optimizer chosen for {variable.path}"
        )
        return optimizer

    def build(self, var_list):
        """Assigns each variable to its optimizer and builds them all."""
        if self.built:
            return
        var_list = list(var_list)
        self._assignments = [self._optimizer_for(v) for v in var_list]
        for optimizer in self.optimizers:
            optimizer.build(
                [v for v, o in zip(var_list, self._assignments)
                 if o is optimizer]
            )
        super().build(var_list)

    @property
    def optimizers(self):
        """The sub-optimizers: the map's (or the function's choices, in
        variable order), then the default one."""
        if isinstance(self.optimizer_map, OptimizerMap):
            candidates = list(self.optimizer_map.values())
            candidates.append(self.optimizer_map.default_optimizer)
        else:
            candidates = self._assignments
        unique = []
        for optimizer in candidates:
            if all(optimizer is not o for o in unique):
                unique.append(optimizer)
        return unique

    @property
    def variables(self):
        """This optimizer's variables, then each sub-optimizer's."""
        result = self._variables[:]
        for optimizer in self.optimizers:
            result.extend(optimizer.variables)
        return result

    @property
    def loss_scale_factor(self):
        """The factor `scale_loss` multiplies the loss by (or `None`);
        gradients are divided by it before dispatch."""
        return self._loss_scale_factor

    @loss_scale_factor.setter
    def loss_scale_factor(self, value):
        self._loss_scale_factor = value

    @property
    def learning_rate(self):
        """Not available: each sub-optimizer has its own."""
        raise AttributeError(
            "Learning rate cannot be accessed on a MultiOptimizer. Access "
            "the learning rate on the individual sub-optimizers instead."
        )

    @learning_rate.setter
    def learning_rate(self, value):
        raise AttributeError(
            "Learning rate cannot be set on a MultiOptimizer. Set the "
            "learning rate on the individual sub-optimizers instead."
        )

    def apply(self, grads, trainable_variables=None):
        """Unscales `grads` (with `loss_scale_factor`) and has each
        sub-optimizer apply those of its variables.

        Args:
            grads: the gradients, one per variable.
            trainable_variables: the variables; defaults to those the
                optimizer was built with.
        """
        grads = list(grads)
        variables = self._resolve_variables(trainable_variables)
        if len(grads) != len(variables):
            raise ValueError(
                "Arguments `grads` and `trainable_variables` must have the "
                f"same length. Received: {len(grads)} gradients and "
                f"{len(variables)} variables."
            )
        if self.loss_scale_factor is not None:
            grads = [
                None if g is None else ops.convert_to_tensor(g)
                / self.loss_scale_factor
                for g in grads
            ]
        for optimizer in self.optimizers:
            pairs = [
                (g, v) for g, v in zip(grads, variables)
                if self._assignments[self._get_variable_index(v)]
                is optimizer
            ]
            if pairs:
                optimizer.apply([g for g, _ in pairs], [v for _, v in pairs])
        self._iterations.assign_add(1)

    def finalize_variable_values(self, var_list):
        """Lets each sub-optimizer finalize its variables."""
        for optimizer in self.optimizers:
            optimizer.finalize_variable_values(
                [
                    v for v in var_list
                    if id(v) in self._variable_indices
                    and self._assignments[self._get_variable_index(v)]
                    is optimizer
                ]
            )

    def get_config(self):
        return {
            "optimizer_map": serialization_lib.serialize_keras_object(
                self.optimizer_map
            ),
            "loss_scale_factor": self.loss_scale_factor,
            "name": self.name,
        }

    @classmethod
    def from_config(cls, config, custom_objects=None):
        """Creates the optimizer from the output of `get_config()`."""
        config = dict(config)
        mapping = config.pop("optimizer_map")
        if isinstance(mapping, dict):
            mapping = serialization_lib.deserialize_keras_object(
                mapping, custom_objects=custom_objects
            )
        return cls(mapping, **config)
