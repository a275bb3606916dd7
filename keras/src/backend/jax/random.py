"""random functions on the jax backend."""
