"""`RMSprop` on torch: the shared `keras.optimizers.RMSprop` under Keras's
torch module path.

On the torch backend `keras.optimizers.RMSprop(...)` creates this subclass
(see `Optimizer.__new__`), so saved configs name this module as Keras's
torch backend saves them. The arithmetic is the shared class's.
"""

from keras.src.optimizers import rmsprop


class RMSprop(rmsprop.RMSprop):
    """`keras.optimizers.RMSprop` as created on the torch backend."""
