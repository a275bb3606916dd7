"""Tensors, variables and dtypes on PyTorch: `Variable`, conversion to and
from tensors and NumPy, casts, type promotion and the device new tensors
go to.

`convert_to_tensor` is the hottest function of the backend (every op and
every layer call goes through it), so its common cases come first and
cost one `isinstance` check each; keep it that way (measure with
`benchmarks/eager_call_overhead.py`).
"""

import contextlib

import ml_dtypes
import numpy as np
import torch

from keras.src import tree
from keras.src.backend.common import dtypes
from keras.src.backend.common import global_state
from keras.src.backend.common.saturation import saturation_bounds
from keras.src.backend.common.variables import KerasVariable


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
    """Returns the device new tensors are placed on: the innermost
    `keras.device(...)` scope's, else CUDA when available, then MPS,
    else the CPU (as Keras places them)."""
    device = global_state.get_global_attribute("torch_device")
    return device or _default_device()


def _default_device():
    if not _DEFAULT_DEVICE:
        mps = getattr(torch.backends, "mps", None)
        _DEFAULT_DEVICE.append(
            "cuda" if torch.cuda.is_available() else
            "mps" if mps is not None and mps.is_available() else "cpu"
        )
    return _DEFAULT_DEVICE[0]


# Found once: `torch.cuda.is_available()` costs ~1us per call.
_DEFAULT_DEVICE = []


class Variable(KerasVariable):
    """A Keras variable holding a `torch.nn.Parameter`.

    Trainable variables require gradients, so `layer.parameters()` feeds
    torch optimizers directly.
    """

    def _initialize(self, value):
        # On the current device (`keras.device` scope), as a copy.
        self._initialize_owned(value.detach().to(get_device(), copy=True))

    def _initialize_owned(self, value):
        # The placeholder of a model being loaded (NumPy's lazily zeroed
        # pages) is kept as is: cloning it cost ~0.3 s per 400 MB.
        self._value = torch.nn.Parameter(
            value, requires_grad=self._trainable and value.is_floating_point()
        )
        for layer in self._pending_owners:
            layer._track_backend_variable(self)
        self._pending_owners.clear()

    @property
    def _pending_owners(self):
        # Layers that tracked this variable before it had a value.
        owners = self.__dict__.get("_owners_waiting")
        if owners is None:
            owners = self.__dict__["_owners_waiting"] = []
        return owners

    def _convert_to_tensor(self, value, dtype=None):
        return convert_to_tensor(value, dtype=dtype)

    def _direct_assign(self, value):
        with torch.no_grad():
            self._value.copy_(value)

    def _host_buffer(self):
        if self._value is None or self._value.device.type != "cpu":
            return None
        try:
            return self._value.detach().numpy()
        except TypeError:  # A dtype NumPy lacks (bfloat16).
            return None

    def numpy(self):
        return convert_to_numpy(self.value)

    def assign_add(self, value):
        new = self._plain_update(value, torch.add)
        return super().assign_add(value) if new is None else new

    def assign_sub(self, value):
        new = self._plain_update(value, torch.sub)
        return super().assign_sub(value) if new is None else new

    def _plain_update(self, value, op):
        """`op(value of self, value)` written into the variable, for the
        common eager case (no scope open, a tensor of the variable's dtype
        giving the variable's shape); `None` for the general path, which
        then does the same with its checks. Metrics and the optimizer's
        step counter update this way on every step."""
        current = self._value
        if current is None:
            return None
        if isinstance(value, torch.Tensor):
            if value.dtype != current.dtype:
                return None
        elif type(value) not in (int, float):
            return None
        if _scope_open():
            return None
        new = op(current, value)
        if new.shape != current.shape or new.dtype != current.dtype:
            return None
        with torch.no_grad():
            current.copy_(new)
        return new

    @property
    def trainable(self):
        return self._trainable

    @trainable.setter
    def trainable(self, value):
        self._trainable = bool(value)
        if self._value is not None and self._value.is_floating_point():
            self._value.requires_grad_(self._trainable)

    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        # Lets torch functions accept variables as if they were tensors,
        # also inside lists (`torch.stack([v, w])`). Flat arguments (the
        # usual `x + variable`) skip the tree walk: ~1us saved per call.
        if kwargs or any(isinstance(a, (list, tuple, dict)) for a in args):
            args, kwargs = tree.map_structure(_unwrap_variable,
                                              (args, kwargs or {}))
            return func(*args, **kwargs)
        return func(*[a.value if isinstance(a, Variable) else a
                      for a in args])


_STATE = global_state._STATE


def _scope_open():
    """Whether a stateless or autocast scope is open: variable updates
    must then go through `assign`."""
    return (getattr(_STATE, "stateless_scope", None) is not None
            or getattr(_STATE, "autocast_scope", None) is not None)


def _unwrap_variable(x):
    return x.value if isinstance(x, Variable) else x


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
    if isinstance(x, _SYMBOLIC_NUMBERS):
        # A size while a step is captured with symbolic shapes.
        return _symbolic_number_tensor(x, dtype)
    if dtype is None:
        dtype = dtypes.infer_dtype(x)
    dtype = to_torch_dtype(dtype)
    if isinstance(x, (bool, int, float, complex)):
        # ~1us, against ~20us through NumPy.
        return torch.tensor(x, dtype=dtype, device=get_device())
    if isinstance(x, (list, tuple)) and _holds_only_numbers(x):
        # torch.tensor on Python numbers is traceable by Dynamo; the NumPy
        # route below is not.
        return torch.tensor(x, dtype=dtype, device=get_device())
    if isinstance(x, (list, tuple)):
        x = [convert_to_numpy(e) if is_tensor(e) else e for e in x]
    array = np.asarray(x)
    if array.dtype.kind in "USO":
        raise ValueError(f"The torch backend cannot hold strings: {x!r}")
    if array.dtype.kind == "V" or array.dtype in (np.uint16, np.uint32):
        # ml_dtypes (bfloat16, float8) and wide unsigned types have no
        # NumPy bridge in torch: go through a type torch reads.
        array = array.astype(np.float32 if array.dtype.kind == "V"
                             else np.int64)
    if not array.flags.c_contiguous:
        # torch cannot wrap arrays with negative strides (`x[::-1]`).
        array = array.copy()
    return torch.as_tensor(array, device=get_device()).to(dtype)


_SYMBOLIC_NUMBERS = (torch.SymInt, torch.SymFloat, torch.SymBool)


def _symbolic_number_tensor(x, dtype):
    if dtype is None:
        dtype = ("bool" if isinstance(x, torch.SymBool) else
                 "int32" if isinstance(x, torch.SymInt) else "float32")
    return torch.scalar_tensor(x, dtype=to_torch_dtype(dtype),
                               device=get_device())


def _holds_only_numbers(values):
    for v in values:
        if isinstance(v, (list, tuple)):
            if not _holds_only_numbers(v):
                return False
        elif not isinstance(v, (bool, int, float)):
            return False
    return True


def convert_to_numpy(x):
    """Returns `x` as a NumPy array."""
    if isinstance(x, Variable):
        # A copy: `assign` writes into the variable's memory, which a view
        # would share (a snapshot of the weights would change with them).
        return np.array(convert_to_numpy(x.value))
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
    return tuple(x.shape) if hasattr(x, "shape") else np.shape(x)


def cast(x, dtype):
    """Returns `x` cast to `dtype`."""
    dtype = to_torch_dtype(dtype)
    if isinstance(x, Variable):
        x = x.value
    if isinstance(x, torch.Tensor):
        return x if x.dtype == dtype else x.to(dtype)
    return convert_to_tensor(x, dtype)


def saturate_cast(x, dtype):
    """Casts `x` to `dtype`, clipping values to the range of `dtype`."""
    dtype = dtypes.standardize_dtype(dtype)
    x = convert_to_tensor(x)
    bounds = saturation_bounds(KERAS_DTYPES[x.dtype], dtype)
    if bounds is None:
        return cast(x, dtype)
    low, high, overflow = bounds
    if dtypes.is_int_dtype(dtype) and x.is_floating_point():
        x = torch.nan_to_num(x, nan=0.0, posinf=high, neginf=low)
    clipped = torch.clamp(x, low, high)
    result = clipped.to(to_torch_dtype(dtype))
    if overflow:
        result = torch.where(clipped >= high, high, result)
    return result


def promote(*values):
    """Converts `values` to tensors of their promoted dtype
    (`keras.backend.result_type`; Python scalars are weak)."""
    first = values[0]
    if isinstance(first, torch.Tensor):
        # Fast path: tensors that already share a dtype.
        for v in values:
            if not isinstance(v, torch.Tensor) or v.dtype != first.dtype:
                break
        else:
            return values
    dtype = dtypes.result_type(
        *(KERAS_DTYPES[v.dtype] if isinstance(v, torch.Tensor)
          else dtypes.dtype_of(v) for v in values)
    )
    return tuple(convert_to_tensor(v, dtype) for v in values)


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
