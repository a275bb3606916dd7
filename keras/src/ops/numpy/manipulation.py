"""Manipulation NumPy-style ops."""
