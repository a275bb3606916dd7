"""random functions on the torch backend."""
