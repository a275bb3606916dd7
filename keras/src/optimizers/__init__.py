"""`keras.optimizers`: the optimizers, and `get`/`serialize`/`deserialize`
to turn identifiers (names, configs) into them.

Rules of this package, and why:

- One optimizer per file, a thin subclass of `base_optimizer.Optimizer`
  that writes its per-variable math once, in `update_step`, over
  `keras.src.ops`: the same code runs on every backend.
- The update runs inside compiled steps (`jax.jit` through
  `stateless_apply`, `tf.function`, `torch.compile` with
  `fullgraph=True`), so no tensor becomes a Python value and no Python
  `if` tests a tensor; conditions select with `ops.where`
  (`optimizer_utils.apply_if`).
- A variable's value read before an assignment is not a snapshot on
  every backend (torch and TensorFlow variables update in place):
  compute what needs the old value before assigning.
"""

from keras.src.api_export import keras_export
from keras.src.optimizers.adadelta import Adadelta
from keras.src.optimizers.adafactor import Adafactor
from keras.src.optimizers.adagrad import Adagrad
from keras.src.optimizers.adam import Adam
from keras.src.optimizers.adamax import Adamax
from keras.src.optimizers.adamw import AdamW
from keras.src.optimizers.base_optimizer import Optimizer
from keras.src.optimizers.ftrl import Ftrl
from keras.src.optimizers.lamb import Lamb
from keras.src.optimizers.legacy import LegacyOptimizerWarning
from keras.src.optimizers.lion import Lion
from keras.src.optimizers.loss_scale_optimizer import LossScaleOptimizer
from keras.src.optimizers.multi_optimizer import MultiOptimizer
from keras.src.optimizers.multi_optimizer import OptimizerMap
from keras.src.optimizers.muon import Muon
from keras.src.optimizers.nadam import Nadam
from keras.src.optimizers.rmsprop import RMSprop
from keras.src.optimizers.schedule_free_adamw import ScheduleFreeAdamW
from keras.src.optimizers.schedules import learning_rate_schedule
from keras.src.optimizers.sgd import SGD
from keras.src.saving import serialization_lib

# Optimizers `get` creates from a name alone, with default arguments.
_BY_NAME = (
    Adadelta,
    Adafactor,
    Adagrad,
    Adam,
    Adamax,
    AdamW,
    Ftrl,
    Lamb,
    Lion,
    Muon,
    Nadam,
    RMSprop,
    SGD,
    ScheduleFreeAdamW,
)
ALL_OBJECTS = _BY_NAME + (
    Optimizer,
    LossScaleOptimizer,
    MultiOptimizer,
    OptimizerMap,
)

# Class names and their lowercase forms, which Keras has always accepted.
ALL_OBJECTS_DICT = {cls.__name__: cls for cls in ALL_OBJECTS}
ALL_OBJECTS_DICT.update({cls.__name__.lower(): cls for cls in ALL_OBJECTS})


@keras_export("keras.optimizers.serialize")
def serialize(optimizer):
    """Returns the config dict of `optimizer`.

    Args:
        optimizer: a `keras.Optimizer` instance.

    Returns:
        A dict with `module`, `class_name`, `config` and
        `registered_name`.

    Example:

    >>> config = keras.optimizers.serialize(keras.optimizers.SGD(0.5))
    >>> config["class_name"], config["config"]["learning_rate"]
    ('SGD', 0.5)
    """
    return serialization_lib.serialize_keras_object(optimizer)


@keras_export("keras.optimizers.deserialize")
def deserialize(config, custom_objects=None):
    """Creates an optimizer from the output of `serialize()`.

    Class names are matched case-insensitively (`"adam"` is `Adam`).

    Args:
        config: a dict from `serialize()`.
        custom_objects: an optional dict mapping names to custom classes.

    Returns:
        A `keras.Optimizer` instance.

    Example:

    >>> opt = keras.optimizers.deserialize(
    ...     {"class_name": "adam", "config": {"learning_rate": 0.5}})
    >>> type(opt).__name__
    'Adam'
    """
    if isinstance(config, dict) and isinstance(
        config.get("class_name"), str
    ):
        lower = config["class_name"].lower()
        if lower in ALL_OBJECTS_DICT:
            config = {**config, "class_name": lower}
    return serialization_lib.deserialize_keras_object(
        config,
        module_objects=ALL_OBJECTS_DICT,
        custom_objects=custom_objects,
        printable_module_name="optimizers",
    )


def _known_names():
    return sorted(cls.__name__.lower() for cls in _BY_NAME)


def _from_name(name):
    cls = ALL_OBJECTS_DICT.get(name) or ALL_OBJECTS_DICT.get(name.lower())
    if cls in _BY_NAME:
        return cls()
    # A registered custom optimizer, found by the saving library.
    found = deserialize(name)
    if isinstance(found, type) and issubclass(found, Optimizer):
        found = found()
    if isinstance(found, Optimizer):
        return found
    raise ValueError(
        f"Could not interpret optimizer identifier: {name!r}. Known "
        f"optimizer names: {', '.join(_known_names())}."
    )


@keras_export("keras.optimizers.get")
def get(identifier):
    """Returns the optimizer an identifier refers to.

    Args:
        identifier: `None`, an optimizer name (`"adam"`, `"SGD"`, ...; any
            case), a config dict from `serialize()`, or an optimizer
            instance (returned as is).

    Returns:
        A `keras.Optimizer` (a new one for a name or a config), or `None`.

    Example:

    >>> type(keras.optimizers.get("rmsprop")).__name__
    'RMSprop'
    """
    if identifier is None:
        return None
    if isinstance(identifier, Optimizer):
        return identifier
    if isinstance(identifier, str):
        return _from_name(identifier)
    if isinstance(identifier, dict):
        optimizer = deserialize(identifier)
        if isinstance(optimizer, Optimizer):
            return optimizer
    raise ValueError(
        f"Could not interpret optimizer identifier: {identifier!r}. "
        "Expected None, an optimizer name (one of "
        f"{', '.join(_known_names())}), a config dict or a "
        "`keras.Optimizer` instance."
    )


__all__ = [
    "ALL_OBJECTS",
    "ALL_OBJECTS_DICT",
    "Adadelta",
    "Adafactor",
    "Adagrad",
    "Adam",
    "AdamW",
    "Adamax",
    "Ftrl",
    "Lamb",
    "LegacyOptimizerWarning",
    "Lion",
    "LossScaleOptimizer",
    "MultiOptimizer",
    "Muon",
    "Nadam",
    "Optimizer",
    "OptimizerMap",
    "RMSprop",
    "SGD",
    "ScheduleFreeAdamW",
    "deserialize",
    "get",
    "learning_rate_schedule",
    "serialize",
]
