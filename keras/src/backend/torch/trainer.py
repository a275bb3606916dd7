"""The torch backend's training steps: eager, or compiled.

Eagerly, `loss.backward()` fills the `.grad` of the variables'
parameters and the optimizer applies them under `torch.no_grad()`.

With `jit_compile`, each step kind runs as one compiled graph covering
forward, loss, backward, optimizer update and metric updates
(`step_capture.py`). A model that overrides a step, or holds a layer
that does not support torch compilation, gets `torch.compile` of its
ordinary step instead (which breaks the graph at `loss.backward()`).
"""

import torch

from keras.src import tree
from keras.src.backend.torch import compiler
from keras.src.backend.torch.core import convert_to_tensor
from keras.src.backend.torch.step_capture import CapturedStep
from keras.src.trainers import jit_resolution
from keras.src.trainers import overrides
from keras.src.trainers.data_adapters import data_adapter_utils
from keras.src.trainers.stateless_steps import batch_size

# `jit_compile="auto"` runs eagerly on torch (DESIGN.md section 5).
AUTO_JIT = False
# The default train step compiles as a single graph (`fullgraph=True`).
FULLGRAPH_TRAIN_STEP = True


def check_can_train(model):
    """Torch trains every model."""


def _to_tensors(data):
    return tree.map_structure(
        lambda x: x if x is None or isinstance(x, torch.Tensor)
        else convert_to_tensor(x),
        data,
    )


def train_step(model, data):
    """Forward, loss, `backward()`, optimizer update, metrics."""
    x, y, sample_weight = data_adapter_utils.unpack_x_y_sample_weight(data)
    y_pred = model(x, training=True)
    loss = overrides.compute_loss(
        model, x, y, y_pred, sample_weight, training=True
    )
    model._loss_tracker.update_state(loss, sample_weight=batch_size(x))
    if hasattr(model.optimizer, "scale_loss"):
        loss = model.optimizer.scale_loss(loss)
    variables = model.trainable_weights
    if variables:
        for variable in variables:
            # Cheaper than `model.zero_grad()`, which walks every module.
            variable.value.grad = None
        loss.backward()
        gradients = [v.value.grad for v in variables]
        with torch.no_grad():
            model.optimizer.apply(gradients, variables)
    return model.compute_metrics(x, y, y_pred, sample_weight=sample_weight)


def test_step(model, data):
    """Forward, loss and metrics, without gradients."""
    return model._test_on_batch_data(data, batch_size)


def predict_step(model, data):
    return model._predict_on_batch_data(data)


def _compiled(model, kind):
    step = getattr(model, f"{kind}_step")
    options = model.jit_compile
    if model.run_eagerly or not options:
        return step
    options = options if isinstance(options, dict) else {}
    compiler.use_compilation_cache()
    unsupported = jit_resolution.unsupported_layers(model, "torch")
    if not unsupported and _keeps_keras_step(model, kind):
        return CapturedStep(model, kind, options)
    for layer in unsupported:
        _run_outside_compiled_region(layer)
    return torch.compile(step, **options)


def _keeps_keras_step(model, kind):
    from keras.src.trainers.trainer import Trainer

    name = f"{kind}_step"
    return getattr(type(model), name) is getattr(Trainer, name)


def _run_outside_compiled_region(layer):
    # Dynamo breaks the graph at the layer's `call` and runs it eagerly;
    # the rest of the step stays compiled.
    if "call" not in layer.__dict__:
        object.__setattr__(layer, "call",
                           torch.compiler.disable(layer.call))


def make_train_function(model):
    return _last_logs_of(_compiled(model, "train"), grad_enabled=True)


def make_test_function(model):
    return _last_logs_of(_compiled(model, "test"), grad_enabled=False)


def _last_logs_of(step, grad_enabled):
    """A function running `step` on each batch, returning the last logs."""

    def run(batches):
        logs = None
        with torch.set_grad_enabled(grad_enabled):
            for data in batches:
                logs = step(_to_tensors(data))
        return logs

    return run


def make_predict_function(model):
    step = _compiled(model, "predict")

    def predict_function(batches):
        with torch.no_grad():
            outputs = [step(_to_tensors(data)) for data in batches]
        if len(outputs) == 1:
            return outputs[0]
        return tree.map_structure(lambda *xs: torch.cat(xs), *outputs)

    return predict_function


def sync_state(model, metrics_only=False):
    """Nothing to sync: torch steps update the variables in place."""


def __getattr__(name):
    # Keras's names for the trainer and epoch iterator on this backend:
    # the loop is backend-neutral, so they are the shared classes.
    # Imported on first use: `keras.src.trainers.trainer` loads this
    # module lazily too.
    if name == "TorchTrainer":
        from keras.src.trainers.trainer import Trainer

        return Trainer
    if name == "TorchEpochIterator":
        from keras.src.trainers.epoch_iterator import EpochIterator

        return EpochIterator
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
