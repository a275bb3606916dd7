"""Products functions on TensorFlow."""
