"""`Adamax` on torch: the shared `keras.optimizers.Adamax` under Keras's
torch module path.

On the torch backend `keras.optimizers.Adamax(...)` creates this subclass
(see `Optimizer.__new__`), so saved configs name this module as Keras's
torch backend saves them. The arithmetic is the shared class's.
"""

from keras.src.optimizers import adamax


class Adamax(adamax.Adamax):
    """`keras.optimizers.Adamax` as created on the torch backend."""
