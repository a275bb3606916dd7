"""Training steps as pure functions of the model's state.

A step takes the values of the model's variables (`state`: trainable,
non-trainable, optimizer and metric values, in the order of
`state_variables`) and a batch, and returns its outputs and the new
state, without changing any variable. It runs the step body of
`steps.py` inside a `StatelessScope` that maps every variable to its
value and records the assignments, so layers, losses, metrics and
optimizers need no backend-specific code.

Compilers that trace pure functions build on these: `jax.jit` on JAX,
and on torch a whole-step graph captured with `make_fx`
(`keras/src/backend/torch/step_capture.py`). Their gradients come from
a `value_and_grad` transform, turned into the body's
`compute_gradients` by `stateless_gradients`.
"""

import contextlib

from keras.src.backend.common.stateless_scope import StatelessScope
from keras.src.backend.common.stateless_scope import get_stateless_scope
from keras.src.trainers import steps


def state_variables(model, kind):
    """The variable lists whose values make up the state of a step.

    Args:
        model: a compiled model.
        kind: `"train"`, `"test"` or `"predict"`.

    Returns:
        A list of variable lists: trainable, non-trainable, then the
        optimizer's (train only) and the metrics' (train and test).
    """
    optimizer = model.optimizer
    lists = [model.trainable_variables, model.non_trainable_variables]
    if kind == "train":
        lists.append(optimizer.variables if optimizer is not None else [])
    if kind != "predict":
        lists.append(model.metrics_variables)
    return lists


def _scope(variables, values):
    mapping = []
    for group, group_values in zip(variables, values):
        mapping.extend(zip(group, group_values))
    return StatelessScope(state_mapping=mapping)


def _read(scope, variables, values):
    return tuple(
        [_current(scope, v, old) for v, old in zip(group, group_values)]
        for group, group_values in zip(variables, values)
    )


def _current(scope, variable, old):
    value = scope.get_current_value(variable)
    return old if value is None else value


def stateless_gradients(value_and_grad):
    """`compute_gradients` for a step run in a `StatelessScope`.

    Args:
        value_and_grad: `value_and_grad(fn)` returning a function that
            gives `((value, aux), gradients)` of `fn`'s first argument,
            as `jax.value_and_grad(fn, has_aux=True)` does.

    Returns:
        `compute_gradients(loss_fn, variables)` as `steps.train_step`
        takes it: `loss_fn` runs as a function of the variables' values
        (read from the open scope), and the state it updates (moving
        statistics, the compiled loss's trackers) goes back into the
        scope.
    """

    def compute_gradients(loss_fn, variables):
        outer = get_stateless_scope()
        if outer is None:
            raise ValueError(
                "Pure-function gradients need the step to run in a "
                "`StatelessScope` mapping the model's state (use "
                "`stateless_steps.train_step`)."
            )
        base = dict(outer.state_mapping)
        keys = [id(v) for v in variables]
        trainable = set(keys)

        def pure(values):
            inner = StatelessScope()
            inner.state_mapping = dict(base)
            inner.state_mapping.update(zip(keys, values))
            with inner:
                scaled, aux = loss_fn()
            updates = {
                key: value for key, value in inner.state_mapping.items()
                if key not in trainable and value is not base.get(key)
            }
            return scaled, (aux, updates)

        values = [base.get(key, v.value) for key, v in zip(keys, variables)]
        (_, (aux, updates)), gradients = value_and_grad(pure)(values)
        outer.state_mapping.update(updates)
        return aux, gradients

    return compute_gradients


def train_step(model, state, data, compute_gradients):
    """One training step: `(logs, new_state)`.

    Args:
        model: the compiled model.
        state: values for `state_variables(model, "train")`.
        data: one batch `(x, y, sample_weight)` (or shorter).
        compute_gradients: from `stateless_gradients`.
    """
    variables = state_variables(model, "train")
    with _scope(variables, state) as scope:
        logs = steps.train_step(model, data, compute_gradients,
                                contextlib.nullcontext)
        model._clear_losses()  # They hold traced values.
        new_state = _read(scope, variables, state)
    return logs, new_state


def test_step(model, state, data):
    """One evaluation step: `(logs, new_state)`."""
    variables = state_variables(model, "test")
    with _scope(variables, state) as scope:
        logs = steps.test_step(model, data)
        model._clear_losses()  # They hold traced values.
        new_state = _read(scope, variables, state)
    return logs, new_state


def predict_step(model, state, data):
    """One prediction step: `(outputs, new_state)`."""
    variables = state_variables(model, "predict")
    with _scope(variables, state) as scope:
        outputs = steps.predict_step(model, data)
        new_state = _read(scope, variables, state)
    return outputs, new_state
