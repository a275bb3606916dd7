"""Products functions on NumPy."""
