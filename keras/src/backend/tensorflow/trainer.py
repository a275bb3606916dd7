"""The TensorFlow backend's training steps, run as `tf.function`s (with
XLA when `jit_compile` is on), gradients from `tf.GradientTape`."""

import tensorflow as tf

from keras.src import tree
from keras.src.backend.tensorflow.core import convert_to_tensor
from keras.src.trainers import overrides
from keras.src.trainers.data_adapters import data_adapter_utils

# `jit_compile="auto"` compiles with XLA when every layer supports it.
AUTO_JIT = True


def check_can_train(model):
    """TensorFlow trains every model."""


def _to_tensors(data):
    return tree.map_structure(
        lambda x: x if x is None or tf.is_tensor(x) else convert_to_tensor(x),
        data,
    )


def _batch_size(x):
    return tf.shape(tree.flatten(x)[0])[0]


def train_step(model, data):
    """Forward under a `GradientTape`, loss, gradients, update, metrics."""
    x, y, sample_weight = data_adapter_utils.unpack_x_y_sample_weight(data)
    with tf.GradientTape() as tape:
        y_pred = model(x, training=True)
        loss = overrides.compute_loss(
            model, x, y, y_pred, sample_weight, training=True
        )
        model._loss_tracker.update_state(loss,
                                         sample_weight=_batch_size(x))
        scaled = (
            model.optimizer.scale_loss(loss)
            if hasattr(model.optimizer, "scale_loss") else loss
        )
    variables = model.trainable_weights
    if variables:
        # The raw `tf.Variable`s: `.value` may be a cast copy (autocast).
        gradients = tape.gradient(scaled, [v._value for v in variables])
        # Every gradient before any update: a rematerialized layer
        # (`keras.RematScope`) reads variables again while gradients are
        # computed, and without this a graph may update them first.
        with tf.control_dependencies([g for g in gradients if g is not None]):
            model.optimizer.apply(gradients, variables)
    return model.compute_metrics(x, y, y_pred, sample_weight=sample_weight)


def test_step(model, data):
    """Forward, loss and metrics, without gradients."""
    return model._test_on_batch_data(data, _batch_size)

def predict_step(model, data):
    return model._predict_on_batch_data(data)

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
    return lambda batches: run([_to_tensors(d) for d in batches])


def make_test_function(model):
    run = _wrap(model, _run_steps(model.test_step))
    return lambda batches: run([_to_tensors(d) for d in batches])


def make_predict_function(model):
    def run(batches):
        outputs = [model.predict_step(data) for data in batches]
        if len(outputs) == 1:
            return outputs[0]
        return tree.map_structure(lambda *xs: tf.concat(xs, 0), *outputs)

    run = _wrap(model, run)
    return lambda batches: run([_to_tensors(d) for d in batches])


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
