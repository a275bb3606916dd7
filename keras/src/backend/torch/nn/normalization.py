"""Moments, normalization layers' ops, PSNR and polar on PyTorch."""

import math

import torch
import torch.nn.functional as F

from keras.src.backend import config
from keras.src.backend.common.nn_utils import normalize_axes as _axes
from keras.src.backend.torch.core import cast, convert_to_tensor, promote
from keras.src.backend.torch.nn._utils import _float
from keras.src.backend.torch.nn._utils import _loss_inputs
from keras.src.backend.torch.nn._utils import _wide


def moments(x, axes, keepdims=False, synchronized=False):
    x, dtype = _wide(x)
    axes = _axes(axes, x.ndim)
    if synchronized and _distributed():
        mean, variance = _synchronized_moments(x, axes, keepdims)
    elif axes:
        variance, mean = torch.var_mean(x, dim=axes, correction=0,
                                        keepdim=keepdims)
    else:
        mean, variance = x, torch.zeros_like(x)
    return mean.to(dtype), variance.to(dtype)


def _distributed():
    distributed = torch.distributed
    return (
        distributed.is_available()
        and distributed.is_initialized()
        and distributed.get_world_size() > 1
    )


def _synchronized_moments(x, axes, keepdims):
    import warnings

    from torch.distributed.nn.functional import all_reduce

    count = torch.tensor(
        float(math.prod(x.shape[a] for a in axes)), device=x.device
    )
    # The sums go through autograd-aware reductions; the count needs none.
    torch.distributed.all_reduce(count)
    with warnings.catch_warnings():
        # torch 2.13 deprecates this public autograd-aware reduction in
        # favor of a private module.
        warnings.simplefilter("ignore", FutureWarning)
        total = all_reduce(torch.sum(x, dim=axes, keepdim=True))
        squares = all_reduce(
            torch.sum(torch.square(x), dim=axes, keepdim=True)
        )
    mean = total / count
    variance = torch.clamp(squares / count - torch.square(mean), min=0)
    if not keepdims:
        mean, variance = mean.squeeze(axes), variance.squeeze(axes)
    return mean, variance


def _broadcast_to_axis(v, ndim, axis):
    shape = [1] * ndim
    shape[axis] = -1
    return v.reshape(shape)


def batch_normalization(x, mean, variance, axis, offset=None, scale=None,
                        epsilon=1e-3):
    values = [v for v in (x, mean, variance, offset, scale) if v is not None]
    tensors = promote(*values)
    if not tensors[0].is_floating_point():
        tensors = [_float(t) for t in tensors]
    x, mean, variance, *rest = tensors
    axis = axis % x.ndim
    # Scale and shift are folded on the vectors: two full-size operations.
    inv = torch.rsqrt(variance + epsilon)
    if scale is not None:
        inv = inv * rest.pop(-1)
    shift = -mean * inv
    if offset is not None:
        shift = shift + rest[0]
    return torch.addcmul(_broadcast_to_axis(shift, x.ndim, axis), x,
                         _broadcast_to_axis(inv, x.ndim, axis))


def _param(v, x, axes):
    """Reshapes a per-feature parameter so it broadcasts along `axes`."""
    v = convert_to_tensor(v)
    if v.ndim == x.ndim:
        return v
    return v.reshape([x.shape[a] if a in axes else 1 for a in range(x.ndim)])


def _trailing(axes, ndim):
    return axes == tuple(range(ndim - len(axes), ndim))


def layer_normalization(x, gamma=None, beta=None, axis=-1, epsilon=None,
                        **kwargs):
    rms_scaling = kwargs.pop("rms_scaling", False)
    x = _float(x)
    axes = _axes(axis, x.ndim)
    epsilon = config.epsilon() if epsilon is None else epsilon
    if rms_scaling:
        # The legacy `rms_scaling=True` scales by the variance, uncentered,
        # and ignores `beta`.
        wide, dtype = _wide(x)
        variance = torch.var(wide, dim=axes, correction=0, keepdim=True)
        y = wide * torch.rsqrt(variance + epsilon)
        if gamma is not None:
            y = y * _param(gamma, wide, axes)
        return y.to(dtype)
    if _trailing(axes, x.ndim):
        shape = x.shape[axes[0]:]
        weight = None if gamma is None else cast(gamma, x.dtype).reshape(
            shape)
        bias = None if beta is None else cast(beta, x.dtype).reshape(shape)
        return F.layer_norm(x, shape, weight, bias, epsilon)
    wide, dtype = _wide(x)
    variance, mean = torch.var_mean(wide, dim=axes, correction=0,
                                    keepdim=True)
    y = (wide - mean) * torch.rsqrt(variance + epsilon)
    if gamma is not None:
        y = y * _param(gamma, wide, axes)
    if beta is not None:
        y = y + _param(beta, wide, axes)
    return y.to(dtype)


def rms_normalization(x, scale=None, axis=-1, epsilon=None):
    x = _float(x)
    axes = _axes(axis, x.ndim)
    epsilon = config.epsilon() if epsilon is None else epsilon
    if _trailing(axes, x.ndim):
        shape = x.shape[axes[0]:]
        weight = None if scale is None else cast(scale, x.dtype).reshape(
            shape)
        return F.rms_norm(x, shape, weight, epsilon)
    wide, dtype = _wide(x)
    mean_square = torch.mean(torch.square(wide), dim=axes, keepdim=True)
    y = wide * torch.rsqrt(mean_square + epsilon)
    if scale is not None:
        y = y * _param(scale, wide, axes)
    return y.to(dtype)


def normalize(x, axis=-1, order=2, epsilon=None):
    x, dtype = _wide(x)
    axes = _axes(axis, x.ndim)
    epsilon = config.epsilon() if epsilon is None else epsilon
    total = torch.sum(torch.abs(x) ** order, dim=axes, keepdim=True)
    # Flooring `total` keeps the gradient finite where the norm is 0.
    tiny = torch.finfo(x.dtype).tiny
    norm = torch.clamp(torch.clamp(total, min=tiny) ** (1 / order),
                       min=epsilon)
    return (x / norm).to(dtype)


def psnr(x1, x2, max_val):
    x1, x2, dtype = _loss_inputs(x1, x2)
    mse = torch.mean(torch.square(x1 - x2))
    max_val = torch.as_tensor(max_val, dtype=x1.dtype, device=x1.device)
    return (20 * torch.log10(max_val) - 10 * torch.log10(mse)).to(dtype)


def polar(abs_, angle):
    abs_, angle, _ = _loss_inputs(abs_, angle)
    return torch.polar(abs_, angle)
