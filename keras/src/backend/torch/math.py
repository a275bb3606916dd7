"""math functions on the torch backend."""
