"""`jit` for the TensorFlow backend: an XLA-compiled `tf.function`."""

import functools

import tensorflow as tf


def jit(fn, **options):
    """Compiles `fn` as `tf.function(fn, jit_compile=True, **options)`.

    `fn` should be a pure function of its tensor arguments: it is traced
    once per input signature, so Python side effects run only while
    tracing. `jit_compile=False` among `options` gives a plain graph
    function without XLA.

    Called inside a `tf.function` that is being traced (e.g. a compiled
    train step), the wrapper calls the Python `fn` directly, so `fn` joins
    the enclosing graph instead of nesting a second compiled function.

    Args:
        fn: The function to compile.
        **options: Keyword arguments of `tf.function` (`jit_compile`,
            `input_signature`, `reduce_retracing`, ...).

    Returns:
        A function with `fn`'s signature.
    """
    compiled = tf.function(fn, **{"jit_compile": True, **options})

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        if tf.inside_function():
            return fn(*args, **kwargs)
        return compiled(*args, **kwargs)

    wrapper.compiled = compiled
    return wrapper
