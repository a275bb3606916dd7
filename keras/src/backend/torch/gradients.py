"""Gradient control on PyTorch: `stop_gradient`, `custom_gradient` (a
`torch.autograd.Function`) and `remat` (activation checkpointing)."""

import functools
import inspect

import torch

from keras.src.backend.torch.conversion import convert_to_tensor


def stop_gradient(variable):
    """Returns `variable` with gradients blocked."""
    return convert_to_tensor(variable).detach()


class _CustomGradient(torch.autograd.Function):
    """Runs `f`'s forward part, keeping its `grad_fn` for the backward."""

    @staticmethod
    def forward(ctx, f, *args):
        output, grad_fn = f(*args)
        ctx.grad_fn = grad_fn
        return output

    @staticmethod
    def backward(ctx, *upstream):
        grads = _call_grad_fn(ctx.grad_fn, upstream)
        if not isinstance(grads, (list, tuple)):
            grads = (grads,)
        return (None, *grads)


def _call_grad_fn(grad_fn, upstream):
    # Keras documents `grad_fn(*args, upstream)` for torch and
    # `grad_fn(upstream)` elsewhere: pass `upstream` by name when it has
    # such a parameter, positionally otherwise.
    upstream = upstream[0] if len(upstream) == 1 else upstream
    try:
        named = "upstream" in inspect.signature(grad_fn).parameters
    except (TypeError, ValueError):
        named = False
    if named:
        return grad_fn(upstream=upstream)
    if isinstance(upstream, tuple):
        return grad_fn(*upstream)
    return grad_fn(upstream)


def custom_gradient(f):
    """Wraps `f`, which returns `(output, grad_fn)`, so that gradients of
    the output are `grad_fn(upstream)`."""

    @functools.wraps(f)
    def wrapper(*args, **kwargs):
        call = functools.partial(f, **kwargs) if kwargs else f
        return _CustomGradient.apply(call, *args)

    return wrapper


def remat(f):
    """Returns `f` with its activations recomputed in the backward pass
    (`torch.utils.checkpoint`, non-reentrant).

    Inside a `torch.func` transform (the captured `jit_compile` step)
    `f` runs as is: checkpointing's saved-tensor hooks are not supported
    there, and the compiler chooses what to recompute itself."""
    import torch.utils.checkpoint
    from torch._C._functorch import peek_interpreter_stack

    @functools.wraps(f)
    def wrapped(*args, **kwargs):
        if peek_interpreter_stack() is not None:
            return f(*args, **kwargs)
        return torch.utils.checkpoint.checkpoint(
            f, *args, use_reentrant=False, **kwargs
        )

    return wrapped
