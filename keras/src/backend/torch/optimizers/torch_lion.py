"""`Lion` on torch: the shared `keras.optimizers.Lion` under Keras's
torch module path.

On the torch backend `keras.optimizers.Lion(...)` creates this subclass
(see `Optimizer.__new__`), so saved configs name this module as Keras's
torch backend saves them. The arithmetic is the shared class's.
"""

from keras.src.optimizers import lion


class Lion(lion.Lion):
    """`keras.optimizers.Lion` as created on the torch backend."""
