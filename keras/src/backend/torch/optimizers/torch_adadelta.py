"""`Adadelta` at Keras's torch path: the shared optimizer (one implementation
for every backend)."""

from keras.src.optimizers.adadelta import Adadelta  # noqa: F401
