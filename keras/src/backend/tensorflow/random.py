"""random functions on the tensorflow backend."""
