"""math functions on the jax backend."""
