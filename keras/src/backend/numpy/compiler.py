"""`jit` for the numpy backend, which has no compiler."""


def jit(fn, **options):
    """Returns `fn` itself: the numpy backend runs everything eagerly.

    The signature matches the other backends' `jit` so that code calling
    `keras.src.backend.jit` runs unchanged on every backend. `jit` is
    meant for pure functions of tensors (see the TensorFlow, JAX and torch
    versions); here it changes nothing.

    Args:
        fn: The function to "compile".
        **options: Accepted for compatibility and ignored.

    Returns:
        `fn`.
    """
    del options
    return fn
