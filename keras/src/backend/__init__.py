"""The active backend, chosen once at import (see `config.py`).

Backend-neutral code calls backend functions through this module
(`backend.numpy.add`, `backend.convert_to_tensor`, ...). Only the packages
under `keras/src/backend/<name>/` import TensorFlow, JAX or PyTorch.

Importing a module of the numpy *backend* package
(`keras.src.backend.numpy.<x>`) after this module has run rebinds the
attribute `numpy` here to that package; backends that reuse numpy-backend
code import it at their own import time, before the rebinding below.
"""

from keras.src.api_export import keras_export
from keras.src.backend.common.dtypes import is_float_dtype
from keras.src.backend.common.dtypes import is_int_dtype
from keras.src.backend.common.dtypes import result_type
from keras.src.backend.common.dtypes import standardize_dtype
from keras.src.backend.common.global_state import clear_session
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.backend.common.keras_tensor import is_keras_tensor
from keras.src.backend.common.keras_tensor import standardize_shape
from keras.src.backend.common.masking import get_keras_mask
from keras.src.backend.common.masking import set_keras_mask
from keras.src.backend.common.name_scope import current_path
from keras.src.backend.common.naming import get_uid
from keras.src.backend.common.stateless_scope import StatelessScope
from keras.src.backend.common.stateless_scope import get_stateless_scope
from keras.src.backend.common.stateless_scope import in_stateless_scope
from keras.src.backend.common.symbolic_scope import SymbolicScope
from keras.src.backend.common.symbolic_scope import in_symbolic_scope
from keras.src.backend.common.variables import AutocastScope
from keras.src.backend.common.variables import KerasVariable
from keras.src.backend.common.variables import get_autocast_scope
from keras.src.backend.config import backend
from keras.src.backend.config import epsilon
from keras.src.backend.config import floatx
from keras.src.backend.config import image_data_format
from keras.src.backend.config import set_epsilon
from keras.src.backend.config import set_floatx
from keras.src.backend.config import set_image_data_format
from keras.src.backend.config import standardize_data_format

if backend() == "torch":
    # torch must be imported before tensorflow when both are loaded.
    from keras.src.backend.torch import *  # noqa: F403
    from keras.src.backend.torch.compiler import jit
    from keras.src.backend.torch import core
    from keras.src.backend.torch import image
    from keras.src.backend.torch import linalg
    from keras.src.backend.torch import math
    from keras.src.backend.torch import nn
    from keras.src.backend.torch import numpy
    from keras.src.backend.torch import optimizer
    from keras.src.backend.torch import random
elif backend() == "tensorflow":
    from keras.src.backend.tensorflow import *  # noqa: F403
    from keras.src.backend.tensorflow.compiler import jit
    from keras.src.backend.tensorflow import core
    from keras.src.backend.tensorflow import image
    from keras.src.backend.tensorflow import linalg
    from keras.src.backend.tensorflow import math
    from keras.src.backend.tensorflow import nn
    from keras.src.backend.tensorflow import numpy
    from keras.src.backend.tensorflow import optimizer
    from keras.src.backend.tensorflow import random
elif backend() == "jax":
    from keras.src.backend.jax import *  # noqa: F403
    from keras.src.backend.jax.compiler import jit
    from keras.src.backend.jax import core
    from keras.src.backend.jax import image
    from keras.src.backend.jax import linalg
    from keras.src.backend.jax import math
    from keras.src.backend.jax import nn
    from keras.src.backend.jax import numpy
    from keras.src.backend.jax import optimizer
    from keras.src.backend.jax import random
else:
    from keras.src.backend.numpy import *  # noqa: F403
    from keras.src.backend.numpy.compiler import jit
    from keras.src.backend.numpy import core
    from keras.src.backend.numpy import image
    from keras.src.backend.numpy import linalg
    from keras.src.backend.numpy import math
    from keras.src.backend.numpy import nn
    from keras.src.backend.numpy import numpy
    from keras.src.backend.numpy import optimizer
    from keras.src.backend.numpy import random

keras_export("keras.Variable")(Variable)  # noqa: F405
# The name scope class of the active backend, under Keras's alias.
backend_name_scope = name_scope  # noqa: F405
keras_export("keras.device")(device)  # noqa: F405
keras_export("keras.name_scope")(name_scope)  # noqa: F405
