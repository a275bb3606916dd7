"""Core tensor functions on JAX."""

import contextlib

import jax
import jax.numpy as jnp
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
    """A Keras variable holding a `jax.Array` (replaced on each assign)."""

    def _initialize(self, value):
        self._value = value

    def _convert_to_tensor(self, value, dtype=None):
        return convert_to_tensor(value, dtype=dtype)

    def _direct_assign(self, value):
        self._value = value

    def numpy(self):
        return np.asarray(self.value)

    # Lets `jnp` functions take variables as arrays.
    def __jax_array__(self):
        return self.value


def convert_to_tensor(x, dtype=None, sparse=None, ragged=None):
    """Converts `x` to a `jax.Array` of `dtype` (default: inferred)."""
    if sparse:
        raise ValueError("The jax backend does not support sparse tensors.")
    if ragged:
        raise ValueError("The jax backend does not support ragged tensors.")
    if isinstance(x, (jax.Array, jax.core.Tracer)):
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
    if isinstance(x, np.ndarray) and x.dtype.kind in "USO":
        raise ValueError(f"The jax backend cannot hold strings: {x!r}")
    return jnp.asarray(x, dtype=dtype)


def convert_to_numpy(x):
    """Returns `x` as a NumPy array."""
    if isinstance(x, Variable):
        x = x.value
    return np.asarray(x)


def is_tensor(x):
    """Returns whether `x` is a `jax.Array` (or a tracer of one)."""
    return isinstance(x, (jax.Array, jax.core.Tracer))


def shape(x):
    """Returns the shape of `x` as a tuple."""
    return tuple(x.shape)


def cast(x, dtype):
    """Returns `x` cast to `dtype`."""
    return convert_to_tensor(x, dtype=dtype)


def cond(pred, true_fn, false_fn):
    """Calls `true_fn()` if `pred` else `false_fn()`, traceable by `jit`."""
    return jax.lax.cond(pred, true_fun=true_fn, false_fun=false_fn)


def stop_gradient(variable):
    """Returns `variable` with gradients blocked."""
    if isinstance(variable, Variable):
        variable = variable.value
    return jax.lax.stop_gradient(variable)


def compute_output_spec(fn, *args, **kwargs):
    """Returns the `KerasTensor` specs of `fn(*args, **kwargs)` where args
    hold `KerasTensor`s, with `jax.eval_shape` (no computation)."""

    def abstract(shape, dtype):
        return jax.ShapeDtypeStruct(shape, dtype)

    def to_spec(x):
        if isinstance(x, KerasTensor):
            return x
        return KerasTensor(x.shape, dtype=dtypes.standardize_dtype(x.dtype))

    with StatelessScope():
        return symbolic_shapes.compute_output_spec_by_running(
            _eval_shape(fn), args, kwargs, abstract, to_spec
        )


def _eval_shape(fn):
    """Wraps `fn` so that its `ShapeDtypeStruct` arguments are traced."""

    def run(*args, **kwargs):
        flat, treedef = jax.tree_util.tree_flatten((args, kwargs))
        is_struct = [isinstance(x, jax.ShapeDtypeStruct) for x in flat]

        def call(*arrays):
            arrays = iter(arrays)
            leaves = [next(arrays) if s else x for x, s in zip(flat, is_struct)]
            call_args, call_kwargs = treedef.unflatten(leaves)
            return fn(*call_args, **call_kwargs)

        structs = [x for x, s in zip(flat, is_struct) if s]
        return jax.eval_shape(call, *structs)

    return run


@contextlib.contextmanager
def device_scope(device_name):
    """Places new arrays on `device_name` (`"cpu"`, `"gpu:0"`, ...).

    Example:

    >>> with keras.device("cpu"):
    ...     x = keras.ops.ones((2,))
    """
    if not isinstance(device_name, str):
        raise ValueError(
            f"`device_name` must be a string. Received: {device_name!r}"
        )
    kind, _, index = device_name.lower().partition(":")
    devices = jax.devices(kind)
    with jax.default_device(devices[int(index or 0)]):
        yield


device = device_scope


def random_seed_dtype():
    return "uint32"


def promote(*values):
    """Converts `values` to tensors of their promoted dtype
    (`keras.backend.result_type`; Python scalars are weak)."""
    dtype = dtypes.result_type(*(dtypes.dtype_of(v) for v in values))
    return tuple(convert_to_tensor(v, dtype) for v in values)
