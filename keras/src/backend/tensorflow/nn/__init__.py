"""nn functions on TensorFlow (usable inside `tf.function`: tf ops only,
dynamic dims read with `tf.shape`).

The functions live in one module per family, as `keras/src/ops/nn/`
splits them; this package re-exports their public names (and,
from `_utils`, the names the single module had imported).
"""

from keras.src.backend.tensorflow.nn._utils import *  # noqa: F403
from keras.src.backend.tensorflow.nn.activations import *  # noqa: F403
from keras.src.backend.tensorflow.nn.attention import *  # noqa: F403
from keras.src.backend.tensorflow.nn.convolution import *  # noqa: F403
from keras.src.backend.tensorflow.nn.losses import *  # noqa: F403
from keras.src.backend.tensorflow.nn.normalization import *  # noqa: F403
from keras.src.backend.tensorflow.nn.linear import *  # noqa: F403
