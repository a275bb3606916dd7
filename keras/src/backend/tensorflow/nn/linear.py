"""The dense layer's fused product on TensorFlow: `inputs @ kernel + bias`.

The backend's own `matmul` and `add`, with their dtype rules: the
compiler fuses the two under jit. (Torch's version makes one call of the
two, which is what saves time in eager calls.)
"""

from keras.src.backend.tensorflow.numpy import add as _add
from keras.src.backend.tensorflow.numpy import matmul as _matmul

__all__ = ["linear"]


def linear(inputs, kernel, bias=None):
    """`inputs @ kernel + bias` (`inputs @ kernel` when `bias` is
    `None`), as `Dense` computes it.

    Args:
        inputs: a tensor of shape `(..., input_dim)`.
        kernel: a matrix of shape `(input_dim, units)`.
        bias: `None` or a tensor of shape `(units,)`.

    Returns:
        A tensor of shape `(..., units)`.
    """
    outputs = _matmul(inputs, kernel)
    if bias is not None:
        outputs = _add(outputs, bias)
    return outputs
