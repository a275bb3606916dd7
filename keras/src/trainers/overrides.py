"""Calling the hooks a user may override, the way Keras calls them.

Keras passes `training` to `compute_loss` only when the override accepts
it: the keras.io knowledge-distillation example overrides
`compute_loss(self, x, y, y_pred, sample_weight, allow_empty=False)`
without it. Every step body calls the hook through here.
"""

import inspect

from keras.src.layers.layer import Layer

# Function -> whether it takes `training` (by name or through **kwargs).
# Filled once per function; read on every step.
_TAKES_TRAINING = {}


def takes_training(function):
    """Whether `function` accepts a `training` keyword argument."""
    known = _TAKES_TRAINING.get(function)
    if known is None:
        parameters = inspect.signature(function).parameters.values()
        known = _TAKES_TRAINING[function] = any(
            p.name == "training" or p.kind is inspect.Parameter.VAR_KEYWORD
            for p in parameters
        )
    return known


def compute_loss(model, x, y, y_pred, sample_weight, training):
    """`model.compute_loss(...)`, with `training` only if it takes it."""
    if takes_training(type(model).compute_loss):
        return model.compute_loss(
            x=x, y=y, y_pred=y_pred, sample_weight=sample_weight,
            training=training,
        )
    return model.compute_loss(
        x=x, y=y, y_pred=y_pred, sample_weight=sample_weight
    )


def defines_call(model):
    """Whether the model has its own `call` (a subclassed model that only
    overrides `train_step`, like the keras.io VAE, has none)."""
    return type(model).call is not Layer.call
