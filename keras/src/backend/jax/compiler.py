"""`jit` for the JAX backend: `jax.jit`."""

import jax


def jit(fn, **options):
    """Compiles `fn` with `jax.jit(fn, **options)`.

    `fn` must be a pure function of its tensor arguments: JAX traces it
    once per input signature, so Python side effects, and Keras variables
    assigned inside `fn`, are seen only while tracing. Pass state in and
    return it instead.

    Called inside another `jax.jit` (e.g. a compiled train step), the
    inner jit is traced into the outer computation.

    Args:
        fn: The function to compile.
        **options: Keyword arguments of `jax.jit` (`static_argnums`,
            `static_argnames`, `donate_argnums`, ...).

    Returns:
        The compiled function.
    """
    return jax.jit(fn, **options)
