"""The JAX backend's training steps: pure functions of the model state.

A step takes the state `(trainable, non_trainable, optimizer, metrics)`
values and a batch and returns the logs and the new state, so it can be
`jax.jit`ted. During `fit` the state lives in `model._jax_state`; it is
written back into the variables (`sync_state`) at the end of each epoch
and whenever `fit`, `evaluate` or `*_on_batch` return.

The steps run the model's ordinary, stateful code inside a
`StatelessScope` that maps every variable to its traced value and
collects the assignments, so layers, losses, metrics and optimizers need
no JAX-specific code.
"""

import jax
import jax.numpy as jnp

from keras.src import tree
from keras.src.backend.common.stateless_scope import StatelessScope
from keras.src.backend.jax.core import convert_to_tensor
from keras.src.trainers.data_adapters import data_adapter_utils

# `jit_compile="auto"` jits when every layer supports it.
AUTO_JIT = True


def check_can_train(model):
    """JAX trains every model."""


def _to_arrays(data):
    return tree.map_structure(
        lambda x: None if x is None else convert_to_tensor(x), data
    )


def _batch_size(x):
    return tree.flatten(x)[0].shape[0]


def _state_variables(model, kind):
    """The variable lists whose values make up the state of a step."""
    optimizer = model.optimizer
    lists = [model.trainable_variables, model.non_trainable_variables]
    if kind == "train":
        lists.append(optimizer.variables if optimizer is not None else [])
    if kind != "predict":
        lists.append(model.metrics_variables)
    return lists


def _current_state(model, kind):
    return tuple(
        [v.value for v in variables]
        for variables in _state_variables(model, kind)
    )


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


def train_step(model, state, data):
    """One step as a pure function: `(logs, new_state)`."""
    variables = _state_variables(model, "train")
    trainable, non_trainable, _, metrics = variables
    x, y, sample_weight = data_adapter_utils.unpack_x_y_sample_weight(data)

    def loss_fn(trainable_values, non_trainable_values, metrics_values):
        # Metrics are mapped too: the compiled loss updates its per-output
        # loss trackers while computing the loss.
        groups = [trainable, non_trainable, metrics]
        values = [trainable_values, non_trainable_values, metrics_values]
        with _scope(groups, values) as scope:
            y_pred = model(x, training=True)
            loss = model.compute_loss(
                x=x, y=y, y_pred=y_pred, sample_weight=sample_weight,
                training=True,
            )
            model._clear_losses()  # They hold traced values.
            _, new_non_trainable, new_metrics = _read(scope, groups, values)
        scaled = (
            model.optimizer.scale_loss(loss)
            if hasattr(model.optimizer, "scale_loss") else loss
        )
        return scaled, (loss, y_pred, new_non_trainable, new_metrics)

    grad_fn = jax.value_and_grad(loss_fn, has_aux=True)
    (_, (loss, y_pred, new_non_trainable, new_metrics)), gradients = grad_fn(
        state[0], state[1], state[3]
    )
    values = (state[0], new_non_trainable, state[2], new_metrics)
    with _scope(variables, values) as scope:
        if trainable:
            model.optimizer.apply(gradients, trainable)
        model._loss_tracker.update_state(loss, sample_weight=_batch_size(x))
        logs = model.compute_metrics(x, y, y_pred,
                                     sample_weight=sample_weight)
        new_state = _read(scope, variables, values)
    return logs, new_state


def test_step(model, state, data):
    variables = _state_variables(model, "test")
    with _scope(variables, state) as scope:
        logs = model._test_on_batch_data(data, _batch_size)
        model._clear_losses()  # They hold traced values.
        new_state = _read(scope, variables, state)
    return logs, new_state

def predict_step(model, state, data):
    variables = _state_variables(model, "predict")
    with _scope(variables, state) as scope:
        outputs = model._predict_on_batch_data(data)
        new_state = _read(scope, variables, state)
    return outputs, new_state

def _make(model, kind, step):
    if model.jit_compile and not model.run_eagerly:
        options = model.jit_compile
        step = jax.jit(step, **(options if isinstance(options, dict)
                                else {}))

    def run(batches):
        state = model._jax_state.get(kind) or _current_state(model, kind)
        outputs = None
        for data in batches:
            outputs, state = step(state, _to_arrays(data))
        model._jax_state[kind] = state
        return outputs

    _ensure_state_dict(model)
    return run


def _ensure_state_dict(model):
    if "_jax_state" not in model.__dict__:
        object.__setattr__(model, "_jax_state", {})


def make_train_function(model):
    return _make(model, "train", model.train_step)


def make_test_function(model):
    return _make(model, "test", model.test_step)


def make_predict_function(model):
    run = _make(model, "predict", model.predict_step)

    def predict_function(batches):
        outputs = [run([data]) for data in batches]
        if len(outputs) == 1:
            return outputs[0]
        return tree.map_structure(lambda *xs: jnp.concatenate(xs), *outputs)

    return predict_function


def sync_state(model, metrics_only=False):
    """Writes the state held by the steps back into the variables."""
    _ensure_state_dict(model)
    for kind, state in list(model._jax_state.items()):
        if metrics_only and kind == "train":
            continue  # An evaluation inside `fit`: training state stays.
        for variables, values in zip(_state_variables(model, kind), state):
            for variable, value in zip(variables, values):
                variable.assign(value)
        model._jax_state.pop(kind)
