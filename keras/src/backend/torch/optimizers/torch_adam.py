"""`Adam` at Keras's torch path: the shared optimizer (one implementation
for every backend)."""

from keras.src.optimizers.adam import Adam  # noqa: F401
