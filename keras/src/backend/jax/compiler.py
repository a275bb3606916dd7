"""`jit` for the JAX backend: `jax.jit`."""

import jax

from keras.src.backend import config


def use_compilation_cache():
    """Turns on JAX's persistent compilation cache under `KERAS_HOME`, so a
    second run reuses compiled steps (see
    `keras.src.backend.config.compilation_cache_dir`); a cache folder the
    user configured is kept."""
    folder = config.compilation_cache_dir()
    if folder is not None and jax.config.jax_compilation_cache_dir is None:
        jax.config.update("jax_compilation_cache_dir", folder)


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
    use_compilation_cache()
    return jax.jit(fn, **options)
