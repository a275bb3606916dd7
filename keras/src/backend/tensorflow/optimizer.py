"""`TFOptimizer`, Keras's name for the optimizer base class on
TensorFlow. The update logic is backend-neutral (`keras/src/optimizers/
base_optimizer.py`), so it is that class itself."""

from keras.src.optimizers.optimizer_utils import (  # noqa: F401
    filter_empty_gradients,
)


def __getattr__(name):
    # Imported on first use: the optimizers package imports the backend.
    if name == "TFOptimizer":
        from keras.src.optimizers.base_optimizer import Optimizer

        return Optimizer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
