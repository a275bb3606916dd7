"""Core tensor functions on JAX."""

import builtins
import contextlib

import jax
import jax.numpy as jnp
import numpy as np

from keras.src import tree
from keras.src.backend.common import dtypes
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
    """The error of a Keras input check: `keras_class` itself (JAX raises
    the classes Keras documents for these). See
    `keras.src.backend.common.errors`."""
    del dtype
    return keras_class(message)


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

    # Lets `jnp.asarray` take variables (other `jnp` functions need an
    # explicit conversion).
    def __jax_array__(self):
        return self.value


_NARROWED = {
    "int64": "int32",
    "uint64": "uint32",
    "float64": "float32",
    "complex128": "complex64",
}


def _jax_dtype(dtype):
    # JAX runs without 64-bit types: asking for one would warn.
    dtype = dtypes.standardize_dtype(dtype)
    return _NARROWED.get(dtype, dtype)


def convert_to_tensor(x, dtype=None, sparse=None, ragged=None):
    """Converts `x` to a `jax.Array` of `dtype` (default: inferred)."""
    if sparse:
        raise ValueError("The jax backend does not support sparse tensors.")
    if ragged:
        raise ValueError("The jax backend does not support ragged tensors.")
    if isinstance(x, Variable):
        x = x.value
    if isinstance(x, (jax.Array, jax.core.Tracer)):
        if dtype is None:
            return x
        dtype = _jax_dtype(dtype)
        return x if x.dtype == dtype else x.astype(dtype)
    if dtype is None:
        dtype = dtypes.infer_dtype(x)
    dtype = _jax_dtype(dtype)
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
    return tuple(x.shape) if hasattr(x, "shape") else np.shape(x)


def cast(x, dtype):
    """Returns `x` cast to `dtype`."""
    return convert_to_tensor(x, dtype=dtype)


def cond(pred, true_fn, false_fn):
    """Calls `true_fn()` if `pred` else `false_fn()`, traceable by `jit`."""
    if isinstance(pred, Variable):
        pred = pred.value
    if not isinstance(pred, jax.core.Tracer):
        # A known predicate picks its branch now: no tracing needed.
        return true_fn() if pred else false_fn()
    return jax.lax.cond(pred, true_fun=true_fn, false_fun=false_fn)


def stop_gradient(variable):
    """Returns `variable` with gradients blocked."""
    return jax.lax.stop_gradient(convert_to_tensor(variable))


@symbolic_scope.symbolic
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


# -- casting ---------------------------------------------------------------


def saturate_cast(x, dtype):
    """Casts `x` to `dtype`, clipping values to the range of `dtype`."""
    dtype = dtypes.standardize_dtype(dtype)
    x = convert_to_tensor(x)
    bounds = saturation_bounds(dtypes.standardize_dtype(x.dtype), dtype)
    if bounds is None:
        return cast(x, dtype)
    low, high, overflow = bounds
    if dtypes.is_int_dtype(dtype) and jnp.issubdtype(x.dtype, jnp.floating):
        x = jnp.where(jnp.isnan(x), 0, x)
    clipped = jnp.clip(x, low, high)
    result = clipped.astype(dtype)
    if overflow:
        result = jnp.where(clipped >= high, jnp.asarray(high, dtype), result)
    return result


# -- scatter and slices ----------------------------------------------------


def _index_tuple(indices):
    """Splits `indices` of shape `(..., k)` into `k` index arrays."""
    indices = convert_to_tensor(indices)
    return tuple(jnp.moveaxis(indices, -1, 0))


def scatter(indices, values, shape):
    """Returns a zero tensor of `shape` with `values` added at `indices`."""
    values = convert_to_tensor(values)
    zeros = jnp.zeros(tuple(int(d) for d in shape), dtype=values.dtype)
    return zeros.at[_index_tuple(indices)].add(values)


def scatter_update(inputs, indices, updates, reduction=None):
    """Returns `inputs` with `updates` written (or combined with
    `reduction`) at `indices`."""
    inputs = convert_to_tensor(inputs)
    updates = convert_to_tensor(updates, inputs.dtype)
    target = inputs.at[_index_tuple(indices)]
    if reduction is None:
        return target.set(updates)
    if reduction == "add":
        return target.add(updates)
    if reduction == "max":
        return target.max(updates)
    if reduction == "min":
        return target.min(updates)
    return target.multiply(updates)


def _clamp(value, low, high):
    return builtins.min(builtins.max(int(value), low), high)


def _window_start(start, dim):
    # As `dynamic_slice` reads it: from the end when negative, clamped.
    start = int(start)
    return _clamp(start + dim if start < 0 else start, 0, dim)


def slice(inputs, start_indices, shape):
    """Returns the block of `inputs` of `shape` (`-1`: up to the end)
    starting at `start_indices`, moved inside `inputs` where needed."""
    inputs = convert_to_tensor(inputs)
    sizes = [
        dim - _window_start(start, dim) if size == -1 else int(size)
        for start, size, dim in zip(start_indices, shape, inputs.shape)
    ]
    # `dynamic_slice` wraps negative starts and moves the window inside
    # `inputs` itself.
    return jax.lax.dynamic_slice(inputs, tuple(start_indices), sizes)


def slice_update(inputs, start_indices, updates):
    """Returns `inputs` with `updates` written at `start_indices`, moved
    inside `inputs` where needed."""
    inputs = convert_to_tensor(inputs)
    updates = convert_to_tensor(updates, inputs.dtype)
    return jax.lax.dynamic_update_slice(
        inputs, updates, tuple(start_indices)
    )


# -- control flow ----------------------------------------------------------


def _to_tensors(structure):
    return tree.map_structure(
        lambda x: x if x is None else convert_to_tensor(x), structure
    )


def while_loop(cond, body, loop_vars, maximum_iterations=None):
    """Runs `loop_vars = body(*loop_vars)` while `cond(*loop_vars)`."""
    unpack = isinstance(loop_vars, (list, tuple))
    state = _to_tensors(tuple(loop_vars) if unpack else loop_vars)

    def keep_going(state):
        return cond(*state) if unpack else cond(state)

    def step(state):
        outputs = body(*state) if unpack else body(state)
        if unpack and not isinstance(outputs, (list, tuple)):
            outputs = (outputs,)
        # The state's structure, whatever sequence types `body` used.
        return tree.pack_sequence_as(state, tree.flatten(outputs))

    if maximum_iterations is None:
        return jax.lax.while_loop(keep_going, step, state)

    def counted_cond(counted):
        count, state = counted
        return jnp.logical_and(count < maximum_iterations, keep_going(state))

    def counted_step(counted):
        count, state = counted
        return count + 1, step(state)

    return jax.lax.while_loop(counted_cond, counted_step, (0, state))[1]


def fori_loop(lower, upper, body_fun, init_val):
    """Runs `val = body_fun(i, val)` for `i` in `range(lower, upper)`."""
    return jax.lax.fori_loop(lower, upper, body_fun, _to_tensors(init_val))


def scan(f, init, xs=None, length=None, reverse=False, unroll=1):
    """Loops `carry, y = f(carry, x)` over the leading axis of `xs`;
    returns the final carry and the stacked `y`s."""
    return jax.lax.scan(
        f, _to_tensors(init), _to_tensors(xs), length=length,
        reverse=reverse, unroll=unroll,
    )


def map(f, xs):
    """Applies `f` to each slice of `xs` along axis 0; stacks the results."""
    return jax.lax.map(f, _to_tensors(xs))


def associative_scan(f, elems, reverse=False, axis=0):
    """Inclusive scan of `elems` along `axis` with the associative `f`."""
    elems = _to_tensors(elems)
    # `associative_scan(reverse=True)` rejects negative axes.
    axis = axis % jax.tree_util.tree_leaves(elems)[0].ndim
    return jax.lax.associative_scan(f, elems, reverse=reverse, axis=axis)


def switch(index, branches, *operands):
    """Calls `branches[index](*operands)`, `index` clamped to the range."""
    if not isinstance(index, jax.core.Tracer):
        return branches[_clamp(index, 0, len(branches) - 1)](*operands)
    return jax.lax.switch(index, branches, *operands)


def vectorized_map(function, elements):
    """Maps `function` over axis 0 of `elements` with `jax.vmap`."""
    return jax.vmap(function)(_to_tensors(elements))


def unstack(x, num=None, axis=0):
    """Splits `x` along `axis` into a list of tensors."""
    return list(jnp.unstack(convert_to_tensor(x), axis=axis))


def custom_gradient(f):
    """Wraps `f`, which returns `(output, grad_fn)`, so that gradients of
    the output are `grad_fn(upstream)`."""
    return jax.custom_gradient(f)


def remat(f):
    """Returns `f` with its activations recomputed in the backward pass
    (`jax.checkpoint`)."""
    return jax.checkpoint(f)


# Keras's name for the variable class on JAX.
JaxVariable = Variable
