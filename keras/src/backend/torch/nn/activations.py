"""Activation functions on PyTorch."""

import torch
import torch.nn.functional as F

from keras.src.backend.common.nn_utils import normalize_axes as _axes
from keras.src.backend.torch.core import convert_to_tensor, promote
from keras.src.backend.torch.nn._utils import _float
from keras.src.backend.torch.numpy.elementwise import _require_float


def relu(x):
    if not isinstance(x, torch.Tensor):  # (The hot call needs no convert.)
        x = convert_to_tensor(x)
    if x.dtype == torch.bool:
        x = x.int()
    return torch.relu(x)


def relu6(x):
    return torch.clamp(relu(x), max=6)


def sigmoid(x):
    return torch.sigmoid(_float(x))


def tanh(x):
    return torch.tanh(_float(x))


def sparse_sigmoid(x):
    return torch.clamp(0.5 * (_float(x) + 1), 0, 1)


def softplus(x):
    x = _float(_require_float(x, "softplus"))
    return torch.logaddexp(x, torch.zeros((), dtype=x.dtype, device=x.device))


def softsign(x):
    return F.softsign(_float(x))


def silu(x):
    return F.silu(_float(_require_float(x, "silu")))


def squareplus(x, b=4):
    x = _float(x)
    return (x + torch.sqrt(torch.square(x) + b)) / 2


def log_sigmoid(x):
    return F.logsigmoid(_float(_require_float(x, "log_sigmoid")))


def leaky_relu(x, negative_slope=0.2):
    x = _float(_require_float(x, "leaky_relu"))
    return F.leaky_relu(x, negative_slope=negative_slope)


def hard_sigmoid(x):
    return F.hardsigmoid(_float(_require_float(x, "hard_sigmoid")))


def hard_silu(x):
    return F.hardswish(_float(_require_float(x, "hard_silu")))


def elu(x, alpha=1.0):
    return F.elu(_float(_require_float(x, "elu")), alpha=alpha)


def selu(x):
    return F.selu(_float(_require_float(x, "selu")))


def gelu(x, approximate=True):
    x = _float(_require_float(x, "gelu"))
    return F.gelu(x, approximate="tanh" if approximate else "none")


def celu(x, alpha=1.0):
    return F.celu(_float(_require_float(x, "celu")), alpha=alpha)


def glu(x, axis=-1):
    return F.glu(_float(x), dim=axis)


def tanh_shrink(x):
    return F.tanhshrink(_float(x))


def hard_tanh(x):
    x = convert_to_tensor(x)
    if x.dtype == torch.bool:
        x = x.int()
    if x.dtype in (torch.uint8, torch.uint16, torch.uint32, torch.uint64):
        return torch.clamp(x, max=1)
    return torch.clamp(x, -1, 1)


def hard_shrink(x, threshold=0.5):
    x = _float(_require_float(x, "hard_shrink"))
    return torch.where(torch.abs(x) > threshold, x, torch.zeros_like(x))


def threshold(x, threshold, default_value):
    x, threshold, default_value = promote(x, threshold, default_value)
    return torch.where(x > threshold, x, default_value)


def soft_shrink(x, threshold=0.5):
    x = _float(_require_float(x, "soft_shrink"))
    zero = torch.zeros_like(x)
    y = torch.where(x > threshold, x - threshold, zero)
    return torch.where(x < -threshold, x + threshold, y)


def sparse_plus(x):
    x = _float(x)
    middle = torch.square(x + 1) / 4
    y = torch.where(x <= -1, torch.zeros_like(x), middle)
    return torch.where(x >= 1, x, y)


def softmax(x, axis=-1):
    x = _float(_require_float(x, "softmax"))
    axes = _axes(axis, x.ndim)
    if len(axes) == 1:
        return torch.softmax(x, dim=axes[0])
    if not axes:
        return torch.ones_like(x)
    e = torch.exp(x - torch.amax(x, dim=axes, keepdim=True))
    return e / torch.sum(e, dim=axes, keepdim=True)


def log_softmax(x, axis=-1):
    x = _float(_require_float(x, "log_softmax"))
    axes = _axes(axis, x.ndim)
    if len(axes) == 1:
        return torch.log_softmax(x, dim=axes[0])
    if not axes:
        return torch.zeros_like(x)
    return x - torch.logsumexp(x, dim=axes, keepdim=True)


def sparsemax(x, axis=-1):
    x = _float(x).movedim(axis, -1)
    z = torch.sort(x, dim=-1, descending=True).values
    k = torch.arange(1, x.shape[-1] + 1, dtype=x.dtype, device=x.device)
    cumulative = torch.cumsum(z, dim=-1)
    support = torch.sum(1 + k * z > cumulative, dim=-1, keepdim=True)
    tau = (torch.gather(cumulative, -1, support - 1) - 1) / support
    return torch.clamp(x - tau.to(x.dtype), min=0).movedim(-1, axis)
