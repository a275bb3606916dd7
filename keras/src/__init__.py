"""The implementation behind the public `keras` namespaces.

Code built on Keras imports these paths too (`keras.src.models`,
`keras.src.backend.common`, ...), so each package's `__init__` exports
what Keras's does, and a concept lives at Keras's module path (a thin
re-export module where this package's files are laid out differently).
"""

# The applications package alone: its model families load on first use.
from keras.src import applications  # noqa: F401
from keras.src import backend  # noqa: F401
from keras.src.backend.common.keras_tensor import KerasTensor  # noqa: F401
from keras.src.layers.core.input_layer import Input  # noqa: F401
from keras.src.layers.layer import Layer  # noqa: F401
from keras.src.models.functional import Functional  # noqa: F401
from keras.src.models.model import Model  # noqa: F401
from keras.src.models.sequential import Sequential  # noqa: F401

# Packages `import keras` leaves for first use (see `api_gen.LAZY_CHILDREN`)
# are still attributes here, as in Keras, imported when first read.
_LAZY_PACKAGES = ("datasets", "visualization")


def __getattr__(name):
    if name in _LAZY_PACKAGES:
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
