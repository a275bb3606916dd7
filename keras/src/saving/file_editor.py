"""`keras.saving.KerasFileEditor`: inspect and edit saved weights.

The editor reads the variables of a `.keras` or `.weights.h5` file into a
nested dict (`weights_dict`) that mirrors the file's layout: object paths
(`layers/dense`) lead to `{variable index: array}`. Objects can be
renamed, deleted or added, variables deleted or added, and the result
written to a new `.weights.h5` file, which loads into a model like any
other (`model.load_weights`).
"""

import collections
import os
import sys

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.saving import h5_store
from keras.src.saving import saving_lib
from keras.src.saving import weights_file
from keras.src.utils import io_utils

_ID_COUNTER = {"value": 0}


def initialize_id_counter():
    """Resets the counter used to give printed widgets unique ids."""
    _ID_COUNTER["value"] = 0


def increment_id_counter():
    """Advances the widget id counter by one."""
    _ID_COUNTER["value"] += 1


def get_id_counter():
    """Returns the current widget id."""
    return _ID_COUNTER["value"]


def is_ipython_notebook():
    """Whether the code runs inside a Jupyter (IPython kernel) session."""
    shell = sys.modules.get("IPython")
    if shell is None:
        return False
    try:
        ip = shell.get_ipython()
    except AttributeError:
        return False
    return ip is not None and "IPKernelApp" in getattr(ip, "config", {})


def display_weight(weight, axis=-1, threshold=16):
    """Prints `weight` (an array), at most `threshold` values per axis.

    Args:
        weight: the array.
        axis: unused (kept for Keras's signature): the whole array is
            summarized.
        threshold: the largest number of values printed per axis.
    """
    with np.printoptions(threshold=threshold, edgeitems=threshold // 2):
        io_utils.print_msg(str(np.asarray(weight)))


def get_weight_spec_of_saveable(saveable, spec, visited_saveables=None):
    """Adds to the dict `spec` the `path: [(shape, dtype), ...]` of the
    variables `saveable` and everything it reaches save (as in files)."""
    visited = set() if visited_saveables is None else visited_saveables
    for path, obj in weights_file.walk(saveable, visited=visited):
        if weights_file._obj_type(obj) == "Optimizer":
            continue
        own = obj._trainable_variables + obj._non_trainable_variables
        if own:
            spec[path] = [
                (tuple(v.shape), backend.standardize_dtype(v.dtype))
                for v in own
            ]
    return spec


def get_weight_spec_of_container(container, spec, visited_saveables):
    """Adds to `spec` the variables of the saveables in `container` (a
    list, tuple or dict)."""
    values = container.values() if isinstance(container, dict) else container
    for value in values:
        if isinstance(value, (list, tuple, dict)):
            get_weight_spec_of_container(value, spec, visited_saveables)
        elif weights_file._is_saveable(value):
            get_weight_spec_of_saveable(value, spec, visited_saveables)
    return spec


@keras_export("keras.saving.KerasFileEditor")
class KerasFileEditor:
    """Reads the weights of a saved model for inspection and editing.

    Args:
        filepath: a `.keras` file (or folder) or a `.weights.h5` file.

    Example:

    >>> import os, tempfile
    >>> model = keras.Sequential([keras.Input((3,)),
    ...                           keras.layers.Dense(2, name="d")])
    >>> path = os.path.join(tempfile.mkdtemp(), "model.keras")
    >>> model.save(path)
    >>> editor = keras.saving.KerasFileEditor(path)  # doctest: +ELLIPSIS
    Keras model file '...model.keras'
    Saved with Keras ...
    >>> editor.weights_dict["layers"]["dense"]["0"].shape
    (3, 2)
    >>> editor.rename_object("dense", "renamed")
    >>> sorted(editor.weights_dict["layers"])
    ['renamed']
    """

    def __init__(self, filepath):
        self.filepath = os.fspath(filepath)
        self.metadata = None
        self.config = None
        if self.filepath.endswith(".weights.h5"):
            store = h5_store.H5IOStore(self.filepath, "r")
            self.weights_dict = self._read(store)
            store.close()
        elif self.filepath.endswith(".keras") or os.path.isdir(
            self.filepath
        ):
            with saving_lib.read_archive(self.filepath) as archive:
                self.metadata = archive.metadata
                self.config = archive.config
                store = archive.open_weights()
                try:
                    self.weights_dict = self._read(store)
                finally:
                    store.close()
        else:
            raise ValueError(
                "Invalid filename: expected a `.keras` or `.weights.h5` "
                f"extension. Received: filepath={self.filepath}"
            )
        io_utils.print_msg(f"Keras model file '{self.filepath}'")
        if self.metadata:
            io_utils.print_msg(
                f"Saved with Keras {self.metadata.get('keras_version')} - "
                f"date: {self.metadata.get('date_saved')}"
            )

    def _read(self, store):
        weights = collections.OrderedDict()
        groups = []
        store.h5_file.visititems(
            lambda name, obj: groups.append(name)
            if name.endswith("vars") and hasattr(obj, "keys") else None
        )
        for name in groups:
            path = name[: -len("vars")].rstrip("/")
            entry = store.get(path)
            if entry is None or not len(entry):
                continue
            node = weights
            for part in path.split("/") if path else []:
                node = node.setdefault(part, collections.OrderedDict())
            for key in sorted(entry.keys(), key=_index_order):
                node[key] = entry[key]
        return weights

    # -- inspection -----------------------------------------------------------

    def summary(self):
        """Prints the tree of objects and their variables' shapes."""
        io_utils.print_msg("Weights structure")
        self._print_tree(self.weights_dict, prefix="")

    def _print_tree(self, node, prefix, top=True):
        items = list(node.items())
        for i, (key, value) in enumerate(items):
            last = i == len(items) - 1
            if top:
                branch, child_prefix = "  > ", "      "
            else:
                branch = prefix + ("└─ " if last else "├─ ")
                child_prefix = prefix + ("    " if last else "│   ")
            if isinstance(value, dict):
                io_utils.print_msg(f"{branch}{key}")
                self._print_tree(value, child_prefix, top=False)
            else:
                io_utils.print_msg(
                    f"{branch}{key}: shape={value.shape}, "
                    f"dtype={value.dtype}"
                )

    def compare(self, reference_model):
        """Checks the saved variables against those of `reference_model`.

        Args:
            reference_model: a built model.

        Returns:
            `{"status": "success" or "error", "error_count": n,
            "match_count": m}`; mismatches are printed.
        """
        io_utils.print_msg("Running comparison")
        spec = get_weight_spec_of_saveable(reference_model, {})
        saved = dict(self._flat())
        errors = matches = 0
        stored_objects = {key.rpartition("/")[0] for key in saved}
        for path, variables in spec.items():
            if f"/{path}" in stored_objects:
                matches += 1  # The object itself, as Keras counts.
            for index, (shape, dtype) in enumerate(variables):
                key = f"/{path}/{index}"
                if key not in saved:
                    errors += 1
                    io_utils.print_msg(
                        f"...Object {key} present in reference model but "
                        "missing in saved file"
                    )
                    continue
                stored = saved.pop(key)
                if tuple(stored.shape) != shape:
                    errors += 1
                    io_utils.print_msg(
                        f"...Weight shape mismatch for {key}\n"
                        f"    In reference model: shape={shape}\n"
                        f"    In saved file: shape={stored.shape}"
                    )
                else:
                    matches += 1
        for key in saved:
            errors += 1
            io_utils.print_msg(
                f"...Object {key} present in saved file but missing in "
                "reference model"
            )
        io_utils.print_msg("─────────────────────")
        if errors:
            io_utils.print_msg(
                f"Found {errors} errors: saved file is not compatible with "
                "the reference model"
            )
            return {"status": "error", "error_count": errors,
                    "match_count": matches}
        io_utils.print_msg(
            "Comparison successful: saved file is compatible with the "
            f"reference model\n    Found {matches} matching weights"
        )
        return {"status": "success", "error_count": 0,
                "match_count": matches}

    def _flat(self, node=None, path=""):
        node = self.weights_dict if node is None else node
        for key, value in node.items():
            if isinstance(value, dict):
                yield from self._flat(value, f"{path}/{key}")
            else:
                yield f"{path}/{key}", value

    # -- editing --------------------------------------------------------------

    def _locate(self, object_name):
        """Returns `(parent dict, key)` of an object given by path
        (`"layers/dense"`) or by its last path part (`"dense"`)."""
        parts = object_name.strip("/").split("/")
        if len(parts) > 1:
            parent = self.weights_dict
            for part in parts[:-1]:
                parent = parent.get(part)
                if not isinstance(parent, dict):
                    break
            if isinstance(parent, dict) and isinstance(
                parent.get(parts[-1]), dict
            ):
                return parent, parts[-1]
            raise ValueError(
                f"Object path '{object_name}' not found in the file."
            )
        found = []

        def search(node):
            for key, value in node.items():
                if isinstance(value, dict):
                    if key == object_name:
                        found.append((node, key))
                    search(value)

        search(self.weights_dict)
        if not found:
            raise ValueError(
                f"Object '{object_name}' not found in the file. Use "
                "`summary()` to see the objects it holds."
            )
        if len(found) > 1:
            raise ValueError(
                f"Name '{object_name}' is ambiguous: several objects have "
                "it. Pass the full path instead (e.g. 'layers/dense')."
            )
        return found[0]

    def rename_object(self, object_name, new_name):
        """Renames the object `object_name` (a name or path) to
        `new_name`, keeping its place in the file."""
        parent, key = self._locate(object_name)
        if new_name in parent:
            raise ValueError(
                f"Cannot rename '{object_name}' to '{new_name}': an object "
                "with that name already exists."
            )
        items = [(new_name if k == key else k, v) for k, v in parent.items()]
        parent.clear()
        parent.update(items)

    def delete_object(self, object_name):
        """Removes the object `object_name` (a name or path) and its
        variables."""
        parent, key = self._locate(object_name)
        del parent[key]

    def add_object(self, object_path, weights):
        """Adds an object at `object_path` with `weights`, a dict of
        variable names (`"0"`, `"1"`, ...) to arrays."""
        if not isinstance(weights, dict):
            raise ValueError(
                "`weights` must be a dict of variable names to arrays. "
                f"Received: weights={type(weights).__name__}"
            )
        parts = object_path.strip("/").split("/")
        node = self.weights_dict
        for part in parts[:-1]:
            node = node.setdefault(part, collections.OrderedDict())
        if parts[-1] in node:
            raise ValueError(
                f"Object '{object_path}' already exists in the file."
            )
        node[parts[-1]] = collections.OrderedDict(
            (str(k), np.asarray(v)) for k, v in weights.items()
        )

    def delete_weight(self, object_name, weight_name):
        """Removes the variable `weight_name` (e.g. `"1"`) of the object
        `object_name`."""
        parent, key = self._locate(object_name)
        obj = parent[key]
        if weight_name not in obj or isinstance(obj[weight_name], dict):
            raise ValueError(
                f"Weight '{weight_name}' not found in object "
                f"'{object_name}'. Weights: {list(obj)}"
            )
        del obj[weight_name]

    def add_weights(self, object_name, weights):
        """Adds `weights` (a dict of variable names to arrays) to the
        object `object_name`."""
        if not isinstance(weights, dict):
            raise ValueError(
                "`weights` must be a dict of variable names to arrays. "
                f"Received: weights={type(weights).__name__}"
            )
        parent, key = self._locate(object_name)
        obj = parent[key]
        for name, value in weights.items():
            if str(name) in obj:
                raise ValueError(
                    f"Weight '{name}' already exists in object "
                    f"'{object_name}'."
                )
            obj[str(name)] = np.asarray(value)

    def save(self, filepath):
        """Writes the (edited) weights to a new `.weights.h5` file."""
        filepath = os.fspath(filepath)
        if not filepath.endswith(".weights.h5"):
            raise ValueError(
                "Invalid `filepath` argument: expected a `.weights.h5` "
                f"extension. Received: filepath={filepath}"
            )
        directory = os.path.dirname(os.path.abspath(filepath))
        os.makedirs(directory, exist_ok=True)
        temporary = os.path.join(
            directory, f".tmp-{os.getpid()}-{os.path.basename(filepath)}")
        try:
            store = h5_store.H5IOStore(temporary, "w")
            try:
                self._write(store, self.weights_dict, "")
            finally:
                store.close()
            os.replace(temporary, filepath)
        finally:
            if os.path.exists(temporary):
                os.remove(temporary)

    def resave_weights(self, filepath):
        """Same as `save`: writes the weights to a `.weights.h5` file."""
        self.save(filepath)

    def _write(self, store, node, path):
        arrays = [(k, v) for k, v in node.items() if not isinstance(v, dict)]
        if arrays:
            entry = store.make(path, path.rpartition("/")[2] or None)
            for key, value in arrays:
                entry[key] = value
        for key, value in node.items():
            if isinstance(value, dict):
                self._write(store, value, f"{path}/{key}" if path else key)


def _index_order(key):
    return (0, int(key)) if key.isdigit() else (1, key)
