"""Tracing state on PyTorch: whether Dynamo or `make_fx` is capturing, and
the `clear_session()` hook that resets Dynamo's caches."""

import sys

import torch
from torch.fx.experimental.proxy_tensor import get_proxy_mode

from keras.src.backend.common import global_state


@global_state.register_clear_session_hook
def _reset_dynamo():
    """`clear_session()` also drops what `torch.compile` cached (compiled
    graphs, guards, shapes seen), so later compiles start afresh."""
    dynamo = sys.modules.get("torch._dynamo")
    if dynamo is not None:
        dynamo.reset()


def is_capturing():
    """Whether Dynamo is tracing or `make_fx` is capturing a whole step
    (`step_capture.py`): code that needs Python values of tensors must
    then take a traceable path."""
    return torch.compiler.is_compiling() or get_proxy_mode() is not None
