"""Creation functions on NumPy."""
