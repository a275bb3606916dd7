"""Indexing NumPy-style ops."""
