"""`Adagrad` at Keras's torch path: the shared optimizer (one implementation
for every backend)."""

from keras.src.optimizers.adagrad import Adagrad  # noqa: F401
