"""`keras.initializers`: objects that create initial weight values, and
`get`/`serialize`/`deserialize` to turn identifiers into them."""

import inspect

from keras.src.api_export import keras_export
from keras.src.backend.common.naming import to_snake_case
from keras.src.initializers.constant_initializers import STFT
from keras.src.initializers.constant_initializers import Constant
from keras.src.initializers.constant_initializers import Identity
from keras.src.initializers.constant_initializers import Ones
from keras.src.initializers.constant_initializers import Zeros
from keras.src.initializers.initializer import Initializer
from keras.src.initializers.random_initializers import GlorotNormal
from keras.src.initializers.random_initializers import GlorotUniform
from keras.src.initializers.random_initializers import HeNormal
from keras.src.initializers.random_initializers import HeUniform
from keras.src.initializers.random_initializers import LecunNormal
from keras.src.initializers.random_initializers import LecunUniform
from keras.src.initializers.random_initializers import Orthogonal
from keras.src.initializers.random_initializers import RandomNormal
from keras.src.initializers.random_initializers import RandomUniform
from keras.src.initializers.random_initializers import TruncatedNormal
from keras.src.initializers.random_initializers import VarianceScaling

ALL_OBJECTS = (
    Initializer,
    Constant,
    Identity,
    Ones,
    STFT,
    Zeros,
    GlorotNormal,
    GlorotUniform,
    HeNormal,
    HeUniform,
    LecunNormal,
    LecunUniform,
    Orthogonal,
    RandomNormal,
    RandomUniform,
    TruncatedNormal,
    VarianceScaling,
)

# Every name `get` accepts: class names, their snake_case forms and the
# short aliases Keras has always accepted.
ALL_OBJECTS_DICT = {cls.__name__: cls for cls in ALL_OBJECTS}
ALL_OBJECTS_DICT.update(
    {to_snake_case(cls.__name__): cls for cls in ALL_OBJECTS}
)
ALL_OBJECTS_DICT.update(
    {
        "IdentityInitializer": Identity,
        "OrthogonalInitializer": Orthogonal,
        "STFTInitializer": STFT,
        "stft": STFT,
        "uniform": RandomUniform,
        "normal": RandomNormal,
        "zero": Zeros,
        "one": Ones,
    }
)


@keras_export("keras.initializers.serialize")
def serialize(initializer):
    """Returns the config dict of `initializer` (strings and `None` are
    returned as they are).

    Args:
        initializer: an `Initializer` instance.

    Returns:
        A dict with `module`, `class_name`, `config` and
        `registered_name`.

    Example:

    >>> config = keras.initializers.serialize(keras.initializers.Zeros())
    >>> config["class_name"]
    'Zeros'
    """
    from keras.src.saving import serialization_lib

    return serialization_lib.serialize_keras_object(initializer)


@keras_export("keras.initializers.deserialize")
def deserialize(config, custom_objects=None):
    """Creates an initializer from the output of `serialize()`.

    Args:
        config: a dict from `serialize()` (or the name of an initializer).
        custom_objects: an optional dict mapping names to custom classes.

    Returns:
        An `Initializer` instance.

    Example:

    >>> init = keras.initializers.deserialize(
    ...     {"class_name": "Constant", "config": {"value": 2.0}})
    >>> init.value
    2.0
    """
    from keras.src.saving import serialization_lib

    return serialization_lib.deserialize_keras_object(
        config,
        module_objects=ALL_OBJECTS_DICT,
        custom_objects=custom_objects,
    )


def _from_name(name):
    """The initializer `name` refers to, or `None` if unknown."""
    cls = ALL_OBJECTS_DICT.get(name)
    if cls is not None:
        return cls()
    # Registered custom initializers are found through the saving library.
    try:
        obj = deserialize(name)
    except (ValueError, TypeError, KeyError):
        return None
    if inspect.isclass(obj):
        obj = obj()
    return obj if callable(obj) else None


@keras_export("keras.initializers.get")
def get(identifier):
    """Returns the initializer an identifier refers to.

    Args:
        identifier: `None`, the name of an initializer (a class name such
            as `"GlorotUniform"` or its snake_case alias such as
            `"glorot_uniform"`), a config dict from `serialize()`, an
            `Initializer` class or instance, or a callable
            `f(shape, dtype=None)`.

    Returns:
        An initializer (or the callable given), or `None` for `None`.

    Example:

    >>> init = keras.initializers.get("ones")
    >>> keras.ops.convert_to_numpy(init((2,))).tolist()
    [1.0, 1.0]
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
        f"Could not interpret initializer identifier: {identifier!r}. "
        "Expected None, an initializer name (such as 'glorot_uniform'), a "
        "config dict, an `Initializer` or a callable. Received: "
        f"identifier={identifier!r} (of type {type(identifier).__name__})"
    )


# Keras's package also exposes these modules as attributes. They are
# imported on first use: they import this package back.
_LAZY_MODULES = {
    "backend": "keras.src.backend",
    "ops": "keras.src.ops",
    "serialization_lib": "keras.src.saving.serialization_lib",
}


def __getattr__(name):
    if name in _LAZY_MODULES:
        import importlib

        return importlib.import_module(_LAZY_MODULES[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
