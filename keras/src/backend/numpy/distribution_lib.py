"""The NumPy side of `keras.distribution`: one CPU, no sharding.

The numpy backend runs inference on a single host device. It reports
that device (`"cpu:0"`) and treats laying a tensor out on it as a no-op;
it cannot join several processes.
"""

import numpy as np


def list_devices(device_type=None):
    """The one device the numpy backend uses: `["cpu:0"]`.

    Args:
        device_type: `None` or `"cpu"`; other types raise a `ValueError`.
    """
    if device_type and device_type.lower() != "cpu":
        raise ValueError(
            "The numpy backend only runs on the CPU. Received: "
            f"device_type={device_type!r}"
        )
    return ["cpu:0"]


def get_device_count(device_type=None):
    """How many devices: 1 (the CPU)."""
    return len(list_devices(device_type))


def initialize(job_addresses=None, num_processes=None, process_id=None):
    """The numpy backend runs in one process only."""
    if (num_processes or 1) > 1 or job_addresses:
        raise RuntimeError(
            "The numpy backend cannot run several processes. Received: "
            f"job_addresses={job_addresses!r}, "
            f"num_processes={num_processes!r}, process_id={process_id!r}"
        )


def num_processes():
    """Always 1."""
    return 1


def process_id():
    """Always 0."""
    return 0


def _check_layout(layout):
    mesh = getattr(layout, "device_mesh", None)
    if mesh is not None and np.size(mesh.devices) > 1:
        raise ValueError(
            "The numpy backend has a single device and cannot shard over "
            f"a mesh of {np.size(mesh.devices)} devices. Received: "
            f"layout={layout}"
        )


def distribute_tensor(tensor, layout):
    """Returns `tensor`: on one device every layout is the identity."""
    _check_layout(layout)
    return tensor


def distribute_variable(value, layout):
    """Returns `value`: on one device every layout is the identity."""
    _check_layout(layout)
    return value


def distribute_data_input(per_process_batch, layout, batch_dim_name):
    """Returns the batch: one process, one device."""
    del batch_dim_name
    _check_layout(layout)
    return per_process_batch
