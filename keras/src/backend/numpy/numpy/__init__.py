"""NumPy-style functions on the numpy backend, split by family."""

from keras.src.backend.numpy.numpy.elementwise import *  # noqa: F403
from keras.src.backend.numpy.numpy.creation import *  # noqa: F403
from keras.src.backend.numpy.numpy.manipulation import *  # noqa: F403
from keras.src.backend.numpy.numpy.indexing import *  # noqa: F403
from keras.src.backend.numpy.numpy.products import *  # noqa: F403
from keras.src.backend.numpy.numpy.reductions import *  # noqa: F403
from keras.src.backend.numpy.numpy.statistics import *  # noqa: F403
