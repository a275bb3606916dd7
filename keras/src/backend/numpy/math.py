"""math functions on the numpy backend."""
