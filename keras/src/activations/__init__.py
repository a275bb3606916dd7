"""`keras.activations`: activation functions, and `get`/`serialize`/
`deserialize` to turn identifiers into them."""

from keras.src.activations.activations import celu
from keras.src.activations.activations import elu
from keras.src.activations.activations import exponential
from keras.src.activations.activations import gelu
from keras.src.activations.activations import glu
from keras.src.activations.activations import hard_shrink
from keras.src.activations.activations import hard_sigmoid
from keras.src.activations.activations import hard_silu
from keras.src.activations.activations import hard_tanh
from keras.src.activations.activations import leaky_relu
from keras.src.activations.activations import linear
from keras.src.activations.activations import log_sigmoid
from keras.src.activations.activations import log_softmax
from keras.src.activations.activations import mish
from keras.src.activations.activations import relu
from keras.src.activations.activations import relu6
from keras.src.activations.activations import selu
from keras.src.activations.activations import sigmoid
from keras.src.activations.activations import silu
from keras.src.activations.activations import soft_shrink
from keras.src.activations.activations import softmax
from keras.src.activations.activations import softplus
from keras.src.activations.activations import softsign
from keras.src.activations.activations import sparse_plus
from keras.src.activations.activations import sparse_sigmoid
from keras.src.activations.activations import sparsemax
from keras.src.activations.activations import squareplus
from keras.src.activations.activations import tanh
from keras.src.activations.activations import tanh_shrink
from keras.src.activations.activations import threshold
from keras.src.api_export import keras_export

swish = silu
hard_swish = hard_silu

ALL_OBJECTS = (
    celu,
    elu,
    exponential,
    gelu,
    glu,
    hard_shrink,
    hard_sigmoid,
    hard_silu,
    hard_tanh,
    leaky_relu,
    linear,
    log_sigmoid,
    log_softmax,
    mish,
    relu,
    relu6,
    selu,
    sigmoid,
    silu,
    soft_shrink,
    softmax,
    softplus,
    softsign,
    sparse_plus,
    sparse_sigmoid,
    sparsemax,
    squareplus,
    tanh,
    tanh_shrink,
    threshold,
)

ALL_OBJECTS_DICT = {fn.__name__: fn for fn in ALL_OBJECTS}
ALL_OBJECTS_DICT.update({"swish": silu, "hard_swish": hard_silu})


@keras_export("keras.activations.serialize")
def serialize(activation):
    """Returns the name of a built-in activation, or the config of any
    other serializable activation (a registered function or a layer).

    Args:
        activation: an activation function or layer.

    Returns:
        A string for built-in activations, a config dict otherwise.

    Example:

    >>> keras.activations.serialize(keras.activations.relu)
    'relu'
    """
    name = getattr(activation, "__name__", None)
    if name in ALL_OBJECTS_DICT:
        return name
    from keras.src.saving import serialization_lib

    return serialization_lib.serialize_keras_object(activation)


@keras_export("keras.activations.deserialize")
def deserialize(config, custom_objects=None):
    """Returns the activation that `config` (from `serialize()`) names.

    Args:
        config: the name of an activation or a config dict.
        custom_objects: an optional dict mapping names to custom
            functions or classes.

    Returns:
        The activation function (or layer).

    Example:

    >>> keras.activations.deserialize("relu").__name__
    'relu'
    """
    from keras.src.saving import serialization_lib

    return serialization_lib.deserialize_keras_object(
        config,
        module_objects=ALL_OBJECTS_DICT,
        custom_objects=custom_objects,
    )


def _from_name(name):
    if name in ALL_OBJECTS_DICT:
        return ALL_OBJECTS_DICT[name]
    # Registered custom activations are found through the saving library.
    try:
        obj = deserialize(name)
    except (ValueError, TypeError, KeyError):
        return None
    return obj if callable(obj) and not isinstance(obj, str) else None


@keras_export("keras.activations.get")
def get(identifier):
    """Returns the activation function an identifier refers to.

    Args:
        identifier: `None` (the linear activation), the name of an
            activation (such as `"relu"`), a config dict from
            `serialize()`, or a callable.

    Returns:
        A callable activation.

    Example:

    >>> keras.activations.get("relu") is keras.activations.relu
    True
    """
    if identifier is None:
        return linear
    obj = None
    if isinstance(identifier, str):
        obj = _from_name(identifier)
    elif isinstance(identifier, dict):
        obj = deserialize(identifier)
    elif callable(identifier):
        obj = identifier
    if callable(obj):
        return obj
    raise ValueError(
        "Could not interpret activation function identifier: "
        f"{identifier!r}. Expected None, an activation name (such as "
        "'relu'), a config dict or a callable. Received: "
        f"identifier={identifier!r} (of type {type(identifier).__name__})"
    )


# Keras's package also exposes these modules as attributes. They are
# imported on first use: they import this package back.
_LAZY_MODULES = {
    "object_registration": "keras.src.saving.object_registration",
    "serialization_lib": "keras.src.saving.serialization_lib",
}


def __getattr__(name):
    if name in _LAZY_MODULES:
        import importlib

        return importlib.import_module(_LAZY_MODULES[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
