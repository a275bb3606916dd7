"""`keras.ops`: backend-neutral ops on tensors and symbolic tensors."""

from keras.src.ops.core import *  # noqa: F403
from keras.src.ops.linalg import *  # noqa: F403
from keras.src.ops.math import *  # noqa: F403
from keras.src.ops.nn import *  # noqa: F403
from keras.src.ops.numpy import *  # noqa: F403
from keras.src.ops.einops import *  # noqa: F403

# Bound last: the star imports above may carry same-named globals (a module
# importing Python's `math`, say).
from keras.src.ops import core  # noqa: E402
from keras.src.ops import image  # noqa: E402
from keras.src.ops import linalg  # noqa: E402
from keras.src.ops import math  # noqa: E402
from keras.src.ops import nn  # noqa: E402
from keras.src.ops import numpy  # noqa: E402

# Also under these names in Keras's package: the active backend's name
# scope class and random module.
from keras.src.backend import name_scope  # noqa: E402,F401
from keras.src.backend import random  # noqa: E402,F401


def __getattr__(name):
    # The op classes (`Sum`, `Conv`, ...) of the modules star-imported
    # above, which make them on first use.
    for module in (core, linalg, math, nn, numpy):
        try:
            return getattr(module, name)
        except AttributeError:
            pass
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
