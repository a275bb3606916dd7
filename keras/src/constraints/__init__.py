"""`keras.constraints`: weight projections, and `get`/`serialize`/
`deserialize` to turn identifiers into them."""

import inspect

from keras.src.api_export import keras_export
from keras.src.backend.common.naming import to_snake_case
from keras.src.constraints.constraints import Constraint
from keras.src.constraints.constraints import MaxNorm
from keras.src.constraints.constraints import MinMaxNorm
from keras.src.constraints.constraints import NonNeg
from keras.src.constraints.constraints import UnitNorm

ALL_OBJECTS = (Constraint, MaxNorm, MinMaxNorm, NonNeg, UnitNorm)

ALL_OBJECTS_DICT = {cls.__name__: cls for cls in ALL_OBJECTS}
ALL_OBJECTS_DICT.update(
    {to_snake_case(cls.__name__): cls for cls in ALL_OBJECTS}
)


@keras_export("keras.constraints.serialize")
def serialize(constraint):
    """Returns the config dict of `constraint`.

    Args:
        constraint: a `Constraint` instance.

    Returns:
        A dict with `module`, `class_name`, `config` and
        `registered_name`.

    Example:

    >>> c = keras.constraints.serialize(keras.constraints.UnitNorm(axis=1))
    >>> c["class_name"], c["config"]
    ('UnitNorm', {'axis': 1})
    """
    from keras.src.saving import serialization_lib

    return serialization_lib.serialize_keras_object(constraint)


@keras_export("keras.constraints.deserialize")
def deserialize(config, custom_objects=None):
    """Creates a constraint from the output of `serialize()`.

    Args:
        config: a dict from `serialize()` (or a constraint name).
        custom_objects: an optional dict mapping names to custom classes.

    Returns:
        A `Constraint` instance.

    Example:

    >>> c = keras.constraints.deserialize(
    ...     {"class_name": "MaxNorm", "config": {"max_value": 3.0}})
    >>> c.max_value
    3.0
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
    # Registered custom constraints are found through the saving library.
    try:
        obj = deserialize(name)
    except (ValueError, TypeError, KeyError):
        return None
    if inspect.isclass(obj):
        obj = obj()
    return obj if callable(obj) else None


@keras_export("keras.constraints.get")
def get(identifier):
    """Returns the constraint an identifier refers to.

    Args:
        identifier: `None`, the name of a constraint (such as `"non_neg"` or
            `"NonNeg"`), a config dict from `serialize()`, a `Constraint`
            class or instance, or a callable `f(w)`.

    Returns:
        A constraint (or the callable given), or `None` for `None`.

    Example:

    >>> keras.constraints.get("max_norm").get_config()
    {'max_value': 2, 'axis': 0}
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
        f"Could not interpret constraint identifier: {identifier!r}. "
        "Expected None, a constraint name (such as 'non_neg'), a config dict, "
        "a `Constraint` or a callable. Received: "
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
