"""Errors of Keras's own input checks that also carry the framework's class.

Keras checks many arguments itself and raises a `ValueError` or `TypeError`
naming them. Where upstream Keras leaves such a check to the framework, a
script written against it catches the framework's class instead (a
`RuntimeError` from a PyTorch kernel, an `InvalidArgumentError` from a
TensorFlow one). An error built here is an instance of both classes, so
either `except` clause catches it, and its message is still Keras's.
Each backend's `core.input_error` says which framework class applies.
"""

import functools


@functools.cache
def mixed_error_class(keras_class, framework_class):
    """A subclass of both `framework_class` and `keras_class`, named like
    `keras_class` (or `keras_class` itself when it already is one).

    The framework class comes first so that its constructor applies
    (TensorFlow's errors take `(node_def, op, message)`).

    Example:

    >>> error = mixed_error_class(ValueError, RuntimeError)("bad shape")
    >>> isinstance(error, ValueError), isinstance(error, RuntimeError)
    (True, True)
    """
    if issubclass(keras_class, framework_class):
        return keras_class
    return type(
        keras_class.__name__,
        (framework_class, keras_class),
        {"__module__": __name__, "__doc__": keras_class.__doc__},
    )
