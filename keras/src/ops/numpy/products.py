"""Products NumPy-style ops."""
