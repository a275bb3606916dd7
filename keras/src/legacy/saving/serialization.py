"""The Keras 2 (tf.keras) config format: `{"class_name", "config"}`.

Keras 2 saved an object as its registered class name and its
`get_config()`, with nested Keras objects in the same two-key form and
functions as bare names. Keras 3's own format (`serialization_lib`) adds
the module and registered name; these functions read and write the old
one, for code and files made for Keras 2.
"""

import inspect

from keras.src.api_export import keras_export
from keras.src.saving import object_registration

_CUSTOM_OBJECTS_HINT = (
    "Please ensure you are using a `keras.utils.custom_object_scope` and "
    "that this object is included in the scope."
)


def is_default(method):
    """Whether `method` is marked as a base-class default (see
    `keras.src.utils.tracking`'s `default` decorator)."""
    return getattr(method, "_is_default", False)


def skip_failed_serialization():
    """Returns `False`: a config that cannot be serialized raises."""
    return False


def validate_config(config):
    """Whether `config` looks like a Keras 2 config: a dict with no
    `"__passive_serialization__"` marker left unresolved."""
    return isinstance(config, dict) and (
        "__passive_serialization__" not in config
    )


def serialize_keras_class_and_config(cls_name, cls_config, obj=None,
                                     shared_object_id=None):
    """Returns `{"class_name": cls_name, "config": cls_config}`."""
    base = {"class_name": cls_name, "config": cls_config}
    if shared_object_id is not None:
        base["shared_object_id"] = shared_object_id
    return base


@keras_export(
    [
        "keras.legacy.saving.serialize_keras_object",
        "keras.utils.legacy.serialize_keras_object",
    ]
)
def serialize_keras_object(instance):
    """Returns the Keras 2 config of `instance`.

    An object with `get_config()` becomes `{"class_name": <registered
    name>, "config": <its config>}`, where config values that are Keras
    objects are serialized the same way; a function or class becomes its
    registered name; `None` stays `None`.

    Args:
        instance: the object to serialize.

    Returns:
        A dict, a string or `None`.

    Example:

    >>> config = keras.utils.legacy.serialize_keras_object(
    ...     keras.initializers.Constant(2.0))
    >>> config
    {'class_name': 'Constant', 'config': {'value': 2.0}}
    """
    if instance is None:
        return None
    if hasattr(instance, "get_config") and not inspect.isclass(instance):
        config = instance.get_config()
        serialized = {}
        for key, item in config.items():
            if isinstance(item, str):
                serialized[key] = item
                continue
            try:
                value = serialize_keras_object(item)
            except ValueError:
                # Plain values (numbers, lists, dicts) stay as they are.
                value = item
            else:
                if isinstance(value, dict) and not isinstance(item, dict):
                    # Marks a nested object (Keras 2 did the same).
                    value["__passive_serialization__"] = True
            serialized[key] = value
        name = object_registration.get_registered_name(type(instance))
        return serialize_keras_class_and_config(name, serialized, instance)
    if hasattr(instance, "__name__"):
        return object_registration.get_registered_name(instance)
    raise ValueError(
        f"Cannot serialize {instance} because it doesn't implement "
        "`get_config()`."
    )


def class_and_config_for_serialized_keras_object(
    config, module_objects=None, custom_objects=None,
    printable_module_name="object",
):
    """Returns `(cls, cls_config)` for a Keras 2 config dict, with nested
    configs marked `__passive_serialization__` deserialized."""
    if (
        not isinstance(config, dict)
        or "class_name" not in config
        or "config" not in config
    ):
        raise ValueError(
            f"Improper config format for {config}. Expecting python dict "
            "contains `class_name` and `config` as keys"
        )
    class_name = config["class_name"]
    cls = object_registration.get_registered_object(
        class_name, custom_objects, module_objects
    )
    if cls is None:
        raise ValueError(
            f"Unknown {printable_module_name}: '{class_name}'. "
            f"{_CUSTOM_OBJECTS_HINT}"
        )
    cls_config = config["config"]
    if isinstance(cls_config, list):  # Keras 2 Sequential configs.
        return cls, cls_config
    deserialized = {}
    for key, item in cls_config.items():
        if key == "name":
            deserialized[key] = item
        elif isinstance(item, dict) and item.get(
            "__passive_serialization__"
        ):
            item = {k: v for k, v in item.items()
                    if k != "__passive_serialization__"}
            deserialized[key] = deserialize_keras_object(
                item, module_objects=module_objects,
                custom_objects=custom_objects,
                printable_module_name="config_item",
            )
        elif isinstance(item, str) and inspect.isfunction(
            object_registration.get_registered_object(item, custom_objects)
        ):
            deserialized[key] = object_registration.get_registered_object(
                item, custom_objects
            )
        else:
            deserialized[key] = item
    return cls, deserialized


@keras_export(
    [
        "keras.legacy.saving.deserialize_keras_object",
        "keras.utils.legacy.deserialize_keras_object",
    ]
)
def deserialize_keras_object(identifier, module_objects=None,
                             custom_objects=None,
                             printable_module_name="object"):
    """Rebuilds an object from its Keras 2 config (see
    `serialize_keras_object`).

    Classes and functions are looked up in the active custom object
    scopes, the registered objects, `custom_objects` and then
    `module_objects`.

    Args:
        identifier: a config dict, a name (string), or an object (returned
            as is).
        module_objects: a dict of the objects the name may refer to
            (e.g. `vars(keras.layers)`).
        custom_objects: a dict of custom classes and functions.
        printable_module_name: what the object is, for error messages.

    Returns:
        The object, or `None` for `None`.

    Example:

    >>> config = {"class_name": "Constant", "config": {"value": 2.0}}
    >>> init = keras.utils.legacy.deserialize_keras_object(
    ...     config, module_objects=vars(keras.initializers))
    >>> init.get_config()
    {'value': 2.0}
    """
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        cls, cls_config = class_and_config_for_serialized_keras_object(
            identifier, module_objects, custom_objects, printable_module_name
        )
        if hasattr(cls, "from_config"):
            parameters = inspect.signature(cls.from_config).parameters
            if "custom_objects" in parameters:
                merged = dict(object_registration.get_custom_objects())
                merged.update(custom_objects or {})
                return cls.from_config(cls_config, custom_objects=merged)
            with object_registration.CustomObjectScope(custom_objects or {}):
                return cls.from_config(cls_config)
        with object_registration.CustomObjectScope(custom_objects or {}):
            return cls(**cls_config)
    if isinstance(identifier, str):
        found = object_registration.get_registered_object(
            identifier, custom_objects, module_objects
        )
        if found is None:
            raise ValueError(
                f"Unknown {printable_module_name}: '{identifier}'. "
                f"{_CUSTOM_OBJECTS_HINT}"
            )
        return found
    if inspect.isfunction(identifier) or inspect.isclass(identifier):
        return identifier
    if hasattr(identifier, "get_config"):
        return identifier
    raise ValueError(
        f"Could not interpret serialized {printable_module_name}: "
        f"{identifier}"
    )
