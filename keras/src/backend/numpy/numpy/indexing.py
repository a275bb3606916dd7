"""Indexing functions on NumPy."""
