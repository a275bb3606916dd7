"""`Adagrad` on torch: the shared `keras.optimizers.Adagrad` under Keras's
torch module path.

On the torch backend `keras.optimizers.Adagrad(...)` creates this subclass
(see `Optimizer.__new__`), so saved configs name this module as Keras's
torch backend saves them. The arithmetic is the shared class's.
"""

from keras.src.optimizers import adagrad


class Adagrad(adagrad.Adagrad):
    """`keras.optimizers.Adagrad` as created on the torch backend."""
