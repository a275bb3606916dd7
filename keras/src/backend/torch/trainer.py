"""The torch backend's training steps: eager, or `torch.compile`d.

`loss.backward()` fills the `.grad` of the variables' parameters; the
optimizer applies them under `torch.no_grad()`.
"""

import torch

from keras.src import tree
from keras.src.backend.torch.core import convert_to_tensor
from keras.src.trainers.data_adapters import data_adapter_utils

# `jit_compile="auto"` runs eagerly on torch (DESIGN.md section 5).
AUTO_JIT = False


def check_can_train(model):
    """Torch trains every model."""


def _to_tensors(data):
    return tree.map_structure(
        lambda x: x if x is None or isinstance(x, torch.Tensor)
        else convert_to_tensor(x),
        data,
    )


def _batch_size(x):
    return tree.flatten(x)[0].shape[0]


def train_step(model, data):
    """Forward, loss, `backward()`, optimizer update, metrics."""
    x, y, sample_weight = data_adapter_utils.unpack_x_y_sample_weight(data)
    y_pred = model(x, training=True)
    loss = model.compute_loss(
        x=x, y=y, y_pred=y_pred, sample_weight=sample_weight, training=True
    )
    model._loss_tracker.update_state(loss, sample_weight=_batch_size(x))
    if hasattr(model.optimizer, "scale_loss"):
        loss = model.optimizer.scale_loss(loss)
    variables = model.trainable_weights
    if variables:
        model.zero_grad()
        loss.backward()
        gradients = [v.value.grad for v in variables]
        with torch.no_grad():
            model.optimizer.apply(gradients, variables)
    return model.compute_metrics(x, y, y_pred, sample_weight=sample_weight)


def test_step(model, data):
    """Forward, loss and metrics, without gradients."""
    return model._test_on_batch_data(data, _batch_size)

def predict_step(model, data):
    return model._predict_on_batch_data(data)

def _compiled(model, step):
    options = model.jit_compile
    if model.run_eagerly or not options:
        return step
    return torch.compile(step, **(options if isinstance(options, dict)
                                  else {}))


def make_train_function(model):
    step = _compiled(model, model.train_step)

    def train_function(batches):
        logs = None
        for data in batches:
            logs = step(_to_tensors(data))
        return logs

    return train_function


def make_test_function(model):
    step = _compiled(model, model.test_step)

    def test_function(batches):
        logs = None
        with torch.no_grad():
            for data in batches:
                logs = step(_to_tensors(data))
        return logs

    return test_function


def make_predict_function(model):
    step = _compiled(model, model.predict_step)

    def predict_function(batches):
        with torch.no_grad():
            outputs = [step(_to_tensors(data)) for data in batches]
        if len(outputs) == 1:
            return outputs[0]
        return tree.map_structure(lambda *xs: torch.cat(xs), *outputs)

    return predict_function


def sync_state(model, metrics_only=False):
    """Nothing to sync: torch steps update the variables in place."""
