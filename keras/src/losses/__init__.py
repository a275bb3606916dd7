"""`keras.losses`: loss classes and functions, and `get`/`serialize`/
`deserialize` to turn identifiers into them."""

import inspect

from keras.src.api_export import keras_export
from keras.src.losses import losses as _losses
from keras.src.losses.loss import Loss
from keras.src.losses.loss import LossFunctionWrapper
from keras.src.losses.loss import reduce_weighted_values  # noqa: F401
from keras.src.losses.losses import *  # noqa: F401,F403

LOSS_CLASSES = (
    Loss,
    LossFunctionWrapper,
    _losses.BinaryCrossentropy,
    _losses.BinaryFocalCrossentropy,
    _losses.CategoricalCrossentropy,
    _losses.CategoricalFocalCrossentropy,
    _losses.CategoricalGeneralizedCrossEntropy,
    _losses.CategoricalHinge,
    _losses.Circle,
    _losses.CosineSimilarity,
    _losses.CTC,
    _losses.Dice,
    _losses.Hinge,
    _losses.Huber,
    _losses.KLDivergence,
    _losses.LogCosh,
    _losses.MeanAbsoluteError,
    _losses.MeanAbsolutePercentageError,
    _losses.MeanSquaredError,
    _losses.MeanSquaredLogarithmicError,
    _losses.Poisson,
    _losses.SparseCategoricalCrossentropy,
    _losses.SquaredHinge,
    _losses.Tversky,
)

LOSS_FUNCTIONS = (
    _losses.binary_crossentropy,
    _losses.binary_focal_crossentropy,
    _losses.categorical_crossentropy,
    _losses.categorical_focal_crossentropy,
    _losses.categorical_generalized_cross_entropy,
    _losses.categorical_hinge,
    _losses.circle,
    _losses.cosine_similarity,
    _losses.ctc,
    _losses.dice,
    _losses.hinge,
    _losses.huber,
    _losses.kl_divergence,
    _losses.log_cosh,
    _losses.mean_absolute_error,
    _losses.mean_absolute_percentage_error,
    _losses.mean_squared_error,
    _losses.mean_squared_logarithmic_error,
    _losses.poisson,
    _losses.sparse_categorical_crossentropy,
    _losses.squared_hinge,
    _losses.tversky,
)

# Every name `get` and `deserialize` accept: class and function names and
# the short aliases of the functions.
# Every loss class and function, as a set (Keras's `ALL_OBJECTS`).
ALL_OBJECTS = set(LOSS_CLASSES) | set(LOSS_FUNCTIONS)
ALL_OBJECTS_DICT = {obj.__name__: obj for obj in LOSS_CLASSES}
ALL_OBJECTS_DICT.update({fn.__name__: fn for fn in LOSS_FUNCTIONS})
ALL_OBJECTS_DICT.update(
    {
        "mse": _losses.mean_squared_error,
        "MSE": _losses.mean_squared_error,
        "mae": _losses.mean_absolute_error,
        "MAE": _losses.mean_absolute_error,
        "mape": _losses.mean_absolute_percentage_error,
        "MAPE": _losses.mean_absolute_percentage_error,
        "msle": _losses.mean_squared_logarithmic_error,
        "MSLE": _losses.mean_squared_logarithmic_error,
        "kld": _losses.kl_divergence,
        "KLD": _losses.kl_divergence,
        "bce": _losses.binary_crossentropy,
        "BCE": _losses.binary_crossentropy,
    }
)


@keras_export("keras.losses.serialize")
def serialize(loss):
    """Returns the config of a loss object or the name of a loss function.

    Args:
        loss: a `keras.Loss` instance or a loss function.

    Returns:
        A dict with `module`, `class_name`, `config` and
        `registered_name`.

    Example:

    >>> config = keras.losses.serialize(keras.losses.Huber(delta=2.0))
    >>> config["class_name"], config["config"]["delta"]
    ('Huber', 2.0)
    """
    from keras.src.saving import serialization_lib

    return serialization_lib.serialize_keras_object(loss)


@keras_export("keras.losses.deserialize")
def deserialize(name, custom_objects=None):
    """Creates a loss from the output of `serialize()` (or from a name).

    Args:
        name: a dict from `serialize()`, or the name of a loss class or
            function.
        custom_objects: an optional dict mapping names to custom classes
            and functions.

    Returns:
        A `keras.Loss` instance or a loss function.

    Example:

    >>> loss = keras.losses.deserialize(
    ...     {"class_name": "Huber", "config": {"delta": 3.0}})
    >>> loss.delta
    3.0
    """
    from keras.src.saving import serialization_lib

    return serialization_lib.deserialize_keras_object(
        name,
        module_objects=ALL_OBJECTS_DICT,
        custom_objects=custom_objects,
    )


@keras_export("keras.losses.get")
def get(identifier):
    """Returns the loss an identifier refers to.

    Args:
        identifier: `None`, the name of a loss function or class (such as
            `"mse"`, `"categorical_crossentropy"` or
            `"SparseCategoricalCrossentropy"`), a config dict from
            `serialize()`, a `keras.Loss` class or instance, or a callable
            `fn(y_true, y_pred)`.

    Returns:
        A loss function or `keras.Loss` instance (classes are
        instantiated with their defaults), or `None` for `None`.

    Example:

    >>> keras.losses.get("mse").__name__
    'mean_squared_error'
    >>> keras.losses.get("Huber").name
    'huber_loss'
    """
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        obj = deserialize(identifier)
    elif isinstance(identifier, str):
        obj = ALL_OBJECTS_DICT.get(identifier)
        if obj is None:
            obj = deserialize(identifier)  # Registered custom objects.
    else:
        obj = identifier
    if inspect.isclass(obj) and issubclass(obj, Loss):
        obj = obj()
    if callable(obj) and not inspect.isclass(obj):
        return obj
    raise ValueError(
        f"Could not interpret loss identifier: {identifier!r}. Expected "
        "None, the name of a loss (such as 'mse' or "
        "'categorical_crossentropy'), a config dict, a `keras.Loss` or a "
        f"callable. Received: identifier={identifier!r} (of type "
        f"{type(identifier).__name__})"
    )


# `tf.keras.losses` and `tf.keras.metrics` (TensorFlow's view of this
# package, keras/_tf_keras) name these functions by their tf.keras 2
# aliases, in place of their Keras 3 names, as Keras does.
TF_KERAS_ALIASES = {
    "KLD": _losses.kl_divergence,
    "kld": _losses.kl_divergence,
    "kullback_leibler_divergence": _losses.kl_divergence,
    "logcosh": _losses.log_cosh,
    "MAE": _losses.mean_absolute_error,
    "mae": _losses.mean_absolute_error,
    "MAPE": _losses.mean_absolute_percentage_error,
    "mape": _losses.mean_absolute_percentage_error,
    "MSE": _losses.mean_squared_error,
    "mse": _losses.mean_squared_error,
    "MSLE": _losses.mean_squared_logarithmic_error,
    "msle": _losses.mean_squared_logarithmic_error,
}
for _alias, _fn in TF_KERAS_ALIASES.items():
    keras_export(
        [
            f"keras._tf_keras.keras.losses.{_alias}",
            f"keras._tf_keras.keras.metrics.{_alias}",
        ]
    )(_fn)


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
