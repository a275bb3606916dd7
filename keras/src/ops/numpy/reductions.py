"""Reductions NumPy-style ops."""
