"""`jit` for the torch backend: `torch.compile`."""

import functools
import os

import torch

from keras.src.backend import config
from keras.src.backend.torch.core import is_capturing

_CACHE_VARIABLE = "TORCHINDUCTOR_CACHE_DIR"


def use_compilation_cache():
    """Keeps Inductor's on-disk caches (compiled FX graphs, AOTAutograd
    graphs) under `KERAS_HOME`, so a second run reuses them (see
    `keras.src.backend.config.compilation_cache_dir`). Inductor reads the
    variable each time it looks a graph up; one the user set is kept."""
    folder = config.compilation_cache_dir()
    if folder is not None and _CACHE_VARIABLE not in os.environ:
        os.environ[_CACHE_VARIABLE] = folder


def jit(fn, **options):
    """Compiles `fn` with `torch.compile(fn, **options)`.

    `fn` should be a pure function of its tensor arguments: Dynamo guards
    on the Python state it reads and recompiles when that state changes,
    so functions that mutate Keras variables or Python objects recompile
    or break the graph.

    Called while Dynamo traces an enclosing compiled function, or while a
    whole train step is captured (`jit_compile=True`, see
    `step_capture.py`), the wrapper calls `fn` directly, so `fn` is
    inlined into the enclosing graph instead of starting a nested
    compilation.

    Args:
        fn: The function to compile.
        **options: Keyword arguments of `torch.compile` (`mode`,
            `fullgraph`, `dynamic`, `backend`, `options`).

    Returns:
        A function with `fn`'s signature.
    """
    use_compilation_cache()
    compiled = torch.compile(fn, **options)

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        if is_capturing():
            return fn(*args, **kwargs)
        return compiled(*args, **kwargs)

    wrapper.compiled = compiled
    return wrapper
