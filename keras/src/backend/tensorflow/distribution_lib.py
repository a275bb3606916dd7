"""The TensorFlow side of `keras.distribution`.

On TensorFlow, multi-device work runs on `tf.distribute`: a model made
and compiled in a strategy's scope (`MirroredStrategy` over the local
GPUs or logical CPUs, `MultiWorkerMirroredStrategy` across processes
configured by `TF_CONFIG`) trains data-parallel, as with tf.keras
(`backend/tensorflow/trainer.py`). This module reports the devices
TensorFlow sees with Keras's names (`"cpu:0"`, `"gpu:1"`) and accepts
the layouts a strategy can hold: replicated values, or the batch split
along its first axis. Sharding a weight over a mesh (`ModelParallel`)
has no `tf.distribute` counterpart here and raises a `ValueError`
naming the backend; `jax` does it.
"""

import contextlib
import json
import os

import numpy as np
import tensorflow as tf


def list_devices(device_type=None):
    """The logical devices TensorFlow sees, as Keras strings.

    Args:
        device_type: `"cpu"`, `"gpu"` or `"tpu"`; `None` lists the
            accelerators when there are any, else the CPUs.

    Returns:
        A list such as `["cpu:0", "cpu:1"]`.

    Example:

    >>> list_devices("cpu")[0]
    'cpu:0'
    """
    if device_type is not None:
        if not isinstance(device_type, str) or device_type.lower() not in (
            "cpu", "gpu", "tpu"
        ):
            raise ValueError(
                "`device_type` must be 'cpu', 'gpu' or 'tpu' on the "
                f"TensorFlow backend. Received: device_type={device_type!r}"
            )
        kinds = [device_type.upper()]
    else:
        kinds = ["TPU", "GPU", "CPU"]
    for kind in kinds:
        devices = tf.config.list_logical_devices(kind)
        if devices:
            return [_keras_name(d.name) for d in devices]
    return []


def _keras_name(tf_name):
    # "/job:localhost/replica:0/task:0/device:CPU:1" -> "cpu:1"
    spec = tf.DeviceSpec.from_string(tf_name)
    return f"{spec.device_type.lower()}:{spec.device_index}"


def get_device_count(device_type=None):
    """How many devices of `device_type` TensorFlow sees in this process
    (logical ones: a CPU split by
    `tf.config.set_logical_device_configuration` counts each part).

    Example:

    >>> get_device_count("cpu") >= 1
    True
    """
    return len(list_devices(device_type))


def _tf_config():
    try:
        return json.loads(os.environ.get("TF_CONFIG", "") or "{}")
    except ValueError:
        return {}


def initialize(job_addresses=None, num_processes=None, process_id=None):
    """A single process needs nothing; several join through `TF_CONFIG`
    and `tf.distribute.MultiWorkerMirroredStrategy`, not here.

    Args:
        job_addresses: unused on one process.
        num_processes: `None` or 1 on this backend.
        process_id: `None` or 0 on this backend.

    Example:

    >>> initialize()
    """
    if (num_processes or 1) > 1 or job_addresses or (process_id or 0):
        raise RuntimeError(
            "The TensorFlow backend joins several processes through "
            "`tf.distribute.MultiWorkerMirroredStrategy`, configured by "
            "the `TF_CONFIG` environment variable, not through "
            "`keras.distribution.initialize`. Received: "
            f"job_addresses={job_addresses!r}, "
            f"num_processes={num_processes!r}, process_id={process_id!r}"
        )


def num_processes():
    """How many workers `TF_CONFIG` lists (1 without it).

    Example:

    >>> num_processes() >= 1
    True
    """
    cluster = _tf_config().get("cluster", {})
    count = sum(
        len(cluster.get(kind, [])) for kind in ("chief", "worker")
    )
    return max(count, 1)


def process_id():
    """This worker's index among `num_processes()` (0 without
    `TF_CONFIG`; the chief comes first).

    Example:

    >>> process_id() >= 0
    True
    """
    config = _tf_config()
    task = config.get("task", {})
    index = int(task.get("index", 0))
    chiefs = len(config.get("cluster", {}).get("chief", []))
    return index + chiefs if task.get("type") == "worker" else index


def _mesh_devices(layout):
    mesh = getattr(layout, "device_mesh", None)
    if mesh is None:
        return []
    return list(np.ravel(mesh.devices))


def _check_layout(layout, what):
    """Accepts layouts a `tf.distribute` strategy can hold: one device,
    or every axis replicated except possibly the first (the batch)."""
    devices = _mesh_devices(layout)
    if len(devices) <= 1:
        return
    axes = tuple(getattr(layout, "axes", ()))
    if any(axis is not None for axis in axes[1:]):
        raise ValueError(
            f"The TensorFlow backend cannot lay out {what} as {layout}: "
            "tf.distribute mirrors weights and splits batches along "
            "their first axis only. Use a tf.distribute strategy for "
            "data parallelism, or the jax backend for `ModelParallel`."
        )


@contextlib.contextmanager
def _on_device(devices):
    if len(devices) == 1:
        with tf.device(str(devices[0])):
            yield
    else:
        yield


def distribute_tensor(tensor, layout):
    """Places `tensor` as `layout` says: on the mesh's device when it has
    one; a layout over several devices leaves it where it is (a
    `tf.distribute` strategy mirrors or splits it when a step runs).

    Args:
        tensor: a tensor or array.
        layout: a `keras.distribution.TensorLayout` (or `None`).

    Returns:
        The tensor as a `tf.Tensor`.

    Example:

    >>> distribute_tensor([1.0, 2.0], None).shape
    TensorShape([2])
    """
    _check_layout(layout, "a tensor")
    with _on_device(_mesh_devices(layout)):
        return tf.identity(tensor)


def distribute_value(value, tensor_layout):
    """Keras's name on TensorFlow for `distribute_tensor(value,
    tensor_layout)`.

    Example:

    >>> distribute_value([1.0], None).shape
    TensorShape([1])
    """
    return distribute_tensor(value, tensor_layout)


def distribute_variable(value, layout):
    """A variable's initial `value` for `layout`: placed on a
    one-device mesh; otherwise unchanged (a strategy in scope mirrors
    the variable when it is created).

    Example:

    >>> distribute_variable(tf.zeros((2,)), None).shape
    TensorShape([2])
    """
    _check_layout(layout, "a variable")
    devices = _mesh_devices(layout)
    if len(devices) == 1:
        with tf.device(str(devices[0])):
            return tf.identity(value)
    return value


def distribute_data_input(per_process_batch, layout, batch_dim_name):
    """This process's batch, unchanged: inside a strategy, `fit` splits
    each batch between the replicas when the step runs.

    Args:
        per_process_batch: this process's part of the global batch.
        layout: the batch's `keras.distribution.TensorLayout`.
        batch_dim_name: the mesh axis the batch is split over.

    Example:

    >>> distribute_data_input([1.0], None, "batch")
    [1.0]
    """
    del batch_dim_name
    _check_layout(layout, "a batch")
    return per_process_batch


def model_strategy(model):
    """The `tf.distribute` strategy `model` belongs to: the one in
    scope, else the one holding its variables (or its metrics' or
    optimizer's, which `compile` makes in the scope), else `None`.

    Example:

    >>> model_strategy(keras.Sequential()) is None
    True
    """
    if tf.distribute.has_strategy():
        return tf.distribute.get_strategy()
    # Decided by the first variable found and then remembered: `fit`
    # and `train_on_batch` ask at every call, and a model's variables
    # all come from the context it was made in.
    known = model.__dict__.get("_tf_distribute_strategy", _UNKNOWN)
    if known is not _UNKNOWN:
        return known
    sources = [lambda: model.variables,
               lambda: getattr(model, "metrics_variables", [])]
    optimizer = getattr(model, "optimizer", None)
    if optimizer is not None:
        sources.append(lambda: optimizer.variables)
    for source in sources:
        variables = list(source())
        if variables:
            holder = getattr(variables[0], "_value", None)
            strategy = getattr(holder, "_distribute_strategy", None)
            object.__setattr__(model, "_tf_distribute_strategy", strategy)
            return strategy
    return None


_UNKNOWN = object()


def reduce_per_replica(values, strategy, reduction):
    """Combines the per-replica results of `strategy.run`, leaf by leaf.

    Args:
        values: a structure whose leaves may be per-replica values.
        strategy: the `tf.distribute` strategy that produced them.
        reduction: `"first"` (the first replica's; `"auto"` means it),
            `"concat"` (joined along the first axis, in replica order),
            `"sum"` or `"mean"` (across replicas).

    Returns:
        `values` with each per-replica leaf combined; other leaves as
        they are.

    Example:

    >>> strategy = tf.distribute.get_strategy()
    >>> reduce_per_replica({"loss": 1.0}, strategy, "first")
    {'loss': 1.0}
    """
    if reduction == "auto":
        reduction = "first"
    if reduction not in ("first", "concat", "sum", "mean"):
        raise ValueError(
            "`reduction` must be 'auto', 'first', 'concat', 'sum' or "
            f"'mean'. Received: reduction={reduction!r}"
        )
    from keras.src import tree

    def combine(value):
        if not isinstance(value, tf.distribute.DistributedValues):
            return value
        if reduction in ("sum", "mean"):
            op = tf.distribute.ReduceOp.SUM if reduction == "sum" else (
                tf.distribute.ReduceOp.MEAN
            )
            return strategy.reduce(op, value, axis=None)
        local = strategy.experimental_local_results(value)
        if reduction == "first":
            return local[0]
        return concat(local)

    return tree.map_structure(combine, values)


def concat(tensors, axis=0):
    """Joins dense, sparse or ragged `tensors` along `axis`.

    Example:

    >>> concat([tf.ones((1, 2)), tf.zeros((2, 2))]).shape
    TensorShape([3, 2])
    """
    tensors = list(tensors)
    if isinstance(tensors[0], tf.SparseTensor):
        return tf.sparse.concat(axis=axis, sp_inputs=tensors)
    return tf.concat(tensors, axis=axis)


def potentially_ragged_concat(tensors):
    """Joins `tensors` along the first axis; when their other dimensions
    differ (sequences of several lengths), as a `tf.RaggedTensor`.

    Example:

    >>> potentially_ragged_concat([tf.ones((1, 2)), tf.ones((1, 3))]).shape
    TensorShape([2, None])
    """
    tensors = list(tensors)
    if len(tensors) == 1:
        return tensors[0]
    if isinstance(tensors[0], (tf.SparseTensor, tf.RaggedTensor)):
        return concat(tensors)
    shapes = {tuple(t.shape[1:]) for t in tensors}
    if len(shapes) == 1 and None not in next(iter(shapes)):
        return tf.concat(tensors, axis=0)
    return tf.concat(
        [tf.RaggedTensor.from_tensor(t) for t in tensors], axis=0
    )


def convert_to_np_if_not_ragged(x):
    """`x` as a NumPy array, unless it is a `tf.RaggedTensor` (which
    NumPy cannot hold as one array): then `x` itself.

    Example:

    >>> convert_to_np_if_not_ragged(tf.ones((2,)))
    array([1., 1.], dtype=float32)
    """
    if isinstance(x, tf.RaggedTensor):
        return x
    if isinstance(x, tf.SparseTensor):
        x = tf.sparse.to_dense(x)
    return x.numpy() if hasattr(x, "numpy") else np.asarray(x)
