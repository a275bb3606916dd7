"""NumPy-style functions on the jax backend, split by family."""

from keras.src.backend.jax.numpy.elementwise import *  # noqa: F403
from keras.src.backend.jax.numpy.creation import *  # noqa: F403
from keras.src.backend.jax.numpy.manipulation import *  # noqa: F403
from keras.src.backend.jax.numpy.indexing import *  # noqa: F403
from keras.src.backend.jax.numpy.products import *  # noqa: F403
from keras.src.backend.jax.numpy.reductions import *  # noqa: F403
from keras.src.backend.jax.numpy.statistics import *  # noqa: F403
