"""Creation NumPy-style ops."""
