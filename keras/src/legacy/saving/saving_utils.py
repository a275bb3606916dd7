"""Model configurations of the legacy HDF5 format, Keras 2 and Keras 3.

Keras 2 (tf.keras) wrote configurations that Keras 3's classes do not read
as they are: objects without a `module`, `InputLayer`s with a
`batch_input_shape`, functional calls as `[[name, node, tensor, kwargs]]`,
`Lambda` functions as `[code, defaults, closure]` lists and a few
arguments Keras 3 dropped. `model_from_config` rewrites those parts into
the Keras 3 form and then deserializes with the usual, safe-mode-aware
`deserialize_keras_object`, so a legacy file is refused exactly when the
same model in a `.keras` file would be.
"""

import copy
import inspect
import warnings

from keras.src import losses
from keras.src import metrics as metrics_module
from keras.src import optimizers
from keras.src.saving import serialization_lib

# Keras 2 `Lambda` arguments that Keras 3's `Lambda` does not take.
LAMBDA_DEP_ARGS = (
    "module",
    "function_type",
    "output_shape_type",
    "output_shape_module",
)

# Arguments of Keras 2 layers that Keras 3 removed, with the values under
# which dropping them leaves the layer's computation unchanged (`ANY`:
# every value does).
ANY = object()
_DROPPED_ARGUMENTS = {
    "BatchNormalization": {
        "fused": ANY,
        "renorm": (False, None),
        "renorm_clipping": (None,),
        "renorm_momentum": ANY,
        "virtual_batch_size": (None,),
        "adjustment": (None,),
    },
    "Embedding": {"input_length": ANY},
    "LSTM": {"time_major": (False,)},
    "GRU": {"time_major": (False,)},
    "SimpleRNN": {"time_major": (False,)},
}


class _ModuleObjects(dict):
    """Keras's layers and model classes by name, filled on first use (the
    layers package imports late to keep this module's imports light)."""

    def _fill(self):
        if not dict.__len__(self):
            import sys

            from keras.src import layers  # noqa: F401  (registers them)
            from keras.src.api_export import REGISTRY
            from keras.src.models.functional import Functional
            from keras.src.models.model import Model
            from keras.src.models.sequential import Sequential

            for path, (module, attr) in list(REGISTRY.items()):
                if path.startswith("keras.layers."):
                    obj = getattr(sys.modules.get(module), attr, None)
                    if isinstance(obj, type):
                        name = path.rpartition(".")[2]
                        dict.__setitem__(self, name, obj)
            dict.__setitem__(self, "Functional", Functional)
            dict.__setitem__(self, "Model", Model)
            dict.__setitem__(self, "Sequential", Sequential)

    def __len__(self):
        self._fill()
        return dict.__len__(self)

    def __iter__(self):
        self._fill()
        return dict.__iter__(self)

    def __contains__(self, key):
        self._fill()
        return dict.__contains__(self, key)

    def __getitem__(self, key):
        self._fill()
        return dict.__getitem__(self, key)

    def get(self, key, default=None):
        self._fill()
        return dict.get(self, key, default)


# Class name -> class, for configurations that name classes without module.
MODULE_OBJECTS = _ModuleObjects()


def model_from_config(config, custom_objects=None):
    """Builds a model (or layer) from a legacy HDF5 file's `model_config`.

    Args:
        config: the decoded configuration, `{"class_name": ..., "config":
            ...}`, written by Keras 2 or Keras 3.
        custom_objects: an optional dict of custom classes and functions.

    Returns:
        The model, with fresh weights.

    Raises:
        ValueError: safe mode refuses part of the configuration.
        TypeError: a class or function cannot be found.

    Example:

    >>> config = {"class_name": "Sequential", "config": {"layers": [
    ...     {"class_name": "Dense", "config": {"units": 2,
    ...      "batch_input_shape": [None, 3]}}]}}
    >>> model_from_config(config).output_shape
    (None, 2)
    """
    if isinstance(config, list):
        raise TypeError(
            "`model_from_config` expects a dict with `class_name` and "
            f"`config`; received a list: {config!r}"
        )
    config = upgrade_config(copy.deepcopy(config))
    return serialization_lib.deserialize_keras_object(
        config,
        custom_objects=custom_objects,
        module_objects=MODULE_OBJECTS,
        printable_module_name="layer",
    )


def upgrade_config(config):
    """Rewrites a Keras 2 model or layer configuration (in place) into the
    form Keras 3's `from_config` methods read, and returns it."""
    if not isinstance(config, dict) or "class_name" not in config:
        return config
    class_name = config["class_name"]
    inner = config.get("config")
    if not isinstance(inner, dict):
        return config
    if class_name in ("Sequential", "Functional", "Model"):
        _upgrade_model(config, inner)
    elif class_name == "InputLayer":
        _upgrade_input_layer(inner)
    elif class_name == "Lambda":
        _upgrade_lambda(inner)
    elif class_name in ("TimeDistributed", "Bidirectional"):
        for key in ("layer", "backward_layer"):
            if key in inner:
                inner[key] = upgrade_config(inner[key])
    elif class_name == "BatchNormalization":
        axis = inner.get("axis")
        if isinstance(axis, list) and len(axis) == 1:
            inner["axis"] = axis[0]  # Keras 2 stored `[axis]`.
    _upgrade_dtype(inner)
    _drop_removed_arguments(class_name, inner)
    if "module" not in config:
        _add_module(config)
    return config


def _add_module(config):
    # Keras 2 names its classes without a module; Keras 3's deserialization
    # finds Keras's own classes through it. Other names are left for the
    # registered and passed custom objects.
    class_name = config["class_name"]
    if class_name == "Functional":
        config["module"] = "keras.src.models.functional"
    elif class_name in ("Sequential", "Model"):
        config["module"] = "keras.models"
    elif class_name in MODULE_OBJECTS:
        config["module"] = "keras.layers"
    else:
        return
    config.setdefault("registered_name", None)


def _upgrade_model(config, inner):
    layers = inner.get("layers")
    if not isinstance(layers, list):
        return
    if config["class_name"] == "Model":
        config["class_name"] = "Functional"
    for key in ("input_layers", "output_layers"):
        refs = inner.get(key)
        if isinstance(refs, list) and len(refs) == 1 and _is_tensor_ref(
            refs[0]
        ):
            # Keras 2 listed even a single input or output; Keras treats
            # a one-element list as that tensor (a single array out).
            inner[key] = refs[0]
    for layer in layers:
        upgrade_config(layer)
        nodes = layer.get("inbound_nodes")
        if isinstance(nodes, list):
            layer["inbound_nodes"] = [_upgrade_node(n) for n in nodes]


def _upgrade_input_layer(inner):
    shape = inner.pop("batch_input_shape", None)
    if shape is not None and "batch_shape" not in inner:
        inner["batch_shape"] = shape
    inner.pop("input_shape", None)


def _upgrade_dtype(inner):
    dtype = inner.get("dtype")
    if (
        isinstance(dtype, dict)
        and dtype.get("class_name") == "Policy"
        and "module" not in dtype
    ):
        # Keras 2's mixed precision policy: only its name matters.
        inner["dtype"] = dtype.get("config", {}).get("name")


def _drop_removed_arguments(class_name, inner):
    cls = MODULE_OBJECTS.get(class_name)
    accepted = ()
    if cls is not None:
        accepted = inspect.signature(cls.__init__).parameters
    for key, harmless in _DROPPED_ARGUMENTS.get(class_name, {}).items():
        if key not in inner or key in accepted:
            continue
        value = inner.pop(key)
        if harmless is not ANY and value not in harmless:
            raise ValueError(
                f"Cannot load the {class_name} layer "
                f"{inner.get('name')!r}: it was saved with {key}={value!r}, "
                "which Keras 3 does not support."
            )


def _is_tensor_ref(value):
    return (
        isinstance(value, list)
        and len(value) in (3, 4)
        and isinstance(value[0], str)
        and isinstance(value[1], int)
        and isinstance(value[2], int)
    )


def _tensor(ref):
    return {
        "class_name": "__keras_tensor__",
        "config": {"shape": None, "dtype": None,
                   "keras_history": list(ref[:3])},
    }


def _upgrade_node(node):
    """`[[name, node_index, tensor_index, kwargs], ...]` (one entry per
    input tensor) -> `{"args": [...], "kwargs": {...}}`."""
    if isinstance(node, dict) or not isinstance(node, list):
        return node
    if _is_tensor_ref(node) and not _is_tensor_ref(node[0]):
        node = [node]  # A single reference, not wrapped in a list.
    tensors = [_tensor(ref) for ref in node]
    kwargs = {}
    for ref in node:
        if len(ref) == 4 and isinstance(ref[3], dict):
            kwargs.update(ref[3])
    kwargs = {key: _upgrade_kwarg(value) for key, value in kwargs.items()}
    first = tensors[0] if len(tensors) == 1 else tensors
    return {"args": [first], "kwargs": kwargs}


def _upgrade_kwarg(value):
    # Keras 2 writes tensors passed as keyword arguments (`value=` of
    # `MultiHeadAttention`, `mask=`) as `[name, node, tensor]`.
    if _is_tensor_ref(value) and len(value) == 3:
        return _tensor(value)
    return value


def _upgrade_lambda(inner):
    function_type = inner.get("function_type")
    for key, type_key in (("function", "function_type"),
                          ("output_shape", "output_shape_type")):
        value = inner.get(key)
        kind = inner.get(type_key)
        if kind == "lambda" and isinstance(value, (list, tuple)):
            code, defaults, closure = (list(value) + [None, None])[:3]
            inner[key] = {
                "class_name": "__lambda__",
                "config": {
                    "code": code,
                    "defaults": _as_list(defaults),
                    "closure": _as_list(closure),
                },
            }
        elif kind == "function" and isinstance(value, str):
            inner[key] = {
                "module": "builtins",
                "class_name": "function",
                "config": value,
                "registered_name": "function",
            }
    for key in LAMBDA_DEP_ARGS:
        inner.pop(key, None)
    return function_type


def _as_list(values):
    return None if values is None else list(values)


def compile_args_from_training_config(training_config, custom_objects=None):
    """Returns the arguments of `Model.compile` stored in a legacy HDF5
    file's `training_config`.

    Args:
        training_config: the decoded `training_config` attribute.
        custom_objects: an optional dict of custom objects.

    Returns:
        A dict with `optimizer`, `loss`, `metrics`, `weighted_metrics` and
        `loss_weights`.

    Example:

    >>> args = compile_args_from_training_config(
    ...     {"loss": "mse", "optimizer_config": {"class_name": "SGD",
    ...      "config": {"learning_rate": 0.1}}})
    >>> args["loss"], type(args["optimizer"]).__name__
    ('mse', 'SGD')
    """
    custom_objects = custom_objects or {}
    optimizer_config = training_config.get("optimizer_config")
    optimizer = None
    if optimizer_config is not None:
        optimizer_config = dict(optimizer_config)
        optimizer_config["config"] = {
            key: value
            for key, value in optimizer_config.get("config", {}).items()
            if key not in ("decay", "jit_compile", "is_legacy_optimizer")
        }
        optimizer = optimizers.deserialize(
            optimizer_config, custom_objects=custom_objects
        )
    loss = _deserialize_nested(
        training_config.get("loss"), losses.deserialize, custom_objects
    )
    metrics = _deserialize_nested(
        training_config.get("metrics"), metrics_module.deserialize,
        custom_objects,
    )
    weighted = _deserialize_nested(
        training_config.get("weighted_metrics"), metrics_module.deserialize,
        custom_objects,
    )
    return {
        "optimizer": optimizer,
        "loss": loss,
        "metrics": metrics,
        "weighted_metrics": weighted,
        "loss_weights": training_config.get("loss_weights"),
    }


def _deserialize_nested(value, deserialize, custom_objects):
    """Strings stay names (`compile` resolves them); configs are rebuilt."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, list):
        return [_deserialize_nested(v, deserialize, custom_objects)
                for v in value]
    if isinstance(value, dict) and "class_name" not in value:
        return {k: _deserialize_nested(v, deserialize, custom_objects)
                for k, v in value.items()}
    return deserialize(value, custom_objects=custom_objects)


def model_metadata(model, include_optimizer=True, require_config=True):
    """Returns the attributes a legacy HDF5 file stores about `model`:
    `keras_version`, `backend`, `model_config` and, for a compiled model,
    `training_config`.

    Args:
        model: the model.
        include_optimizer: whether to store the compile arguments.
        require_config: whether a model without `get_config()` raises
            (otherwise its `model_config` is left out).

    Returns:
        A dict of JSON-serializable values.

    Example:

    >>> model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    >>> sorted(model_metadata(model))
    ['backend', 'keras_version', 'model_config']
    """
    from keras.src import backend
    from keras.src.version import __version__

    metadata = {"keras_version": __version__, "backend": backend.backend()}
    try:
        metadata["model_config"] = {
            "class_name": type(model).__name__,
            "config": model.get_config(),
        }
    except NotImplementedError:
        if require_config:
            raise
    compile_config = getattr(model, "_compile_config", None)
    optimizer = getattr(model, "optimizer", None)
    if include_optimizer and compile_config and optimizer is not None:
        config = {key: value for key, value in compile_config.items()
                  if key != "optimizer"}
        config = serialization_lib.serialize_keras_object(config)
        config["optimizer_config"] = {
            "class_name": type(optimizer).__name__,
            "config": optimizer.get_config(),
        }
        metadata["training_config"] = config
    return metadata


def try_build_compiled_arguments(model):
    """Creates the optimizer variables of a compiled `model` that has not
    trained yet, so that saved optimizer state has somewhere to go.

    Args:
        model: a model, compiled or not (then nothing happens).

    Example:

    >>> model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    >>> model.compile(optimizer="adam", loss="mse")
    >>> try_build_compiled_arguments(model)
    >>> model.optimizer.built
    True
    """
    optimizer = getattr(model, "optimizer", None)
    if optimizer is None or optimizer.built:
        return
    optimizer.build(model.trainable_variables)
