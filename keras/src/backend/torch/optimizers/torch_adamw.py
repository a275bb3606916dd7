"""`AdamW` on torch: the shared `keras.optimizers.AdamW` under Keras's
torch module path.

On the torch backend `keras.optimizers.AdamW(...)` creates this subclass
(see `Optimizer.__new__`), so saved configs name this module as Keras's
torch backend saves them. The arithmetic is the shared class's.
"""

from keras.src.optimizers import adamw


class AdamW(adamw.AdamW):
    """`keras.optimizers.AdamW` as created on the torch backend."""
