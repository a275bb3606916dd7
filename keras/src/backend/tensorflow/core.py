"""Core tensor functions on TensorFlow."""

import builtins
import contextlib
import functools

import numpy as np
import tensorflow as tf

from keras.src import tree
from keras.src.backend.common import dtypes
from keras.src.backend.common.errors import mixed_error_class
from keras.src.backend.common.prefix_scan import prefix_scan
from keras.src.backend.common.saturation import saturation_bounds
from keras.src.backend.common import name_scope as common_name_scope
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common import symbolic_scope
from keras.src.backend.common.stateless_scope import StatelessScope
from keras.src.backend.common.variables import KerasVariable

SUPPORTS_SPARSE_TENSORS = True
SUPPORTS_RAGGED_TENSORS = True
IS_THREAD_SAFE = True
SUPPORTS_COMPLEX_DTYPES = True


def input_error(keras_class, message, dtype=False):
    """The error of a Keras input check whose input a TensorFlow kernel
    would reject too: a `keras_class` that is also TensorFlow's class for
    it (`TypeError` for an unsupported `dtype`, else
    `InvalidArgumentError`). See `keras.src.backend.common.errors`."""
    if dtype:
        return mixed_error_class(keras_class, TypeError)(message)
    error_class = mixed_error_class(
        keras_class, tf.errors.InvalidArgumentError
    )
    return error_class(None, None, message)


class Variable(KerasVariable):
    """A Keras variable holding a `tf.Variable`."""

    # Initial values are made outside any graph being traced: a variable
    # first needed inside a `tf.function` (the global seed generator) must
    # outlive that graph.
    @functools.wraps(KerasVariable.__init__)
    def __init__(self, *args, **kwargs):
        with tf.init_scope():
            super().__init__(*args, **kwargs)

    def _deferred_initialize(self):
        with tf.init_scope():
            super()._deferred_initialize()

    def _initialize(self, value):
        self._value = tf.Variable(
            value, dtype=self._dtype, trainable=self._trainable,
            name=self.name, **_distribution_arguments(self),
        )

    def _convert_to_tensor(self, value, dtype=None):
        return convert_to_tensor(value, dtype=dtype)

    def _direct_assign(self, value):
        self._value.assign(tf.cast(value, self._value.dtype))

    def numpy(self):
        return self.value.numpy()

    # `tf.GradientTape.gradient(loss, model.trainable_variables)` (the
    # TensorFlow guides' custom `train_step`) treats objects with this
    # attribute as resource variables and differentiates with respect to
    # their `handle`.
    _should_act_as_resource_variable = True

    @property
    def handle(self):
        return self._value.handle

    # TensorFlow does not promote dtypes: convert to the variable's first.
    def assign_add(self, value):
        return self.assign(
            self.value + self._convert_to_tensor(value, self._dtype)
        )

    def assign_sub(self, value):
        return self.assign(
            self.value - self._convert_to_tensor(value, self._dtype)
        )

    @property
    def trainable(self):
        return self._trainable

    @trainable.setter
    def trainable(self, value):
        self._trainable = bool(value)
        if self._value is not None:
            self._value._trainable = self._trainable


_AGGREGATIONS = {
    "none": tf.VariableAggregation.NONE,
    "mean": tf.VariableAggregation.MEAN,
    "sum": tf.VariableAggregation.SUM,
    "only_first_replica": tf.VariableAggregation.ONLY_FIRST_REPLICA,
}
_SYNCHRONIZATIONS = {
    "auto": tf.VariableSynchronization.AUTO,
    "none": tf.VariableSynchronization.NONE,
    "on_read": tf.VariableSynchronization.ON_READ,
    "on_write": tf.VariableSynchronization.ON_WRITE,
}


def _distribution_arguments(variable):
    """How a `tf.distribute` strategy in scope (made under
    `strategy.scope()`) holds `variable`, as tf.keras does: trainable
    variables mirrored (updated once per step, in cross-replica
    context), metric totals (non-trainable, `"sum"` or `"mean"`) one
    copy per replica summed or averaged when read, other state
    (seed counters, moving statistics) mirrored from the first replica's
    update. Outside a strategy, a plain `tf.Variable`."""
    if not tf.distribute.has_strategy():
        return {}
    aggregation = variable.aggregation
    synchronization = variable.synchronization
    if synchronization == "auto" and not variable.trainable:
        if aggregation in ("sum", "mean"):
            synchronization = "on_read"
        elif aggregation == "none":
            # Assigned inside `strategy.run` (every replica computes the
            # same new seed state), which a mirrored variable refuses
            # without an aggregation.
            aggregation = "only_first_replica"
    return {
        "aggregation": _AGGREGATIONS[aggregation],
        "synchronization": _SYNCHRONIZATIONS[synchronization],
    }


def _variable_to_tensor(variable, dtype=None, name=None, as_ref=False):
    value = variable.value
    if dtype is not None and not dtype.is_compatible_with(value.dtype):
        value = tf.cast(value, dtype)
    return tf.convert_to_tensor(value)


# Lets TensorFlow ops take Keras variables wherever they take tensors.
tf.register_tensor_conversion_function(Variable, _variable_to_tensor)


def convert_to_tensor(x, dtype=None, sparse=None, ragged=None):
    """Converts `x` to a `tf.Tensor` of `dtype` (default: inferred)."""
    if isinstance(x, (tf.Tensor, tf.Variable)):
        if dtype is None:
            return x
        dtype = dtypes.standardize_dtype(dtype)
        return x if x.dtype.name == dtype else tf.cast(x, dtype)
    if isinstance(x, (tf.SparseTensor, tf.RaggedTensor)):
        if sparse is False and isinstance(x, tf.SparseTensor):
            x = tf.sparse.to_dense(x)
        elif ragged is False and isinstance(x, tf.RaggedTensor):
            x = x.to_tensor()
        return x if dtype is None else tf.cast(x, dtype)
    if isinstance(x, Variable):
        return convert_to_tensor(x.value, dtype=dtype)
    if dtype is None:
        dtype = dtypes.infer_dtype(x)
    dtype = dtypes.standardize_dtype(dtype)
    if isinstance(x, (bool, int, float)) and dtype != "string":
        # ~10us, against ~300us through NumPy and a cast.
        try:
            return tf.constant(x, dtype=dtype)
        except (TypeError, ValueError):
            pass
    if isinstance(x, (list, tuple)):
        x = [convert_to_numpy(e) if is_tensor(e) else e for e in x]
        x = np.asarray(x)
    if dtype == "string":
        return tf.convert_to_tensor(x, dtype=tf.string)
    if isinstance(x, np.ndarray) and x.dtype.kind in "USO":
        raise ValueError(f"Cannot convert {x!r} to a numeric tensor.")
    return tf.cast(tf.convert_to_tensor(np.asarray(x)), dtype)


def convert_to_numpy(x):
    """Returns `x` as a NumPy array."""
    if isinstance(x, Variable):
        x = x.value
    if isinstance(x, tf.SparseTensor):
        x = tf.sparse.to_dense(x)
    elif isinstance(x, tf.RaggedTensor):
        x = x.to_tensor()
    if isinstance(x, (tf.Tensor, tf.Variable)):
        return x.numpy()
    return np.asarray(x)


def is_tensor(x):
    """Returns whether `x` is a TensorFlow tensor (dense, sparse, ragged)."""
    return tf.is_tensor(x)


def shape(x):
    """Returns the shape of `x` as a tuple; dimensions unknown while tracing
    are returned as scalar tensors."""
    if not tf.is_tensor(x):
        static = getattr(x, "shape", None)
        return np.shape(x) if static is None else tuple(static)
    static = x.shape
    if static.rank is None:
        return tuple(tf.unstack(tf.shape(x)))
    dims = tuple(static.as_list())
    if None in dims and not isinstance(x, tf.RaggedTensor):
        dynamic = tf.shape(x)
        dims = tuple(
            dynamic[i] if d is None else d for i, d in enumerate(dims)
        )
    return dims


def cast(x, dtype):
    """Returns `x` cast to `dtype`."""
    dtype = dtypes.standardize_dtype(dtype)
    if isinstance(x, Variable):
        x = x.value
    if tf.is_tensor(x):
        return x if x.dtype.name == dtype else tf.cast(x, dtype)
    return convert_to_tensor(x, dtype=dtype)


def cond(pred, true_fn, false_fn):
    """Calls `true_fn()` if `pred` else `false_fn()`, traceable by
    `tf.function`."""
    if isinstance(pred, Variable):
        pred = pred.value
    if not tf.is_tensor(pred):
        # A Python or NumPy predicate picks its branch now, as in Python.
        return true_fn() if pred else false_fn()
    if isinstance(pred, tf.Variable):
        pred = pred.value()
    return tf.cond(pred, true_fn=true_fn, false_fn=false_fn)


def stop_gradient(variable):
    """Returns `variable` with gradients blocked."""
    return tf.stop_gradient(convert_to_tensor(variable))


@symbolic_scope.symbolic
def compute_output_spec(fn, *args, **kwargs):
    """Returns the `KerasTensor` specs of `fn(*args, **kwargs)` where args
    hold `KerasTensor`s, by tracing `fn` as a `tf.function` (which may
    read variables), where `None` dimensions stay unknown."""
    from keras.src import tree

    flat = tree.flatten((args, kwargs))
    positions = [i for i, x in enumerate(flat) if isinstance(x, KerasTensor)]
    traced = {}

    def trace(*tensors):
        values = list(flat)
        for index, tensor in zip(positions, tensors):
            values[index] = tensor
        call_args, call_kwargs = tree.pack_sequence_as((args, kwargs),
                                                       values)
        outputs = fn(*call_args, **call_kwargs)
        traced["outputs"] = tree.map_structure(_to_keras_spec, outputs)

    specs = [_tensor_spec(flat[i]) for i in positions]
    with StatelessScope():
        tf.function(trace, autograph=False).get_concrete_function(*specs)
    return traced["outputs"]


def _tensor_spec(x):
    if x.sparse:
        return tf.SparseTensorSpec(shape=x.shape, dtype=x.dtype)
    if x.ragged:
        return tf.RaggedTensorSpec(shape=x.shape, dtype=x.dtype)
    return tf.TensorSpec(shape=x.shape, dtype=x.dtype)


def _to_keras_spec(x):
    if x is None or isinstance(x, KerasTensor) or not tf.is_tensor(x):
        return x
    return KerasTensor(
        x.shape.as_list() if x.shape.rank is not None else (),
        dtype=x.dtype.name,
        sparse=isinstance(x, tf.SparseTensor),
        ragged=isinstance(x, tf.RaggedTensor),
    )


@contextlib.contextmanager
def device_scope(device_name):
    """Places new tensors and ops on `device_name` (`"cpu"`, `"gpu:0"`).

    Example:

    >>> with keras.device("cpu"):
    ...     x = keras.ops.ones((2,))
    """
    if not isinstance(device_name, str):
        raise ValueError(
            f"`device_name` must be a string. Received: {device_name!r}"
        )
    with tf.device(device_name.upper() if ":" not in device_name
                   else device_name):
        yield


device = device_scope


class name_scope(common_name_scope.name_scope):
    """A Keras name scope that also opens a `tf.name_scope`."""

    def __enter__(self):
        result = super().__enter__()
        self._tf_scope = tf.name_scope(self.name)
        self._tf_scope.__enter__()
        return result

    def __exit__(self, *args):
        self._tf_scope.__exit__(*args)
        return super().__exit__(*args)


def random_seed_dtype():
    return "int64"


def promote(*values):
    """Converts `values` to tensors of their promoted dtype
    (`keras.backend.result_type`; Python scalars are weak)."""
    dtype = dtypes.result_type(*(dtypes.dtype_of(v) for v in values))
    return tuple(convert_to_tensor(v, dtype) for v in values)


# -- casting ---------------------------------------------------------------


def _constant_like(value, x):
    # Through float64, as TensorFlow refuses inexact Python ints for floats.
    if x.dtype.is_floating:
        return tf.cast(tf.constant(float(value), tf.float64), x.dtype)
    return tf.constant(int(value), x.dtype)


def saturate_cast(x, dtype):
    """Casts `x` to `dtype`, clipping values to the range of `dtype`."""
    dtype = dtypes.standardize_dtype(dtype)
    x = convert_to_tensor(x)
    bounds = saturation_bounds(x.dtype.name, dtype)
    if bounds is None:
        return cast(x, dtype)
    low, high, overflow = bounds
    if dtypes.is_int_dtype(dtype) and x.dtype.is_floating:
        x = tf.where(tf.math.is_nan(x), tf.zeros_like(x), x)
    high_value = _constant_like(high, x)
    clipped = tf.clip_by_value(x, _constant_like(low, x), high_value)
    result = tf.cast(clipped, dtype)
    if overflow:
        top = tf.constant(high, dtype)
        result = tf.where(clipped >= high_value, top, result)
    return result


# -- scatter and slices ----------------------------------------------------


def _wrapped_indices(indices, shape):
    """`indices` as a tensor, negative entries counted from the end of
    `shape`'s dimensions (as every other backend does)."""
    indices = convert_to_tensor(indices)
    k = indices.shape[-1]
    dims = tf.cast(tf.convert_to_tensor(shape)[:k], indices.dtype)
    return tf.where(indices < 0, indices + dims, indices)


def scatter(indices, values, shape):
    """Returns a zero tensor of `shape` with `values` added at `indices`."""
    values = convert_to_tensor(values)
    indices = _wrapped_indices(indices, shape)
    return tf.scatter_nd(indices, values, tf.cast(shape, indices.dtype))


_TENSOR_SCATTERS = {
    None: tf.tensor_scatter_nd_update,
    "add": tf.tensor_scatter_nd_add,
    "max": tf.tensor_scatter_nd_max,
    "min": tf.tensor_scatter_nd_min,
}


def _scatter_multiply(inputs, indices, updates):
    """`inputs` multiplied at `indices` by the products of `updates`
    (TensorFlow has no multiplying scatter): flatten the indexed dims and
    take segment products."""
    k = indices.shape[-1]
    shape = tf.shape(inputs, out_type=indices.dtype)
    outer, rest = shape[:k], shape[k:]
    strides = tf.math.cumprod(outer, exclusive=True, reverse=True)
    flat_index = tf.reshape(tf.reduce_sum(indices * strides, axis=-1), [-1])
    size = tf.reduce_prod(outer)
    minus_one = tf.constant([-1], indices.dtype)
    flat_updates = tf.reshape(updates, tf.concat([minus_one, rest], 0))
    factors = tf.math.unsorted_segment_prod(flat_updates, flat_index, size)
    flat_inputs = tf.reshape(inputs, tf.concat([[size], rest], 0))
    return tf.reshape(flat_inputs * factors, shape)


def scatter_update(inputs, indices, updates, reduction=None):
    """Returns `inputs` with `updates` written (or combined with
    `reduction`) at `indices`."""
    inputs = convert_to_tensor(inputs)
    updates = convert_to_tensor(updates, inputs.dtype)
    indices = _wrapped_indices(indices, tf.shape(inputs))
    if reduction == "mul":
        return _scatter_multiply(inputs, indices, updates)
    return _TENSOR_SCATTERS[reduction](inputs, indices, updates)


def _clamp(value, low, high):
    return builtins.min(builtins.max(int(value), low), high)


def _window_start(start_indices, dims):
    """Start indices counted from the end when negative, then clamped to
    the dimensions (as `jax.lax.dynamic_slice` does)."""
    start = tf.cast(start_indices, "int32")
    return tf.clip_by_value(tf.where(start < 0, start + dims, start), 0, dims)


def slice(inputs, start_indices, shape):
    """Returns the block of `inputs` of `shape` (`-1`: up to the end)
    starting at `start_indices`, moved inside `inputs` where needed."""
    inputs = convert_to_tensor(inputs)
    dims = tf.shape(inputs)
    start = _window_start(start_indices, dims)
    if all(isinstance(d, int) and d >= 0 for d in shape):
        size = list(shape)  # Static: keeps the static output shape.
    else:
        size = tf.cast(shape, "int32")
        size = tf.where(size == -1, dims - start, size)
    start = tf.clip_by_value(start, 0, dims - size)
    return tf.slice(inputs, start, size)


def slice_update(inputs, start_indices, updates):
    """Returns `inputs` with `updates` written at `start_indices`, moved
    inside `inputs` where needed."""
    inputs = convert_to_tensor(inputs)
    updates = convert_to_tensor(updates, inputs.dtype)
    dims, sizes = tf.shape(inputs), tf.shape(updates)
    start = tf.clip_by_value(_window_start(start_indices, dims), 0,
                             dims - sizes)
    paddings = tf.stack([start, dims - sizes - start], axis=1)
    mask = tf.pad(tf.ones_like(updates, dtype=tf.bool), paddings)
    result = tf.where(mask, tf.pad(updates, paddings), inputs)
    return tf.ensure_shape(result, inputs.shape)


# -- control flow ----------------------------------------------------------


def _to_tensors(structure):
    return tree.map_structure(
        lambda x: x if x is None else convert_to_tensor(x), structure
    )


def while_loop(cond, body, loop_vars, maximum_iterations=None):
    """Runs `loop_vars = body(*loop_vars)` while `cond(*loop_vars)`."""
    unpack = isinstance(loop_vars, (list, tuple))
    state = _to_tensors(tuple(loop_vars) if unpack else (loop_vars,))

    def keep_going(*state):
        return cond(*state) if unpack else cond(state[0])

    def step(*state):
        outputs = body(*state) if unpack else body(state[0])
        if not (unpack and isinstance(outputs, (list, tuple))):
            outputs = (outputs,)
        # The state's structure, whatever sequence types `body` used.
        return tree.pack_sequence_as(state, tree.flatten(outputs))

    result = tf.while_loop(
        keep_going, step, state, maximum_iterations=maximum_iterations
    )
    return tuple(result) if unpack else result[0]


def fori_loop(lower, upper, body_fun, init_val):
    """Runs `val = body_fun(i, val)` for `i` in `range(lower, upper)`."""
    lower = convert_to_tensor(lower)
    upper = tf.cast(upper, lower.dtype)

    def step(i, value):
        outputs = body_fun(i, value)
        return i + 1, tree.pack_sequence_as(value, tree.flatten(outputs))

    return tf.while_loop(
        lambda i, value: i < upper, step, (lower, _to_tensors(init_val))
    )[1]


def _leading_length(flat_xs, length):
    if not flat_xs:
        return int(length)
    static = flat_xs[0].shape[0]
    return tf.shape(flat_xs[0])[0] if static is None else static


def _empty_outputs(f, carry, xs, flat_xs):
    """The outputs of a scan of length 0: `f`'s, with a 0-sized axis."""
    first = [tf.zeros(x.shape[1:], x.dtype) for x in flat_xs]
    x = tree.pack_sequence_as(xs, first) if xs is not None else None
    _, y = f(carry, x)

    def empty(v):
        v = convert_to_tensor(v)
        return tf.zeros((0,) + tuple(v.shape), v.dtype)

    return tree.map_structure(lambda v: None if v is None else empty(v), y)


def scan(f, init, xs=None, length=None, reverse=False, unroll=1):
    """Loops `carry, y = f(carry, x)` over the leading axis of `xs`;
    returns the final carry and the stacked `y`s. The first step runs
    before the `tf.while_loop`, to learn the structure of the `y`s."""
    carry = _to_tensors(init)
    flat_xs = [] if xs is None else [
        convert_to_tensor(x) for x in tree.flatten(xs)
    ]
    n = _leading_length(flat_xs, length)
    if isinstance(n, int) and n == 0:
        return carry, _empty_outputs(f, carry, xs, flat_xs)

    def step_input(i):
        position = n - 1 - i if reverse else i
        if xs is None:
            return position, None
        x = [tf.gather(a, position) for a in flat_xs]
        return position, tree.pack_sequence_as(xs, x)

    position, x = step_input(0)
    carry, y = f(carry, x)
    carry = _to_tensors(carry)
    leaves = [None if v is None else convert_to_tensor(v)
              for v in tree.flatten(y)]
    arrays = [
        tf.TensorArray(v.dtype, size=n, element_shape=v.shape)
        .write(position, v)
        for v in leaves if v is not None
    ]

    def step(i, carry, arrays):
        position, x = step_input(i)
        new_carry, y = f(carry, x)
        values = [v for v in tree.flatten(y) if v is not None]
        arrays = [a.write(position, v) for a, v in zip(arrays, values)]
        new_carry = tree.pack_sequence_as(carry, tree.flatten(new_carry))
        return i + 1, new_carry, arrays

    _, carry, arrays = tf.while_loop(
        lambda i, carry, arrays: i < n, step, (tf.constant(1), carry, arrays)
    )
    stacked = iter([a.stack() for a in arrays])
    ys = [None if v is None else next(stacked) for v in leaves]
    return carry, tree.pack_sequence_as(y, ys)


def map(f, xs):
    """Applies `f` to each slice of `xs` along axis 0; stacks the results."""
    return scan(lambda carry, x: (carry, f(x)), (), xs)[1]


def _take(x, indices, axis):
    return tf.gather(x, indices, axis=axis)


def associative_scan(f, elems, reverse=False, axis=0):
    """Inclusive scan of `elems` along `axis` with the associative `f`."""
    leaves = [convert_to_tensor(x) for x in tree.flatten(elems)]
    axis = axis % leaves[0].shape.rank
    if leaves[0].shape[axis] is None:
        raise ValueError(
            "`associative_scan` on the tensorflow backend needs a static "
            f"size along axis {axis}. Received shape: {leaves[0].shape}"
        )

    def combine(a, b):
        out = f(tree.pack_sequence_as(elems, a),
                tree.pack_sequence_as(elems, b))
        return [convert_to_tensor(x) for x in tree.flatten(out)]

    if reverse:
        leaves = [tf.reverse(x, [axis]) for x in leaves]
    leaves = prefix_scan(combine, leaves, axis, tf.concat, _take)
    if reverse:
        leaves = [tf.reverse(x, [axis]) for x in leaves]
    return tree.pack_sequence_as(elems, leaves)


def switch(index, branches, *operands):
    """Calls `branches[index](*operands)`, `index` clamped to the range."""
    last = len(branches) - 1
    if isinstance(index, (int, np.integer)):
        return branches[_clamp(index, 0, last)](*operands)
    index = tf.clip_by_value(tf.cast(index, "int32"), 0, last)
    return tf.switch_case(
        index, [functools.partial(branch, *operands) for branch in branches]
    )


def vectorized_map(function, elements):
    """Maps `function` over axis 0 of `elements` (`tf.vectorized_map`)."""
    return tf.vectorized_map(function, _to_tensors(elements))


def unstack(x, num=None, axis=0):
    """Splits `x` along `axis` into a list of tensors."""
    return tf.unstack(convert_to_tensor(x), num=num, axis=axis)


def custom_gradient(f):
    """Wraps `f`, which returns `(output, grad_fn)`, so that gradients of
    the output are `grad_fn(upstream)`."""
    return tf.custom_gradient(f)


def remat(f):
    """Returns `f` with its activations recomputed in the backward pass
    (`tf.recompute_grad`)."""
    return tf.recompute_grad(f)
