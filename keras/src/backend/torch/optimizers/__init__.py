"""Keras's torch optimizer modules. The optimizers are backend-neutral
here (one implementation for every backend), so each `torch_<name>`
module names the shared class."""

from keras.src.backend.torch.optimizers.torch_optimizer import (  # noqa: F401
    TorchOptimizer,
)
