"""nn functions on PyTorch.

Functions used in training steps avoid `.item()`, NumPy and Python branches
on tensor values, so `torch.compile` captures them without graph breaks.

The functions live in one module per family, as `keras/src/ops/nn/`
splits them; this package re-exports their public names (and,
from `_utils`, the names the single module had imported).
"""

from keras.src.backend.torch.nn._utils import *  # noqa: F403
from keras.src.backend.torch.nn.activations import *  # noqa: F403
from keras.src.backend.torch.nn.attention import *  # noqa: F403
from keras.src.backend.torch.nn.convolution import *  # noqa: F403
from keras.src.backend.torch.nn.losses import *  # noqa: F403
from keras.src.backend.torch.nn.normalization import *  # noqa: F403
from keras.src.backend.torch.nn.linear import *  # noqa: F403
