"""nn functions on the numpy backend."""
