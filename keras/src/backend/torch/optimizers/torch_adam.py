"""`Adam` on torch: the shared `keras.optimizers.Adam` under Keras's
torch module path.

On the torch backend `keras.optimizers.Adam(...)` creates this subclass
(see `Optimizer.__new__`), so saved configs name this module as Keras's
torch backend saves them. The arithmetic is the shared class's.
"""

from keras.src.optimizers import adam


class Adam(adam.Adam):
    """`keras.optimizers.Adam` as created on the torch backend."""
