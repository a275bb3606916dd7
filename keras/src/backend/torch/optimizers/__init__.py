"""Keras's torch optimizer modules.

The optimizers are backend-neutral (one implementation for every backend).
Each `torch_<name>` module holds a subclass of the shared class that
`keras.optimizers.<Name>(...)` creates on torch, so that saved configs name
the module Keras's torch backend names.
"""

import importlib

from keras.src.backend.torch.optimizers.torch_optimizer import (  # noqa: F401
    TorchOptimizer,
)

_MODULES = ("adadelta", "adagrad", "adam", "adamax", "adamw", "lion",
            "nadam", "rmsprop", "sgd")
_SUBCLASSES = {}


def torch_subclass(cls):
    """The torch subclass of the shared optimizer class `cls`, or `cls`
    itself when it has none (or is already one)."""
    if not _SUBCLASSES:
        for name in _MODULES:
            module = importlib.import_module(f"{__name__}.torch_{name}")
            for value in vars(module).values():
                if isinstance(value, type) and value.__module__ == (
                    module.__name__
                ):
                    _SUBCLASSES[value.__bases__[0]] = value
    return _SUBCLASSES.get(cls, cls)
