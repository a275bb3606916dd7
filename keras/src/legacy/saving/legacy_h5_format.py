"""The legacy HDF5 (`.h5`) model format of Keras 2 and `tf.keras`.

Layout of a whole-model file (as documented for Keras 2):

    attrs: keras_version, backend, model_config (JSON),
           training_config (JSON, compiled models)
    model_weights/            attrs: layer_names, keras_version, backend
        <layer name>/         attrs: weight_names (paths below the group)
            <weight path>     one dataset per weight
        top_level_model_weights/   the model's own weights, if any
    optimizer_weights/        attrs: weight_names
        <weight path>

A weights-only file (`save_weights("x.h5")` in Keras 2) has the
`model_weights` content at its root. Attributes too large for one HDF5
object header are split into `name0`, `name1`, ...

Reading treats the file as untrusted: JSON is parsed with size and depth
limits, the model is rebuilt with the safe-mode-aware deserialization (so a
`Lambda` layer's bytecode is refused unless the caller opted out), and
weights of the wrong count, shape or dtype raise a `ValueError` naming the
layer and variable.
"""

import json
import os
import tempfile
import warnings

import numpy as np

from keras.src import backend
from keras.src.legacy.saving import saving_utils
from keras.src.saving import object_registration
from keras.src.saving import safe_mode as safe_mode_lib
from keras.src.utils.module_utils import LazyModule

h5py = LazyModule("h5py")

# Bytes an HDF5 object header holds; larger attributes are split.
HDF5_OBJECT_HEADER_LIMIT = 64512

_TOP_LEVEL = "top_level_model_weights"


# -- whole models ---------------------------------------------------------


def save_model_to_hdf5(
    model, filepath, overwrite=True, include_optimizer=True
):
    """Saves `model` (configuration, weights, optimizer state) to a legacy
    HDF5 file, written to a temporary file and renamed into place.

    Args:
        model: the model.
        filepath: a path, or an open writable `h5py.File`.
        overwrite: whether to replace an existing file.
        include_optimizer: whether to store the compile arguments and the
            optimizer's variables.

    Example:

    >>> import os, tempfile
    >>> model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    >>> path = os.path.join(tempfile.mkdtemp(), "model.h5")
    >>> save_model_to_hdf5(model, path)
    >>> load_model_from_hdf5(path).output_shape
    (None, 2)
    """
    if isinstance(filepath, h5py.File):
        _write_model(model, filepath, include_optimizer)
        return
    filepath = os.fspath(filepath)
    if not overwrite and os.path.exists(filepath):
        raise FileExistsError(
            f"{filepath} exists and `overwrite=False` was passed."
        )
    folder = os.path.dirname(os.path.abspath(filepath))
    os.makedirs(folder, exist_ok=True)
    handle, temp_path = tempfile.mkstemp(
        suffix=".h5.tmp", prefix=".", dir=folder
    )
    os.close(handle)
    try:
        with h5py.File(temp_path, "w") as f:
            _write_model(model, f, include_optimizer)
        os.replace(temp_path, filepath)
    finally:
        if os.path.exists(temp_path):
            os.remove(temp_path)


def _write_model(model, f, include_optimizer):
    metadata = saving_utils.model_metadata(model, include_optimizer)
    for key, value in metadata.items():
        if isinstance(value, dict):
            value = json.dumps(value, default=_json_default)
        f.attrs[key] = value
    save_weights_to_hdf5_group(f.create_group("model_weights"), model)
    optimizer = getattr(model, "optimizer", None)
    if include_optimizer and optimizer is not None:
        save_optimizer_weights_to_hdf5_group(f, optimizer)


def _json_default(obj):
    if isinstance(obj, np.generic):
        return obj.item()
    if isinstance(obj, np.ndarray):
        return obj.tolist()
    if isinstance(obj, (tuple, set)):
        return list(obj)
    raise TypeError(f"Not JSON serializable: {obj!r}")


def load_model_from_hdf5(
    filepath, custom_objects=None, compile=True, safe_mode=True
):
    """Loads a model saved in the legacy HDF5 format by Keras 2,
    `tf.keras` or Keras 3.

    Safe mode applies as for `.keras` files.

    Args:
        filepath: a path, or an open `h5py.File`.
        custom_objects: an optional dict of custom classes and functions.
        compile: whether to compile the model with the stored training
            configuration (and restore the optimizer's state).
        safe_mode: whether to refuse code stored in the file (a `Lambda`
            layer's bytecode); `keras.config.enable_unsafe_deserialization()`
            turns it off too.

    Returns:
        The model.

    Raises:
        ValueError: the file is not a readable HDF5 model file, holds no
            model configuration, or safe mode refuses part of it.

    Example:

    >>> import os, tempfile
    >>> model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    >>> path = os.path.join(tempfile.mkdtemp(), "model.h5")
    >>> save_model_to_hdf5(model, path)
    >>> load_model_from_hdf5(path).output_shape
    (None, 2)
    """
    custom_objects = dict(custom_objects or {})
    custom_objects.update(object_registration.GLOBAL_CUSTOM_OBJECTS)
    if isinstance(filepath, h5py.File):
        return _read_model(filepath, filepath.filename, custom_objects,
                           compile, safe_mode)
    name = os.fspath(filepath)
    with open_hdf5(name) as f:
        return _read_model(f, name, custom_objects, compile, safe_mode)


def open_hdf5(filepath):
    """Opens the HDF5 file `filepath` for reading; a truncated or corrupt
    file raises a `ValueError` that names it."""
    if not os.path.exists(filepath):
        raise FileNotFoundError(f"No such file: {filepath}")
    try:
        return h5py.File(filepath, "r")
    except OSError as e:
        raise ValueError(
            f"Could not read {filepath} as an HDF5 file: it is truncated or "
            f"corrupt ({e})."
        ) from None


def _read_model(f, filename, custom_objects, compile, safe_mode):
    config_text = _attribute(f, "model_config")
    if config_text is None:
        raise ValueError(
            f"No model config found in {filename}: it holds weights only "
            "(load them with `model.load_weights()`), or is not a Keras "
            "model file."
        )
    config = safe_mode_lib.load_json(config_text, filename, "model config")
    scoped = safe_mode_lib.in_safe_mode()
    safe_mode = scoped if scoped is not None else bool(safe_mode)
    with safe_mode_lib.SafeModeScope(safe_mode):
        model = saving_utils.model_from_config(config, custom_objects)
    load_weights_from_hdf5_group(_weights_root(f), model)
    training_text = _attribute(f, "training_config")
    if not compile or training_text is None:
        if compile:
            warnings.warn(
                f"No training configuration found in {filename}: the model "
                "was not compiled. Compile it manually.",
                stacklevel=2,
            )
        return model
    training_config = safe_mode_lib.load_json(
        training_text, filename, "training config"
    )
    model.compile(
        **saving_utils.compile_args_from_training_config(
            training_config, custom_objects
        )
    )
    if "optimizer_weights" in f:
        _restore_optimizer(model, f, filename)
    return model


def _restore_optimizer(model, f, filename):
    if _written_by_keras_2(f):
        # Keras 2 optimizers kept other variables (no learning rate
        # variable; before TensorFlow 2.11 every first moment, then every
        # second one), under names Keras 3 does not map: like Keras 3, the
        # state is dropped, not guessed at.
        count = len(load_attributes_from_hdf5_group(
            f["optimizer_weights"], "weight_names"
        ))
        warnings.warn(
            f"The optimizer state saved in {filename} was written by Keras "
            f"2 (tf.keras) and is not converted ({count} saved optimizer "
            "variables ignored, as Keras 3 does): the model starts with a "
            f"freshly initialized {type(model.optimizer).__name__} "
            "optimizer.",
            stacklevel=3,
        )
        return
    try:
        values = load_optimizer_weights_from_hdf5_group(f)
    except ValueError as e:
        warnings.warn(f"Optimizer state not restored: {e}", stacklevel=3)
        return
    saving_utils.try_build_compiled_arguments(model)
    variables = model.optimizer.variables
    shapes_match = len(values) == len(variables) and all(
        tuple(v.shape) == tuple(np.shape(a))
        for v, a in zip(variables, values)
    )
    if not shapes_match:
        # Keras 2 optimizers kept other variables, in another order.
        warnings.warn(
            f"Could not restore the optimizer state saved in {filename}: "
            f"the file holds {len(values)} optimizer variables and the "
            f"model's {type(model.optimizer).__name__} has "
            f"{len(variables)}, or their shapes differ. The model starts "
            "with a freshly initialized optimizer.",
            stacklevel=3,
        )
        return
    for variable, value in zip(variables, values):
        variable.assign(value)


def _written_by_keras_2(f):
    version = _attribute(f, "keras_version")
    if version is not None:
        return str(version).startswith("2.")
    # No version: Keras 2 named its weights after TensorFlow variables
    # (`Adam/iter:0`), Keras 3 without the `:0`.
    names = load_attributes_from_hdf5_group(
        f["optimizer_weights"], "weight_names"
    )
    return any(name.endswith(":0") for name in names)


def _weights_root(f):
    if "layer_names" not in f.attrs and "model_weights" in f:
        return f["model_weights"]
    return f


# -- attributes -----------------------------------------------------------


def save_attributes_to_hdf5_group(group, name, data):
    """Stores the list of strings `data` as the attribute `name` of
    `group`, split into `name0`, `name1`, ... when it does not fit in one
    HDF5 object header.

    Args:
        group: an `h5py.Group`.
        name: the attribute name.
        data: a list of strings.

    Raises:
        RuntimeError: one item alone is larger than an object header.
    """
    encoded = np.asarray([str(x).encode("utf8") for x in data])
    too_long = [x for x in encoded if len(x) > HDF5_OBJECT_HEADER_LIMIT]
    if too_long:
        raise RuntimeError(
            "The following attributes cannot be saved to HDF5 file because "
            f"they are larger than {HDF5_OBJECT_HEADER_LIMIT} bytes: "
            f"{too_long[:3]}"
        )
    chunks = 1
    while encoded.nbytes / chunks > HDF5_OBJECT_HEADER_LIMIT:
        chunks += 1
    if chunks == 1:
        group.attrs[name] = encoded
        return
    for index, part in enumerate(np.array_split(encoded, chunks)):
        group.attrs[f"{name}{index}"] = part


def load_attributes_from_hdf5_group(group, name):
    """Returns the list of strings stored by
    `save_attributes_to_hdf5_group` (chunked or not)."""
    if name in group.attrs:
        values = group.attrs[name]
    else:
        values = []
        index = 0
        while f"{name}{index}" in group.attrs:
            values.extend(group.attrs[f"{name}{index}"])
            index += 1
    return [_as_str(x) for x in np.asarray(values).reshape(-1)]


def _as_str(value):
    return value.decode("utf8") if isinstance(value, bytes) else str(value)


def _attribute(f, name):
    value = f.attrs.get(name)
    if value is None:
        return None
    return value.decode("utf8") if isinstance(value, bytes) else str(value)


# -- weights --------------------------------------------------------------


def save_subset_weights_to_hdf5_group(group, weights):
    """Writes the variables `weights` into `group` (datasets named by the
    variables' paths, listed in the `weight_names` attribute)."""
    names = [_weight_name(w, i) for i, w in enumerate(weights)]
    save_attributes_to_hdf5_group(group, "weight_names", names)
    for name, weight in zip(names, weights):
        value = backend.convert_to_numpy(weight)
        dataset = group.create_dataset(name, value.shape, dtype=value.dtype)
        if value.shape:
            dataset[:] = value
        else:
            dataset[()] = value


def _weight_name(weight, index):
    return getattr(weight, "path", None) or f"weight_{index}"


def save_weights_to_hdf5_group(group, model):
    """Writes the weights of `model`'s layers into `group`, one subgroup
    per layer (named like the layer), plus the model's own."""
    f = group
    from keras.src.version import __version__

    save_attributes_to_hdf5_group(
        f, "layer_names", [layer.name for layer in model.layers]
    )
    f.attrs["backend"] = backend.backend()
    f.attrs["keras_version"] = __version__
    for layer in sorted(model.layers, key=lambda layer: layer.name):
        save_subset_weights_to_hdf5_group(
            f.create_group(layer.name), _layer_weights(layer)
        )
    save_subset_weights_to_hdf5_group(
        f.create_group(_TOP_LEVEL), _own_weights(model)
    )


def _layer_weights(layer):
    return list(layer.trainable_weights) + list(layer.non_trainable_weights)


def _own_weights(model):
    held = {id(w) for layer in model.layers for w in layer.weights}
    return [w for w in _layer_weights(model) if id(w) not in held]


def load_subset_weights_from_hdf5_group(group):
    """Returns the arrays of `group`, in `weight_names` order."""
    f = group
    names = load_attributes_from_hdf5_group(f, "weight_names")
    values = []
    for name in names:
        if name not in f:
            raise ValueError(
                f"The weight {name!r} listed in group {f.name!r} is missing "
                f"from {f.file.filename}; the file is truncated or corrupt."
            )
        values.append(_read_dataset(f[name], name))
    return values


def _read_dataset(dataset, name):
    if not isinstance(dataset, h5py.Dataset):
        raise ValueError(
            f"{name!r} in {dataset.file.filename} is a group, not a weight."
        )
    try:
        return np.asarray(dataset[()])
    except (OSError, TypeError, ValueError) as e:
        raise ValueError(
            f"Could not read the weight {name!r} from "
            f"{dataset.file.filename}: {e}"
        ) from None


def _assign(layer, variables, values, skip_mismatch, where):
    if len(values) != len(variables):
        message = (
            f"Layer '{layer.name}' expects {len(variables)} weight(s), but "
            f"the saved weights ({where}) have {len(values)} element(s)."
        )
        if skip_mismatch:
            warnings.warn(f"Skipping loading: {message}", stacklevel=3)
            return
        raise ValueError(message)
    pairs = []
    for variable, value in zip(variables, values):
        path = getattr(variable, "path", variable.name)
        if value.dtype.kind not in "biuf":
            raise ValueError(
                f"Cannot load the weight of variable '{path}' of layer "
                f"'{layer.name}': the file stores dtype {value.dtype}, not a "
                f"number (variable dtype: {variable.dtype})."
            )
        if tuple(value.shape) != tuple(variable.shape):
            message = (
                f"Shape mismatch in layer '{layer.name}' for variable "
                f"'{path}': expected {tuple(variable.shape)}, received "
                f"{tuple(value.shape)} ({where})."
            )
            if skip_mismatch:
                warnings.warn(f"Skipping loading: {message}", stacklevel=3)
                return
            raise ValueError(message)
        pairs.append((variable, value))
    for variable, value in pairs:
        variable.assign(value)


def load_weights_from_hdf5_group(group, model, skip_mismatch=False):
    """Loads the weights of a legacy HDF5 group into `model`, layer by
    layer in order (the layers with weights in the file are matched with
    the model's layers with weights).

    Args:
        group: the `h5py.Group` holding `layer_names` (the file root of a
            weights file, or `model_weights` of a model file).
        model: the model, built.
        skip_mismatch: whether to skip layers whose weights do not match
            in count or shape instead of raising.

    Raises:
        ValueError: the numbers of layers, or of a layer's weights, or
            shapes differ (naming the layer and variable).
    """
    f = _weights_root(group)
    file_layers = []
    for name in load_attributes_from_hdf5_group(f, "layer_names"):
        if name not in f:
            raise ValueError(
                f"Layer group {name!r} listed in {f.file.filename} is "
                "missing; the file is truncated or corrupt."
            )
        if load_attributes_from_hdf5_group(f[name], "weight_names"):
            file_layers.append(name)
    model_layers = [layer for layer in model.layers if layer.weights]
    if len(file_layers) != len(model_layers):
        raise ValueError(
            f"Weight file {f.file.filename} holds weights for "
            f"{len(file_layers)} layer(s) but the model has "
            f"{len(model_layers)} layer(s) with weights. File layers: "
            f"{file_layers}; model layers: "
            f"{[layer.name for layer in model_layers]}."
        )
    for name, layer in zip(file_layers, model_layers):
        values = load_subset_weights_from_hdf5_group(f[name])
        _assign(layer, _layer_weights(layer), values, skip_mismatch,
                f"file layer '{name}'")
    if _TOP_LEVEL in f:
        values = load_subset_weights_from_hdf5_group(f[_TOP_LEVEL])
        own = _own_weights(model)
        if values or own:
            _assign(model, own, values, skip_mismatch,
                    "top-level model weights")


def load_weights_from_hdf5_group_by_name(
    group, model, skip_mismatch=False
):
    """Loads the weights of a legacy HDF5 group into the layers of `model`
    with the same names; layers found in only one of them are left alone.

    Args:
        group: the `h5py.Group` holding `layer_names`.
        model: the model, built.
        skip_mismatch: whether to skip layers whose weights do not match
            in count or shape instead of raising.

    Raises:
        ValueError: a layer's weights differ in count or shape.
    """
    f = _weights_root(group)
    by_name = {}
    for layer in model.layers:
        by_name.setdefault(layer.name, []).append(layer)
    for name in load_attributes_from_hdf5_group(f, "layer_names"):
        if name not in f:
            continue
        values = load_subset_weights_from_hdf5_group(f[name])
        for layer in by_name.get(name, ()):
            _assign(layer, _layer_weights(layer), values, skip_mismatch,
                    f"file layer '{name}'")
    if _TOP_LEVEL in f:
        values = load_subset_weights_from_hdf5_group(f[_TOP_LEVEL])
        own = _own_weights(model)
        if values or own:
            _assign(model, own, values, skip_mismatch,
                    "top-level model weights")


# -- optimizer ------------------------------------------------------------


def save_optimizer_weights_to_hdf5_group(group, optimizer):
    """Writes the variables of `optimizer` into the `optimizer_weights`
    subgroup of `group`."""
    subgroup = group.create_group("optimizer_weights")
    save_subset_weights_to_hdf5_group(subgroup, list(optimizer.variables))


def load_optimizer_weights_from_hdf5_group(group):
    """Returns the optimizer variables stored in `group`'s
    `optimizer_weights` subgroup, in order."""
    return load_subset_weights_from_hdf5_group(group["optimizer_weights"])
