"""`.weights.h5` files: the variables of a model (and of its optimizer).

The layout is Keras's, so files move between this package and upstream
Keras: each layer is a group `layers/<snake_case class name>[_<n>]` (named
in `model.layers` order, numbered when a name repeats) holding its own
variables as datasets `vars/0`, `vars/1`, ... and its sublayers under
`layers/`; the optimizer's variables sit under `optimizer/vars`.

Files are written to a temporary file in the same folder and renamed into
place, so an interrupted save never leaves a half-written file.
"""

import os
import tempfile

import h5py
import numpy as np

from keras.src import backend
from keras.src.backend.common.naming import to_snake_case


def save_weights(model, filepath):
    """Writes `model`'s variables (and its optimizer's) to `filepath`."""
    directory = os.path.dirname(os.path.abspath(filepath))
    os.makedirs(directory, exist_ok=True)
    handle, temporary = tempfile.mkstemp(
        dir=directory, prefix=".tmp-", suffix=".weights.h5"
    )
    os.close(handle)
    try:
        with h5py.File(temporary, "w") as file:
            _save_layer(model, file)
            optimizer = getattr(model, "optimizer", None)
            if optimizer is not None and getattr(optimizer, "built", False):
                _write_vars(file, optimizer.name, optimizer.variables,
                            group="optimizer")
        os.replace(temporary, filepath)
    except BaseException:
        if os.path.exists(temporary):
            os.remove(temporary)
        raise


def load_weights(model, filepath, skip_mismatch=False):
    """Reads variables saved by `save_weights` into `model`."""
    with h5py.File(filepath, "r") as file:
        _load_layer(model, file, skip_mismatch, path=model.name)
        optimizer = getattr(model, "optimizer", None)
        if optimizer is not None and "optimizer" in file:
            stored = file["optimizer"]["vars"]
            if not optimizer.built:
                optimizer.build(model.trainable_variables)
            _assign(optimizer.variables, stored, skip_mismatch,
                    f"optimizer {optimizer.name!r}")


def _sublayers(layer):
    layers = getattr(layer, "layers", None)
    if layers is None or not isinstance(layers, list):
        layers = layer._layers
    return layers


def _child_names(layers):
    counts = {}
    names = []
    for layer in layers:
        base = to_snake_case(type(layer).__name__)
        index = counts.get(base, 0)
        counts[base] = index + 1
        names.append(base if index == 0 else f"{base}_{index}")
    return names


def _write_vars(parent, name, variables, group=None):
    target = parent.require_group(group) if group else parent
    vars_group = target.create_group("vars")
    vars_group.attrs["name"] = name
    for index, variable in enumerate(variables):
        vars_group.create_dataset(
            str(index), data=backend.convert_to_numpy(variable.value)
        )


def _save_layer(layer, group):
    _write_vars(group, layer.name, layer._own_variables())
    children = _sublayers(layer)
    if not children:
        return
    layers_group = group.create_group("layers")
    for name, child in zip(_child_names(children), children):
        _save_layer(child, layers_group.create_group(name))


def _load_layer(layer, group, skip_mismatch, path):
    if "vars" in group:
        _assign(layer._own_variables(), group["vars"], skip_mismatch,
                f"layer {path!r}")
    children = _sublayers(layer)
    if not children:
        return
    layers_group = group.get("layers")
    for name, child in zip(_child_names(children), children):
        if layers_group is None or name not in layers_group:
            if child._own_variables() and not skip_mismatch:
                raise ValueError(
                    f"The weights file has no entry for layer "
                    f"'{child.name}' (expected group 'layers/{name}' under "
                    f"'{path}')."
                )
            continue
        _load_layer(child, layers_group[name], skip_mismatch,
                    f"{path}/{child.name}")


def _assign(variables, stored, skip_mismatch, owner):
    if len(stored) != len(variables):
        if skip_mismatch:
            return
        raise ValueError(
            f"The weights file holds {len(stored)} variables for {owner}, "
            f"which has {len(variables)}."
        )
    for index, variable in enumerate(variables):
        value = np.asarray(stored[str(index)])
        if tuple(value.shape) != tuple(variable.shape):
            if skip_mismatch:
                continue
            raise ValueError(
                f"Variable {index} of {owner} ({variable.path!r}) has shape "
                f"{tuple(variable.shape)}; the file holds {value.shape}."
            )
        variable.assign(value)
