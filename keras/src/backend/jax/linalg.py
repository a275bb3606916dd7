"""Linear algebra functions on the jax backend."""
