"""`TorchParallelOptimizer`: Keras's name for the torch optimizer base
that updates all variables in one call. Here that is the shared base
class, which does so through fused kernels where an optimizer has them
(`Optimizer._fused_update`)."""

from keras.src.optimizers.base_optimizer import (  # noqa: F401
    Optimizer as TorchParallelOptimizer,
)
