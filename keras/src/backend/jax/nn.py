"""nn functions on the jax backend."""
