"""Indexing functions on TensorFlow."""
