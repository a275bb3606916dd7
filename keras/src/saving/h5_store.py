"""HDF5 stores for variables: one file, or shards with a JSON index.

A store maps a path (`"layers/dense"`) to an entry holding one object's
variables, as datasets `<path>/vars/0`, `<path>/vars/1`, ... with the
object's name in the `vars` group's `name` attribute: Keras's layout, so
files move between this package and upstream Keras.

Sharded weights (`max_shard_size`, in GiB) go to `<stem>_00000.weights.h5`,
`<stem>_00001.weights.h5`, ... next to an index `<stem>.weights.json`:
`{"metadata": {"total_size": bytes}, "weight_map": {"/<path>/vars":
[shard file names]}}`. A variable never spans two shards.
"""

import json
import os

import numpy as np

from keras.src.utils.module_utils import LazyModule

# Imported on first use: h5py adds ~80 ms to `import keras`.
h5py = LazyModule("h5py")

_GIB = 2**30


def safe_get_h5_group(parent, key):
    """Returns `parent[key]` when it is an HDF5 group stored in the file
    itself, else raises `ValueError` (a dataset, a missing key, or a link
    to another file where a group was expected)."""
    link = parent.get(key, getlink=True)
    if link is None:
        raise ValueError(f"The weights file has no group {key!r}.")
    if not isinstance(link, (h5py.HardLink, h5py.SoftLink)):
        raise ValueError(
            f"The weights file links {key!r} to another file "
            f"({type(link).__name__}); refusing to follow it."
        )
    group = parent[key]
    if not isinstance(group, h5py.Group):
        raise ValueError(
            f"Expected {key!r} in the weights file to be a group; it is a "
            f"{type(group).__name__}."
        )
    return group


def _safe_h5_dataset(group, key):
    """Returns the dataset `group[key]`; raises `ValueError` when it is
    missing, not a dataset, or stored outside the file."""
    link = group.get(key, getlink=True)
    if not isinstance(link, (h5py.HardLink, h5py.SoftLink)):
        raise ValueError(
            f"Expected a dataset {key!r} stored in the weights file; "
            f"found {type(link).__name__ if link else 'nothing'}."
        )
    dataset = group[key]
    if not isinstance(dataset, h5py.Dataset):
        raise ValueError(
            f"Expected {key!r} in the weights file to be a dataset; it is "
            f"a {type(dataset).__name__}."
        )
    if dataset.external:
        raise ValueError(
            f"Dataset {key!r} keeps its data in an external file; "
            "refusing to read it."
        )
    return dataset


def safe_get_h5_dataset(group, key):
    """Returns the value of the dataset `group[key]` as a NumPy array;
    raises `ValueError` when it is missing, not a dataset, or stored
    outside the file."""
    return _safe_h5_dataset(group, key)[()]


class H5Entry:
    """The variables of one object: a dict-like of `"0"`, `"1"`, ... to
    arrays (read lazily when loading)."""

    def __init__(self, groups, name=None, writer=None):
        self._groups = groups
        self._writer = writer
        self.name = name

    def keys(self):
        return [key for group in self._groups for key in group.keys()]

    def __len__(self):
        return len(self.keys())

    def __contains__(self, key):
        return any(key in group for group in self._groups)

    def __iter__(self):
        return iter(self.keys())

    def items(self):
        return [(key, self[key]) for key in self.keys()]

    def __getitem__(self, key):
        return self._dataset(key)[()]

    def read_into(self, key, target):
        """Reads variable `key` straight into the NumPy array `target`
        when shape and dtype match (returns `True`), saving the copy
        through a temporary array; else returns `False`."""
        dataset = self._dataset(key)
        if dataset.shape != target.shape or dataset.dtype != target.dtype:
            return False
        if target.size:
            dataset.read_direct(target)
        return True

    def _dataset(self, key):
        for group in self._groups:
            if key in group:
                return _safe_h5_dataset(group, key)
        raise KeyError(f"No variable {key!r} in entry {self.name!r}.")

    def __setitem__(self, key, value):
        if self._writer is None:
            raise ValueError("This weights entry was opened for reading.")
        self._writer(self, key, np.asarray(value))


class H5IOStore:
    """Variables of a model in one HDF5 file.

    Args:
        path_or_file: a file path, or a binary file object.
        mode: `"r"` or `"w"`.
    """

    def __init__(self, path_or_file, mode="r"):
        self.mode = mode
        self.h5_file = h5py.File(path_or_file, mode)

    def make(self, path, name=None):
        """Returns a writable entry for the object at `path`."""
        group = self.h5_file.require_group(_vars_path(path))
        if name is not None:
            group.attrs["name"] = name
        return H5Entry([group], name, writer=self._write)

    def _write(self, entry, key, value):
        entry._groups[-1].create_dataset(key, data=value)

    def get(self, path):
        """Returns the entry saved for `path`, or `None`."""
        group = _find_group(self.h5_file, _vars_path(path))
        return None if group is None else H5Entry([group], path)

    def close(self):
        self.h5_file.close()


class ShardedH5IOStore:
    """Variables of a model in HDF5 shards of at most `max_shard_size` GiB
    each, indexed by a `.weights.json` file.

    Args:
        index_path: the `.weights.json` index path.
        mode: `"r"` or `"w"`.
        max_shard_size: the largest shard, in GiB (writing only).
        directory: where to write shards and the index (defaults to the
            index's folder; saving writes to a temporary folder first).
    """

    def __init__(self, index_path, mode="r", max_shard_size=None,
                 directory=None):
        self.mode = mode
        self.index_path = index_path
        stem = os.path.basename(index_path)
        self.stem = stem[: -len(".weights.json")]
        self.directory = directory or os.path.dirname(
            os.path.abspath(index_path))
        self._files = {}
        if mode == "w":
            if not max_shard_size or max_shard_size <= 0:
                raise ValueError(
                    "`max_shard_size` must be a positive number of GiB. "
                    f"Received: max_shard_size={max_shard_size}"
                )
            self.limit = float(max_shard_size) * _GIB
            self.weight_map = {}
            self.total_size = 0
            self._current = None
            self._current_size = 0
            self._new_shard()
        else:
            with open(index_path, "r", encoding="utf-8") as f:
                index = json.load(f)
            if not isinstance(index, dict) or not isinstance(
                index.get("weight_map"), dict
            ):
                raise ValueError(
                    f"{index_path} is not a sharded weights index: it has "
                    "no 'weight_map' dict."
                )
            self.weight_map = index["weight_map"]

    @property
    def shard_names(self):
        return list(self._files)

    def _new_shard(self):
        name = f"{self.stem}_{len(self._files):05d}.weights.h5"
        self._current = h5py.File(os.path.join(self.directory, name), "w")
        self._files[name] = self._current
        self._current_size = 0

    def make(self, path, name=None):
        group = self._current.require_group(_vars_path(path))
        if name is not None:
            group.attrs["name"] = name
        return H5Entry([group], name, writer=self._write)

    def _write(self, entry, key, value):
        if value.nbytes > self.limit:
            raise ValueError(
                f"Variable {key!r} of {entry.name!r} takes "
                f"{value.nbytes / 2**20:.2f} MiB, more than "
                f"`max_shard_size` ({self.limit / 2**20:.2f} MiB). Increase "
                "`max_shard_size`."
            )
        group = entry._groups[-1]
        if self._current_size + value.nbytes > self.limit:
            self._new_shard()
            group = self._current.require_group(group.name)
            entry._groups.append(group)
        group.create_dataset(key, data=value)
        self._current_size += value.nbytes
        self.total_size += value.nbytes
        shards = self.weight_map.setdefault(group.name, [])
        shard = os.path.basename(self._current.filename)
        if shard not in shards:
            shards.append(shard)

    def get(self, path):
        key = "/" + _vars_path(path)
        groups = []
        for shard in self.weight_map.get(key, ()):
            group = _find_group(self._open(shard), key)
            if group is not None:
                groups.append(group)
        return H5Entry(groups, path) if groups else None

    def _open(self, shard):
        if shard not in self._files:
            if os.path.basename(shard) != shard or not shard.endswith(".h5"):
                raise ValueError(
                    f"The index names a shard {shard!r} outside its "
                    "folder; expected a plain `.h5` file name."
                )
            self._files[shard] = h5py.File(
                os.path.join(self.directory, shard), "r")
        return self._files[shard]

    def close(self):
        for file in self._files.values():
            file.close()
        if self.mode == "w":
            index = {
                "metadata": {"total_size": float(self.total_size)},
                "weight_map": self.weight_map,
            }
            path = os.path.join(self.directory,
                                self.stem + ".weights.json")
            with open(path, "w", encoding="utf-8") as f:
                json.dump(index, f, indent=4)


def _vars_path(path):
    return f"{path}/vars" if path else "vars"


def _find_group(root, path):
    group = root
    for part in path.strip("/").split("/"):
        if not isinstance(group, h5py.Group) or part not in group:
            return None
        group = safe_get_h5_group(group, part)
    return group
