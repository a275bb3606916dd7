"""Manipulation functions on TensorFlow."""
