"""`AdamW` at Keras's torch path: the shared optimizer (one implementation
for every backend)."""

from keras.src.optimizers.adamw import AdamW  # noqa: F401
