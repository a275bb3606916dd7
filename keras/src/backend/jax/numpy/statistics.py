"""Statistics functions on JAX."""
