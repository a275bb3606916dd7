"""Statistics functions on NumPy."""
