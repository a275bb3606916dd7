"""The train, test and predict step bodies, written once for every
backend.

A train step is forward pass, loss, loss tracking, loss scaling,
gradients, optimizer update and metric updates. Only how gradients are
taken differs between backends, so the body takes it as an argument:
`compute_gradients(loss_fn, variables)` and `update_scope()`, from the
backend's trainer module (the contract is in `backend_trainer.py`), or,
for steps run as pure functions of the state (JAX, the captured torch
step), from `stateless_steps.stateless_gradients`.
"""

from keras.src import ops
from keras.src import tree
from keras.src.trainers import overrides
from keras.src.trainers.data_adapters import data_adapter_utils


def batch_size(x):
    """The batch size of the inputs `x` (the first tensor's): static when
    known, else a scalar tensor (a `tf.function` traced for any batch
    size)."""
    first = tree.flatten(x)[0]
    size = first.shape[0]
    return ops.shape(first)[0] if size is None else size


def train_step(model, data, compute_gradients, update_scope):
    """One optimization step on `data`; returns the logs.

    Args:
        model: the compiled model.
        data: one batch `(x, y, sample_weight)` (or shorter), converted.
        compute_gradients: `compute_gradients(loss_fn, variables)`
            returning `(aux, gradients)`, where `loss_fn()` returns
            `(scaled_loss, aux)`.
        update_scope: returns the context the updates run in.

    Returns:
        The logs: `{name: value}` of the tracked metrics.
    """
    x, y, sample_weight = data_adapter_utils.unpack_x_y_sample_weight(data)
    optimizer = model.optimizer

    def loss_fn():
        y_pred = model(x, training=True)
        loss = overrides.compute_loss(
            model, x, y, y_pred, sample_weight, training=True
        )
        # A `LossScaleOptimizer` scales the loss, and unscales the
        # gradients in `apply`.
        scale = getattr(optimizer, "scale_loss", None)
        scaled = loss if scale is None else scale(loss)
        return scaled, (loss, y_pred)

    variables = model.trainable_weights
    (loss, y_pred), gradients = compute_gradients(loss_fn, variables)
    with update_scope():
        model._loss_tracker.update_state(loss, sample_weight=batch_size(x))
        if variables:
            optimizer.apply(gradients, variables)
        return model.compute_metrics(x, y, y_pred,
                                     sample_weight=sample_weight)


def test_step(model, data):
    """Forward pass, loss and metrics of one evaluation batch; returns
    the logs."""
    x, y, sample_weight = data_adapter_utils.unpack_x_y_sample_weight(data)
    y_pred = model(x, training=False)
    loss = overrides.compute_loss(
        model, x, y, y_pred, sample_weight, training=False
    )
    model._loss_tracker.update_state(loss, sample_weight=batch_size(x))
    return model.compute_metrics(x, y, y_pred, sample_weight=sample_weight)


def predict_step(model, data):
    """The model's outputs on one batch."""
    x, _, _ = data_adapter_utils.unpack_x_y_sample_weight(data)
    return model(x, training=False)
