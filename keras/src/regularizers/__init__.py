"""`keras.regularizers`: weight penalties, and `get`/`serialize`/
`deserialize` to turn identifiers into them."""

import inspect

from keras.src.api_export import keras_export
from keras.src.backend.common.naming import to_snake_case
from keras.src.regularizers.regularizers import L1
from keras.src.regularizers.regularizers import L1L2
from keras.src.regularizers.regularizers import L2
from keras.src.regularizers.regularizers import OrthogonalRegularizer
from keras.src.regularizers.regularizers import Regularizer

ALL_OBJECTS = (Regularizer, L1, L2, L1L2, OrthogonalRegularizer)

ALL_OBJECTS_DICT = {cls.__name__: cls for cls in ALL_OBJECTS}
ALL_OBJECTS_DICT.update(
    {to_snake_case(cls.__name__): cls for cls in ALL_OBJECTS}
)
ALL_OBJECTS_DICT.update({"l1_l2": L1L2})


@keras_export("keras.regularizers.serialize")
def serialize(regularizer):
    """Returns the config dict of `regularizer`.

    Args:
        regularizer: a `Regularizer` instance.

    Returns:
        A dict with `module`, `class_name`, `config` and
        `registered_name`.

    Example:

    >>> config = keras.regularizers.serialize(keras.regularizers.L2(0.1))
    >>> config["class_name"], config["config"]
    ('L2', {'l2': 0.1})
    """
    from keras.src.saving import serialization_lib

    return serialization_lib.serialize_keras_object(regularizer)


@keras_export("keras.regularizers.deserialize")
def deserialize(config, custom_objects=None):
    """Creates a regularizer from the output of `serialize()`.

    Args:
        config: a dict from `serialize()` (or a regularizer name).
        custom_objects: an optional dict mapping names to custom classes.

    Returns:
        A `Regularizer` instance.

    Example:

    >>> reg = keras.regularizers.deserialize(
    ...     {"class_name": "L2", "config": {"l2": 0.5}})
    >>> reg.l2
    0.5
    """
    from keras.src.saving import serialization_lib

    return serialization_lib.deserialize_keras_object(
        config,
        module_objects=ALL_OBJECTS_DICT,
        custom_objects=custom_objects,
    )


def _from_name(name):
    cls = ALL_OBJECTS_DICT.get(name)
    if cls is not None:
        return cls()
    # Registered custom regularizers are found through the saving library.
    try:
        obj = deserialize(name)
    except (ValueError, TypeError, KeyError):
        return None
    if inspect.isclass(obj):
        obj = obj()
    return obj if callable(obj) else None


@keras_export("keras.regularizers.get")
def get(identifier):
    """Returns the regularizer an identifier refers to.

    Args:
        identifier: `None`, the name of a regularizer (such as `"l2"` or
            `"L2"`), a config dict from `serialize()`, a `Regularizer`
            class or instance, or a callable `f(x)`.

    Returns:
        A regularizer (or the callable given), or `None` for `None`.

    Example:

    >>> keras.regularizers.get("l2").get_config()
    {'l2': 0.01}
    """
    if identifier is None:
        return None
    obj = None
    if isinstance(identifier, dict):
        obj = deserialize(identifier)
    elif isinstance(identifier, str):
        obj = _from_name(identifier)
    elif inspect.isclass(identifier):
        obj = identifier()
    elif callable(identifier):
        obj = identifier
    if callable(obj):
        return obj
    raise ValueError(
        f"Could not interpret regularizer identifier: {identifier!r}. "
        "Expected None, a regularizer name (such as 'l2'), a config dict, "
        "a `Regularizer` or a callable. Received: "
        f"identifier={identifier!r} (of type {type(identifier).__name__})"
    )


# Keras's package also exposes these modules as attributes. They are
# imported on first use: they import this package back.
_LAZY_MODULES = {
    "serialization_lib": "keras.src.saving.serialization_lib",
}


def __getattr__(name):
    if name in _LAZY_MODULES:
        import importlib

        return importlib.import_module(_LAZY_MODULES[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
