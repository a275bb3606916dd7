"""Backend-neutral pieces: dtypes and promotion, `KerasTensor`,
`KerasVariable`, name scopes, stateless scopes and global state."""

from keras.src.backend.common.dtypes import is_float_dtype  # noqa: F401
from keras.src.backend.common.dtypes import is_int_dtype  # noqa: F401
from keras.src.backend.common.dtypes import result_type  # noqa: F401
from keras.src.backend.common.dtypes import standardize_dtype  # noqa: F401
from keras.src.backend.common.keras_tensor import (  # noqa: F401
    standardize_shape,
)
from keras.src.backend.common.variables import AutocastScope  # noqa: F401
from keras.src.backend.common.variables import KerasVariable  # noqa: F401
from keras.src.backend.common.variables import (  # noqa: F401
    get_autocast_scope,
)


def __getattr__(name):
    # Keras also exposes the random ops module here; importing it eagerly
    # would import `keras.src.random` (which imports the backend) while
    # the backend itself is still being imported.
    if name == "random":
        from keras.src.random import random

        return random
    if name == "backend_utils":
        import importlib

        return importlib.import_module(f"{__name__}.backend_utils")
    raise AttributeError(
        f"module 'keras.src.backend.common' has no attribute '{name}'"
    )
