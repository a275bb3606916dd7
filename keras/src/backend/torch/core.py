"""Core tensor functions on PyTorch."""

import contextlib

import ml_dtypes
import numpy as np
import torch

from keras.src.backend import config
from keras.src.backend.common import dtypes
from keras.src.backend.common import global_state
from keras.src.backend.common import symbolic_shapes
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.name_scope import name_scope  # noqa: F401
from keras.src.backend.common.stateless_scope import StatelessScope
from keras.src.backend.common.variables import KerasVariable

SUPPORTS_SPARSE_TENSORS = False
SUPPORTS_RAGGED_TENSORS = False
IS_THREAD_SAFE = True

TORCH_DTYPES = {
    "float16": torch.float16,
    "float32": torch.float32,
    "float64": torch.float64,
    "bfloat16": torch.bfloat16,
    "uint8": torch.uint8,
    "uint16": torch.uint16,
    "uint32": torch.uint32,
    "uint64": torch.uint64,
    "int8": torch.int8,
    "int16": torch.int16,
    "int32": torch.int32,
    "int64": torch.int64,
    "bool": torch.bool,
    "complex64": torch.complex64,
    "complex128": torch.complex128,
    "float8_e4m3fn": torch.float8_e4m3fn,
    "float8_e5m2": torch.float8_e5m2,
}
# torch dtype -> Keras name, for the hot paths that read a tensor's dtype.
KERAS_DTYPES = {v: k for k, v in TORCH_DTYPES.items()}


def to_torch_dtype(dtype):
    """Returns the `torch.dtype` for any dtype spelling."""
    if isinstance(dtype, torch.dtype):
        return dtype
    return TORCH_DTYPES[dtypes.standardize_dtype(dtype)]


def get_device():
    """Returns the device new tensors are placed on."""
    device = global_state.get_global_attribute("torch_device")
    return device or "cpu"


class Variable(KerasVariable):
    """A Keras variable holding a `torch.nn.Parameter`.

    Trainable variables require gradients, so `layer.parameters()` feeds
    torch optimizers directly.
    """

    def _initialize(self, value):
        self._value = torch.nn.Parameter(
            value.detach().clone(),
            requires_grad=self._trainable and value.is_floating_point(),
        )

    def _convert_to_tensor(self, value, dtype=None):
        return convert_to_tensor(value, dtype=dtype)

    def _direct_assign(self, value):
        with torch.no_grad():
            self._value.copy_(value)

    def numpy(self):
        return self.value.detach().cpu().numpy()

    @property
    def trainable(self):
        return self._trainable

    @trainable.setter
    def trainable(self, value):
        self._trainable = bool(value)
        if self._value is not None and self._value.is_floating_point():
            self._value.requires_grad_(self._trainable)

    def __torch_function__(self, func, types, args=(), kwargs=None):
        # Lets torch functions accept variables as if they were tensors.
        args = [a.value if isinstance(a, Variable) else a for a in args]
        kwargs = {
            k: v.value if isinstance(v, Variable) else v
            for k, v in (kwargs or {}).items()
        }
        return func(*args, **kwargs)


def convert_to_tensor(x, dtype=None, sparse=None, ragged=None):
    """Converts `x` to a `torch.Tensor` of `dtype` (default: inferred)."""
    if sparse:
        raise ValueError("The torch backend does not support sparse tensors.")
    if ragged:
        raise ValueError("The torch backend does not support ragged tensors.")
    # Fast path: a tensor already of the right dtype (the common case in a
    # train step) costs one isinstance check.
    if isinstance(x, torch.Tensor):
        if dtype is None:
            return x
        dtype = to_torch_dtype(dtype)
        return x if x.dtype == dtype else x.to(dtype)
    if isinstance(x, Variable):
        x = x.value
        return x if dtype is None else x.to(to_torch_dtype(dtype))
    if dtype is None:
        dtype = dtypes.infer_dtype(x)
    dtype = to_torch_dtype(dtype)
    if isinstance(x, np.ndarray) or np.isscalar(x):
        array = np.asarray(x)
        if array.dtype.kind in "USO":
            raise ValueError(f"The torch backend cannot hold strings: {x!r}")
        if array.dtype == np.uint16 or array.dtype == np.uint32:
            array = array.astype(np.int64)
        return torch.as_tensor(array, device=get_device()).to(dtype)
    if isinstance(x, (list, tuple)):
        x = [convert_to_numpy(e) if is_tensor(e) else e for e in x]
        return torch.as_tensor(np.asarray(x), device=get_device()).to(dtype)
    return torch.as_tensor(np.asarray(x), device=get_device()).to(dtype)


def convert_to_numpy(x):
    """Returns `x` as a NumPy array."""
    if isinstance(x, Variable):
        x = x.value
    if isinstance(x, torch.Tensor):
        x = x.detach()
        if x.device.type != "cpu":
            x = x.cpu()
        if x.dtype == torch.bfloat16:
            return np.asarray(x.float()).astype(ml_dtypes.bfloat16)
        return x.numpy()
    return np.asarray(x)


def is_tensor(x):
    """Returns whether `x` is a `torch.Tensor`."""
    return isinstance(x, torch.Tensor)


def shape(x):
    """Returns the shape of `x` as a tuple."""
    return tuple(x.shape)


def cast(x, dtype):
    """Returns `x` cast to `dtype`."""
    dtype = to_torch_dtype(dtype)
    if isinstance(x, Variable):
        x = x.value
    if isinstance(x, torch.Tensor):
        return x if x.dtype == dtype else x.to(dtype)
    return convert_to_tensor(x, dtype)


def cond(pred, true_fn, false_fn):
    """Calls `true_fn()` if `pred` else `false_fn()`."""
    if isinstance(pred, torch.Tensor) and pred.numel() == 1:
        pred = bool(pred)
    return true_fn() if pred else false_fn()


def stop_gradient(variable):
    """Returns `variable` with gradients blocked."""
    if isinstance(variable, Variable):
        variable = variable.value
    return variable.detach()


def compute_output_spec(fn, *args, **kwargs):
    """Returns the `KerasTensor` specs of `fn(*args, **kwargs)` where args
    hold `KerasTensor`s. Runs `fn` on tensors on the `meta` device, which
    hold no data, falling back to real zeros where an op needs values."""

    def meta_tensor(shape, dtype):
        return torch.empty(shape, dtype=to_torch_dtype(dtype), device="meta")

    def zeros(shape, dtype):
        return torch.zeros(shape, dtype=to_torch_dtype(dtype))

    def to_spec(x):
        if isinstance(x, KerasTensor):
            return x
        return KerasTensor(tuple(x.shape), dtype=KERAS_DTYPES[x.dtype])

    with StatelessScope(), torch.no_grad():
        try:
            return symbolic_shapes.compute_output_spec_by_running(
                fn, args, kwargs, meta_tensor, to_spec
            )
        except Exception:
            return symbolic_shapes.compute_output_spec_by_running(
                fn, args, kwargs, zeros, to_spec
            )


@contextlib.contextmanager
def device_scope(device_name):
    """Places new tensors on `device_name` (`"cpu"`, `"cuda:0"`, ...).

    Example:

    >>> with keras.device("cpu"):
    ...     x = keras.ops.ones((2,))
    """
    if not isinstance(device_name, str):
        raise ValueError(
            f"`device_name` must be a string. Received: {device_name!r}"
        )
    name = device_name.lower().replace("gpu", "cuda")
    previous = global_state.get_global_attribute("torch_device")
    global_state.set_global_attribute("torch_device", name)
    try:
        yield
    finally:
        global_state.set_global_attribute("torch_device", previous)


device = device_scope


def random_seed_dtype():
    # uint32 lacks arithmetic on torch CPU; int32 holds the same seeds.
    return "int32"


def promote(*values):
    """Converts `values` to tensors of their promoted dtype
    (`keras.backend.result_type`; Python scalars are weak)."""
    dtype = dtypes.result_type(*(dtypes.dtype_of(v) for v in values))
    return tuple(convert_to_tensor(v, dtype) for v in values)
