"""Optimizer capabilities of the NumPy backend, which only runs inference:
optimizers update variables through the shared per-variable
`update_step` (`keras/src/optimizers/base_optimizer.py`), without fused
kernels."""

# Read once by `keras.src.optimizers.base_optimizer` (see
# `backend/torch/optimizer.py`).
SUPPORTS_FUSED_UPDATES = False
# `keras.optimizers.<Name>(...)` creates the shared class itself (on torch,
# `backend_subclass` picks Keras's torch subclass).
backend_subclass = None
# No replica contexts: `Optimizer.apply` runs as is.
cross_replica_apply = None
