"""`SGD` at Keras's torch path: the shared optimizer (one implementation
for every backend)."""

from keras.src.optimizers.sgd import SGD  # noqa: F401
