"""NumPy-style functions on the torch backend, split by family."""

from keras.src.backend.torch.numpy.elementwise import *  # noqa: F403
from keras.src.backend.torch.numpy.creation import *  # noqa: F403
from keras.src.backend.torch.numpy.manipulation import *  # noqa: F403
from keras.src.backend.torch.numpy.indexing import *  # noqa: F403
from keras.src.backend.torch.numpy.products import *  # noqa: F403
from keras.src.backend.torch.numpy.reductions import *  # noqa: F403
from keras.src.backend.torch.numpy.statistics import *  # noqa: F403
