"""`TFOptimizer`, Keras's name for the optimizer base class on
TensorFlow. The update logic is backend-neutral (`keras/src/optimizers/
base_optimizer.py`), so it is that class itself.

It has no fused kernels: `tf.function` (and XLA) compile the
per-variable updates of a step already.
"""

# Read once by `keras.src.optimizers.base_optimizer` (see
# `backend/torch/optimizer.py`).
SUPPORTS_FUSED_UPDATES = False


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
