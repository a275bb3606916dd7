"""Core tensor functions on NumPy (inference only: no gradients)."""

import contextlib

import numpy as np

from keras.src.backend.common import dtypes
from keras.src.backend.common import symbolic_shapes
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.name_scope import name_scope  # noqa: F401
from keras.src.backend.common.stateless_scope import StatelessScope
from keras.src.backend.common.variables import KerasVariable

SUPPORTS_SPARSE_TENSORS = False
SUPPORTS_RAGGED_TENSORS = False
IS_THREAD_SAFE = True


class Variable(KerasVariable):
    """A Keras variable holding a NumPy array."""

    def _initialize(self, value):
        self._value = np.array(value, copy=True)

    def _convert_to_tensor(self, value, dtype=None):
        return convert_to_tensor(value, dtype=dtype)

    def _direct_assign(self, value):
        self._value = np.array(value, dtype=self._dtype, copy=True)

    def numpy(self):
        return np.array(self.value)


def convert_to_tensor(x, dtype=None, sparse=None, ragged=None):
    """Converts `x` to a NumPy array of `dtype` (default: inferred)."""
    if sparse:
        raise ValueError("The numpy backend does not support sparse tensors.")
    if ragged:
        raise ValueError("The numpy backend does not support ragged tensors.")
    if isinstance(x, np.ndarray):
        if dtype is None:
            return x
        dtype = dtypes.standardize_dtype(dtype)
        return x if x.dtype == dtype else x.astype(dtype)
    if isinstance(x, Variable):
        x = x.value
        return x if dtype is None else x.astype(dtypes.standardize_dtype(dtype))
    if dtype is None:
        dtype = dtypes.infer_dtype(x)
    dtype = dtypes.standardize_dtype(dtype)
    if isinstance(x, (list, tuple)):
        x = [convert_to_numpy(e) if is_tensor(e) else e for e in x]
    return np.asarray(x).astype(dtype)


def convert_to_numpy(x):
    """Returns `x` as a NumPy array."""
    if isinstance(x, Variable):
        return x.value
    return np.asarray(x)


def is_tensor(x):
    """Returns whether `x` is a NumPy array or scalar."""
    return isinstance(x, (np.ndarray, np.generic))


def shape(x):
    """Returns the shape of `x` as a tuple."""
    return tuple(np.shape(x))


def cast(x, dtype):
    """Returns `x` cast to `dtype`."""
    return convert_to_tensor(x, dtype=dtype)


def cond(pred, true_fn, false_fn):
    """Calls `true_fn()` if `pred` else `false_fn()`."""
    return true_fn() if pred else false_fn()


def stop_gradient(variable):
    """Returns `variable` (NumPy has no gradients)."""
    if isinstance(variable, Variable):
        return variable.value
    return variable


def compute_output_spec(fn, *args, **kwargs):
    """Returns the `KerasTensor` specs of `fn(*args, **kwargs)` where args
    hold `KerasTensor`s, by running `fn` on zeros."""

    def zeros(shape, dtype):
        return np.zeros(shape, dtype=dtype)

    def to_spec(x):
        if isinstance(x, KerasTensor):
            return x
        x = np.asarray(x)
        return KerasTensor(x.shape, dtype=dtypes.standardize_dtype(x.dtype))

    with StatelessScope():
        return symbolic_shapes.compute_output_spec_by_running(
            fn, args, kwargs, zeros, to_spec
        )


@contextlib.contextmanager
def device_scope(device_name):
    """Places computations on `device_name`; NumPy only has `"cpu"`.

    Example:

    >>> with keras.device("cpu"):
    ...     x = keras.ops.ones((2,))
    """
    if not isinstance(device_name, str) or not device_name.lower().startswith(
        "cpu"
    ):
        raise ValueError(
            "The numpy backend only runs on 'cpu'. "
            f"Received: device_name={device_name!r}"
        )
    yield


device = device_scope


def random_seed_dtype():
    return "uint32"


def promote(*values):
    """Converts `values` to tensors of their promoted dtype
    (`keras.backend.result_type`; Python scalars are weak)."""
    dtype = dtypes.result_type(*(dtypes.dtype_of(v) for v in values))
    return tuple(convert_to_tensor(v, dtype) for v in values)
