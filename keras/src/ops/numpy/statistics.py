"""Statistics NumPy-style ops."""
