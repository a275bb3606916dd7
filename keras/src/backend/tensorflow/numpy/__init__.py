"""NumPy-style functions on the tensorflow backend, split by family."""

from keras.src.backend.tensorflow.numpy.elementwise import *  # noqa: F403
from keras.src.backend.tensorflow.numpy.creation import *  # noqa: F403
from keras.src.backend.tensorflow.numpy.manipulation import *  # noqa: F403
from keras.src.backend.tensorflow.numpy.indexing import *  # noqa: F403
from keras.src.backend.tensorflow.numpy.products import *  # noqa: F403
from keras.src.backend.tensorflow.numpy.reductions import *  # noqa: F403
from keras.src.backend.tensorflow.numpy.statistics import *  # noqa: F403
