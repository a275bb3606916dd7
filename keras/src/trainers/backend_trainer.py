"""The contract between `keras/src/trainers/` and each backend's
`keras/src/backend/<name>/trainer.py`.

The loop (`Trainer.fit`, `evaluate`, `predict`), the step bodies
(`trainers/steps.py`: forward, loss, loss tracking, loss scaling,
optimizer update, metrics) and the data handling are written once. A
backend's trainer module supplies only what differs per framework, as
these module-level names, with the same parameters on every backend
(`keras/src/backend/backend_consistency_test.py` checks them against
`CONTRACT` below):

- `AUTO_JIT`: whether `jit_compile="auto"` compiles (when every layer
  supports it).
- `check_can_train(model)`: raises when the backend cannot train.
- `batch_iterable(data_adapter)`: the adapter's batches as the
  backend's tensors, each leaf converted once, on the current device;
  each `iter()` of it is one pass over the data. The steps convert
  nothing. On JAX, NumPy leaves stay on the host, cast to the dtypes
  JAX holds: the jitted step's call sends them to the device (cheaper
  than a separate `device_put` per batch).
- `convert_batch(data)`: one batch given directly (`train_on_batch`
  and co.), converted the same way.
- `compute_gradients(loss_fn, variables)`: how gradients are taken.
  `loss_fn()` runs the forward pass and the loss on the variables'
  current values and returns `(scaled_loss, aux)`; the result is
  `(aux, gradients)`, one gradient per variable. Eager torch calls
  `backward()`, TensorFlow records a `GradientTape`, JAX differentiates
  a pure function with `jax.value_and_grad` (`trainers/
  stateless_steps.py` turns a `value_and_grad` into this form).
- `update_scope()`: the context the optimizer update and metric
  updates run in (torch: no autograd recording).
- `make_train_function(model)`, `make_test_function(model)`,
  `make_predict_function(model)`: a callable running the model's step
  on a list of converted batches (`steps_per_execution` of them),
  compiled or not; the train and test ones return the last logs, the
  predict one the outputs of all batches, concatenated.
- `distribute_scope(model)`: the context `fit`, `evaluate`, `predict`
  and the `*_on_batch` methods run in (TensorFlow: the `tf.distribute`
  strategy the model was made under; elsewhere none).
- `sync_state(model, metrics_only=False)`: writes state that compiled
  steps hold outside the variables (JAX) back into them; with
  `metrics_only`, leaves the training state where it is (an
  evaluation inside `fit`).

`Model.train_step`, `test_step` and `predict_step` take Keras's
per-backend arguments: `(data)`, and `(state, data)` on JAX, where a step
is a pure function of the state (trainable, non-trainable, optimizer and
metric values, see `stateless_steps.state_variables`) returning
`(logs, new_state)`.
"""

import importlib

from keras.src.backend import config

# The names each backend trainer module defines, and their parameters.
CONTRACT = {
    "check_can_train": ("model",),
    "batch_iterable": ("data_adapter",),
    "convert_batch": ("data",),
    "compute_gradients": ("loss_fn", "variables"),
    "update_scope": (),
    "make_train_function": ("model",),
    "make_test_function": ("model",),
    "make_predict_function": ("model",),
    "sync_state": ("model", "metrics_only"),
    "distribute_scope": ("model",),
}
CONSTANTS = ("AUTO_JIT",)

_MODULE = []


def backend_trainer():
    """The active backend's `trainer` module, imported on first use (it
    imports the data adapters, which import the backend) and then read
    from a global, which compiled steps can trace."""
    if not _MODULE:
        _MODULE.append(importlib.import_module(
            f"keras.src.backend.{config.backend()}.trainer"
        ))
    return _MODULE[0]


class Passes:
    """An iterable whose every `iter()` is a new pass: `make()`'s
    iterator, each batch mapped through `convert`.

    Args:
        make: returns an iterator over one pass of batches.
        convert: applied to each batch.
    """

    def __init__(self, make, convert):
        self._make = make
        self._convert = convert

    def __iter__(self):
        return map(self._convert, self._make())
