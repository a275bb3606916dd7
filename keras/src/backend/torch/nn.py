"""nn functions on the torch backend."""
