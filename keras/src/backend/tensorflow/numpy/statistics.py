"""Statistics functions on TensorFlow."""
