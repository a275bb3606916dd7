"""Reductions functions on NumPy."""
