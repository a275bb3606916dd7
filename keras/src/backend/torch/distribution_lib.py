"""`keras.distribution` on PyTorch: devices and `torch.distributed`.

Torch's data parallelism is multi-process: `torchrun` starts one process
per device, `initialize()` joins them into a process group (gloo on CPU,
NCCL on GPU), and with `keras.distribution.DataParallel` set, `fit`,
`evaluate` and the validation inside `fit` train and measure one model:
weights broadcast from rank 0 on the first step, each rank taking its
part of every global batch, gradients averaged over the ranks every step
(inside the captured graph with `jit_compile`), metrics summed over the
ranks. The trainer side lives in `keras/src/backend/torch/trainer.py`;
this module holds the process group and the collectives it calls.

Each process holds one device, so the layouts of `keras.distribution`
can only replicate variables: a layout that shards a tensor over more
than one device (`ModelParallel`) raises a `ValueError`.
"""

import os

import numpy as np
import torch
import torch.distributed as dist

_DEVICE_TYPES = {"cpu": "cpu", "gpu": "cuda", "cuda": "cuda", "mps": "mps"}


def _default_device_type():
    if torch.cuda.is_available():
        return "cuda"
    mps = getattr(torch.backends, "mps", None)
    if mps is not None and mps.is_available():
        return "mps"
    return "cpu"


def _torch_device_type(device_type):
    if device_type is None:
        return _default_device_type()
    if not isinstance(device_type, str) or (
            device_type.lower() not in _DEVICE_TYPES):
        raise ValueError(
            "`device_type` must be one of 'cpu', 'gpu' or 'mps' on the "
            f"torch backend. Received: device_type={device_type!r}"
        )
    return _DEVICE_TYPES[device_type.lower()]


def list_devices(device_type=None):
    """The devices of `device_type` this process sees, as Keras names them.

    Args:
        device_type: `"cpu"`, `"gpu"` or `"mps"`; `None` for the default
            kind (GPU when available, then MPS, else CPU).

    Returns:
        A list of strings such as `["gpu:0", "gpu:1"]`; torch sees the
        host's CPU as the single device `"cpu:0"`.
    """
    kind = _torch_device_type(device_type)
    if kind == "cuda":
        count = torch.cuda.device_count()
        return [f"gpu:{i}" for i in range(count)]
    if kind == "mps":
        mps = getattr(torch.backends, "mps", None)
        return ["mps:0"] if mps is not None and mps.is_available() else []
    return ["cpu:0"]


def get_device_count(device_type=None):
    """The number of devices of `device_type` this process sees."""
    return len(list_devices(device_type))


def initialize(job_addresses=None, num_processes=None, process_id=None):
    """Joins this process to the others of the job (`torch.distributed`).

    Arguments left `None` come from `torchrun`'s environment (`RANK`,
    `WORLD_SIZE`, `MASTER_ADDR`, `MASTER_PORT`). The process group uses
    NCCL when CUDA is available and gloo otherwise; on GPU, each process
    then places its tensors on `cuda:LOCAL_RANK`.

    Args:
        job_addresses: `"host:port"` of the coordinating process (the
            first of a comma-separated list), or `None`.
        num_processes: the number of processes, or `None`.
        process_id: this process's rank, from 0, or `None`.
    """
    if dist.is_initialized():
        return
    if job_addresses:
        first = str(job_addresses).split(",")[0].strip()
        host, sep, port = first.rpartition(":")
        if not sep or not host or not port.isdigit():
            raise ValueError(
                "`job_addresses` must be 'host:port' (or a comma-separated "
                f"list of them). Received: job_addresses={job_addresses!r}"
            )
        os.environ["MASTER_ADDR"], os.environ["MASTER_PORT"] = host, port
    world_size = _setting(num_processes, "WORLD_SIZE", "num_processes")
    rank = _setting(process_id, "RANK", "process_id")
    if rank >= world_size:
        raise ValueError(
            f"`process_id` must be below `num_processes` ({world_size}). "
            f"Received: process_id={rank}"
        )
    os.environ.setdefault("MASTER_ADDR", "localhost")
    if "MASTER_PORT" not in os.environ:
        raise ValueError(
            "The torch backend needs the coordinator's address: pass "
            "`job_addresses='host:port'`, launch with `torchrun`, or set "
            "MASTER_ADDR and MASTER_PORT."
        )
    use_cuda = torch.cuda.is_available()
    if use_cuda:
        local = int(os.environ.get("LOCAL_RANK", rank))
        torch.cuda.set_device(local % torch.cuda.device_count())
        from keras.src.backend.common import global_state

        global_state.set_global_attribute(
            "torch_device", f"cuda:{torch.cuda.current_device()}"
        )
    dist.init_process_group(
        backend="nccl" if use_cuda else "gloo",
        rank=rank, world_size=world_size,
    )


def _setting(value, variable, name):
    if value is None:
        value = os.environ.get(variable)
        if value is None:
            raise ValueError(
                f"The torch backend needs `{name}`: pass it to "
                f"`initialize`, launch with `torchrun`, or set {variable}."
            )
    try:
        value = int(value)
    except (TypeError, ValueError):
        raise ValueError(
            f"`{name}` must be an integer. Received: {name}={value!r}"
        ) from None
    if value < 0:
        raise ValueError(f"`{name}` must be >= 0. Received: {value}")
    return value


def num_processes():
    """The number of processes of the job (1 when not initialized)."""
    return dist.get_world_size() if dist.is_initialized() else 1


def process_id():
    """This process's rank (0 when not initialized)."""
    return dist.get_rank() if dist.is_initialized() else 0


def _check_replicated(layout, what):
    if layout is None:
        return
    axes = getattr(layout, "axes", None)
    mesh = getattr(layout, "device_mesh", None)
    if axes is None or mesh is None:
        return
    sizes = dict(zip(mesh.axis_names, mesh.shape))
    for axis in axes:
        if axis is not None and sizes.get(axis, 1) > 1:
            raise ValueError(
                f"The torch backend cannot shard a {what} over several "
                "devices: each process holds one device, and only "
                "`DataParallel` (replicated variables, the batch split over "
                f"processes) is supported. Received layout axes {axes} on a "
                f"mesh of shape {tuple(mesh.shape)}."
            )


def distribute_tensor(tensor, layout):
    """`tensor` on this process's device (every process holds all of it).

    Args:
        tensor: a tensor or array.
        layout: a `TensorLayout` replicating the tensor, or `None`.
    """
    from keras.src.backend.torch.core import convert_to_tensor

    _check_replicated(layout, "tensor")
    return convert_to_tensor(tensor)


def distribute_variable(value, layout):
    """The initial value of a variable with `layout`: replicated, as
    every process computes it (rank 0's values are broadcast to the
    others before the first training step)."""
    _check_replicated(layout, "variable")
    return value


def distribute_data_input(per_process_batch, layout, batch_dim_name):
    """The batch of this process, as tensors on its device: with
    `torch.distributed`, each process already holds its own part."""
    from keras.src.backend.torch.core import convert_to_tensor

    return convert_to_tensor(per_process_batch)


# The collectives the data-parallel trainer uses.


def data_parallel_world():
    """`(rank, world_size)` when a `DataParallel` distribution is set and
    the process group has more than one process; else `None`."""
    if not dist.is_initialized() or dist.get_world_size() < 2:
        return None
    try:
        from keras.src.distribution import distribution_lib
    except ImportError:  # The public module is not there yet.
        return None
    distribution = distribution_lib.distribution()
    if distribution is None:
        return None
    if not isinstance(distribution, distribution_lib.DataParallel):
        raise ValueError(
            "The torch backend distributes only with `DataParallel`. "
            f"Received: {type(distribution).__name__}"
        )
    return dist.get_rank(), dist.get_world_size()


def shard_batch(data, rank, world_size):
    """Rank `rank`'s contiguous part of every leaf of a global batch (a
    view; parts differ by at most one row). A batch smaller than the
    number of processes is taken whole by every process, so that no
    process steps on an empty batch (the averaged gradient is then the
    batch's own)."""
    from keras.src import tree

    leaves = tree.flatten(data)
    sizes = {int(x.shape[0]) for x in leaves
             if isinstance(x, torch.Tensor) and x.ndim}
    if len(sizes) != 1:
        return data
    n = sizes.pop()
    if n < world_size:
        return data
    start, stop = rank * n // world_size, (rank + 1) * n // world_size

    def part(x):
        if isinstance(x, torch.Tensor) and x.ndim:
            return x[start:stop]
        if isinstance(x, np.ndarray) and x.ndim:
            return x[start:stop]
        return x

    return tree.map_structure(part, data)


def broadcast_variables(variables):
    """Writes rank 0's values into `variables` on every process."""
    values = [v.value.data for v in variables]
    if values:
        _coalesced(values, lambda flat: dist.broadcast(flat, src=0))


def sum_variables(variables):
    """Replaces each variable by its sum over the processes (metric
    states: totals and counts add up to the global result)."""
    values = [v.value.data for v in variables]
    if values:
        _coalesced(values, lambda flat: dist.all_reduce(flat))


def mean_gradients(gradients):
    """Averages `gradients` over the processes in place, eagerly: one
    all-reduce over the gradients flattened into one buffer per dtype
    (one message instead of one per variable)."""
    present = [g for g in gradients if g is not None]
    if present:
        world = dist.get_world_size()

        def reduce(flat):
            dist.all_reduce(flat)
            flat.div_(world)

        _coalesced(present, reduce)
    return gradients


def traced_mean_gradients(gradients):
    """Averages `gradients` over the processes with functional
    collectives, which `make_fx` records into a captured step's graph:
    one all-reduce of the gradients concatenated per dtype."""
    import torch.distributed._functional_collectives as functional

    world = dist.get_world_size()
    out = list(gradients)
    groups = {}
    for i, g in enumerate(gradients):
        if g is not None:
            groups.setdefault(g.dtype, []).append(i)
    for indices in groups.values():
        flat = torch.cat([gradients[i].reshape(-1) for i in indices])
        flat = functional.all_reduce(flat, "sum", dist.group.WORLD) / world
        start = 0
        for i in indices:
            size = gradients[i].numel()
            out[i] = flat[start:start + size].view_as(gradients[i])
            start += size
    return out


def mean_logs(logs):
    """`logs` (a dict of scalar tensors) averaged over the processes."""
    from keras.src import tree

    leaves = tree.flatten(logs)
    numeric = [i for i, x in enumerate(leaves)
               if isinstance(x, torch.Tensor) and x.numel() == 1
               and (x.is_floating_point() or not x.dtype.is_complex)]
    if not numeric:
        return logs
    flat = torch.stack([leaves[i].detach().reshape(()).double()
                        for i in numeric])
    dist.all_reduce(flat)
    flat /= dist.get_world_size()
    for j, i in enumerate(numeric):
        leaves[i] = flat[j].to(leaves[i].dtype)
    return tree.pack_sequence_as(logs, leaves)


def _coalesced(tensors, collective):
    by_dtype = {}
    for t in tensors:
        by_dtype.setdefault((t.dtype, t.device), []).append(t)
    for group in by_dtype.values():
        flat = torch.cat([t.reshape(-1) for t in group])
        collective(flat)
        start = 0
        for t in group:
            size = t.numel()
            t.copy_(flat[start:start + size].view_as(t))
            start += size
