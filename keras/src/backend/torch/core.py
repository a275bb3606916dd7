"""Core tensor functions on PyTorch."""

import builtins
import contextlib
import functools
import inspect
import sys

import ml_dtypes
import numpy as np
import torch
from torch.fx.experimental.proxy_tensor import get_proxy_mode

from keras.src import tree
from keras.src.backend.common import dtypes
from keras.src.backend.common import global_state
from keras.src.backend.common import symbolic_shapes
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.name_scope import name_scope  # noqa: F401
from keras.src.backend.common import symbolic_scope
from keras.src.backend.common.stateless_scope import StatelessScope
from keras.src.backend.common.variables import KerasVariable

SUPPORTS_SPARSE_TENSORS = False
SUPPORTS_RAGGED_TENSORS = False
IS_THREAD_SAFE = True
SUPPORTS_COMPLEX_DTYPES = True

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
        self._initialize_owned(value.detach().clone())

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


def cond(pred, true_fn, false_fn):
    """Calls `true_fn()` if `pred` else `false_fn()`."""
    if isinstance(pred, Variable):
        pred = pred.value
    if isinstance(pred, torch.Tensor) and pred.numel() == 1:
        pred = bool(pred)
    return true_fn() if pred else false_fn()


def stop_gradient(variable):
    """Returns `variable` with gradients blocked."""
    return convert_to_tensor(variable).detach()


@symbolic_scope.symbolic
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


# -- casting ---------------------------------------------------------------


def _dtype_range(dtype):
    if dtypes.is_int_dtype(dtype):
        info = torch.iinfo(to_torch_dtype(dtype))
        return int(info.min), int(info.max)
    info = torch.finfo(to_torch_dtype(dtype))
    return float(info.min), float(info.max)


def _saturation_bounds(source, target):
    """Returns `(low, high, overflow)`: the range to clip `source` values
    to before casting to `target`, and whether `high` rounds past the
    target's maximum in `source`; `None` when no clipping is needed."""
    if not all(
        dtypes.is_int_dtype(d) or dtypes.is_float_dtype(d)
        for d in (source, target)
    ):
        return None
    source_low, source_high = _dtype_range(source)
    target_low, target_high = _dtype_range(target)
    # Floats going to ints are always clipped: infinities have no match.
    to_int = dtypes.is_float_dtype(source) and dtypes.is_int_dtype(target)
    inside = source_low >= target_low and source_high <= target_high
    if inside and not to_int:
        return None
    high = min(source_high, target_high)
    overflow = to_int and int(np.asarray(high).astype(source)) > target_high
    return max(source_low, target_low), high, overflow


def saturate_cast(x, dtype):
    """Casts `x` to `dtype`, clipping values to the range of `dtype`."""
    dtype = dtypes.standardize_dtype(dtype)
    x = convert_to_tensor(x)
    bounds = _saturation_bounds(KERAS_DTYPES[x.dtype], dtype)
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


# -- scatter and slices ----------------------------------------------------


def _index_tuple(indices):
    """Splits `indices` of shape `(..., k)` into `k` index tensors."""
    return tuple(convert_to_tensor(indices).unbind(-1))


def scatter(indices, values, shape):
    """Returns a zero tensor of `shape` with `values` added at `indices`."""
    values = convert_to_tensor(values)
    result = torch.zeros(
        tuple(int(d) for d in shape), dtype=values.dtype,
        device=values.device,
    )
    return result.index_put_(_index_tuple(indices), values, accumulate=True)


_SCATTER_REDUCTIONS = {"max": "amax", "min": "amin", "mul": "prod"}


def _scatter_reduce(result, index, updates, reduction):
    """Combines `updates` into `result` in place at `index` (a tuple of
    `k` index tensors), through a view whose first `k` dims are one."""
    outer, rest = result.shape[:len(index)], result.shape[len(index):]
    linear = torch.zeros_like(index[0])
    for i, dim in zip(index, outer):
        linear = linear * dim + torch.remainder(i, dim)
    flat = result.view((-1,) + tuple(rest))
    source = updates.reshape((-1,) + tuple(rest))
    linear = linear.reshape((-1,) + (1,) * len(rest)).expand_as(source)
    flat.scatter_reduce_(
        0, linear.long(), source, _SCATTER_REDUCTIONS[reduction],
        include_self=True,
    )
    return result


def scatter_update(inputs, indices, updates, reduction=None):
    """Returns `inputs` with `updates` written (or combined with
    `reduction`) at `indices`."""
    inputs = convert_to_tensor(inputs)
    updates = convert_to_tensor(updates, inputs.dtype)
    index = _index_tuple(indices)
    result = inputs.clone()
    if reduction is None:
        return result.index_put_(index, updates)
    if reduction == "add":
        return result.index_put_(index, updates, accumulate=True)
    return _scatter_reduce(result, index, updates, reduction)


def _clamp(value, low, high):
    if isinstance(value, torch.Tensor):
        return torch.clamp(value, low, high)
    return builtins.min(builtins.max(int(value), low), high)


def _starts(start_indices):
    if isinstance(start_indices, torch.Tensor):
        return start_indices.unbind(0)
    return start_indices


def _window_start(start, dim):
    """A start index counted from the end when negative, then clamped to
    the dimension (as `jax.lax.dynamic_slice` does)."""
    if isinstance(start, torch.Tensor):
        return _clamp(torch.where(start < 0, start + dim, start), 0, dim)
    start = int(start)
    return _clamp(start + dim if start < 0 else start, 0, dim)


def slice(inputs, start_indices, shape):
    """Returns the block of `inputs` of `shape` (`-1`: up to the end)
    starting at `start_indices`, moved inside `inputs` where needed."""
    inputs = convert_to_tensor(inputs)
    result = inputs
    for axis, (start, size) in enumerate(zip(_starts(start_indices), shape)):
        dim = inputs.shape[axis]
        start = _window_start(start, dim)
        if size == -1:
            size = dim - int(start)
        start = _clamp(start, 0, dim - size)
        result = result.narrow(axis, start, size)
    return result


def slice_update(inputs, start_indices, updates):
    """Returns `inputs` with `updates` written at `start_indices`, moved
    inside `inputs` where needed."""
    inputs = convert_to_tensor(inputs)
    updates = convert_to_tensor(updates, inputs.dtype)
    result = inputs.clone()
    window = result
    for axis, start in enumerate(_starts(start_indices)):
        size, dim = updates.shape[axis], inputs.shape[axis]
        start = _clamp(_window_start(start, dim), 0, dim - size)
        window = window.narrow(axis, start, size)
    window.copy_(updates)
    return result


# -- control flow ----------------------------------------------------------


def _to_tensors(structure):
    return tree.map_structure(
        lambda x: x if x is None else convert_to_tensor(x), structure
    )


def while_loop(cond, body, loop_vars, maximum_iterations=None):
    """Runs `loop_vars = body(*loop_vars)` while `cond(*loop_vars)`."""
    unpack = isinstance(loop_vars, (list, tuple))
    state = _to_tensors(tuple(loop_vars) if unpack else loop_vars)
    count = 0
    while maximum_iterations is None or count < maximum_iterations:
        if not (cond(*state) if unpack else cond(state)):
            break
        outputs = body(*state) if unpack else body(state)
        if unpack:
            if not isinstance(outputs, (list, tuple)):
                outputs = (outputs,)
            outputs = tuple(outputs)
        state = outputs
        count += 1
    return state


def fori_loop(lower, upper, body_fun, init_val):
    """Runs `val = body_fun(i, val)` for `i` in `range(lower, upper)`."""
    value = _to_tensors(init_val)
    for i in range(int(lower), int(upper)):
        value = body_fun(i, value)
    return value


def _stack(outputs, reverse_order):
    """Stacks per-step outputs (each a structure) along a new axis 0."""
    if reverse_order:
        outputs = outputs[::-1]
    flat = [tree.flatten(y) for y in outputs]
    stacked = [
        None if column[0] is None
        else torch.stack([convert_to_tensor(v) for v in column])
        for column in zip(*flat)
    ]
    return tree.pack_sequence_as(outputs[0], stacked)


def _empty_outputs(f, carry, xs, flat_xs):
    """The outputs of a scan of length 0: `f`'s, with a 0-sized axis."""
    first = [x.new_zeros(x.shape[1:]) for x in flat_xs]
    x = tree.pack_sequence_as(xs, first) if xs is not None else None
    _, y = f(carry, x)

    def empty(v):
        v = convert_to_tensor(v)
        return v.new_zeros((0,) + tuple(v.shape))

    return tree.map_structure(lambda v: None if v is None else empty(v), y)


def scan(f, init, xs=None, length=None, reverse=False, unroll=1):
    """Loops `carry, y = f(carry, x)` over the leading axis of `xs`;
    returns the final carry and the stacked `y`s."""
    carry = _to_tensors(init)
    flat_xs = [] if xs is None else [
        convert_to_tensor(x) for x in tree.flatten(xs)
    ]
    n = flat_xs[0].shape[0] if flat_xs else int(length)
    if n == 0:
        return carry, _empty_outputs(f, carry, xs, flat_xs)
    outputs = []
    for i in (range(n - 1, -1, -1) if reverse else range(n)):
        x = None
        if xs is not None:
            x = tree.pack_sequence_as(xs, [a[i] for a in flat_xs])
        carry, y = f(carry, x)
        outputs.append(y)
    return carry, _stack(outputs, reverse)


def map(f, xs):
    """Applies `f` to each slice of `xs` along axis 0; stacks the results."""
    return scan(lambda carry, x: (carry, f(x)), (), xs)[1]


def _axis_slice(x, axis, start, stop=None, step=None):
    index = (builtins.slice(None),) * axis
    return x[index + (builtins.slice(start, stop, step),)]


def _interleave(even, odd, axis):
    """Interleaves `even` and `odd` along `axis`: e0, o0, e1, o1, ..."""
    n_even, n = even.shape[axis], even.shape[axis] + odd.shape[axis]
    order = [i // 2 if i % 2 == 0 else n_even + i // 2 for i in range(n)]
    order = torch.tensor(order, device=even.device)
    return torch.index_select(torch.cat([even, odd], axis), axis, order)


def _prefix_scan(combine, leaves, axis):
    """Inclusive scan of `leaves` with the associative `combine`, in
    O(log n) rounds: scan the sums of pairs, then fill in between."""
    n = leaves[0].shape[axis]
    if n < 2:
        return leaves
    odd = _prefix_scan(
        combine,
        combine(
            [_axis_slice(x, axis, 0, -1, 2) for x in leaves],
            [_axis_slice(x, axis, 1, None, 2) for x in leaves],
        ),
        axis,
    )
    firsts = [_axis_slice(x, axis, 0, 1) for x in leaves]
    if n > 2:
        rest = [_axis_slice(x, axis, 2, None, 2) for x in leaves]
        done = odd if n % 2 else [_axis_slice(x, axis, 0, -1) for x in odd]
        evens = combine(done, rest)
        firsts = [torch.cat(pair, axis) for pair in zip(firsts, evens)]
    return [_interleave(e, o, axis) for e, o in zip(firsts, odd)]


def associative_scan(f, elems, reverse=False, axis=0):
    """Inclusive scan of `elems` along `axis` with the associative `f`."""
    leaves = [convert_to_tensor(x) for x in tree.flatten(elems)]
    axis = axis % leaves[0].ndim

    def combine(a, b):
        out = f(tree.pack_sequence_as(elems, a),
                tree.pack_sequence_as(elems, b))
        return [convert_to_tensor(x) for x in tree.flatten(out)]

    if reverse:
        leaves = [torch.flip(x, (axis,)) for x in leaves]
    leaves = _prefix_scan(combine, leaves, axis)
    if reverse:
        leaves = [torch.flip(x, (axis,)) for x in leaves]
    return tree.pack_sequence_as(elems, leaves)


def switch(index, branches, *operands):
    """Calls `branches[index](*operands)`, `index` clamped to the range."""
    index = builtins.min(builtins.max(int(index), 0), len(branches) - 1)
    return branches[index](*operands)


def vectorized_map(function, elements):
    """Maps `function` over axis 0 of `elements` with `torch.vmap`, or a
    loop where `torch.vmap` cannot batch it."""
    elements = _to_tensors(elements)
    try:
        return torch.vmap(function)(elements)
    except RuntimeError:
        # Data-dependent control flow and `.item()` cannot be batched:
        # loop instead, as `tf.vectorized_map` does.
        return map(function, elements)


def unstack(x, num=None, axis=0):
    """Splits `x` along `axis` into a list of tensors."""
    return list(torch.unbind(convert_to_tensor(x), axis))


class _CustomGradient(torch.autograd.Function):
    """Runs `f`'s forward part, keeping its `grad_fn` for the backward."""

    @staticmethod
    def forward(ctx, f, *args):
        output, grad_fn = f(*args)
        ctx.grad_fn = grad_fn
        return output

    @staticmethod
    def backward(ctx, *upstream):
        grads = _call_grad_fn(ctx.grad_fn, upstream)
        if not isinstance(grads, (list, tuple)):
            grads = (grads,)
        return (None, *grads)


def _call_grad_fn(grad_fn, upstream):
    # Keras documents `grad_fn(*args, upstream)` for torch and
    # `grad_fn(upstream)` elsewhere: pass `upstream` by name when it has
    # such a parameter, positionally otherwise.
    upstream = upstream[0] if len(upstream) == 1 else upstream
    try:
        named = "upstream" in inspect.signature(grad_fn).parameters
    except (TypeError, ValueError):
        named = False
    if named:
        return grad_fn(upstream=upstream)
    if isinstance(upstream, tuple):
        return grad_fn(*upstream)
    return grad_fn(upstream)


def custom_gradient(f):
    """Wraps `f`, which returns `(output, grad_fn)`, so that gradients of
    the output are `grad_fn(upstream)`."""

    @functools.wraps(f)
    def wrapper(*args, **kwargs):
        call = functools.partial(f, **kwargs) if kwargs else f
        return _CustomGradient.apply(call, *args)

    return wrapper


@global_state.register_clear_session_hook
def _reset_dynamo():
    """`clear_session()` also drops what `torch.compile` cached (compiled
    graphs, guards, shapes seen), so later compiles start afresh."""
    dynamo = sys.modules.get("torch._dynamo")
    if dynamo is not None:
        dynamo.reset()


def is_capturing():
    """Whether Dynamo is tracing or `make_fx` is capturing a whole step
    (`step_capture.py`): code that needs Python values of tensors must
    then take a traceable path."""
    return torch.compiler.is_compiling() or get_proxy_mode() is not None


def remat(f):
    """Returns `f` with its activations recomputed in the backward pass
    (`torch.utils.checkpoint`, non-reentrant).

    Inside a `torch.func` transform (the captured `jit_compile` step)
    `f` runs as is: checkpointing's saved-tensor hooks are not supported
    there, and the compiler chooses what to recompute itself."""
    import torch.utils.checkpoint
    from torch._C._functorch import peek_interpreter_stack

    @functools.wraps(f)
    def wrapped(*args, **kwargs):
        if peek_interpreter_stack() is not None:
            return f(*args, **kwargs)
        return torch.utils.checkpoint.checkpoint(
            f, *args, use_reentrant=False, **kwargs
        )

    return wrapped
