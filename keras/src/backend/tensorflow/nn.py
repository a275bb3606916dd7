"""nn functions on the tensorflow backend."""
