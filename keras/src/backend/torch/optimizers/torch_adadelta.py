"""`Adadelta` on torch: the shared `keras.optimizers.Adadelta` under Keras's
torch module path.

On the torch backend `keras.optimizers.Adadelta(...)` creates this subclass
(see `Optimizer.__new__`), so saved configs name this module as Keras's
torch backend saves them. The arithmetic is the shared class's.
"""

from keras.src.optimizers import adadelta


class Adadelta(adadelta.Adadelta):
    """`keras.optimizers.Adadelta` as created on the torch backend."""
