"""math functions on the tensorflow backend."""
