"""Whether code runs while JAX traces it."""

import sys

from keras.src import backend


def is_in_jax_tracing_scope(x=None):
    """Whether JAX is tracing: inside `jax.jit`, `jax.grad` and the like.

    Args:
        x: optional tensor. When given, the answer is whether `x` is a JAX
            tracer; else whether a fresh array would be one (that is,
            whether a JAX transformation is running now).

    Returns:
        A bool; always `False` on other backends.

    Example:

    >>> from keras.src.utils.jax_utils import is_in_jax_tracing_scope
    >>> is_in_jax_tracing_scope()
    False
    """
    if backend.backend() != "jax":
        return False
    # The jax backend is active, so JAX is loaded: no import here.
    jax = sys.modules["jax"]
    if x is None:
        x = jax.numpy.ones(())
    return isinstance(x, jax.core.Tracer)
