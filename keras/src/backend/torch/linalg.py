"""Linear algebra functions on the torch backend."""
