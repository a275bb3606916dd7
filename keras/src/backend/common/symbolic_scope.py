"""`SymbolicScope`: marks code that runs only to infer shapes and dtypes.

Every backend's `compute_output_spec` runs its function inside one, so a
layer's `call` can tell a symbolic run (building a functional model,
`compute_output_spec`) from a real one and skip work that only matters
for values (logging, Python-side counters).
"""

import functools

from keras.src.api_export import keras_export
from keras.src.backend.common import global_state


@keras_export("keras.SymbolicScope")
class SymbolicScope:
    """Scope inside which Keras runs code only to infer output specs.

    Keras enters it itself around symbolic runs; code inside `call` reads
    it with `keras.src.backend.in_symbolic_scope()`.

    Example:

    >>> from keras.src.backend import in_symbolic_scope
    >>> with keras.SymbolicScope():
    ...     inside = in_symbolic_scope()
    >>> inside, in_symbolic_scope()
    (True, False)
    """

    def __enter__(self):
        self._parent = global_state.get_global_attribute("symbolic_scope")
        global_state.set_global_attribute("symbolic_scope", self)
        return self

    def __exit__(self, *args, **kwargs):
        global_state.set_global_attribute("symbolic_scope", self._parent)


def in_symbolic_scope():
    """Returns whether a `SymbolicScope` is active.

    Example:

    >>> in_symbolic_scope()
    False
    """
    return global_state.get_global_attribute("symbolic_scope") is not None


def get_symbolic_scope():
    """Returns the innermost active `SymbolicScope`, or `None`.

    Example:

    >>> get_symbolic_scope() is None
    True
    """
    return global_state.get_global_attribute("symbolic_scope")


def symbolic(fn):
    """Decorates a backend's `compute_output_spec` so that the function it
    runs sees an active `SymbolicScope`."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        with SymbolicScope():
            return fn(*args, **kwargs)

    return wrapper
