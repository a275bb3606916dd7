"""`TorchOptimizer`: Keras's name for the optimizer base class on torch,
the shared `keras.src.optimizers.base_optimizer.Optimizer`."""

from keras.src.optimizers.base_optimizer import (  # noqa: F401
    Optimizer as TorchOptimizer,
)
