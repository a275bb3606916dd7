"""Creation functions on JAX."""
