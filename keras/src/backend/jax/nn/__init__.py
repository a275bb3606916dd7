"""nn functions on JAX (jit-compatible: no branching on traced values).

Composite functions run through a compiled core (`_jit`): an eager call is
then one dispatch instead of one per primitive, and one compilation per
input signature instead of one per primitive. Configuration (epsilon,
floatx, image data format) is read before calling a core, never inside,
where it would be frozen into the compiled code.

The functions live in one module per family, as `keras/src/ops/nn/`
splits them; this package re-exports their public names (and,
from `_utils`, the names the single module had imported).
"""

from keras.src.backend.jax.nn._utils import *  # noqa: F403
from keras.src.backend.jax.nn.activations import *  # noqa: F403
from keras.src.backend.jax.nn.attention import *  # noqa: F403
from keras.src.backend.jax.nn.convolution import *  # noqa: F403
from keras.src.backend.jax.nn.losses import *  # noqa: F403
from keras.src.backend.jax.nn.normalization import *  # noqa: F403
from keras.src.backend.jax.nn.linear import *  # noqa: F403
