"""nn functions on NumPy: activations, losses, normalization, convolution
and pooling written with plain NumPy (inference only: no gradients).

The functions live in one module per family, as `keras/src/ops/nn/`
splits them; this package re-exports their public names (and,
from `_utils`, the names the single module had imported).
"""

from keras.src.backend.numpy.nn._utils import *  # noqa: F403
from keras.src.backend.numpy.nn.activations import *  # noqa: F403
from keras.src.backend.numpy.nn.attention import *  # noqa: F403
from keras.src.backend.numpy.nn.convolution import *  # noqa: F403
from keras.src.backend.numpy.nn.losses import *  # noqa: F403
from keras.src.backend.numpy.nn.normalization import *  # noqa: F403
from keras.src.backend.numpy.nn.linear import *  # noqa: F403
