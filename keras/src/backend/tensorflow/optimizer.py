"""`TFOptimizer`, Keras's name for the optimizer base class on
TensorFlow. The update logic is backend-neutral (`keras/src/optimizers/
base_optimizer.py`), so it is that class itself.

It has no fused kernels: `tf.function` (and XLA) compile the
per-variable updates of a step already.
"""

import tensorflow as tf

# Read once by `keras.src.optimizers.base_optimizer` (see
# `backend/torch/optimizer.py`).
SUPPORTS_FUSED_UPDATES = False
# `keras.optimizers.<Name>(...)` creates the shared class itself (on torch,
# `backend_subclass` picks Keras's torch subclass).
backend_subclass = None


def __getattr__(name):
    # Imported on first use: the optimizers package imports the backend,
    # which imports this module.
    if name == "TFOptimizer":
        from keras.src.optimizers.base_optimizer import Optimizer

        return Optimizer
    if name == "filter_empty_gradients":
        from keras.src.optimizers import optimizer_utils

        return optimizer_utils.filter_empty_gradients
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def cross_replica_apply(apply, grads, variables):
    """Inside `strategy.run` (a `tf.distribute` replica context), sums
    the replicas' `grads` and calls `apply(grads, variables)` once, in
    cross-replica context, where assigning a mirrored variable updates
    every replica's copy; returns whether it did. Elsewhere returns
    `False` and does nothing.

    Example:

    >>> cross_replica_apply(print, [], [])
    False
    """
    if not tf.distribute.has_strategy():
        return False
    if tf.distribute.in_cross_replica_context():
        return False
    context = tf.distribute.get_replica_context()
    grads = list(grads)
    present = [i for i, g in enumerate(grads) if g is not None]
    summed = context.all_reduce(
        tf.distribute.ReduceOp.SUM, [grads[i] for i in present]
    )
    for i, g in zip(present, summed):
        grads[i] = g

    def merged(strategy, *replica_grads):
        # The sums are identical on every replica: the first one's.
        local = [
            None if g is None else strategy.experimental_local_results(g)[0]
            for g in replica_grads
        ]
        apply(local, variables)

    context.merge_call(merged, args=tuple(grads))
    return True
