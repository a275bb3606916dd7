"""Fused optimizer kernels on PyTorch.

Every backend's `optimizer.py` declares `SUPPORTS_FUSED_UPDATES`; the
shared `Optimizer` (`keras/src/optimizers/base_optimizer.py`) reads it once
and, where it is true, hands a whole step to the kernels below instead of
running its per-variable `update_step`.

Why: eager training spends most of an optimizer step in Python, a dozen
ops per variable. These kernels apply the same arithmetic, in the same
order and dtype, to all variables at once with `torch._foreach_*` calls
(Adam's is rearranged and rounds differently in the last bit).
`fused_update_tensors` says when they may run: eagerly, outside any
stateless or autocast scope, on gradients that match their variables.
"""

import builtins

import torch

from keras.src.backend.torch.conversion import _scope_open
from keras.src.backend.torch.conversion import cast
from keras.src.backend.torch.conversion import convert_to_tensor

SUPPORTS_FUSED_UPDATES = True


def backend_subclass(cls):
    """The class `cls(...)` creates on torch: Keras's torch subclass of a
    shared optimizer where it has one (`keras.optimizers.SGD` gives
    `keras.src.backend.torch.optimizers.torch_sgd.SGD`), else `cls`."""
    from keras.src.backend.torch.optimizers import torch_subclass

    return torch_subclass(cls)


# No replica contexts: `Optimizer.apply` runs as is.
cross_replica_apply = None


def fused_update_tensors(variables, grads):
    """The tensors of `variables` to update in place, or `None` when the
    update must go through `assign` (inside a stateless scope, an autocast
    scope or a `torch.compile` trace, or with gradients that are not
    tensors of the variables' dtype and device)."""
    if _scope_open() or torch.compiler.is_compiling():
        return None
    tensors = []
    for variable, grad in zip(variables, grads):
        value = getattr(variable, "_value", None)
        if (value is None or not isinstance(grad, torch.Tensor)
                or grad.dtype != value.dtype or grad.device != value.device
                or grad.layout != torch.strided):
            return None
        tensors.append(value)
    return tensors


_CONSTANTS = {}


def _scalar(value, like):
    """`value` as a 0-d tensor of `like`'s dtype, as `ops.cast` makes it
    (Python numbers, such as betas, are made once and kept)."""
    if type(value) not in (int, float):
        return cast(value, like.dtype).to(like.device)
    key = (value, like.dtype, like.device)
    tensor = _CONSTANTS.get(key)
    if tensor is None:
        if len(_CONSTANTS) > 256:
            _CONSTANTS.clear()
        tensor = _CONSTANTS[key] = torch.tensor(
            value, dtype=like.dtype, device=like.device
        )
    return tensor


@torch.no_grad()
def fused_sgd_update(params, grads, velocities, learning_rate, momentum,
                     nesterov):
    """`SGD.update_step` on all `params` (`velocities`: `None` without
    momentum)."""
    lr = _scalar(learning_rate, params[0])
    if velocities is None:
        torch._foreach_sub_(params, torch._foreach_mul(grads, lr))
        return
    momentum = _scalar(momentum, params[0])
    lr_grads = torch._foreach_mul(grads, lr)
    torch._foreach_mul_(velocities, momentum)
    torch._foreach_sub_(velocities, lr_grads)
    if nesterov:
        step = torch._foreach_mul(velocities, momentum)
        torch._foreach_sub_(step, lr_grads)
        torch._foreach_add_(params, step)
    else:
        torch._foreach_add_(params, velocities)


@torch.no_grad()
def fused_adam_update(params, grads, momentums, velocities, velocity_hats,
                      learning_rate, iterations, beta_1, beta_2, epsilon):
    """`Adam.update_step` on all `params` (`velocity_hats`: the AMSGrad
    maxima, or `None`), in six passes over the state instead of twelve:
    the same formulas, rounded differently in the last bit."""
    step = convert_to_tensor(iterations).item() + 1
    beta_1, beta_2 = float(beta_1), float(beta_2)
    alpha = convert_to_tensor(learning_rate).item() * builtins.pow(
        1 - beta_2**step, 0.5
    ) / (1 - beta_1**step)
    torch._foreach_lerp_(momentums, grads, 1 - beta_1)
    torch._foreach_mul_(velocities, beta_2)
    torch._foreach_addcmul_(velocities, grads, grads, value=1 - beta_2)
    if velocity_hats is not None:
        torch._foreach_maximum_(velocity_hats, velocities)
        velocities = velocity_hats
    denominator = torch._foreach_sqrt(velocities)
    torch._foreach_add_(denominator, epsilon)
    torch._foreach_addcdiv_(params, momentums, denominator, value=-alpha)


@torch.no_grad()
def fused_rmsprop_update(params, grads, velocities, averages, momentums,
                         learning_rate, rho, momentum, epsilon):
    """`RMSprop.update_step` on all `params` (`averages`: the centered
    variant's mean gradients, `momentums`: the momentum slots; either may
    be `None`)."""
    like = params[0]
    lr, rho = _scalar(learning_rate, like), _scalar(rho, like)
    torch._foreach_mul_(velocities, rho)
    torch._foreach_add_(
        velocities, torch._foreach_mul(torch._foreach_mul(grads, grads),
                                       1 - rho)
    )
    denominator = torch._foreach_add(velocities, epsilon)
    if averages is not None:
        torch._foreach_mul_(averages, rho)
        torch._foreach_add_(averages, torch._foreach_mul(grads, 1 - rho))
        torch._foreach_sub_(denominator,
                            torch._foreach_mul(averages, averages))
    increment = torch._foreach_mul(grads, lr)
    torch._foreach_div_(increment, torch._foreach_sqrt(denominator))
    if momentums is not None:
        torch._foreach_mul_(momentums, _scalar(momentum, like))
        torch._foreach_add_(momentums, increment)
        increment = momentums
    torch._foreach_sub_(params, increment)
