"""The Keras 2 backend functions (`tf.keras.backend`, usually imported as
`K`), written on `keras.ops` so that they run on every backend.

Keras 2 code calls `K.mean(x)`, `K.variable(value)`, `K.rnn(...)` and so
on; TensorFlow resolves `tf.keras.backend` to
`keras._tf_keras.keras.backend`, where these functions are registered.
They take and return the active backend's tensors (NumPy arrays and
Python lists are accepted as inputs) and keep Keras 2's conventions where
they differ from `keras.ops`: `argmax` returns int64, `batch_dot` keeps a
trailing axis of 1 for vector-by-vector products, `zeros`/`ones`/`eye`
return variables, losses clip probabilities to `epsilon()` and CTC uses
the last class as its blank label.

The functions live in a few modules by family; this package holds every
name, as Keras's `keras.src.legacy.backend` module does.
"""

from keras.src.legacy.backend.arrays import *  # noqa: F401,F403
from keras.src.legacy.backend.control import *  # noqa: F401,F403
from keras.src.legacy.backend.math import *  # noqa: F401,F403
from keras.src.legacy.backend.nn import *  # noqa: F401,F403
from keras.src.legacy.backend.variables import *  # noqa: F401,F403

# Python's own `all` and `any`, which `all`/`any` above shadow.
from keras.src.legacy.backend.math import py_all  # noqa: F401
from keras.src.legacy.backend.math import py_any  # noqa: F401
