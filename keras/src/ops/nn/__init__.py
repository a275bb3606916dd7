"""`keras.ops.nn`: activations, losses, normalization, convolution, pooling
and attention, one module per family.

Shape rules live in `keras/src/ops/nn_shapes.py`. Checks that only need
shapes run on the eager path too, so that every backend raises the same
`ValueError`.
"""

from keras.src.ops.nn.activations import *  # noqa: F403
from keras.src.ops.nn.attention import *  # noqa: F403
from keras.src.ops.nn.convolution import *  # noqa: F403
from keras.src.ops.nn.losses import *  # noqa: F403
from keras.src.ops.nn.normalization import *  # noqa: F403
from keras.src.ops import op_tables
from keras.src.ops.op_class import op_classes_on_demand


# The op classes (`Conv`, ...): what symbolic calls record, at Keras's
# paths. Made from the op functions above; see `op_class.py`.
__getattr__ = op_classes_on_demand(__name__, globals(), op_tables.NN)
