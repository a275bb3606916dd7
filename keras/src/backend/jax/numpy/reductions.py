"""Reductions functions on JAX."""
