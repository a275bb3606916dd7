"""Creation functions on TensorFlow."""
