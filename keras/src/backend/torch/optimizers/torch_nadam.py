"""`Nadam` on torch: the shared `keras.optimizers.Nadam` under Keras's
torch module path.

On the torch backend `keras.optimizers.Nadam(...)` creates this subclass
(see `Optimizer.__new__`), so saved configs name this module as Keras's
torch backend saves them. The arithmetic is the shared class's.
"""

from keras.src.optimizers import nadam


class Nadam(nadam.Nadam):
    """`keras.optimizers.Nadam` as created on the torch backend."""
