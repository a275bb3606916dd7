"""Core tensor functions on NumPy (inference only: no gradients)."""

import builtins
import contextlib
import functools

import numpy as np

from keras.src import tree
from keras.src.backend.common import dtypes
from keras.src.backend.common.prefix_scan import prefix_scan
from keras.src.backend.common.saturation import saturation_bounds
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


def input_error(keras_class, message, dtype=False):
    """The error of a Keras input check: `keras_class` itself (NumPy
    raises the classes Keras documents for these). See
    `keras.src.backend.common.errors`."""
    del dtype
    return keras_class(message)


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


_NARROW = {
    np.dtype(wide): np.dtype(narrow)
    for wide, narrow in (
        ("float64", "float32"),
        ("int64", "int32"),
        ("uint64", "uint32"),
        ("complex128", "complex64"),
    )
}


def convert_to_tensor(x, dtype=None, sparse=None, ragged=None):
    """Converts `x` to a NumPy array of `dtype` (default: inferred)."""
    if sparse:
        raise ValueError("The numpy backend does not support sparse tensors.")
    if ragged:
        raise ValueError("The numpy backend does not support ragged tensors.")
    if isinstance(x, (np.ndarray, np.generic)) and dtype is None:
        # As upstream Keras's numpy backend (and JAX without x64): arrays
        # of 64-bit dtypes become their 32-bit kin. An explicit `dtype`
        # keeps 64 bits.
        narrow = _NARROW.get(x.dtype)
        if narrow is not None:
            return np.asarray(x, dtype=narrow)
        if isinstance(x, np.ndarray):
            return x
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


def _as_array(x):
    """`x` as a NumPy array keeping its dtype: for the ops that upstream
    Keras's numpy backend computes on NumPy arrays as given (`sum`,
    `logdet`, `meshgrid`, segment reductions, `shuffle`), where
    `convert_to_tensor` would narrow 64-bit dtypes."""
    if isinstance(x, Variable):
        return x.value
    if isinstance(x, (np.ndarray, np.generic)):
        return np.asarray(x)
    return convert_to_tensor(x)


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
    if isinstance(pred, Variable):
        pred = pred.value
    return true_fn() if pred else false_fn()


def stop_gradient(variable):
    """Returns `variable` as an array (NumPy has no gradients)."""
    return convert_to_tensor(variable)


@symbolic_scope.symbolic
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


# -- casting ---------------------------------------------------------------


def saturate_cast(x, dtype):
    """Casts `x` to `dtype`, clipping values to the range of `dtype`."""
    dtype = dtypes.standardize_dtype(dtype)
    x = convert_to_tensor(x)
    bounds = saturation_bounds(dtypes.standardize_dtype(x.dtype), dtype)
    if bounds is None:
        return cast(x, dtype)
    low, high, overflow = bounds
    if dtypes.is_int_dtype(dtype) and not np.issubdtype(x.dtype, np.integer):
        x = np.where(np.isnan(x), 0, x)
    clipped = np.clip(x, low, high)
    with np.errstate(all="ignore"):
        result = clipped.astype(dtype)
    if overflow:
        result = np.where(clipped >= high, np.asarray(high, dtype), result)
    return result


# -- scatter and slices ----------------------------------------------------


def _index_tuple(indices):
    """Splits `indices` of shape `(..., k)` into `k` index arrays."""
    indices = convert_to_tensor(indices)
    return tuple(np.moveaxis(indices, -1, 0))


def scatter(indices, values, shape):
    """Returns a zero tensor of `shape` with `values` added at `indices`."""
    values = convert_to_tensor(values)
    result = np.zeros(tuple(int(d) for d in shape), dtype=values.dtype)
    np.add.at(result, _index_tuple(indices), values)
    return result


_SCATTER_UFUNCS = {
    "add": np.add,
    "max": np.maximum,
    "min": np.minimum,
    "mul": np.multiply,
}


def scatter_update(inputs, indices, updates, reduction=None):
    """Returns `inputs` with `updates` written (or combined with
    `reduction`) at `indices`."""
    inputs = convert_to_tensor(inputs)
    updates = convert_to_tensor(updates, inputs.dtype)
    index = _index_tuple(indices)
    result = inputs.copy()
    if reduction is None:
        result[index] = updates
    else:
        _SCATTER_UFUNCS[reduction].at(result, index, updates)
    return result


def _clamp(value, low, high):
    return builtins.min(builtins.max(int(value), low), high)


def _window_start(start, dim):
    """A start index counted from the end when negative, then clamped to
    the dimension (as `jax.lax.dynamic_slice` does)."""
    start = int(start)
    return _clamp(start + dim if start < 0 else start, 0, dim)


def slice(inputs, start_indices, shape):
    """Returns the block of `inputs` of `shape` (`-1`: up to the end)
    starting at `start_indices`, moved inside `inputs` where needed."""
    inputs = convert_to_tensor(inputs)
    window = []
    for start, size, dim in zip(start_indices, shape, inputs.shape):
        start = _window_start(start, dim)
        size = dim - start if size == -1 else int(size)
        start = _clamp(start, 0, dim - size)
        window.append(builtins.slice(start, start + size))
    return inputs[tuple(window)]


def slice_update(inputs, start_indices, updates):
    """Returns `inputs` with `updates` written at `start_indices`, moved
    inside `inputs` where needed."""
    inputs = convert_to_tensor(inputs)
    updates = convert_to_tensor(updates, inputs.dtype)
    window = []
    for start, size, dim in zip(start_indices, updates.shape, inputs.shape):
        start = _clamp(_window_start(start, dim), 0, dim - size)
        window.append(builtins.slice(start, start + size))
    result = inputs.copy()
    result[tuple(window)] = updates
    return result


# -- control flow ----------------------------------------------------------


def _to_tensors(structure):
    return tree.map_structure(
        lambda x: x if x is None else convert_to_tensor(x), structure
    )


def _like(reference, values, name):
    """Returns `values` in the structure and dtypes of `reference`. NumPy
    promotes mixed dtypes more widely than the other backends; casting
    back keeps loop results alike on every backend."""
    flat_reference = tree.flatten(reference)
    flat_values = tree.flatten(values)
    if len(flat_values) != len(flat_reference):
        raise ValueError(
            f"`{name}` must return the structure of its loop variables "
            f"{reference}. Received: {values}"
        )
    flat = [
        v if r is None else convert_to_tensor(v, r.dtype)
        for r, v in zip(flat_reference, flat_values)
    ]
    return tree.pack_sequence_as(reference, flat)


def while_loop(cond, body, loop_vars, maximum_iterations=None):
    """Runs `loop_vars = body(*loop_vars)` while `cond(*loop_vars)`."""
    unpack = isinstance(loop_vars, (list, tuple))
    state = _to_tensors(tuple(loop_vars) if unpack else loop_vars)
    count = 0
    while maximum_iterations is None or count < maximum_iterations:
        if not (cond(*state) if unpack else cond(state)):
            break
        outputs = body(*state) if unpack else body(state)
        if unpack and not isinstance(outputs, (list, tuple)):
            outputs = (outputs,)
        state = _like(state, outputs, "body")
        count += 1
    return state


def fori_loop(lower, upper, body_fun, init_val):
    """Runs `val = body_fun(i, val)` for `i` in `range(lower, upper)`."""
    value = _to_tensors(init_val)
    for i in range(int(lower), int(upper)):
        value = _like(value, body_fun(i, value), "body_fun")
    return value


def _leading_length(flat_xs, length):
    return len(flat_xs[0]) if flat_xs else int(length)


def _as_array(x):
    # NumPy reductions return `np.float64` scalars, which must keep their
    # dtype (`convert_to_tensor` treats them as weak Python floats).
    if isinstance(x, (np.ndarray, np.generic)):
        return np.asarray(x)
    return convert_to_tensor(x)


def _stack(outputs, reverse_order):
    """Stacks per-step outputs (each a structure) along a new axis 0."""
    if reverse_order:
        outputs = outputs[::-1]
    flat = [tree.flatten(y) for y in outputs]
    stacked = [
        None if column[0] is None
        else np.stack([_as_array(v) for v in column])
        for column in zip(*flat)
    ]
    return tree.pack_sequence_as(outputs[0], stacked)


def _empty_outputs(f, carry, xs, flat_xs):
    """The outputs of a scan of length 0: `f`'s, with a 0-sized axis."""
    first = [np.zeros(x.shape[1:], x.dtype) for x in flat_xs]
    x = tree.pack_sequence_as(xs, first) if xs is not None else None
    _, y = f(carry, x)
    return tree.map_structure(
        lambda v: None if v is None
        else np.zeros((0,) + np.shape(v), _as_array(v).dtype),
        y,
    )


def scan(f, init, xs=None, length=None, reverse=False, unroll=1):
    """Loops `carry, y = f(carry, x)` over the leading axis of `xs`;
    returns the final carry and the stacked `y`s."""
    carry = _to_tensors(init)
    flat_xs = [] if xs is None else [
        convert_to_tensor(x) for x in tree.flatten(xs)
    ]
    n = _leading_length(flat_xs, length)
    if n == 0:
        return carry, _empty_outputs(f, carry, xs, flat_xs)
    outputs = []
    for i in (range(n - 1, -1, -1) if reverse else range(n)):
        x = None
        if xs is not None:
            x = tree.pack_sequence_as(xs, [a[i] for a in flat_xs])
        new_carry, y = f(carry, x)
        carry = _like(carry, new_carry, "f")
        outputs.append(y)
    return carry, _stack(outputs, reverse)


def map(f, xs):
    """Applies `f` to each slice of `xs` along axis 0; stacks the results."""
    return scan(lambda carry, x: (carry, f(x)), (), xs)[1]


def associative_scan(f, elems, reverse=False, axis=0):
    """Inclusive scan of `elems` along `axis` with the associative `f`."""
    leaves = [convert_to_tensor(x) for x in tree.flatten(elems)]
    axis = axis % leaves[0].ndim

    def combine(a, b):
        out = f(tree.pack_sequence_as(elems, a),
                tree.pack_sequence_as(elems, b))
        return [_as_array(x) for x in tree.flatten(out)]

    if reverse:
        leaves = [np.flip(x, axis) for x in leaves]
    leaves = prefix_scan(combine, leaves, axis, np.concatenate, np.take)
    if reverse:
        leaves = [np.flip(x, axis) for x in leaves]
    return tree.pack_sequence_as(elems, leaves)


def switch(index, branches, *operands):
    """Calls `branches[index](*operands)`, `index` clamped to the range."""
    index = _clamp(index, 0, len(branches) - 1)
    return branches[index](*operands)


def vectorized_map(function, elements):
    """Maps `function` over axis 0 of `elements` (a loop on NumPy)."""
    flat = [convert_to_tensor(x) for x in tree.flatten(elements)]
    if len(flat[0]) == 0:
        return _empty_outputs(
            lambda carry, x: (carry, function(x)), (), elements, flat
        )
    outputs = [
        function(tree.pack_sequence_as(elements, [x[i] for x in flat]))
        for i in range(len(flat[0]))
    ]
    return _stack(outputs, False)


def unstack(x, num=None, axis=0):
    """Splits `x` along `axis` into a list of tensors."""
    x = convert_to_tensor(x)
    return list(np.moveaxis(x, axis, 0))


def custom_gradient(f):
    """Returns `f`'s forward result only: NumPy computes no gradients."""

    @functools.wraps(f)
    def forward(*args, **kwargs):
        return f(*args, **kwargs)[0]

    return forward


def remat(f):
    """Returns `f`: NumPy computes no gradients, so nothing is stored
    for a backward pass."""
    return f
