"""random functions on the numpy backend."""
