"""The Keras 2 (tf.keras) config format: `{"class_name", "config"}`.

Keras 2 saved an object as its registered class name and its
`get_config()`, with nested Keras objects in the same two-key form and
functions as bare names. Keras 3's own format (`serialization_lib`) adds
the module and registered name; these functions read and write the old
one, for code and files made for Keras 2.
"""

import inspect
import threading
import weakref

from keras.src.api_export import keras_export
from keras.src.saving import object_registration

_CUSTOM_OBJECTS_HINT = (
    "Please ensure you are using a `keras.utils.custom_object_scope` and "
    "that this object is included in the scope."
)

# Shared objects. Keras 2 configs mark an object used in several places
# (a layer called twice in a model, say) with a `shared_object_id`:
# within a `SharedObjectSavingScope`, the second serialization of an
# object adds the id to the first config and returns that same config;
# within a `SharedObjectLoadingScope`, a config with an id already
# rebuilt gives back the object rebuilt first.
SHARED_OBJECT_KEY = "shared_object_id"
# Per thread: whether `DisableSharedObjectScope` is active, and the
# active loading and saving scopes.
SHARED_OBJECT_DISABLED = threading.local()
SHARED_OBJECT_LOADING = threading.local()
SHARED_OBJECT_SAVING = threading.local()


def _shared_object_disabled():
    return getattr(SHARED_OBJECT_DISABLED, "disabled", False)


def _shared_object_loading_scope():
    return getattr(SHARED_OBJECT_LOADING, "scope", NoopLoadingScope())


def _shared_object_saving_scope():
    return getattr(SHARED_OBJECT_SAVING, "scope", None)


class DisableSharedObjectScope:
    """Turns shared-object tracking off while active: configs get no
    `shared_object_id`, and loading rebuilds every config anew.

    Example:

    >>> from keras.src.legacy.saving import serialization
    >>> with serialization.DisableSharedObjectScope():
    ...     with serialization.SharedObjectSavingScope() as scope:
    ...         print(scope)
    None
    """

    def __enter__(self):
        self._was_disabled = _shared_object_disabled()
        self._loading = _shared_object_loading_scope()
        self._saving = _shared_object_saving_scope()
        SHARED_OBJECT_DISABLED.disabled = True
        SHARED_OBJECT_LOADING.scope = NoopLoadingScope()
        SHARED_OBJECT_SAVING.scope = None
        return self

    def __exit__(self, *args, **kwargs):
        SHARED_OBJECT_DISABLED.disabled = self._was_disabled
        SHARED_OBJECT_LOADING.scope = self._loading
        SHARED_OBJECT_SAVING.scope = self._saving


class NoopLoadingScope:
    """The loading scope used outside any `SharedObjectLoadingScope`: it
    remembers nothing.

    Example:

    >>> from keras.src.legacy.saving import serialization
    >>> scope = serialization.NoopLoadingScope()
    >>> scope.set(1, "layer")
    >>> print(scope.get(1))
    None
    """

    def get(self, unused_object_id):
        """Returns `None`: no object is shared."""
        return None

    def set(self, object_id, obj):
        """Does nothing."""


class SharedObjectLoadingScope:
    """While active, configs carrying the same `shared_object_id` are
    rebuilt once and the same object is returned for each.

    Example:

    >>> from keras.src.legacy.saving import serialization
    >>> with serialization.SharedObjectLoadingScope() as scope:
    ...     scope.set(0, "first")
    ...     print(scope.get(0))
    first
    """

    def __enter__(self):
        if _shared_object_disabled():
            return NoopLoadingScope()
        self._previous = _shared_object_loading_scope()
        self._objects = {}
        SHARED_OBJECT_LOADING.scope = self
        return self

    def get(self, object_id):
        """The object rebuilt for `object_id`, or `None`.

        Args:
            object_id: a shared object id (or `None`).

        Returns:
            The object, or `None`.
        """
        if object_id is None:
            return None
        return self._objects.get(object_id)

    def set(self, object_id, obj):
        """Records the object rebuilt for `object_id`.

        Args:
            object_id: a shared object id (`None`: nothing recorded).
            obj: the rebuilt object.
        """
        if object_id is not None:
            self._objects[object_id] = obj

    def __exit__(self, *args, **kwargs):
        SHARED_OBJECT_LOADING.scope = getattr(self, "_previous",
                                              NoopLoadingScope())


class SharedObjectConfig(dict):
    """A config dict that gains a `shared_object_id` key once the object
    it describes is serialized a second time.

    Args:
        base_config: the config (`class_name` and `config`).
        object_id: the id given to the object.
        **kwargs: more keys for the dict.

    Example:

    >>> from keras.src.legacy.saving import serialization
    >>> config = serialization.SharedObjectConfig({"class_name": "A"}, 3)
    >>> config.increment_ref_count()
    >>> config["shared_object_id"]
    3
    """

    def __init__(self, base_config, object_id, **kwargs):
        self.ref_count = 1
        self.object_id = object_id
        super().__init__(base_config, **kwargs)

    def increment_ref_count(self):
        """Counts one more use; from the second, the config carries the
        id."""
        if self.ref_count == 1:
            self[SHARED_OBJECT_KEY] = self.object_id
        self.ref_count += 1


class SharedObjectSavingScope:
    """While active, an object serialized several times gets one config,
    marked with a `shared_object_id`.

    Example:

    >>> from keras.src.legacy.saving import serialization
    >>> layer = keras.layers.Dense(2)
    >>> with serialization.SharedObjectSavingScope():
    ...     first = serialization.serialize_keras_object(layer)
    ...     second = serialization.serialize_keras_object(layer)
    >>> first["shared_object_id"] == second["shared_object_id"]
    True
    """

    def __enter__(self):
        if _shared_object_disabled():
            return None
        self._previous = _shared_object_saving_scope()
        self._configs = weakref.WeakKeyDictionary()
        self._next_id = 0
        SHARED_OBJECT_SAVING.scope = self
        return self

    def get_config(self, obj):
        """The config already made for `obj` (its use counted), or `None`.

        Args:
            obj: the object being serialized.

        Returns:
            A `SharedObjectConfig`, or `None`.
        """
        try:
            config = self._configs[obj]
        except (TypeError, KeyError):
            return None
        config.increment_ref_count()
        return config

    def create_config(self, base_config, obj):
        """Makes and records the config of `obj`'s first serialization.

        Args:
            base_config: the config dict.
            obj: the object (objects that cannot be weakly referenced are
                not recorded).

        Returns:
            A `SharedObjectConfig`.
        """
        config = SharedObjectConfig(base_config, self._next_id)
        self._next_id += 1
        try:
            self._configs[obj] = config
        except TypeError:
            pass
        return config

    def __exit__(self, *args, **kwargs):
        if hasattr(self, "_previous"):
            SHARED_OBJECT_SAVING.scope = self._previous


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
    """Returns `{"class_name": cls_name, "config": cls_config}`; inside a
    `SharedObjectSavingScope`, the one config shared by every
    serialization of `obj`."""
    base = {"class_name": cls_name, "config": cls_config}
    if shared_object_id is not None:
        base[SHARED_OBJECT_KEY] = shared_object_id
    scope = _shared_object_saving_scope()
    if scope is not None and obj is not None:
        shared = scope.get_config(obj)
        if shared is None:
            return scope.create_config(base, obj)
        return shared
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
        shared_id = identifier.get(SHARED_OBJECT_KEY)
        shared = _shared_object_loading_scope().get(shared_id)
        if shared is not None:
            return shared
        obj = _deserialize_config(identifier, module_objects,
                                  custom_objects, printable_module_name)
        _shared_object_loading_scope().set(shared_id, obj)
        return obj
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


def _deserialize_config(config, module_objects, custom_objects,
                        printable_module_name):
    cls, cls_config = class_and_config_for_serialized_keras_object(
        config, module_objects, custom_objects, printable_module_name
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
