"""`Nadam` at Keras's torch path: the shared optimizer (one implementation
for every backend)."""

from keras.src.optimizers.nadam import Nadam  # noqa: F401
