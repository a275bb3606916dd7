"""`SGD` on torch: the shared `keras.optimizers.SGD` under Keras's
torch module path.

On the torch backend `keras.optimizers.SGD(...)` creates this subclass
(see `Optimizer.__new__`), so saved configs name this module as Keras's
torch backend saves them. The arithmetic is the shared class's.
"""

from keras.src.optimizers import sgd


class SGD(sgd.SGD):
    """`keras.optimizers.SGD` as created on the torch backend."""
