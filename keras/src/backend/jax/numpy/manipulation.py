"""Manipulation functions on JAX."""
