"""`set_random_seed`: one call to make a program's random draws
reproducible."""

import random
import sys

import numpy as np

from keras.src.api_export import keras_export
from keras.src.backend.common import global_state
from keras.src.random import seed_generator

# The global attribute holding the seed last given to `set_random_seed`.
GLOBAL_RANDOM_SEED = "global_random_seed"


def get_random_seed():
    """Returns the seed last given to `keras.utils.set_random_seed`.

    Returns:
        An int, or `None` when no seed was set since the session started.

    Example:

    >>> from keras.src.utils import rng_utils
    >>> keras.utils.set_random_seed(7)
    >>> rng_utils.get_random_seed()
    7
    """
    return global_state.get_global_attribute(GLOBAL_RANDOM_SEED)


@keras_export("keras.utils.set_random_seed")
def set_random_seed(seed):
    """Seeds every random number generator a Keras program draws from.

    That is Python's `random` module, NumPy's global RNG, the global
    `SeedGenerator` behind random ops called with `seed=None`, and the
    global RNG of PyTorch and TensorFlow when they are imported (they are
    not imported by this call). Generators created afterwards without a
    seed take theirs from Python's `random`, so they are fixed too.

    Args:
        seed: an int in `[0, 2**32)`.

    Example:

    >>> keras.utils.set_random_seed(1337)
    >>> a = keras.random.uniform((2,))
    >>> keras.utils.set_random_seed(1337)
    >>> bool(keras.ops.all(a == keras.random.uniform((2,))))
    True
    """
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise ValueError(  # noqa: TRY004 (Keras raises ValueError here)
            "`set_random_seed`: `seed` must be an integer. Received: "
            f"seed={seed!r} (of type {type(seed)})"
        )
    seed = int(seed)
    if not 0 <= seed < 2**32:
        raise ValueError(
            "`set_random_seed`: `seed` must be in [0, 2**32). Received: "
            f"seed={seed}"
        )
    global_state.set_global_attribute(GLOBAL_RANDOM_SEED, seed)
    random.seed(seed)
    np.random.seed(seed)
    seed_generator.reset_global_seed_generator(seed)
    # Only frameworks already loaded: importing one is slow and may clash
    # with the others.
    torch = sys.modules.get("torch")
    if torch is not None and hasattr(torch, "manual_seed"):
        torch.manual_seed(seed)
    tf = sys.modules.get("tensorflow")
    if tf is not None and hasattr(tf, "random"):
        tf.random.set_seed(seed)
