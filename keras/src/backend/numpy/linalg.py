"""Linear algebra functions on the numpy backend."""
