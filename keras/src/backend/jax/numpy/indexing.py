"""Indexing functions on JAX."""
