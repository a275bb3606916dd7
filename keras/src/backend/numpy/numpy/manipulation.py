"""Manipulation functions on NumPy."""
