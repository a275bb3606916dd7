"""Model variables in Keras's layout, and `.weights.h5` files.

Saving walks the model as Keras does, so files move between this package
and upstream Keras. Each saveable (a layer, a model, an optimizer) writes
its own variables at its path; the walk then visits, in sorted order, the
attributes that hold saveables or lists, tuples and dicts of them:

- an attribute `attr` holding a saveable is saved at `<path>/attr`;
- a container at `<path>/attr` names its saveables by their snake-cased
  class name, numbered when it repeats (`dense`, `dense_1`), and nested
  containers `container`, `container_1`, ...;
- a `Sequential` or functional model visits its `layers` first; models
  skip private (`_`-prefixed) attributes, and every object skips the
  attributes that Keras's own base classes define;
- an object already saved is not saved again (shared layers).

`.weights.h5` files are written to a temporary file in the target's folder
and renamed into place, so an interrupted save leaves the old file intact.
"""

import os
import shutil
import tempfile
import warnings

from keras.src.backend.common.naming import to_snake_case
from keras.src.saving import h5_store
from keras.src.saving import keras_saveable

_SKIPSETS = {}


def get_attr_skipset(obj_type):
    """Returns the attribute names the walk never visits on objects of
    `obj_type` (`"Layer"`, `"Model"` or `"Optimizer"`): those Keras's own
    base class defines (the model's `layers` and `optimizer` excepted)."""
    if obj_type not in _SKIPSETS:
        _SKIPSETS[obj_type] = frozenset(_reference_names(obj_type))
    return _SKIPSETS[obj_type]


def _reference_names(obj_type):
    from keras.src.layers.layer import Layer
    from keras.src.models.model import Model
    from keras.src.optimizers.base_optimizer import Optimizer

    if obj_type == "Model":
        names = set(dir(Model)) | set(
            Model(name="saving_reference").__dict__)
        return names - {"layers", "optimizer"}
    if obj_type == "Layer":
        return set(dir(Layer)) | set(Layer(name="saving_reference").__dict__)
    return set(dir(Optimizer))


def _obj_type(obj):
    from keras.src.layers.layer import Layer
    from keras.src.models.model import Model

    if isinstance(obj, Model):
        return "Model"
    if isinstance(obj, Layer):
        return "Layer"
    return "Optimizer"


def _is_saveable(obj):
    keras_saveable.register_saveable_types()
    return isinstance(obj, keras_saveable.KerasSaveable)


def _children(obj):
    """Yields `(name, value)` for the attributes of `obj` that the walk
    visits, in order."""
    from keras.src.models.functional import Functional
    from keras.src.models.sequential import Sequential

    obj_type = _obj_type(obj)
    skipset = get_attr_skipset(obj_type)
    first = isinstance(obj, (Functional, Sequential))
    if first:
        yield "layers", obj.layers
    # Public names first: an object reachable as `key_dense` and as
    # `_key_dense` is saved under `key_dense`, as upstream Keras does.
    # Not `dir(obj)`: on torch a layer is a `torch.nn.Module`, whose
    # `__dir__` adds its submodules under their registration keys (layer
    # names such as `dense_3`), which are not attribute names.
    names = sorted(set(dir(type(obj))) | set(vars(obj)))
    names.sort(key=lambda name: name.startswith("_"))
    for name in names:
        if name.startswith("__") or name in skipset:
            continue
        if first and name == "layers":
            continue
        if obj_type == "Model" and name.startswith("_"):
            continue
        try:
            value = getattr(obj, name)
        except Exception:  # A property that cannot answer now.
            continue
        if _is_saveable(value) or isinstance(value, (list, tuple, dict)):
            yield name, value


def walk(obj, path="", visited=None):
    """Yields `(path, saveable)` for `obj` and every saveable it reaches,
    in saving order."""
    visited = set() if visited is None else visited
    if id(obj) in visited:
        return
    visited.add(id(obj))
    yield path, obj
    for name, value in _children(obj):
        child_path = f"{path}/{name}" if path else name
        if _is_saveable(value):
            yield from walk(value, child_path, visited)
        else:
            yield from _walk_container(value, child_path, visited)


def _walk_container(container, path, visited):
    values = container.values() if isinstance(container, dict) else container
    counts = {}
    for value in values:
        if _is_saveable(value):
            if id(value) in visited:
                continue
            base = to_snake_case(type(value).__name__)
        elif isinstance(value, (list, tuple, dict)):
            base = "container"
        else:
            continue
        index = counts.get(base, 0)
        counts[base] = index + 1
        name = base if index == 0 else f"{base}_{index}"
        if base == "container":
            yield from _walk_container(value, f"{path}/{name}", visited)
        else:
            yield from walk(value, f"{path}/{name}", visited)


def save_state(model, store):
    """Writes the variables of `model` and everything it reaches."""
    for path, obj in walk(model):
        obj.save_own_variables(store.make(path, getattr(obj, "name", None)))


def load_state(model, store, skip_mismatch=False):
    """Reads variables written by `save_state` back into `model`.

    Raises `ValueError` naming every object that could not be loaded
    (missing entry, other variable count or shapes), unless
    `skip_mismatch`, which warns and skips them instead.
    """
    failures = []
    for path, obj in walk(model):
        entry = store.get(path)
        if _obj_type(obj) == "Optimizer":
            if entry is None or not len(entry):
                continue
            if not obj.built:
                obj.build(model.trainable_variables)
        expected = _variable_count(obj)
        if entry is None:
            if expected:
                failures.append(
                    f"{_describe(obj, path)}: the file has no entry "
                    f"'{path or '/'}' for its {expected} variables."
                )
            continue
        try:
            _check_shapes(obj, entry)
            obj.load_own_variables(entry)
        except Exception as e:
            failures.append(f"{_describe(obj, path)}: {e}")
    if not failures:
        return
    message = (
        f"{len(failures)} object(s) could not be loaded from the "
        "weights:\n- " + "\n- ".join(failures)
    )
    if skip_mismatch:
        warnings.warn(message + "\nThey were skipped (skip_mismatch=True).",
                      stacklevel=3)
        return
    raise ValueError(message)


def _variable_count(obj):
    if _obj_type(obj) == "Optimizer":
        return len(obj.variables) if obj.built else 0
    own = obj._trainable_variables + obj._non_trainable_variables
    return len(own)


def _check_shapes(obj, entry):
    if _obj_type(obj) == "Optimizer":
        return  # Optimizers warn and skip on a count mismatch themselves.
    own = obj._trainable_variables + obj._non_trainable_variables
    if getattr(obj, "quantization_mode", None) is not None:
        # Quantized layers save in Keras's order (kernel before bias).
        own = obj._quantized_variables()
    if len(entry) != len(own):
        return  # `load_own_variables` says what it expected.
    for index, variable in enumerate(own):
        key = str(index)
        if key not in entry:
            continue
        shape = tuple(_stored_shape(entry, key))
        if shape != tuple(variable.shape):
            raise ValueError(
                f"variable {index} ({variable.path!r}) has shape "
                f"{tuple(variable.shape)}; the file holds {shape}."
            )
        dtype = _stored_dtype(entry, key)
        if dtype is not None and dtype.kind not in "biufc":
            # Strings or records where numbers belong: a crafted or
            # corrupt file (ml_dtypes' bfloat16 is kind "V", allowed).
            if not (dtype.kind == "V" and dtype.itemsize == 2):
                raise ValueError(
                    f"variable {index} ({variable.path!r}) has dtype "
                    f"{variable.dtype}; the file holds {dtype} values."
                )


def _stored_shape(entry, key):
    for group in entry._groups:
        if key in group:
            return group[key].shape
    return ()


def _stored_dtype(entry, key):
    for group in entry._groups:
        if key in group:
            return getattr(group[key], "dtype", None)
    return None


def _describe(obj, path):
    kind = "optimizer" if _obj_type(obj) == "Optimizer" else "layer"
    return f"{kind} '{getattr(obj, 'name', '?')}' (at '{path or '/'}')"


def save_weights(model, filepath, max_shard_size=None):
    """Writes `model`'s variables (and its optimizer's) to `filepath`, a
    `.weights.h5` file, or shards indexed by a `.weights.json` file when
    `max_shard_size` (GiB) is given."""
    filepath = os.fspath(filepath)
    directory = os.path.dirname(os.path.abspath(filepath))
    os.makedirs(directory, exist_ok=True)
    if max_shard_size is not None:
        return _save_sharded(model, filepath, directory, max_shard_size)
    handle, temporary = tempfile.mkstemp(
        dir=directory, prefix=".tmp-", suffix=".weights.h5"
    )
    os.close(handle)
    try:
        store = h5_store.H5IOStore(temporary, "w")
        try:
            save_state(model, store)
        finally:
            store.close()
        os.replace(temporary, filepath)
    except BaseException:
        if os.path.exists(temporary):
            os.remove(temporary)
        raise


def _save_sharded(model, filepath, directory, max_shard_size):
    if filepath.endswith(".weights.h5"):
        filepath = filepath[: -len(".weights.h5")] + ".weights.json"
    temporary = tempfile.mkdtemp(dir=directory, prefix=".tmp-shards-")
    try:
        store = h5_store.ShardedH5IOStore(
            filepath, "w", max_shard_size=max_shard_size,
            directory=temporary,
        )
        try:
            save_state(model, store)
        finally:
            store.close()
        index = os.path.basename(filepath)
        # Shards first, the index last: a reader never finds an index
        # that names shards not yet in place.
        for name in store.shard_names + [index]:
            os.replace(os.path.join(temporary, name),
                       os.path.join(directory, name))
    finally:
        shutil.rmtree(temporary, ignore_errors=True)
    return filepath


def load_weights(model, filepath, skip_mismatch=False):
    """Reads variables saved by `save_weights` (a `.weights.h5` file or a
    `.weights.json` shard index) into `model`."""
    filepath = os.fspath(filepath)
    if filepath.endswith(".weights.json"):
        store = h5_store.ShardedH5IOStore(filepath, "r")
    else:
        store = h5_store.H5IOStore(filepath, "r")
    try:
        load_state(model, store, skip_mismatch)
    finally:
        store.close()
