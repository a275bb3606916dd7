"""Training machinery shared by the backends: data adapters, epoch
iteration and compile-time containers."""
