"""Switching the backend at run time."""

import importlib
import os
import sys

from keras.src.api_export import keras_export
from keras.src.backend.config import BACKENDS


@keras_export("keras.config.set_backend")
def set_backend(backend):
    """Switches the backend, reloading Keras.

    Objects created before the switch (models, tensors, layers) belong to
    the old backend and cannot be used afterwards: recreate them. Modules
    that imported `keras` keep their old reference; use `keras` through
    `import keras` again (or `importlib.reload`) after switching.

    Args:
        backend: `"tensorflow"`, `"jax"`, `"torch"` or `"numpy"`.

    Example:

    >>> keras.config.set_backend("numpy")  # doctest: +SKIP
    """
    if backend not in BACKENDS:
        raise ValueError(
            f"Unknown backend {backend!r}. Expected one of {BACKENDS}."
        )
    os.environ["KERAS_BACKEND"] = backend
    for name in [n for n in sys.modules if n == "keras" or
                 n.startswith("keras.")]:
        del sys.modules[name]
    return importlib.import_module("keras")
