"""`Adamax` at Keras's torch path: the shared optimizer (one implementation
for every backend)."""

from keras.src.optimizers.adamax import Adamax  # noqa: F401
