"""Linear algebra functions on the tensorflow backend."""
