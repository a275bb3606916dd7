"""The dense layer's fused product on PyTorch: `inputs @ kernel + bias`.

One `torch.addmm` instead of `torch.matmul` and `torch.add`: the same
kernel with the bias as its accumulator, one dispatch and one output
allocation less on every `Dense` call.
"""

import torch

from keras.src.backend.torch.numpy import add as _add
from keras.src.backend.torch.numpy import matmul as _matmul

__all__ = ["linear"]

_FLOATS = frozenset(
    [torch.float16, torch.bfloat16, torch.float32, torch.float64]
)


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
    if (
        bias is not None
        and isinstance(inputs, torch.Tensor)
        and (dtype := inputs.dtype) in _FLOATS
        and getattr(kernel, "dtype", None) is dtype
        and getattr(bias, "dtype", None) is dtype
        and inputs.dim() == 2
    ):
        # The hot case: a batch of vectors, all of one float dtype. (Torch
        # dtypes are singletons; a NumPy dtype is never one of them.)
        return torch.addmm(bias, inputs, kernel)
    outputs = _matmul(inputs, kernel)
    if bias is not None:
        outputs = _add(outputs, bias)
    return outputs
