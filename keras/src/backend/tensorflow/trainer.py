"""The TensorFlow backend's part of the trainer (the contract is in
`keras/src/trainers/backend_trainer.py`): the shared steps run as
`tf.function`s (with XLA when `jit_compile` is on), gradients from
`tf.GradientTape`.

`tf.distribute`: a model made (and compiled) in a strategy's scope
trains as with tf.keras. `fit`, `evaluate` and `predict` run in that
scope (`distribute_scope`), so variables built late are the strategy's
too; each step runs through `strategy.run`, one slice of the global
batch per replica (`_per_replica`), each replica's gradient loss
weighted by its share of the batch; the optimizer sums the replicas'
gradients and
updates the mirrored variables once (`backend/tensorflow/optimizer.py`);
metric totals are kept per replica and summed when read, so the logs
are those of the global batch.
"""

import contextlib
import threading
import warnings

import tensorflow as tf

from keras.src import tree
from keras.src.backend.tensorflow.core import convert_to_tensor
from keras.src.backend.tensorflow import distribution_lib
from keras.src.backend.tensorflow.distribution_lib import model_strategy

# Keras's helpers of this module, kept with the rest of the
# `tf.distribute` code.
concat = distribution_lib.concat
convert_to_np_if_not_ragged = distribution_lib.convert_to_np_if_not_ragged
potentially_ragged_concat = distribution_lib.potentially_ragged_concat
reduce_per_replica = distribution_lib.reduce_per_replica

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
    """Gradients recorded by a `tf.GradientTape`. Inside `strategy.run`
    the loss is weighted by the replica's share of the batch: the
    optimizer sums the replicas' gradients, which then average over the
    global batch."""
    with tf.GradientTape() as tape:
        scaled, aux = loss_fn()
        share = _batch_share()
        if share is not None:
            scaled = scaled * tf.cast(share, scaled.dtype)
    if not variables:
        return aux, []
    # The raw `tf.Variable`s: `.value` may be a cast copy (autocast).
    return aux, tape.gradient(scaled, [v._value for v in variables])


def update_scope():
    """Updates need no special context on TensorFlow."""
    return contextlib.nullcontext()


# This replica's share of the global batch (rows it got / all rows),
# set by `_run_steps` around the step each replica thread traces: the
# summed gradients of `share * local mean loss` are those of the global
# batch's mean loss, a short last batch split unevenly included.
_REPLICA = threading.local()


def _batch_share():
    """This replica's share of the batch inside `strategy.run`, else
    `None` (one device: the loss as it is)."""
    if not tf.distribute.has_strategy():
        return None
    if tf.distribute.in_cross_replica_context():
        return None
    return getattr(_REPLICA, "share", None)


def _with_share(step):
    def replica_step(data, share):
        _REPLICA.share = share
        try:
            return step(data)
        finally:
            _REPLICA.share = None

    return replica_step


def _per_replica(strategy, data):
    """One global batch as per-replica values `(batch, share)`: replica
    `i` of `n` takes rows `[i * b // n, (i + 1) * b // n)` of each
    tensor, on its device, and `share` is its fraction of the `b` rows.
    Split inside the step (not by `experimental_distribute_dataset`)
    so the same converted batches serve `fit`, the build on the first
    batch and `train_on_batch`."""

    first = [x for x in tree.flatten(data)
             if tf.is_tensor(x) and x.shape.rank]
    total = tf.shape(first[0], out_type=tf.int64)[0] if first else None

    def split(context):
        index = context.replica_id_in_sync_group
        count = context.num_replicas_in_sync
        if total is None:
            return data, tf.constant(1.0 / count)
        start = index * total // count
        stop = (index + 1) * total // count

        def take(x):
            if x is None or not tf.is_tensor(x) or x.shape.rank == 0:
                return x
            if isinstance(x, tf.SparseTensor):
                rest = tf.zeros([x.shape.rank - 1], tf.int64)
                return tf.sparse.slice(
                    x, tf.concat([[start], rest], 0),
                    tf.concat([[stop - start], x.dense_shape[1:]], 0),
                )
            return x[start:stop]

        share = tf.cast(stop - start, "float32") / tf.cast(
            tf.maximum(total, 1), "float32"
        )
        return tree.map_structure(take, data), share

    return strategy.experimental_distribute_values_from_function(split)


def _global_logs(model, strategy, outputs):
    """The logs of a step run on every replica: the tracked metrics'
    results read across replicas (summed totals), other entries (a
    custom `train_step`'s) from the first replica, as tf.keras does."""
    logs = reduce_per_replica(outputs, strategy, "first")
    if not isinstance(logs, dict):
        return logs
    results = model.get_metrics_result()
    return {k: results.get(k, v) for k, v in logs.items()}


def _run_steps(model, step, strategy):
    if strategy is None:
        def run(batches):
            outputs = None
            for data in batches:
                outputs = step(data)
            return outputs

        return run

    replica_step = _with_share(step)

    def run_distributed(batches):
        outputs = None
        for data in batches:
            outputs = strategy.run(
                replica_step, args=_per_replica(strategy, data)
            )
        return _global_logs(model, strategy, outputs)

    return run_distributed


def _wrap(model, step, strategy):
    """`step` as a `tf.function` (XLA-compiled when `jit_compile`), or
    eager when `run_eagerly`."""
    if model.run_eagerly:
        return step
    return tf.function(
        step, jit_compile=_use_xla(model, strategy), reduce_retracing=True
    )


_WARNED_XLA = []


def _use_xla(model, strategy):
    if not model.jit_compile:
        return False
    if strategy is not None:
        # XLA compiles a function for one device (the default one): the
        # replicas' variables on other devices and the cross-replica
        # update cannot be in it (upstream Keras fails there, as it does
        # under a `OneDeviceStrategy` on another device).
        # Once per process: "auto" resolves to XLA too, and the
        # compile config keeps only the resolved value.
        if not _WARNED_XLA:
            _WARNED_XLA.append(True)
            warnings.warn(
                "jit_compile=True is ignored under a tf.distribute "
                f"strategy ({type(strategy).__name__}): XLA compiles "
                "for the default device. The steps run as tf.functions "
                "without XLA.",
                stacklevel=3,
            )
        return False
    return True


def make_train_function(model):
    strategy = model_strategy(model)
    return _wrap(model, _run_steps(model, model.train_step, strategy),
                 strategy)


def make_test_function(model):
    strategy = model_strategy(model)
    return _wrap(model, _run_steps(model, model.test_step, strategy),
                 strategy)


def make_predict_function(model):
    strategy = model_strategy(model)

    predict_step = _with_share(model.predict_step)

    def outputs_of(data):
        if strategy is None:
            return model.predict_step(data)
        outputs = strategy.run(
            predict_step, args=_per_replica(strategy, data)
        )
        return reduce_per_replica(outputs, strategy, "concat")

    def run(batches):
        outputs = [outputs_of(data) for data in batches]
        if len(outputs) == 1:
            return outputs[0]
        return tree.map_structure(lambda *xs: tf.concat(xs, 0), *outputs)

    return _wrap(model, run, strategy)


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


def distribute_scope(model):
    """The scope `fit`, `evaluate` and `predict` run `model` in: its
    strategy's, so variables it builds then are the strategy's too (as
    tf.keras does); no scope for a model made outside any strategy.

    Example:

    >>> with distribute_scope(keras.Sequential()):
    ...     pass
    """
    strategy = model_strategy(model)
    if strategy is None or tf.distribute.has_strategy():
        return contextlib.nullcontext()
    return strategy.scope()
