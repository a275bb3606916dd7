"""`KerasSaveable`: the kinds of objects whose variables saving walks.

Saving visits a model and, through its attributes, every layer and
optimizer it reaches; each of them writes its own variables with
`save_own_variables(store)` and reads them back with
`load_own_variables(store)`. Layers and optimizers are registered as
virtual subclasses (`KerasSaveable.register`) where saving needs them, so
this module imports nothing from the rest of Keras.
"""

import abc


class KerasSaveable(abc.ABC):
    """Base of the objects whose state `.keras` and `.weights.h5` files
    hold: layers (models included) and optimizers.

    A saveable writes its own variables into a dict-like `store` (keys
    `"0"`, `"1"`, ...) and reads them back; the objects it holds in
    attributes are visited by the saving code itself.

    Example:

    >>> from keras.src.saving.keras_saveable import KerasSaveable
    >>> isinstance(keras.layers.Dense(2), KerasSaveable)
    True
    """

    def _obj_type(self):
        """A short name of the kind of object (`"Layer"`, `"Optimizer"`,
        ...), used in messages."""
        return type(self).__name__

    def save_own_variables(self, store):
        """Writes this object's own variables into `store`."""
        for index, variable in enumerate(getattr(self, "variables", ())):
            store[str(index)] = variable.numpy()

    def load_own_variables(self, store):
        """Reads this object's own variables back from `store`."""
        for index, variable in enumerate(getattr(self, "variables", ())):
            variable._load_from(store, str(index))


def register_saveable_types():
    """Registers Keras's layers and optimizers as `KerasSaveable`s (once;
    imported here because those modules import the saving package)."""
    from keras.src.layers.layer import Layer
    from keras.src.optimizers.base_optimizer import Optimizer

    for cls in (Layer, Optimizer):
        if not issubclass(cls, KerasSaveable):
            KerasSaveable.register(cls)
