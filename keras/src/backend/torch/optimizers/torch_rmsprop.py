"""`RMSprop` at Keras's torch path: the shared optimizer (one implementation
for every backend)."""

from keras.src.optimizers.rmsprop import RMSprop  # noqa: F401
