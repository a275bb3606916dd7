"""`Lion` at Keras's torch path: the shared optimizer (one implementation
for every backend)."""

from keras.src.optimizers.lion import Lion  # noqa: F401
