"""The JAX backend's training steps: pure functions of the model state.

A step takes the state `(trainable, non_trainable, optimizer, metrics)`
values and a batch and returns the logs and the new state, so it can be
`jax.jit`ted. During `fit` the state lives in `model._jax_state`; it is
written back into the variables (`sync_state`) at the end of each epoch
and whenever `fit`, `evaluate` or `*_on_batch` return.

The step bodies are the backend-neutral ones of
`keras/src/trainers/steps.py`, run as pure functions by
`stateless_steps.py` and differentiated with `jax.value_and_grad`. The
contract with the shared trainer is in
`keras/src/trainers/backend_trainer.py`.

Under a `keras.distribution` distribution each batch is sharded once,
here, over the mesh's batch axis (`convert_batch`), and the jitted step
is told to return every laid-out variable with the sharding it came in
with, so the state keeps its layout from step to step instead of being
re-laid-out (or gathered) by the compiler's choice.
"""

import contextlib

import jax
import jax.numpy as jnp
import numpy as np

from keras.src import tree
from keras.src.backend.common import global_state
from keras.src.backend.jax import compiler
from keras.src.backend.jax import distribution_lib
from keras.src.backend.jax.core import _jax_dtype
from keras.src.backend.jax.core import convert_to_tensor
from keras.src.trainers import stateless_steps
from keras.src.trainers.backend_trainer import Passes

# `jit_compile="auto"` jits when every layer supports it.
AUTO_JIT = True


def check_can_train(model):
    """JAX trains every model."""


def _host_array(x):
    """A NumPy leaf in the dtype JAX will hold (cast here, on the host:
    a cast on the device would be one more dispatched op per batch), or
    `None` for any other leaf."""
    if type(x) is not np.ndarray or x.dtype.kind in "USO":
        return None
    dtype = _jax_dtype(x.dtype)
    return x if x.dtype == dtype else x.astype(dtype)


def _to_device(data):
    """`data`'s leaves as JAX arrays: NumPy leaves cast on the host
    (`_host_batch`) and sent in one `device_put` for the whole batch."""
    return jax.device_put(_host_batch(data))


def convert_batch(data):
    """One batch as JAX arrays, sharded as the current distribution (if
    any) lays out data."""
    distribution = global_state.get_global_attribute("distribution")
    if distribution is None:
        return _to_device(data)

    def shard(x):
        if x is None:
            return None
        # NumPy batches go straight from host memory to their devices,
        # one slice per device, without a stop on the default device.
        layout = distribution.get_data_layout(np.shape(x))
        return distribution_lib.distribute_data_input(
            x, layout, distribution.batch_dim_name
        )

    return tree.map_structure(shard, data)


def _host_batch(data):
    """`data` with its NumPy leaves cast on the host to the dtypes JAX
    holds (other leaves converted to JAX arrays): what a jitted step
    takes directly (see `batch_iterable`)."""

    def convert(x):
        if x is None:
            return None
        host = _host_array(x)
        return convert_to_tensor(x) if host is None else host

    return tree.map_structure(convert, data)


def batch_iterable(data_adapter):
    """The adapter's batches, one pass per `iter()`.

    Without a distribution, NumPy leaves stay on the host, cast to the
    dtypes JAX holds: a jitted step's dispatch (C++) sends them to the
    device with its call, several times cheaper per batch than a
    separate `device_put`; steps that are not jitted get them converted
    by `make_train_function`'s runner, so each leaf is still converted
    once. Under a distribution each batch is sharded here."""
    if global_state.get_global_attribute("distribution") is not None:
        return Passes(data_adapter.get_jax_iterator, convert_batch)
    return Passes(data_adapter.get_jax_iterator, _host_batch)


def _state_variables(model, kind):
    return stateless_steps.state_variables(model, kind)


def _current_state(model, kind):
    return tuple(
        [v.value for v in variables]
        for variables in _state_variables(model, kind)
    )


def _value_and_grad(fn):
    return jax.value_and_grad(fn, has_aux=True)


# Steps run as pure functions of the state (`Model.train_step(state,
# data)`): gradients of the loss as a function of the trainable values.
_STATELESS_GRADIENTS = stateless_steps.stateless_gradients(_value_and_grad)


def compute_gradients(loss_fn, variables):
    """Gradients by `jax.value_and_grad` of the loss as a function of the
    trainable values (inside the step's `StatelessScope`)."""
    return _STATELESS_GRADIENTS(loss_fn, variables)


def update_scope():
    """Updates need no special context on JAX."""
    return contextlib.nullcontext()


def _state_shardings(model, kind):
    """The sharding of each state value whose variable has a layout
    (`None` for the others)."""
    return tuple(
        [
            None if v._layout is None else distribution_lib._sharding(
                v._layout
            )
            for v in variables
        ]
        for variables in _state_variables(model, kind)
    )


def _keeping_layouts(model, kind, step):
    """`step`, constraining its new state to the variables' layouts."""

    def laid_out_step(state, data):
        outputs, state = step(state, data)
        # Read at trace time (once per compiled signature).
        shardings = _state_shardings(model, kind)
        state = tuple(
            [
                value if sharding is None
                else jax.lax.with_sharding_constraint(value, sharding)
                for value, sharding in zip(values, group)
            ]
            for values, group in zip(state, shardings)
        )
        return outputs, state

    return laid_out_step


def _make(model, kind, step):
    if global_state.get_global_attribute("distribution") is not None:
        step = _keeping_layouts(model, kind, step)
    donating = False
    jitted = bool(model.jit_compile) and not model.run_eagerly
    if jitted:
        options = model.jit_compile
        options = dict(options) if isinstance(options, dict) else {}
        # The state goes in and comes out once per step: donating it
        # lets XLA update the weights and slots in place instead of
        # allocating (and writing) a new copy of all of them each step.
        options.setdefault("donate_argnums", 0)
        donating = options["donate_argnums"] in (0, (0,), [0])
        compiler.use_compilation_cache()
        step = jax.jit(step, **options)

    def run(batches):
        state = model._jax_state.get(kind)
        if state is None:
            state = _current_state(model, kind)
            if donating:
                # The variables keep their own buffers (read between
                # steps, e.g. by callbacks, until `sync_state`): the
                # steps get and donate copies.
                state = jax.device_put(state, may_alias=False)
        outputs = None
        for data in batches:
            if not jitted:
                data = _to_device(data)
            outputs, state = step(state, data)
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
        groups = zip(_state_variables(model, kind), state)
        if kind != "train":
            # Evaluation and inference leave the trainable values as they
            # were: only the other groups need writing.
            next(groups)
        for variables, values in groups:
            for variable, value in zip(variables, values):
                variable.assign(value)
        model._jax_state.pop(kind)


def __getattr__(name):
    # Keras's names for the trainer and epoch iterator on JAX: the loop is
    # backend-neutral, so they are the shared classes. Imported on first
    # use: `keras.src.trainers.trainer` loads this module lazily too.
    if name == "JAXTrainer":
        from keras.src.trainers.trainer import Trainer

        return Trainer
    if name == "JAXEpochIterator":
        from keras.src.trainers.epoch_iterator import EpochIterator

        return EpochIterator
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def distribute_scope(model):
    """No scope on this backend (see `backend_trainer.py`)."""
    return contextlib.nullcontext()
