"""`keras.ops.numpy`: NumPy-style ops, split by family into modules."""

from keras.src.ops.numpy.creation import *  # noqa: F403
from keras.src.ops.numpy.elementwise import *  # noqa: F403
from keras.src.ops.numpy.elementwise_compare import *  # noqa: F403
from keras.src.ops.numpy.elementwise_math import *  # noqa: F403
from keras.src.ops.numpy.elementwise_numeric import *  # noqa: F403
from keras.src.ops.numpy.indexing import *  # noqa: F403
from keras.src.ops.numpy.manipulation import *  # noqa: F403
from keras.src.ops.numpy.products import *  # noqa: F403
from keras.src.ops.numpy.reductions import *  # noqa: F403
from keras.src.ops.numpy.statistics import *  # noqa: F403
from keras.src.ops import op_tables
from keras.src.ops.numpy.indexing import GetItemBase
from keras.src.ops.op_class import op_classes_on_demand
from keras.src.ops.shape_rules import shape_equal  # noqa: F401


# The op classes (`Sum`, ...): what symbolic calls record, at Keras's
# paths. Made from the op functions above; see `op_class.py`.
__getattr__ = op_classes_on_demand(
    __name__, globals(), op_tables.NUMPY, bases={"GetItem": GetItemBase}
)
