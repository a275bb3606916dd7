"""Products functions on JAX."""
