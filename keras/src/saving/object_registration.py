"""Registration of custom classes and functions for serialization.

Keras finds the class or function named in a saved configuration among, in
order: the dictionaries of the active `CustomObjectScope`s (innermost
first), the global registry filled by `register_keras_serializable`, the
`custom_objects` given to the loading function, and the module objects of
the namespace being deserialized (`keras.activations`, ...).
"""

import inspect
import threading

from keras.src.api_export import keras_export

# Registered name ("package>name") -> object; the public, mutable registry.
GLOBAL_CUSTOM_OBJECTS = {}
# Object -> its registered name, so that serialization can name it.
GLOBAL_CUSTOM_NAMES = {}

# Each thread sees only the scopes it entered itself.
_SCOPES = threading.local()


def _active_scopes():
    stack = getattr(_SCOPES, "stack", None)
    if stack is None:
        stack = _SCOPES.stack = []
    return stack


@keras_export(
    [
        "keras.saving.CustomObjectScope",
        "keras.saving.custom_object_scope",
        "keras.utils.CustomObjectScope",
        "keras.utils.custom_object_scope",
    ]
)
class CustomObjectScope:
    """Makes custom classes and functions visible to deserialization.

    Inside the `with` block, configurations that name one of the keys of
    `custom_objects` resolve to its value, ahead of globally registered
    objects. Scopes nest; the innermost wins.

    Args:
        custom_objects: a dict mapping names (as they appear in configs)
            to classes or functions.

    Example:

    >>> def double(x):
    ...     return x * 2
    >>> with keras.saving.custom_object_scope({"double": double}):
    ...     fn = keras.saving.get_registered_object("double")
    >>> fn(3)
    6
    """

    def __init__(self, custom_objects):
        self.custom_objects = custom_objects or {}
        self.backup = None

    def __enter__(self):
        stack = _active_scopes()
        self.backup = list(stack)
        stack.append(self.custom_objects)
        return self

    def __exit__(self, *args, **kwargs):
        stack = _active_scopes()
        stack[:] = self.backup or []
        self.backup = None


# The function-style name under which Keras also exports the scope.
custom_object_scope = CustomObjectScope


@keras_export(
    ["keras.saving.get_custom_objects", "keras.utils.get_custom_objects"]
)
def get_custom_objects():
    """Returns the global registry of custom objects (a mutable dict).

    Adding an entry registers an object for deserialization everywhere;
    prefer `register_keras_serializable` or `custom_object_scope`.

    Returns:
        The dict mapping registered names to classes and functions.

    Example:

    >>> objects = keras.saving.get_custom_objects()
    >>> isinstance(objects, dict)
    True
    """
    return GLOBAL_CUSTOM_OBJECTS


@keras_export(
    [
        "keras.saving.register_keras_serializable",
        "keras.utils.register_keras_serializable",
    ]
)
def register_keras_serializable(package="Custom", name=None):
    """Decorator that registers a class or function for serialization.

    The object is registered as `"package>name"`; this string is saved as
    the `registered_name` of its configs, so that loading finds it without
    `custom_objects`. A class must define `get_config()`.

    Args:
        package: the package part of the registered name.
        name: the name part; defaults to the object's `__name__`.

    Returns:
        A decorator that registers its argument and returns it unchanged.

    Example:

    >>> @keras.saving.register_keras_serializable(package="Docs")
    ... def triple(x):
    ...     return x * 3
    >>> keras.saving.get_registered_name(triple)
    'Docs>triple'
    """

    def decorator(arg):
        if inspect.isclass(arg) and not hasattr(arg, "get_config"):
            raise ValueError(
                "Cannot register a class that does not have a "
                f"get_config() method. Received: {arg}"
            )
        registered_name = f"{package}>{name or arg.__name__}"
        GLOBAL_CUSTOM_OBJECTS[registered_name] = arg
        GLOBAL_CUSTOM_NAMES[arg] = registered_name
        return arg

    return decorator


@keras_export(
    ["keras.saving.get_registered_name", "keras.utils.get_registered_name"]
)
def get_registered_name(obj):
    """Returns the name under which `obj` is registered.

    Args:
        obj: a class or function.

    Returns:
        `"package>name"` for registered objects, else `obj.__name__`.

    Example:

    >>> keras.saving.get_registered_name(keras.DTypePolicy)
    'DTypePolicy'
    """
    try:
        return GLOBAL_CUSTOM_NAMES[obj]
    except (KeyError, TypeError):  # TypeError: an unhashable object.
        return obj.__name__


@keras_export(
    ["keras.saving.get_registered_object", "keras.utils.get_registered_object"]
)
def get_registered_object(name, custom_objects=None, module_objects=None):
    """Returns the class or function registered as `name`, or `None`.

    Looks, in order, in the active custom object scopes (innermost first),
    the global registry, `custom_objects` and `module_objects`.

    Args:
        name: the name to look up.
        custom_objects: an optional dict of extra objects.
        module_objects: an optional dict of the objects of a namespace,
            searched last.

    Returns:
        The object, or `None` when `name` is found nowhere.

    Example:

    >>> keras.saving.get_registered_object("x", custom_objects={"x": 1})
    1
    """
    for scope in reversed(_active_scopes()):
        if name in scope:
            return scope[name]
    for objects in (GLOBAL_CUSTOM_OBJECTS, custom_objects, module_objects):
        if objects and name in objects:
            return objects[name]
    return None
