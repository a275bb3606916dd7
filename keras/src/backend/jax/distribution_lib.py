"""The JAX side of `keras.distribution`: meshes, shardings, processes.

Everything runs on JAX's own engine: a Keras `DeviceMesh` becomes a
`jax.sharding.Mesh`, a `TensorLayout` a `NamedSharding` over it, and
placing a value is `jax.device_put` (eagerly) or
`jax.lax.with_sharding_constraint` (inside a traced step). Several
processes join through `jax.distributed.initialize`.

Devices are named as Keras names them: `"<platform>:<id>"`, e.g.
`"cpu:0"` or `"gpu:1"`.
"""

import jax
import numpy as np


def list_devices(device_type=None):
    """The devices JAX sees, as Keras strings (`"cpu:0"`, `"gpu:1"`).

    Args:
        device_type: `"cpu"`, `"gpu"` or `"tpu"`; defaults to JAX's
            default platform.

    Returns:
        A list of device strings (every process's devices).
    """
    platform = device_type.lower() if device_type else None
    return [f"{d.platform}:{d.id}" for d in jax.devices(platform)]


def get_device_count(device_type=None):
    """How many devices of `device_type` JAX sees (all processes)."""
    platform = device_type.lower() if device_type else None
    return len(jax.devices(platform))


def initialize(job_addresses=None, num_processes=None, process_id=None):
    """Joins this process to a multi-process JAX run.

    Args:
        job_addresses: `"host:port"` of the coordinator (process 0), or a
            comma-separated list of every process's address whose first
            entry is the coordinator.
        num_processes: how many processes take part.
        process_id: this process's index, in `[0, num_processes)`.
    """
    coordinator = None
    if job_addresses:
        coordinator = job_addresses.split(",")[0].strip()
    jax.distributed.initialize(
        coordinator_address=coordinator,
        num_processes=num_processes,
        process_id=process_id,
    )
    initialize_rng()


def initialize_rng():
    """Gives every process the random seed of process 0.

    Replicated variables must start equal in every process; their
    initializers draw from Keras's global seed generator (and Python's
    `random`, for fresh seeds), so the processes share one seed: process
    0's global seed if one was set, else a fresh one. A collective: every
    process calls it (`initialize` does).
    """
    if jax.process_count() <= 1:
        return
    # Imported here: `keras.src.random` imports the backend package.
    import random as python_random

    from jax.experimental import multihost_utils

    from keras.src.backend.common import global_state
    from keras.src.random import seed_generator

    seed = global_state.get_global_attribute(
        seed_generator._GLOBAL_GENERATOR_SEED
    )
    if seed is None:
        seed = seed_generator.make_default_seed()
    seed = int(multihost_utils.broadcast_one_to_all(np.int32(seed)))
    python_random.seed(seed)
    seed_generator.reset_global_seed_generator(seed)


def num_processes():
    """How many processes share the run."""
    return jax.process_count()


def process_id():
    """This process's index among `num_processes()`."""
    return jax.process_index()


def _find_device(name):
    if not isinstance(name, str):
        return name  # Already a `jax.Device`.
    platform, _, index = name.partition(":")
    for device in jax.devices(platform.lower()):
        if str(device.id) == index:
            return device
    raise ValueError(
        f"The jax backend has no device {name!r}. Available devices: "
        f"{list_devices(platform)}"
    )


def _to_backend_mesh(device_mesh):
    """`device_mesh` (a Keras `DeviceMesh`) as a `jax.sharding.Mesh`."""
    devices = np.asarray(device_mesh.devices, dtype=object)
    jax_devices = np.array(
        [_find_device(d) for d in devices.ravel()], dtype=object
    ).reshape(devices.shape)
    return jax.sharding.Mesh(jax_devices, tuple(device_mesh.axis_names))


def _to_backend_layout(tensor_layout):
    """`tensor_layout` (a Keras `TensorLayout`) as a `NamedSharding`."""
    if tensor_layout.device_mesh is None:
        raise ValueError(
            "Cannot build a sharding from a TensorLayout without a "
            f"device mesh. Received: {tensor_layout}"
        )
    spec = jax.sharding.PartitionSpec(*tensor_layout.axes)
    return jax.sharding.NamedSharding(
        tensor_layout.device_mesh.backend_mesh, spec
    )


def _sharding(layout):
    if isinstance(layout, jax.sharding.Sharding):
        return layout
    if hasattr(layout, "backend_layout"):
        return layout.backend_layout
    raise ValueError(
        "`layout` must be a `keras.distribution.TensorLayout` or a "
        f"`jax.sharding.Sharding`. Received: layout={layout!r}"
    )


def distribute_tensor(tensor, layout):
    """Lays `tensor` out as `layout` says.

    Eagerly this places the array's shards on their devices; inside a
    traced function it is a sharding constraint for the compiler.

    Args:
        tensor: an array.
        layout: a `TensorLayout` or a `jax.sharding.Sharding`.

    Returns:
        The laid-out `jax.Array`.
    """
    sharding = _sharding(layout)
    if isinstance(tensor, jax.core.Tracer):
        return jax.lax.with_sharding_constraint(tensor, sharding)
    if getattr(tensor, "sharding", None) == sharding:
        return tensor  # Already there: no copy.
    if not sharding.is_fully_addressable:
        # Several processes: each builds its own devices' shards from its
        # (equal) copy of the value.
        host = np.asarray(tensor)
        return jax.make_array_from_callback(
            host.shape, sharding, lambda index: host[index]
        )
    return jax.device_put(tensor, sharding)


def distribute_variable(value, layout):
    """A variable's initial `value` laid out as `layout` says."""
    return distribute_tensor(value, layout)


def _axis_size(sharding, axis_name):
    mesh = getattr(sharding, "mesh", None)
    if mesh is None or axis_name not in mesh.shape:
        return 1
    return mesh.shape[axis_name]


def distribute_data_input(per_process_batch, layout, batch_dim_name):
    """One global batch array from this process's part of it.

    With one process the batch is the whole batch, split over the
    mesh's `batch_dim_name` axis. With several, each process holds the
    rows for its own devices and JAX assembles the global array.

    Args:
        per_process_batch: this process's rows (an array).
        layout: the batch's `TensorLayout` or `jax.sharding.Sharding`.
        batch_dim_name: the mesh axis the batch is split over.

    Returns:
        A `jax.Array` sharded as `layout` says.
    """
    sharding = _sharding(layout)
    shape = np.shape(per_process_batch)
    if jax.process_count() == 1:
        if shape and shape[0] % _axis_size(sharding, batch_dim_name):
            # A short last batch that does not split evenly: every device
            # gets it whole (the step compiles once more for its shape).
            sharding = jax.sharding.NamedSharding(
                sharding.mesh, jax.sharding.PartitionSpec()
            )
        return distribute_tensor(per_process_batch, sharding)
    return jax.make_array_from_process_local_data(
        sharding, np.asarray(per_process_batch)
    )
