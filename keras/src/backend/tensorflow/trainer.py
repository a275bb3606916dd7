"""The TensorFlow backend's part of the trainer (the contract is in
`keras/src/trainers/backend_trainer.py`): the shared steps run as
`tf.function`s (with XLA when `jit_compile` is on), gradients from
`tf.GradientTape`."""

import contextlib

import tensorflow as tf

from keras.src import tree
from keras.src.backend.tensorflow.core import convert_to_tensor

# `jit_compile="auto"` compiles with XLA when every layer supports it.
AUTO_JIT = True


def check_can_train(model):
    """TensorFlow trains every model."""


def convert_batch(data):
    """One batch as TensorFlow tensors."""
    return tree.map_structure(
        lambda x: x if x is None or tf.is_tensor(x) else convert_to_tensor(x),
        data,
    )


def batch_iterable(data_adapter):
    """The adapter's `tf.data.Dataset`: its elements are tensors, and it
    re-reads the adapter at each pass."""
    return data_adapter.get_tf_dataset()


def compute_gradients(loss_fn, variables):
    """Gradients recorded by a `tf.GradientTape`."""
    with tf.GradientTape() as tape:
        scaled, aux = loss_fn()
    if not variables:
        return aux, []
    # The raw `tf.Variable`s: `.value` may be a cast copy (autocast).
    return aux, tape.gradient(scaled, [v._value for v in variables])


def update_scope():
    """Updates need no special context on TensorFlow."""
    return contextlib.nullcontext()


def _run_steps(step):
    def run(batches):
        outputs = None
        for data in batches:
            outputs = step(data)
        return outputs

    return run


def _wrap(model, step):
    """`step` as a `tf.function` (XLA-compiled when `jit_compile`), or
    eager when `run_eagerly`."""
    if model.run_eagerly:
        return step
    return tf.function(
        step, jit_compile=bool(model.jit_compile), reduce_retracing=True
    )


def make_train_function(model):
    run = _wrap(model, _run_steps(model.train_step))
    return run


def make_test_function(model):
    run = _wrap(model, _run_steps(model.test_step))
    return run


def make_predict_function(model):
    def run(batches):
        outputs = [model.predict_step(data) for data in batches]
        if len(outputs) == 1:
            return outputs[0]
        return tree.map_structure(lambda *xs: tf.concat(xs, 0), *outputs)

    run = _wrap(model, run)
    return run


def sync_state(model, metrics_only=False):
    """Nothing to sync: TensorFlow steps update the variables in place."""


def __getattr__(name):
    # Keras's names for the trainer and epoch iterator on this backend:
    # the loop is backend-neutral, so they are the shared classes.
    # Imported on first use: `keras.src.trainers.trainer` loads this
    # module lazily too.
    if name == "TensorFlowTrainer":
        from keras.src.trainers.trainer import Trainer

        return Trainer
    if name == "TFEpochIterator":
        from keras.src.trainers.epoch_iterator import EpochIterator

        return EpochIterator
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
