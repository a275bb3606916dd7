"""Reductions functions on TensorFlow."""
