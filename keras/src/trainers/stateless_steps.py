"""Training steps as pure functions of the model's state.

A step takes the values of the model's variables (`state`: trainable,
non-trainable, optimizer and metric values, in the order of
`state_variables`) and a batch, and returns its outputs and the new
state, without changing any variable. The model's ordinary, stateful
code runs inside a `StatelessScope` that maps every variable to its
value and records the assignments, so layers, losses, metrics and
optimizers need no backend-specific code.

Compilers that trace pure functions build on these: `jax.jit` on JAX,
and on torch a whole-step graph captured with `make_fx`
(`keras/src/backend/torch/step_capture.py`).
"""

from keras.src import tree
from keras.src.backend.common.stateless_scope import StatelessScope
from keras.src.trainers import overrides
from keras.src.trainers.data_adapters import data_adapter_utils


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


def batch_size(x):
    """The static batch size of the inputs `x` (the first tensor's)."""
    return tree.flatten(x)[0].shape[0]


def train_step(model, state, data, value_and_grad):
    """One training step: `(logs, new_state)`.

    Args:
        model: the compiled model.
        state: values for `state_variables(model, "train")`.
        data: one batch `(x, y, sample_weight)` (or shorter).
        value_and_grad: `value_and_grad(fn)` returning a function that
            gives `((value, aux), gradients)` of `fn`'s first argument,
            as `jax.value_and_grad(fn, has_aux=True)` does.
    """
    variables = state_variables(model, "train")
    trainable, non_trainable, _, metrics = variables
    x, y, sample_weight = data_adapter_utils.unpack_x_y_sample_weight(data)

    def loss_fn(trainable_values, non_trainable_values, metrics_values):
        # Metrics are mapped too: the compiled loss updates its per-output
        # loss trackers while computing the loss.
        groups = [trainable, non_trainable, metrics]
        values = [trainable_values, non_trainable_values, metrics_values]
        with _scope(groups, values) as scope:
            y_pred = model(x, training=True)
            loss = overrides.compute_loss(
                model, x, y, y_pred, sample_weight, training=True
            )
            model._clear_losses()  # They hold traced values.
            _, new_non_trainable, new_metrics = _read(scope, groups, values)
        scaled = (
            model.optimizer.scale_loss(loss)
            if hasattr(model.optimizer, "scale_loss") else loss
        )
        return scaled, (loss, y_pred, new_non_trainable, new_metrics)

    (_, aux), gradients = value_and_grad(loss_fn)(state[0], state[1],
                                                  state[3])
    loss, y_pred, new_non_trainable, new_metrics = aux
    values = (state[0], new_non_trainable, state[2], new_metrics)
    with _scope(variables, values) as scope:
        if trainable:
            model.optimizer.apply(gradients, trainable)
        model._loss_tracker.update_state(loss, sample_weight=batch_size(x))
        logs = model.compute_metrics(x, y, y_pred,
                                     sample_weight=sample_weight)
        new_state = _read(scope, variables, values)
    return logs, new_state


def test_step(model, state, data):
    """One evaluation step: `(logs, new_state)`."""
    variables = state_variables(model, "test")
    with _scope(variables, state) as scope:
        logs = model._test_on_batch_data(data, batch_size)
        model._clear_losses()  # They hold traced values.
        new_state = _read(scope, variables, state)
    return logs, new_state


def predict_step(model, state, data):
    """One prediction step: `(outputs, new_state)`."""
    variables = state_variables(model, "predict")
    with _scope(variables, state) as scope:
        outputs = model._predict_on_batch_data(data)
        new_state = _read(scope, variables, state)
    return outputs, new_state
