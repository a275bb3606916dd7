"""`keras.distribution`: how arrays and computation spread over devices.

The classes here are backend-neutral descriptions: a `DeviceMesh` names
the axes of a grid of devices, a `TensorLayout` says which tensor
dimension is split over which mesh axis, a `LayoutMap` gives variables
their layouts by path, and a `Distribution` (`DataParallel`,
`ModelParallel`) ties them together for a whole model. The work itself is
the active backend's (`keras.src.backend.<name>.distribution_lib`: JAX's
`jax.sharding`, for one), reached through `backend.distribution_lib`.

Where things happen:
- variables take their layout when they are created
  (`keras/src/backend/common/variables.py` asks the current distribution's
  `get_variable_layout`);
- batches are laid out once each, by the backend trainer's batch iterator
  (`get_data_layout` for each array).
"""

import contextlib
import os
import re
import warnings
from collections import abc

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common import global_state

DEFAULT_BATCH_DIM_NAME = "batch"
GLOBAL_ATTRIBUTE_NAME = "distribution"


def _backend_lib():
    lib = getattr(backend, "distribution_lib", None)
    if lib is None:
        raise RuntimeError(
            f"The {backend.backend()} backend does not support "
            "`keras.distribution` yet."
        )
    return lib


@keras_export("keras.distribution.list_devices")
def list_devices(device_type=None):
    """Lists the devices the backend can use.

    Args:
        device_type: `"cpu"`, `"gpu"` or `"tpu"`; defaults to the
            backend's default kind (GPUs or TPUs when present, else CPUs).

    Returns:
        A list of device strings such as `"cpu:0"` or `"gpu:1"`. With
        several processes, every process's devices.

    Example:

    >>> devices = keras.distribution.list_devices()
    >>> devices[0].split(":")[1]
    '0'
    """
    return _backend_lib().list_devices(device_type)


@keras_export("keras.distribution.get_device_count")
def get_device_count(device_type=None):
    """Counts the devices the backend can use.

    Args:
        device_type: `"cpu"`, `"gpu"` or `"tpu"`; defaults to the
            backend's default kind.

    Returns:
        The number of devices (of every process).

    Example:

    >>> keras.distribution.get_device_count() >= 1
    True
    """
    return _backend_lib().get_device_count(device_type)


def _env_int(name):
    value = os.environ.get(name)
    if value is None or value == "":
        return None
    try:
        return int(value)
    except ValueError:
        raise ValueError(
            f"The environment variable {name} must be an integer. "
            f"Received: {value!r}"
        ) from None


@keras_export("keras.distribution.initialize")
def initialize(job_addresses=None, num_processes=None, process_id=None):
    """Joins this process to a multi-process (multi-host) run.

    Call it in every process, before anything touches a device. Arguments
    left out are read from the environment variables
    `KERAS_DISTRIBUTION_JOB_ADDRESSES`, `KERAS_DISTRIBUTION_NUM_PROCESSES`
    and `KERAS_DISTRIBUTION_PROCESS_ID`; where the platform can tell them
    itself (TPU pods, Slurm), they may stay unset.

    Args:
        job_addresses: the address (`"host:port"`) of the coordinator
            process, or a comma-separated list of every process's address
            whose first entry is the coordinator.
        num_processes: how many processes take part.
        process_id: this process's index, from 0 to `num_processes - 1`.

    Example:

    ```python
    # In each of 2 processes, the second with process_id=1:
    keras.distribution.initialize(
        job_addresses="10.0.0.1:1234", num_processes=2, process_id=0
    )
    ```
    """
    if job_addresses is None:
        job_addresses = os.environ.get("KERAS_DISTRIBUTION_JOB_ADDRESSES")
    if num_processes is None:
        num_processes = _env_int("KERAS_DISTRIBUTION_NUM_PROCESSES")
    if process_id is None:
        process_id = _env_int("KERAS_DISTRIBUTION_PROCESS_ID")
    if num_processes is not None and (
        not isinstance(num_processes, int) or num_processes < 1
    ):
        raise ValueError(
            "`num_processes` must be a positive integer. Received: "
            f"num_processes={num_processes!r}"
        )
    if process_id is not None and (
        not isinstance(process_id, int)
        or process_id < 0
        or (num_processes is not None and process_id >= num_processes)
    ):
        raise ValueError(
            "`process_id` must be an integer in [0, num_processes). "
            f"Received: process_id={process_id!r}, "
            f"num_processes={num_processes!r}"
        )
    _backend_lib().initialize(job_addresses, num_processes, process_id)


@keras_export("keras.distribution.DeviceMesh")
class DeviceMesh:
    """A grid of devices with a name for each of its axes.

    Layouts refer to the axes by name: a tensor dimension laid out over an
    axis is split into as many parts as the axis is long.

    Args:
        shape: the grid's shape, e.g. `(2, 4)`; its product is the number
            of devices.
        axis_names: one name per axis, e.g. `["batch", "model"]`.
        devices: the devices (strings such as `"cpu:0"`), as a flat list
            or an array of `shape`; defaults to all devices.

    Example:

    >>> mesh = keras.distribution.DeviceMesh(
    ...     shape=(1,), axis_names=["batch"],
    ...     devices=keras.distribution.list_devices()[:1])
    >>> mesh
    <DeviceMesh shape=(1,), axis_names=['batch']>
    """

    def __init__(self, shape, axis_names, devices=None):
        if not isinstance(shape, (tuple, list)) or not all(
            isinstance(d, (int, np.integer)) and d > 0 for d in shape
        ):
            raise ValueError(
                "`shape` must be a tuple of positive integers. Received: "
                f"shape={shape!r}"
            )
        if isinstance(axis_names, str) or len(shape) != len(axis_names):
            raise ValueError(
                "`shape` and `axis_names` must have the same length. "
                f"Received: shape={shape}, axis_names={axis_names!r}"
            )
        if len(set(axis_names)) != len(axis_names):
            raise ValueError(
                "`axis_names` must be distinct. Received: "
                f"axis_names={axis_names!r}"
            )
        if devices is None:
            devices = list_devices()
        devices = np.asarray(devices, dtype=object)
        if devices.size != int(np.prod(shape)):
            raise ValueError(
                "The number of devices must match the mesh `shape`. "
                f"Received: shape={tuple(shape)}, "
                f"devices.shape={devices.shape}"
            )
        self._shape = tuple(int(d) for d in shape)
        self._axis_names = list(axis_names)
        self._devices = devices.reshape(self._shape)
        self._backend_mesh = None

    @property
    def shape(self):
        """The grid's shape."""
        return self._shape

    @property
    def axis_names(self):
        """The names of the grid's axes."""
        return self._axis_names

    @property
    def devices(self):
        """The devices, as a NumPy array of `shape`."""
        return self._devices

    @property
    def backend_mesh(self):
        """The mesh as the backend represents it (`jax.sharding.Mesh` on
        JAX), built on first use."""
        if self._backend_mesh is None:
            self._backend_mesh = _backend_call("_to_backend_mesh", self)
        return self._backend_mesh

    def __repr__(self):
        return (
            f"<DeviceMesh shape={self._shape}, "
            f"axis_names={self._axis_names}>"
        )

    __str__ = __repr__


def _backend_call(name, *args):
    fn = getattr(_backend_lib(), name, None)
    if fn is None:
        raise RuntimeError(
            f"The {backend.backend()} backend has no native form of "
            f"`keras.distribution` meshes and layouts (`{name[4:]}`)."
        )
    return fn(*args)


@keras_export("keras.distribution.TensorLayout")
class TensorLayout:
    """How one tensor is split over a `DeviceMesh`.

    Args:
        axes: one entry per tensor dimension: the name of the mesh axis
            that dimension is split over, or `None` to keep it whole
            (replicated) on every device.
        device_mesh: the `DeviceMesh`; may be left out and set once later
            (a `LayoutMap` sets it to its own mesh).

    Example:

    >>> layout = keras.distribution.TensorLayout([None, "model"])
    >>> layout.axes
    (None, 'model')
    """

    def __init__(self, axes, device_mesh=None):
        if isinstance(axes, str) or not isinstance(axes, (tuple, list)):
            raise ValueError(
                "`axes` must be a tuple or list of mesh axis names or "
                f"`None`. Received: axes={axes!r}"
            )
        for axis in axes:
            if axis is not None and not isinstance(axis, str):
                raise ValueError(
                    "Each entry of `axes` must be a mesh axis name or "
                    f"`None`. Received: axes={axes!r}"
                )
        named = [a for a in axes if a is not None]
        if len(set(named)) != len(named):
            raise ValueError(
                "A mesh axis may split only one tensor dimension. "
                f"Received: axes={tuple(axes)!r}"
            )
        self._axes = tuple(axes)
        self._device_mesh = None
        self._backend_layout = None
        if device_mesh is not None:
            self.device_mesh = device_mesh

    @property
    def axes(self):
        """The mesh axis name (or `None`) of each tensor dimension."""
        return self._axes

    @property
    def device_mesh(self):
        """The `DeviceMesh`, or `None` until one is set."""
        return self._device_mesh

    @device_mesh.setter
    def device_mesh(self, device_mesh):
        if self._device_mesh is not None:
            raise ValueError(
                "The layout already has a device mesh, which cannot be "
                f"replaced. Existing: {self._device_mesh}"
            )
        if not isinstance(device_mesh, DeviceMesh):
            raise ValueError(
                "`device_mesh` must be a `keras.distribution.DeviceMesh`. "
                f"Received: device_mesh={device_mesh!r}"
            )
        unknown = [
            a for a in self._axes
            if a is not None and a not in device_mesh.axis_names
        ]
        if unknown:
            raise ValueError(
                f"The layout's axes {unknown} are not axes of the mesh, "
                f"whose axis names are {device_mesh.axis_names}. "
                f"Received: axes={self._axes}"
            )
        self._device_mesh = device_mesh

    @property
    def backend_layout(self):
        """The layout as the backend represents it (a
        `jax.sharding.NamedSharding` on JAX), built on first use."""
        if self._backend_layout is None:
            self._backend_layout = _backend_call("_to_backend_layout", self)
        return self._backend_layout

    def __repr__(self):
        return (
            f"<TensorLayout axes={self._axes}, "
            f"device_mesh={self._device_mesh}>"
        )

    __str__ = __repr__


class Distribution:
    """The base of `DataParallel` and `ModelParallel`: a device mesh and
    the layouts a model's data, variables and tensors get on it.

    Args:
        device_mesh: the `DeviceMesh`.
        batch_dim_name: the mesh axis batches are split over.
        auto_shard_dataset: whether `distribute_dataset` gives each
            process its own part of a `tf.data.Dataset` (multi-process
            runs).
    """

    def __init__(
        self, device_mesh, batch_dim_name=None, auto_shard_dataset=True
    ):
        if not isinstance(device_mesh, DeviceMesh):
            raise ValueError(
                "`device_mesh` must be a `keras.distribution.DeviceMesh`. "
                f"Received: device_mesh={device_mesh!r}"
            )
        if batch_dim_name is None:
            batch_dim_name = device_mesh.axis_names[0]
        if batch_dim_name not in device_mesh.axis_names:
            raise ValueError(
                f"`batch_dim_name` {batch_dim_name!r} is not an axis of "
                f"the mesh, whose axis names are {device_mesh.axis_names}."
            )
        self._device_mesh = device_mesh
        self._batch_dim_name = batch_dim_name
        self._auto_shard_dataset = bool(auto_shard_dataset)

    @property
    def device_mesh(self):
        """The `DeviceMesh`."""
        return self._device_mesh

    @property
    def batch_dim_name(self):
        """The mesh axis batches are split over."""
        return self._batch_dim_name

    @property
    def auto_shard_dataset(self):
        """Whether datasets are split between processes automatically."""
        return self._auto_shard_dataset

    @auto_shard_dataset.setter
    def auto_shard_dataset(self, value):
        self._auto_shard_dataset = bool(value)

    @property
    def num_processes(self):
        """How many processes share the run."""
        return _backend_lib().num_processes()

    @property
    def data_shard_id(self):
        """This process's index: which part of the data it reads."""
        return _backend_lib().process_id()

    @property
    def num_model_replicas(self):
        """How many copies of the model see different data: the length
        of the mesh's batch axis."""
        axis = self._device_mesh.axis_names.index(self._batch_dim_name)
        return self._device_mesh.shape[axis]

    def get_data_layout(self, data_shape):
        """The layout of a batch of `data_shape`: split on its first
        dimension over the batch axis, whole on the others."""
        axes = [None] * len(data_shape)
        if axes:
            axes[0] = self._batch_dim_name
        return TensorLayout(axes, self._device_mesh)

    def get_variable_layout(self, variable):
        """The layout `variable` is created with."""
        own = getattr(variable, "_layout", None)
        if own is not None:
            return own
        return self._variable_layout_by_path(variable)

    def _variable_layout_by_path(self, variable):
        return self._replicated(variable.shape)

    def _replicated(self, shape):
        return TensorLayout([None] * len(shape), self._device_mesh)

    def get_tensor_layout(self, path):
        """The layout of the intermediate tensor at `path`, or `None` to
        leave it to the compiler."""
        del path
        return None

    @contextlib.contextmanager
    def scope(self):
        """A context in which this is the current distribution.

        Example:

        >>> dp = keras.distribution.DataParallel()
        >>> with dp.scope():
        ...     keras.distribution.distribution() is dp
        True
        """
        previous = distribution()
        set_distribution(self)
        try:
            yield
        finally:
            set_distribution(previous)

    def distribute_dataset(self, dataset):
        """Gives this process its part of `dataset`.

        Only `tf.data.Dataset`s of a multi-process run change (see
        `distribute_tf_dataset`); with one process, or
        `auto_shard_dataset=False`, the dataset is returned as is.
        """
        if self.num_processes <= 1 or not self._auto_shard_dataset:
            return dataset
        if type(dataset).__module__.startswith("tensorflow"):
            return self.distribute_tf_dataset(dataset)
        return dataset

    def distribute_tf_dataset(self, dataset):
        """This process's part of a batched `tf.data.Dataset`.

        Each global batch is cut into `num_processes` equal parts and
        process `data_shard_id` keeps its part, so that every step the
        processes' parts together make the global batch.
        """
        num_processes = self.num_processes
        if num_processes <= 1 or not self._auto_shard_dataset:
            return dataset
        first = next(iter(dataset))
        leaf = first
        while isinstance(leaf, (tuple, list, dict)):
            leaf = next(iter(leaf.values() if isinstance(leaf, dict)
                             else leaf))
        batch_size = int(leaf.shape[0])
        if batch_size % num_processes:
            raise ValueError(
                f"The dataset's batch size ({batch_size}) must be "
                f"divisible by the number of processes ({num_processes})."
            )
        per_process = batch_size // num_processes
        return dataset.rebatch(per_process).shard(
            num_processes, self.data_shard_id
        )

    def _distribute_variable(self, value, layout):
        return _backend_lib().distribute_variable(value, layout)

    def __repr__(self):
        return f"<{type(self).__name__} device_mesh={self._device_mesh}>"

    __str__ = __repr__


@keras_export("keras.distribution.DataParallel")
class DataParallel(Distribution):
    """Data parallelism: every device holds the whole model and trains on
    its own slice of each batch.

    Variables are replicated on every device; each batch is split along
    its first dimension over the mesh's batch axis, and the gradients are
    combined across devices by the backend's compiler.

    Args:
        device_mesh: a `DeviceMesh` whose first axis is the batch axis.
            Defaults to a 1-D mesh over `devices`.
        devices: the devices to use when `device_mesh` is not given;
            defaults to all devices.
        auto_shard_dataset: whether each process of a multi-process run
            reads its own part of a `tf.data.Dataset`.

    Example:

    >>> dp = keras.distribution.DataParallel(
    ...     devices=keras.distribution.list_devices()[:1])
    >>> dp.batch_dim_name
    'batch'
    """

    def __init__(self, device_mesh=None, devices=None, auto_shard_dataset=True):
        if device_mesh is None:
            if devices is None:
                devices = list_devices()
            devices = list(np.asarray(devices, dtype=object).ravel())
            device_mesh = DeviceMesh(
                (len(devices),), [DEFAULT_BATCH_DIM_NAME], devices
            )
        elif devices is not None:
            warnings.warn(
                "DataParallel: both `device_mesh` and `devices` were "
                "given; `devices` is ignored.",
                stacklevel=2,
            )
        super().__init__(
            device_mesh,
            batch_dim_name=None,
            auto_shard_dataset=auto_shard_dataset,
        )


@keras_export("keras.distribution.ModelParallel")
class ModelParallel(Distribution):
    """Model parallelism: variables split over devices by a `LayoutMap`,
    batches split over the mesh's batch axis.

    A variable whose path matches a key of `layout_map` gets that layout;
    the others are replicated. With a 2-D mesh such as
    `("batch", "model")` this combines data and model parallelism.

    Args:
        layout_map: the `LayoutMap`; its device mesh is the
            distribution's.
        batch_dim_name: the mesh axis batches are split over; defaults to
            the mesh's first axis.
        auto_shard_dataset: whether each process of a multi-process run
            reads its own part of a `tf.data.Dataset`.
        **kwargs: `device_mesh`, accepted for older code; it must be the
            layout map's mesh.

    Example:

    >>> mesh = keras.distribution.DeviceMesh(
    ...     (1, 1), ["batch", "model"],
    ...     keras.distribution.list_devices()[:1])
    >>> layout_map = keras.distribution.LayoutMap(mesh)
    >>> layout_map["dense.*kernel"] = (None, "model")
    >>> mp = keras.distribution.ModelParallel(layout_map=layout_map)
    >>> mp.batch_dim_name
    'batch'
    """

    def __init__(
        self,
        *,
        layout_map=None,
        batch_dim_name=None,
        auto_shard_dataset=True,
        **kwargs,
    ):
        device_mesh = kwargs.pop("device_mesh", None)
        if kwargs:
            raise TypeError(
                f"ModelParallel got unexpected arguments: {list(kwargs)}"
            )
        if layout_map is None:
            raise ValueError("ModelParallel needs a `layout_map` argument.")
        if not isinstance(layout_map, LayoutMap):
            raise ValueError(
                "`layout_map` must be a `keras.distribution.LayoutMap`. "
                f"Received: layout_map={layout_map!r}"
            )
        if device_mesh is not None and device_mesh is not (
            layout_map.device_mesh
        ):
            raise ValueError(
                "`device_mesh` must be the layout map's mesh "
                f"({layout_map.device_mesh}). Received: {device_mesh}"
            )
        super().__init__(
            layout_map.device_mesh,
            batch_dim_name=batch_dim_name,
            auto_shard_dataset=auto_shard_dataset,
        )
        self._layout_map = layout_map

    def _variable_layout_by_path(self, variable):
        layout = self._layout_map[variable.path]
        if layout is None:
            return self._replicated(variable.shape)
        if len(layout.axes) != len(variable.shape):
            raise ValueError(
                f"The layout {layout} for variable {variable.path!r} has "
                f"{len(layout.axes)} axes, but the variable has shape "
                f"{tuple(variable.shape)}."
            )
        return layout

    def get_tensor_layout(self, path):
        """The layout the layout map gives the tensor at `path`, or
        `None`."""
        return self._layout_map[path]


@keras_export("keras.distribution.LayoutMap")
class LayoutMap(abc.MutableMapping):
    """Layouts for variables and tensors, keyed by path patterns.

    Keys are regular expressions. Looking up a path returns the layout of
    the key equal to it if there is one, else of the one key that matches
    it (`re.search`); `None` when no key matches, and a `ValueError` when
    several do. Values may be `TensorLayout`s or tuples of axis names;
    either way they get the map's device mesh.

    Args:
        device_mesh: the `DeviceMesh` of every layout in the map.

    Example:

    >>> mesh = keras.distribution.DeviceMesh(
    ...     (1,), ["model"], keras.distribution.list_devices()[:1])
    >>> layout_map = keras.distribution.LayoutMap(mesh)
    >>> layout_map["dense.*kernel"] = (None, "model")
    >>> layout_map["dense_1/kernel"].axes
    (None, 'model')
    """

    def __init__(self, device_mesh):
        if not isinstance(device_mesh, DeviceMesh):
            raise ValueError(
                "`device_mesh` must be a `keras.distribution.DeviceMesh`. "
                f"Received: device_mesh={device_mesh!r}"
            )
        self._device_mesh = device_mesh
        self._layouts = {}

    @property
    def device_mesh(self):
        """The `DeviceMesh` of the map's layouts."""
        return self._device_mesh

    def __getitem__(self, key):
        if key in self._layouts:
            return self._layouts[key]
        matches = [k for k in self._layouts if re.search(k, key)]
        if len(matches) > 1:
            raise ValueError(
                f"The path {key!r} matches several keys of the LayoutMap: "
                f"{matches}. Each path may match at most one key."
            )
        return self._layouts[matches[0]] if matches else None

    def __setitem__(self, key, layout):
        if key in self._layouts:
            raise ValueError(
                f"The LayoutMap already has the key {key!r} (layout "
                f"{self._layouts[key]}); keys cannot be set twice."
            )
        if isinstance(layout, (tuple, list)):
            layout = TensorLayout(layout)
        if not isinstance(layout, TensorLayout):
            raise ValueError(
                "A LayoutMap value must be a `TensorLayout` or a tuple of "
                f"axis names. Received for key {key!r}: {layout!r}"
            )
        if layout.device_mesh is None:
            layout.device_mesh = self._device_mesh
        elif layout.device_mesh is not self._device_mesh:
            raise ValueError(
                f"The layout for key {key!r} has another device mesh "
                f"({layout.device_mesh}) than the LayoutMap's "
                f"({self._device_mesh})."
            )
        self._layouts[key] = layout

    def __delitem__(self, key):
        del self._layouts[key]

    def __len__(self):
        return len(self._layouts)

    def __iter__(self):
        return iter(self._layouts)

    def __repr__(self):
        return (
            f"<LayoutMap device_mesh={self._device_mesh}, "
            f"keys={list(self._layouts)}>"
        )


@keras_export("keras.distribution.distribute_tensor")
def distribute_tensor(tensor, layout):
    """Lays `tensor` out over devices as `layout` says.

    Eagerly the result's parts live on their devices; inside a compiled
    function it tells the compiler the layout to use.

    Args:
        tensor: the tensor.
        layout: a `TensorLayout` (or the backend's own layout object, such
            as a `jax.sharding.Sharding`).

    Returns:
        The laid-out tensor.

    Example:

    >>> mesh = keras.distribution.DeviceMesh(
    ...     (1,), ["batch"], keras.distribution.list_devices()[:1])
    >>> layout = keras.distribution.TensorLayout(["batch", None], mesh)
    >>> x = keras.distribution.distribute_tensor(np.ones((2, 3)), layout)
    >>> tuple(x.shape)
    (2, 3)
    """
    if isinstance(tensor, backend.KerasTensor):
        return tensor  # Symbolic: nothing to place.
    return _backend_lib().distribute_tensor(tensor, layout)


@keras_export("keras.distribution.distribution")
def distribution():
    """The current distribution, or `None`.

    Returns:
        The `Distribution` set by `set_distribution` or the innermost
        `Distribution.scope()`.

    Example:

    >>> keras.distribution.distribution() is None
    True
    """
    return global_state.get_global_attribute(GLOBAL_ATTRIBUTE_NAME)


@keras_export("keras.distribution.set_distribution")
def set_distribution(value):
    """Sets the current distribution (`None` for none).

    Variables created afterwards get its layouts, and `fit`, `evaluate`
    and `predict` split their batches as it says.

    Args:
        value: a `DataParallel`, a `ModelParallel`, or `None`.

    Example:

    >>> dp = keras.distribution.DataParallel()
    >>> keras.distribution.set_distribution(dp)
    >>> keras.distribution.distribution() is dp
    True
    >>> keras.distribution.set_distribution(None)
    """
    if value is not None and not isinstance(value, Distribution):
        raise ValueError(
            "`set_distribution` takes a `keras.distribution.Distribution` "
            f"(DataParallel, ModelParallel) or None. Received: {value!r}"
        )
    global_state.set_global_attribute(GLOBAL_ATTRIBUTE_NAME, value)
