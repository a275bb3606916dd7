"""Conversion of Keras objects to and from JSON-friendly configurations.

`serialize_keras_object` turns an object into plain Python data: scalars,
strings, lists, tuples and dicts stay as they are; arrays, tensors, bytes,
slices, lambdas and `KerasTensor`s become `{"class_name": "__kind__",
"config": {...}}`; an object with `get_config()` becomes

    {"module": ..., "class_name": ..., "config": ..., "registered_name": ...}

(plus `"build_config"` and `"compile_config"` when it has them), and a
function or class becomes the same dict with `"module": "builtins"` and its
name as `"config"`. `deserialize_keras_object` reverses this.
"""

import base64
import builtins
import importlib
import inspect
import marshal
import sys
import types
import warnings

import numpy as np

from keras.src import backend
from keras.src.api_export import REGISTRY
from keras.src.api_export import get_symbol_from_name
from keras.src.api_export import keras_export
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.saving import object_registration
from keras.src.saving import safe_mode as safe_mode_lib
from keras.src.saving.safe_mode import SafeModeScope
from keras.src.saving.safe_mode import in_safe_mode

PLAIN_TYPES = (str, int, float, bool)

# The builtin types a config may name (`{"class_name": "type"}`): data
# types only, never `type`, `object` or exception classes.
_PLAIN_BUILTIN_TYPES = frozenset(
    ("bool", "int", "float", "complex", "str", "bytes", "bytearray",
     "list", "tuple", "dict", "set", "frozenset", "slice", "range")
)

# Public namespaces searched for a function saved by name only.
FUNCTION_NAMESPACES = ("keras.activations", "keras.losses", "keras.metrics")

_LOCATE_HINT = (
    "Make sure custom classes and functions are decorated with "
    "`@keras.saving.register_keras_serializable()`. If they are already "
    "decorated, make sure they are all imported so that the decorator is "
    "run before trying to load them."
)


@keras_export(
    [
        "keras.saving.serialize_keras_object",
        "keras.utils.serialize_keras_object",
    ]
)
def serialize_keras_object(obj):
    """Returns the JSON-friendly configuration of `obj`.

    Args:
        obj: a Keras object (layer, initializer, ...), any object with
            `get_config()`, a function, a class, or plain data (scalars,
            strings, bytes, lists, tuples, dicts, NumPy arrays, tensors).

    Returns:
        Plain Python data that `deserialize_keras_object` turns back into
        an equivalent object.

    Example:

    >>> policy = keras.DTypePolicy("mixed_float16")
    >>> config = keras.saving.serialize_keras_object(policy)
    >>> config["module"], config["class_name"], config["config"]
    ('keras', 'DTypePolicy', {'name': 'mixed_float16'})
    """
    if obj is None or isinstance(obj, PLAIN_TYPES):
        return obj
    if isinstance(obj, bytes):
        return _special("__bytes__", {"value": obj.decode("utf-8")})
    if isinstance(obj, KerasTensor):
        return _serialize_keras_tensor(obj)
    if backend.is_tensor(obj):
        return _serialize_array("__tensor__", backend.convert_to_numpy(obj))
    if isinstance(obj, np.ndarray):
        if obj.ndim == 0:
            return obj.item()
        return _serialize_array("__numpy__", obj)
    if isinstance(obj, np.generic):
        return obj.item()
    if isinstance(obj, list):
        return [serialize_keras_object(x) for x in obj]
    if isinstance(obj, tuple):
        return tuple(serialize_keras_object(x) for x in obj)
    if isinstance(obj, dict):
        return serialize_dict(obj)
    if isinstance(obj, slice):
        return _special("__slice__", _slice_config(obj))
    if obj is Ellipsis:
        return _special("__ellipsis__", {})
    if isinstance(obj, types.FunctionType) and obj.__name__ == "<lambda>":
        return _serialize_lambda(obj)
    if isinstance(obj, type) or (
        not hasattr(obj, "get_config") and hasattr(obj, "__name__")
    ):
        return _serialize_by_name(obj)
    return _serialize_instance(obj)


def serialize_dict(obj):
    """Serializes the values of the dict `obj`; keys are kept."""
    return {key: serialize_keras_object(value) for key, value in obj.items()}


def _special(kind, config):
    return {"class_name": kind, "config": config}


def _serialize_array(kind, array):
    dtype = backend.standardize_dtype(array.dtype)
    if dtype == "bfloat16":  # NumPy has no bfloat16 lists.
        array = array.astype("float32")
    return _special(kind, {"value": array.tolist(), "dtype": dtype})


def _serialize_keras_tensor(x):
    history = getattr(x, "_keras_history", None)
    if history is not None:
        history = [history[0].name, history[1], history[2]]
    return _special(
        "__keras_tensor__",
        {"shape": x.shape, "dtype": x.dtype, "keras_history": history},
    )


def _slice_config(obj):
    return {
        "start": serialize_keras_object(obj.start),
        "stop": serialize_keras_object(obj.stop),
        "step": serialize_keras_object(obj.step),
    }


def _serialize_lambda(fn):
    warnings.warn(
        "Serializing a `lambda`: its bytecode is stored, and loading it "
        "requires `safe_mode=False` because loading runs that code. Prefer "
        "a named function registered with "
        "`keras.saving.register_keras_serializable()`.",
        stacklevel=3,
    )
    return _special("__lambda__", {"value": dump_function(fn)})


def _serialize_by_name(obj):
    # Functions, methods, modules and classes are saved by name: the code
    # itself must be importable (or registered) where the config loads.
    kind = type(obj)
    return {
        "module": kind.__module__,
        "class_name": kind.__name__,
        "config": object_registration.get_registered_name(obj),
        "registered_name": kind.__name__,
    }


def _serialize_instance(obj):
    if not hasattr(obj, "get_config"):
        raise TypeError(
            f"Cannot serialize object {obj!r} of type {type(obj)}. To be "
            "serializable, a class must implement the `get_config()` method."
        )
    config = obj.get_config()
    if not isinstance(config, dict):
        raise TypeError(
            f"The `get_config()` method of {obj!r} should return a dict. "
            f"It returned: {config!r}"
        )
    module, registered_name = _class_location(type(obj))
    result = {
        "module": module,
        "class_name": _public_class_name(type(obj)),
        "config": serialize_dict(config),
        "registered_name": registered_name,
    }
    for key in ("build_config", "compile_config"):
        getter = getattr(obj, f"get_{key}", None)
        value = getter() if callable(getter) else None
        if value is not None:
            result[key] = serialize_keras_object(value)
    return result


def _class_location(cls):
    """Returns `(module, registered_name)` saved for instances of `cls`."""
    if cls not in object_registration.GLOBAL_CUSTOM_NAMES:
        namespace = public_namespace(cls)
        if namespace is not None:
            return namespace, None
    module = cls.__module__
    if module == "__main__":
        module = None
    return module, object_registration.get_registered_name(cls)


# Public name (last dotted part) -> [(public path, registering module)].
_NAME_INDEX = {}
_INDEXED_PATHS = set()
# Class -> its public namespace (`None`: has none, as of `_CHECKED_SIZE`).
_NAMESPACE_CACHE = {}
_CHECKED_SIZE = {}
# Class -> the last part of its first public name.
_PUBLIC_NAMES = {}


def _public_class_name(cls):
    # A class exported under another name (`GroupedQueryAttention` is
    # `keras.layers.GroupQueryAttention`) is saved under its public name.
    if public_namespace(cls) is None:
        return cls.__name__
    return _PUBLIC_NAMES.get(cls, cls.__name__)


def public_namespace(cls):
    """Returns the namespace of the first public name of `cls`, or `None`.

    Classes register their public names (`keras_export`) as their modules
    import, so the index of `REGISTRY` grows lazily and a negative answer
    is cached only until `REGISTRY` grows.

    Example:

    >>> public_namespace(keras.DTypePolicy)
    'keras'
    """
    namespace = _NAMESPACE_CACHE.get(cls)
    if namespace is not None or _CHECKED_SIZE.get(cls) == len(REGISTRY):
        return namespace
    _update_name_index()
    for path, module in _NAME_INDEX.get(cls.__name__, ()):
        owner = sys.modules.get(module)
        if owner is not None and getattr(owner, cls.__name__, None) is cls:
            namespace = path.rpartition(".")[0]
            _PUBLIC_NAMES[cls] = path.rpartition(".")[2]
            break
    try:
        _NAMESPACE_CACHE[cls] = namespace
        _CHECKED_SIZE[cls] = len(REGISTRY)
    except TypeError:  # An unhashable metaclass instance.
        pass
    return namespace


def _update_name_index():
    if len(_INDEXED_PATHS) == len(REGISTRY):
        return
    for path, (module, attr) in list(REGISTRY.items()):
        if path not in _INDEXED_PATHS:
            _INDEXED_PATHS.add(path)
            entry = (path, module)
            _NAME_INDEX.setdefault(path.rpartition(".")[2], []).append(entry)
            if attr != path.rpartition(".")[2]:
                _NAME_INDEX.setdefault(attr, []).append(entry)


def dump_function(fn):
    """Returns `(code, defaults, closure)` describing the function `fn`:
    its bytecode (marshal, then base64), default values and the values of
    its closure cells."""
    code = base64.encodebytes(marshal.dumps(fn.__code__)).decode("ascii")
    closure = None
    if fn.__closure__:
        closure = tuple(cell.cell_contents for cell in fn.__closure__)
    return code, fn.__defaults__, closure


def load_function(code, defaults=None, closure=None):
    """Rebuilds a function from the output of `dump_function`.

    The function's globals hold only Python's builtins.
    """
    raw = base64.decodebytes(code.encode("ascii"))
    func_code = marshal.loads(raw)
    cells = None
    if closure:
        cells = tuple(types.CellType(value) for value in closure)
    if len(cells or ()) != len(func_code.co_freevars):
        raise ValueError(
            f"The function's code needs {len(func_code.co_freevars)} "
            f"closure values; received {len(cells or ())}."
        )
    return types.FunctionType(
        func_code,
        {"__builtins__": builtins},
        func_code.co_name,
        tuple(defaults) if defaults is not None else None,
        cells,
    )


@keras_export(
    [
        "keras.saving.deserialize_keras_object",
        "keras.utils.deserialize_keras_object",
    ]
)
def deserialize_keras_object(
    config, custom_objects=None, safe_mode=True, **kwargs
):
    """Rebuilds an object from the output of `serialize_keras_object`.

    Classes and functions are found, in order, in the active custom object
    scopes, the registered custom objects, `custom_objects`, and Keras
    itself (from the config's `module`). Legacy configs are accepted too:
    a bare name (looked up in `custom_objects` and `module_objects`) and a
    dict with only `class_name` and `config`.

    Args:
        config: the configuration (plain Python data).
        custom_objects: an optional dict mapping names to classes and
            functions.
        safe_mode: whether to refuse configs that carry code (lambdas).
            A `keras.config.enable_unsafe_deserialization()` call or an
            enclosing loading call with `safe_mode` set takes precedence.
        **kwargs: `module_objects` (a dict of the objects of the namespace
            being deserialized) and `printable_module_name` (its name for
            error messages), as passed by the `get()` functions of
            `keras.activations`, `keras.initializers` and the like.

    Returns:
        The rebuilt object.

    Example:

    >>> policy = keras.DTypePolicy("mixed_float16")
    >>> config = keras.saving.serialize_keras_object(policy)
    >>> keras.saving.deserialize_keras_object(config).name
    'mixed_float16'
    """
    module_objects = kwargs.pop("module_objects", None)
    printable = kwargs.pop("printable_module_name", "object")
    scoped = in_safe_mode()
    safe_mode = scoped if scoped is not None else bool(safe_mode)
    with SafeModeScope(safe_mode), safe_mode_lib.depth_guard("config"):
        if custom_objects:
            with object_registration.CustomObjectScope(custom_objects):
                return _deserialize(
                    config, custom_objects, module_objects, printable
                )
        return _deserialize(config, custom_objects, module_objects, printable)


def _deserialize(config, custom_objects, module_objects, printable):
    if config is None or isinstance(config, (int, float, bool)):
        return config
    if isinstance(config, str):
        return _deserialize_name(config, custom_objects, module_objects)
    if isinstance(config, (list, tuple)):
        return [
            _deserialize(x, custom_objects, module_objects, printable)
            for x in config
        ]
    if not isinstance(config, dict):
        raise TypeError(f"Could not parse config: {config!r}")
    if "class_name" not in config or "config" not in config:
        return {
            key: _deserialize(value, custom_objects, module_objects, printable)
            for key, value in config.items()
        }
    loader = _SPECIAL_LOADERS.get(config["class_name"])
    if loader is not None:
        return loader(config["config"])
    return _deserialize_object(config, custom_objects, module_objects,
                               printable)


def _deserialize_name(name, custom_objects, module_objects):
    # Legacy form: a bare name. Unknown names stay strings: callers such as
    # `activations.get("relu")` resolve them further.
    found = object_registration.get_registered_object(name, custom_objects)
    if found is not None:
        return found
    if module_objects and name in module_objects:
        found = module_objects[name]
        return found() if inspect.isclass(found) else found
    return name


def _load_tensor(config):
    return backend.convert_to_tensor(config["value"], dtype=config["dtype"])


def _numpy_dtype(config):
    dtype = config["dtype"]
    if dtype == "bfloat16":  # Known to NumPy only through ml_dtypes.
        import ml_dtypes

        return ml_dtypes.bfloat16
    return dtype


def _load_lambda(config):
    if in_safe_mode() is not False:
        raise ValueError(
            "Refusing to deserialize a Python lambda: loading it runs code "
            "stored in the configuration, which may be arbitrary. If you "
            "trust its source, pass `safe_mode=False` to the loading "
            "function or call `keras.config.enable_unsafe_deserialization()`."
        )
    return load_function(*config["value"])


def _load_keras_tensor(config):
    # `keras_history` names layers; functional models reconnect it.
    shape = config["shape"]
    shape = tuple(shape) if shape is not None else None
    return KerasTensor(shape, dtype=config["dtype"])


def _load_slice(config):
    return slice(
        *(_deserialize(config[key], None, None, "object")
          for key in ("start", "stop", "step"))
    )


_SPECIAL_LOADERS = {
    "__tensor__": _load_tensor,
    "__numpy__": lambda c: np.array(c["value"], dtype=_numpy_dtype(c)),
    "__bytes__": lambda c: c["value"].encode("utf-8"),
    "__slice__": _load_slice,
    "__ellipsis__": lambda c: Ellipsis,
    "__tuple__": lambda c: tuple(
        _deserialize(x, None, None, "object") for x in c["value"]
    ),
    "__keras_tensor__": _load_keras_tensor,
    "__lambda__": _load_lambda,
}


def _deserialize_object(config, custom_objects, module_objects, printable):
    class_name = config["class_name"]
    inner = config["config"]
    if class_name == "function":
        return _retrieve_function(config, custom_objects, module_objects)
    if class_name == "type" and config.get("module") == "builtins":
        return _retrieve_type(config, custom_objects, module_objects)
    if not isinstance(inner, dict):
        raise TypeError(
            f"Expected 'config' to be a dict for {class_name}, instead got "
            f"{type(inner)}.\nFull config: {config}"
        )
    cls = _retrieve_class(config, custom_objects, module_objects, printable)
    if not hasattr(cls, "from_config"):
        raise TypeError(
            f"Unable to reconstruct an instance of '{class_name}' because "
            "the class is missing a `from_config()` method. Full object "
            f"config: {config}"
        )
    try:
        obj = cls.from_config(inner)
    except Exception as e:
        refused = safe_mode_lib.find_refusal(e)
        if refused is not None:
            # Nested `from_config` calls wrap errors; what safe mode
            # refused stays the error the caller sees.
            raise refused from None
        if not isinstance(e, TypeError):
            raise
        # Usually an argument that `from_config` passed on unconverted.
        raise TypeError(
            f"{cls} could not be deserialized from its config: its "
            "`from_config()` raised a TypeError. Components of the config "
            "that are Keras objects (layers, initializers, ...) must be "
            "deserialized explicitly in `from_config()`.\n"
            f"config={config}\nException encountered: {e}"
        ) from e
    _restore_state(obj, config)
    return obj


def _restore_state(obj, config):
    build_config = config.get("build_config")
    if (
        build_config is not None
        and hasattr(obj, "build_from_config")
        and not getattr(obj, "built", False)  # `from_config` may build.
    ):
        obj.build_from_config(build_config)
    compile_config = config.get("compile_config")
    if compile_config is not None and hasattr(obj, "compile_from_config"):
        obj.compile_from_config(compile_config)


def _lookup(names, custom_objects, module_objects):
    for name in names:
        if name:
            found = object_registration.get_registered_object(
                name, custom_objects, module_objects
            )
            if found is not None:
                return found
    return None


# Saved module names that no importable module holds -> the Keras module
# whose import registers their classes.
_REGISTERING_MODULES = {"keras._legacy.layers": "keras.src.legacy.layers"}


def _retrieve_class(config, custom_objects, module_objects, printable):
    class_name = config["class_name"]
    registered_name = config.get("registered_name")
    module = config.get("module")
    cls = _lookup((registered_name, class_name), custom_objects,
                  module_objects)
    if cls is not None:
        return cls
    # Names registered without a namespace module of their own, such as
    # upstream's `keras._legacy.layers.*` for the tf.keras legacy layers
    # (whose module registers them once imported).
    if module in _REGISTERING_MODULES:
        importlib.import_module(_REGISTERING_MODULES[module])
    cls = get_symbol_from_name(f"{module}.{class_name}")
    if inspect.isclass(cls):
        return cls
    if not _is_keras_module(module):
        # Modules outside Keras are never imported: running their import
        # code is what safe loading must not do.
        named = ""
        if module is not None:
            named = (f" The file names module {module!r}, which is not "
                     "imported while loading.")
        raise safe_mode_lib.refusal(
            f"Could not locate class '{class_name}'. {_LOCATE_HINT}{named} "
            f"Full object config: {safe_mode_lib.shorten(config)}",
            opt_in=False,
        )
    cls = _import_attribute(module, class_name)
    if inspect.isclass(cls) and not _is_keras_module(cls.__module__):
        # A name that a Keras module merely imported from elsewhere.
        raise safe_mode_lib.refusal(
            f"Refusing to load '{module}.{class_name}': it is "
            f"{cls.__module__}.{cls.__qualname__}, not a Keras class. "
            f"{_LOCATE_HINT}",
            opt_in=False,
        )
    if not inspect.isclass(cls):
        raise ValueError(
            f"Could not deserialize '{module}.{class_name}': no Keras "
            f"{printable} class has that name. Full object config: {config}"
        )
    return cls


def _is_keras_module(module):
    return isinstance(module, str) and (
        module == "keras" or module.startswith("keras.")
    )


def _import_attribute(module, name):
    try:
        return getattr(importlib.import_module(module), name, None)
    except ImportError:
        return None


def _retrieve_function(config, custom_objects, module_objects):
    name = config["config"]
    fn = _lookup((name,), custom_objects, module_objects)
    if fn is None and isinstance(name, str):
        module = config.get("module")
        namespaces = FUNCTION_NAMESPACES
        if _is_keras_module(module):
            namespaces = (module,) + namespaces
        for namespace in namespaces:
            fn = _import_attribute(namespace, name)
            if callable(fn) and not inspect.isclass(fn):
                break
            fn = None
    if fn is None:
        raise safe_mode_lib.refusal(
            f"Could not locate function '{name}'. {_LOCATE_HINT} Only "
            "Keras's functions and registered or passed ones are loaded; "
            "no other module is searched or imported. Full object config: "
            f"{safe_mode_lib.shorten(config)}",
            opt_in=False,
        )
    if in_safe_mode() is not False and not _is_user_object(
        name, custom_objects, module_objects
    ):
        safe_mode_lib.check_modeling_function(fn, name)
    return fn


def _is_user_object(name, custom_objects, module_objects):
    # Registered, scoped and passed objects are the user's own choice.
    return _lookup((name,), custom_objects, module_objects) is not None


def _retrieve_type(config, custom_objects, module_objects):
    name = config["config"]
    found = None
    if isinstance(name, str):
        found = _lookup((name,), custom_objects, module_objects)
        if found is None and name in _PLAIN_BUILTIN_TYPES:
            found = getattr(builtins, name)
    if not isinstance(found, type):
        raise safe_mode_lib.refusal(
            f"Could not locate class '{name}'. {_LOCATE_HINT} Of Python's "
            f"builtins only the data types {sorted(_PLAIN_BUILTIN_TYPES)} "
            f"are loaded. Full object config: {safe_mode_lib.shorten(config)}",
            opt_in=False,
        )
    return found


# -- Keras's module-level names -------------------------------------------------

# The Keras modules whose objects are serialized by their public name.
BUILTIN_MODULES = frozenset(
    ("activations", "constraints", "initializers", "losses", "metrics",
     "optimizers", "regularizers")
)

# Public functions that load, save or register things rather than build a
# model: a config naming one of them is never a modeling object.
NON_MODELING_APIS = frozenset(
    "keras." + name for name in (
        "backend.clear_session",
        "config.enable_unsafe_deserialization",
        "models.load_model",
        "models.model_from_json",
        "models.save_model",
        "preprocessing.image.load_img",
        "preprocessing.image.save_img",
        "preprocessing.image_dataset_from_directory",
        "preprocessing.text_dataset_from_directory",
        "saving.deserialize_keras_object",
        "saving.load_model",
        "saving.load_weights",
        "saving.register_keras_serializable",
        "saving.save_model",
        "saving.save_weights",
        "saving.serialize_keras_object",
        "utils.audio_dataset_from_directory",
        "utils.clear_session",
        "utils.deserialize_keras_object",
        "utils.get_file",
        "utils.image_dataset_from_directory",
        "utils.load_img",
        "utils.register_keras_serializable",
        "utils.save_img",
        "utils.serialize_keras_object",
        "utils.text_dataset_from_directory",
    )
)

enable_unsafe_deserialization = safe_mode_lib.enable_unsafe_deserialization


class SerializableDict:
    """A dict of values serialized together with `serialize_keras_object`.

    Args:
        **config: the values.

    Example:

    >>> SerializableDict(units=2, activation="relu").serialize()
    {'units': 2, 'activation': 'relu'}
    """

    def __init__(self, **config):
        self.config = config

    def serialize(self):
        return serialize_keras_object(self.config)


def _sharing_scope():
    return backend.common.global_state.get_global_attribute(
        "object_sharing_scope"
    )


class ObjectSharingScope:
    """Scope inside which an object serialized (or deserialized) more than
    once is recorded once.

    While serializing, the configs of an object met twice both get the
    same `"shared_object_id"`; while deserializing, the object built for
    a `shared_object_id` is returned by `get_shared_object` for the later
    configs carrying it.

    Example:

    >>> with ObjectSharingScope():
    ...     record_object_after_deserialization("layer", 7)
    ...     shared = get_shared_object(7)
    >>> shared, get_shared_object(7)
    ('layer', None)
    """

    def __enter__(self):
        state = backend.common.global_state
        self._parent = state.get_global_attribute("object_sharing_scope")
        # id -> object (loading); id(object) -> [object, config] (saving).
        self.loaded = {}
        self.saved = {}
        state.set_global_attribute("object_sharing_scope", self)

    def __exit__(self, *args, **kwargs):
        backend.common.global_state.set_global_attribute(
            "object_sharing_scope", self._parent
        )


def get_shared_object(obj_id):
    """Returns the object deserialized for `obj_id` in the active
    `ObjectSharingScope`, or `None` (also outside any scope).

    Example:

    >>> get_shared_object(7) is None
    True
    """
    scope = _sharing_scope()
    if scope is None:
        return None
    return scope.loaded.get(obj_id)


def record_object_after_deserialization(obj, obj_id):
    """Records `obj` as the object built for `obj_id` in the active
    `ObjectSharingScope` (does nothing outside one).

    Example:

    >>> record_object_after_deserialization("layer", 7)  # no scope: no-op
    """
    scope = _sharing_scope()
    if scope is not None:
        scope.loaded[obj_id] = obj


def record_object_after_serialization(obj, config):
    """Records that `obj` was serialized to `config` in the active
    `ObjectSharingScope`; when `obj` was serialized before, its configs
    get a common `"shared_object_id"`. Objects defined in `__main__`
    are not shared (their `"module"` becomes `None`).

    Example:

    >>> config = {"module": "keras.layers"}
    >>> record_object_after_serialization(object(), config)
    >>> config
    {'module': 'keras.layers'}
    """
    if config["module"] == "__main__":
        config["module"] = None
        return
    scope = _sharing_scope()
    if scope is None:
        return
    key = id(obj)
    seen = scope.saved.get(key)
    if seen is None:
        # The object is kept so that its id cannot be reused meanwhile.
        scope.saved[key] = [obj, config]
        return
    seen[1]["shared_object_id"] = key
    config["shared_object_id"] = key


def get_build_and_compile_config(obj, config):
    """Adds `obj`'s `"build_config"` and `"compile_config"` (serialized)
    to `config`, for those `obj` has.

    Args:
        obj: a layer or model.
        config: the dict to update in place.

    Example:

    >>> model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    >>> config = {}
    >>> get_build_and_compile_config(model, config)
    >>> config["build_config"]
    {'input_shape': (None, 2)}
    """
    for key in ("build_config", "compile_config"):
        getter = getattr(obj, f"get_{key}", None)
        if not callable(getter):
            continue
        value = getter()
        if value is not None:
            config[key] = serialize_keras_object(value)


def serialize_with_public_class(cls, inner_config=None):
    """Returns the serialized form of an instance of `cls` whose config is
    `inner_config`, naming `cls` by its public Keras name when it has one,
    else by its module and registered name.

    Example:

    >>> serialize_with_public_class(keras.layers.Dense, {"units": 2})
    {'module': 'keras.layers', 'class_name': 'Dense', 'config': {'units': 2}, 'registered_name': None}
    """  # noqa: E501
    namespace = public_namespace(cls)
    if namespace is not None:
        return {
            "module": namespace,
            "class_name": _public_class_name(cls),
            "config": inner_config,
            "registered_name": None,
        }
    return {
        "module": cls.__module__,
        "class_name": cls.__name__,
        "config": inner_config,
        "registered_name": object_registration.get_registered_name(cls),
    }


def serialize_with_public_fn(fn, config, fn_module_name=None):
    """Returns the serialized form of the function `fn` (whose config is
    normally its name), naming its public Keras module when it has one.

    Args:
        fn: the function.
        config: its config.
        fn_module_name: the module to record instead of looking it up.

    Example:

    >>> serialize_with_public_fn(keras.activations.relu, "relu")
    {'module': 'keras.activations', 'class_name': 'function', 'config': 'relu', 'registered_name': 'relu'}
    """  # noqa: E501
    if fn_module_name is not None:
        return {
            "module": fn_module_name,
            "class_name": "function",
            "config": config,
            "registered_name": None,
        }
    namespace = public_namespace(fn)
    if namespace is not None:
        return {
            "module": namespace,
            "class_name": "function",
            "config": config,
            "registered_name": config,
        }
    return {
        "module": fn.__module__,
        "class_name": "function",
        "config": config,
        "registered_name": object_registration.get_registered_name(fn),
    }
