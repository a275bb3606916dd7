"""`JaxOptimizer`, Keras's name for the optimizer base class on JAX.

The update logic is backend-neutral (`keras/src/optimizers/
base_optimizer.py`), so the JAX base class is that class itself:
`isinstance(optimizer, JaxOptimizer)` holds for every Keras optimizer.

It has no fused kernels: `jax.jit` fuses the per-variable updates of a
compiled step already.
"""

# Read once by `keras.src.optimizers.base_optimizer` (see
# `backend/torch/optimizer.py`).
SUPPORTS_FUSED_UPDATES = False
# `keras.optimizers.<Name>(...)` creates the shared class itself (on torch,
# `backend_subclass` picks Keras's torch subclass).
backend_subclass = None
# No replica contexts: `Optimizer.apply` runs as is.
cross_replica_apply = None


def __getattr__(name):
    # Imported on first use: the optimizers package imports the backend.
    if name == "JaxOptimizer":
        from keras.src.optimizers.base_optimizer import Optimizer

        return Optimizer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
