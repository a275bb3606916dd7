"""The torch backend's part of the trainer (the contract is in
`keras/src/trainers/backend_trainer.py`): eager, or compiled steps.

Eagerly, the shared step body (`keras/src/trainers/steps.py`) takes
gradients with `loss.backward()`, which fills the `.grad` of the
variables' parameters, and the optimizer applies them under
`torch.no_grad()`.

With `jit_compile`, each step kind runs as one compiled graph covering
forward, loss, backward, optimizer update and metric updates
(`step_capture.py`). A model that overrides a step, or holds a layer
that does not support torch compilation, gets `torch.compile` of its
ordinary step instead (which breaks the graph at `loss.backward()`).

Under `keras.distribution.DataParallel` with a `torch.distributed`
process group of several processes (`distribution_lib.py`), the train
and test functions broadcast rank 0's weights on their first call and
give each step this rank's part of every global batch (a view); eager
gradients are averaged over the ranks in `compute_gradients`, captured
ones inside the graph; the logs each call returns are averaged over the
ranks and the metric states summed at the end of an epoch (`sync_state`),
so callbacks see the global figures. `predict` runs whole on every rank.
"""

import contextlib
import weakref

import torch

import numpy as np

from keras.src import tree
from keras.src.backend.torch import compiler
from keras.src.backend.torch import distribution_lib
from keras.src.backend.torch.core import convert_to_tensor
from keras.src.backend.torch.core import get_device
from keras.src.backend.torch.step_capture import CapturedStep
from keras.src.trainers import jit_resolution
from keras.src.trainers.backend_trainer import Passes
from keras.src.trainers.data_adapters.data_adapter import DataAdapter
from keras.src.trainers.data_adapters.data_adapter_utils import list_to_tuple

# `jit_compile="auto"` runs eagerly on torch (DESIGN.md section 5).
AUTO_JIT = False
# The default train step compiles as a single graph (`fullgraph=True`).
FULLGRAPH_TRAIN_STEP = True


def check_can_train(model):
    """Torch trains every model."""


def _to_tensor(x):
    if x is None or isinstance(x, torch.Tensor):
        return x
    if isinstance(x, np.ndarray):
        if x.dtype.kind in "OSUV":
            return x  # Strings and objects have no tensor form.
        if x.dtype.kind in "biuf" and x.dtype.name != "bfloat16" and (
                get_device() == "cpu"):
            # Shares the array's memory: ~3x cheaper than a copy.
            return torch.from_numpy(x if x.flags.writeable else x.copy())
    return convert_to_tensor(x)


def convert_batch(data):
    """One batch as torch tensors (a `DataLoader` collates `(x, y)`
    samples into lists: they become tuples)."""
    return tree.map_structure(_to_tensor, list_to_tuple(data))


def batch_iterable(data_adapter):
    """The adapter's batches as torch tensors, one pass per `iter()`."""
    if (type(data_adapter).get_torch_dataloader
            is DataAdapter.get_torch_dataloader):
        # The default loader only converts NumPy batches: converting them
        # here skips its per-batch machinery (~40us).
        return Passes(_same_order_on_every_rank(
            data_adapter.get_numpy_iterator), convert_batch)
    loader = data_adapter.get_torch_dataloader()
    return Passes(_same_order_on_every_rank(lambda: iter(loader)),
                  convert_batch)


def _same_order_on_every_rank(make):
    """`make`, drawing a data-parallel run's shuffles on every rank with
    rank 0's random states (NumPy's for arrays, torch's for a
    `DataLoader`), so that the ranks split the same global batches: one
    small broadcast per pass."""

    def make_pass():
        if distribution_lib.data_parallel_world() is not None:
            states = [np.random.get_state(), torch.get_rng_state()]
            torch.distributed.broadcast_object_list(states, src=0)
            np.random.set_state(states[0])
            torch.set_rng_state(states[1])
        return make()

    return make_pass


def compute_gradients(loss_fn, variables):
    """Gradients by `backward()` into the parameters' `.grad`."""
    if not variables:
        return loss_fn()[1], []
    for variable in variables:
        # Cheaper than `model.zero_grad()`, which walks every module.
        variable.value.grad = None
    scaled, aux = loss_fn()
    scaled.backward()
    gradients = [v.value.grad for v in variables]
    if distribution_lib.data_parallel_world() is not None:
        distribution_lib.mean_gradients(gradients)
    return aux, gradients


def update_scope():
    """Optimizer and metric updates record no autograd graph."""
    return torch.no_grad()


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
    return _last_logs_of(model, _compiled(model, "train"),
                         grad_enabled=True)


def make_test_function(model):
    return _last_logs_of(model, _compiled(model, "test"),
                         grad_enabled=False)


def _last_logs_of(model, step, grad_enabled):
    """A function running `step` on each batch, returning the last logs."""

    def run(batches):
        logs = None
        with torch.set_grad_enabled(grad_enabled):
            for data in batches:
                logs = step(data)
        return logs

    def run_data_parallel(batches):
        world = distribution_lib.data_parallel_world()
        if world is None:
            return run(batches)
        if not synced:
            # Every rank starts from rank 0's weights.
            distribution_lib.broadcast_variables(model.variables)
            synced.append(True)
        rank, size = world
        logs = run([distribution_lib.shard_batch(data, rank, size)
                    for data in batches])
        _unsummed_metrics.add(model)
        return logs if logs is None else distribution_lib.mean_logs(logs)

    synced = []
    return run_data_parallel


def make_predict_function(model):
    step = _compiled(model, "predict")

    def predict_function(batches):
        with torch.no_grad():
            outputs = [step(data) for data in batches]
        if len(outputs) == 1:
            return outputs[0]
        return tree.map_structure(lambda *xs: torch.cat(xs), *outputs)

    return predict_function


def sync_state(model, metrics_only=False):
    """Torch steps update the variables in place. In a data-parallel run,
    the metric states (totals and counts) are summed over the ranks, so
    that the epoch's results are those of the whole data."""
    if model in _unsummed_metrics:
        # Once per run of steps: `sync_state` also follows `predict`.
        _unsummed_metrics.discard(model)
        distribution_lib.sum_variables(model.metrics_variables)


# Models whose metric states hold this rank's figures alone.
_unsummed_metrics = weakref.WeakSet()


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


def distribute_scope(model):
    """No scope on this backend (see `backend_trainer.py`)."""
    return contextlib.nullcontext()
