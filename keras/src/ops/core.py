"""Core ops: dtype and tensor conversions, scatters, slices and
`unstack`. The control-flow ops live in `control_flow.py` and are
re-exported here."""

import builtins

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common import dtypes
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.ops import shape_rules
from keras.src.ops.control_flow import associative_scan
from keras.src.ops.control_flow import cond
from keras.src.ops.control_flow import custom_gradient
from keras.src.ops.control_flow import fori_loop
from keras.src.ops.control_flow import fresh_spec
from keras.src.ops.control_flow import map
from keras.src.ops.control_flow import scan
from keras.src.ops.control_flow import switch
from keras.src.ops.control_flow import vectorized_map
from keras.src.ops.control_flow import while_loop
from keras.src.ops.operation import symbolic_op
from keras.src.ops import op_tables
from keras.src.ops.op_class import op_classes_on_demand

__all__ = [
    "associative_scan",
    "cast",
    "cond",
    "convert_to_numpy",
    "convert_to_tensor",
    "custom_gradient",
    "dtype",
    "fori_loop",
    "is_tensor",
    "map",
    "saturate_cast",
    "scan",
    "scatter",
    "scatter_update",
    "shape",
    "slice",
    "slice_update",
    "stop_gradient",
    "switch",
    "unstack",
    "vectorized_map",
    "while_loop",
]


# -- dtypes and conversions ----------------------------------------------


@keras_export("keras.ops.cast")
def cast(x, dtype):
    """Casts a tensor to another dtype.

    Args:
        x: a tensor.
        dtype: the target dtype, such as `"float32"` or `"int8"`.

    Returns:
        `x` cast to `dtype`.

    Example:

    >>> keras.ops.cast(np.array([1.7, -2.5]), "int32")
    array([ 1, -2], dtype=int32)
    """
    dtype = backend.standardize_dtype(dtype)
    if isinstance(x, KerasTensor):
        return symbolic_op(cast, _cast_spec, x, dtype)
    return backend.cast(x, dtype)


def _cast_spec(x, dtype):
    return KerasTensor(x.shape, dtype=dtype, sparse=x.sparse, ragged=x.ragged)


@keras_export("keras.ops.saturate_cast")
def saturate_cast(x, dtype):
    """Casts a tensor to another dtype, clipping values to its range.

    Values beyond the target dtype's range become its minimum or maximum
    instead of wrapping around; `NaN`s cast to integers become 0.

    Args:
        x: a tensor.
        dtype: the target dtype.

    Returns:
        `x` clipped and cast to `dtype`.

    Example:

    >>> keras.ops.saturate_cast(np.array([-1, 300], "int32"), "uint8")
    array([  0, 255], dtype=uint8)
    """
    dtype = backend.standardize_dtype(dtype)
    if isinstance(x, KerasTensor):
        return symbolic_op(saturate_cast, _cast_spec, x, dtype)
    return backend.core.saturate_cast(x, dtype)


@keras_export("keras.ops.convert_to_tensor")
def convert_to_tensor(x, dtype=None, sparse=None, ragged=None):
    """Converts a NumPy array, Python value or tensor to a backend tensor.

    Args:
        x: the value to convert.
        dtype: the target dtype; by default, inferred from `x` (Python
            ints give `"int32"`, floats `floatx()`).
        sparse: whether sparse tensors may stay sparse; `False` densifies
            them. `None` keeps them as they are.
        ragged: the same for ragged tensors.

    Returns:
        A tensor of the backend.

    Example:

    >>> keras.ops.convert_to_tensor([1, 2])
    array([1, 2], dtype=int32)
    """
    if isinstance(x, KerasTensor):
        return _convert_symbolic(x, dtype, sparse, ragged)
    return backend.convert_to_tensor(
        x, dtype=dtype, sparse=sparse, ragged=ragged
    )


def _convert_symbolic(x, dtype, sparse, ragged):
    dtype = x.dtype if dtype is None else backend.standardize_dtype(dtype)
    densify = (sparse is False and x.sparse) or (
        ragged is False and x.ragged
    )
    if dtype == x.dtype and not densify:
        return x
    return symbolic_op(
        convert_to_tensor, _convert_spec, x, dtype, sparse, ragged
    )


def _convert_spec(x, dtype=None, sparse=None, ragged=None):
    return KerasTensor(
        x.shape,
        dtype=x.dtype if dtype is None else dtype,
        sparse=x.sparse and sparse is not False,
        ragged=x.ragged and ragged is not False,
    )


@keras_export("keras.ops.convert_to_numpy")
def convert_to_numpy(x):
    """Converts a tensor to a NumPy array.

    Args:
        x: a tensor, variable or Python value.

    Returns:
        A NumPy array.

    Example:

    >>> keras.ops.convert_to_numpy(keras.ops.convert_to_tensor([1.0, 2.0]))
    array([1., 2.], dtype=float32)
    """
    if isinstance(x, KerasTensor):
        raise ValueError(
            "`convert_to_numpy`: a KerasTensor is symbolic (a shape and a "
            f"dtype, no values) and cannot become a NumPy array: {x}"
        )
    return backend.convert_to_numpy(x)


@keras_export("keras.ops.is_tensor")
def is_tensor(x):
    """Returns whether `x` is a tensor of the active backend.

    Args:
        x: any value.

    Returns:
        `True` for backend tensors; `False` for `KerasTensor`s, Python
        values and (except with the numpy backend) NumPy arrays.

    Example:

    >>> keras.ops.is_tensor(keras.ops.convert_to_tensor([1.0, 2.0]))
    True
    """
    return backend.is_tensor(x)


@keras_export("keras.ops.shape")
def shape(x):
    """Returns the shape of a tensor as a tuple.

    Symbolic tensors give `None` for unknown dimensions; with TensorFlow,
    dimensions unknown while tracing are scalar tensors.

    Args:
        x: a tensor, `KerasTensor` or array-like value.

    Returns:
        A tuple.

    Example:

    >>> keras.ops.shape(keras.KerasTensor((None, 3)))
    (None, 3)
    """
    if isinstance(x, KerasTensor):
        return x.shape
    return backend.core.shape(x)


@keras_export("keras.ops.dtype")
def dtype(x):
    """Returns the Keras name of a tensor's dtype.

    Args:
        x: a tensor, `KerasTensor`, variable or Python value.

    Returns:
        A string such as `"float32"`.

    Example:

    >>> keras.ops.dtype(np.ones((2,), "float16"))
    'float16'
    """
    value_dtype = getattr(x, "dtype", None)
    if value_dtype is not None:
        return backend.standardize_dtype(value_dtype)
    return dtypes.result_type(dtypes.dtype_of(x))


@keras_export("keras.ops.stop_gradient")
def stop_gradient(variable):
    """Returns a tensor's value with gradients blocked through it.

    Args:
        variable: a tensor or variable.

    Returns:
        The same values, treated as a constant by differentiation.

    Example:

    >>> keras.ops.stop_gradient(np.array([1.0, 2.0]))
    array([1., 2.], dtype=float32)
    """
    if isinstance(variable, KerasTensor):
        return symbolic_op(stop_gradient, fresh_spec, variable)
    return backend.stop_gradient(variable)


# -- scatter and slices -------------------------------------------------


def _check_scatter_shapes(op_name, indices, updates, shape):
    """Checks that `updates` has shape `indices.shape[:-1] +
    shape[indices.shape[-1]:]`."""
    index_shape = shape_rules.shape_of(indices)
    update_shape = shape_rules.shape_of(updates)
    depth = index_shape[-1] if index_shape else None
    if depth is None:
        return
    expected = index_shape[:-1] + tuple(shape[depth:])
    compatible = depth <= len(shape) and len(update_shape) == len(
        expected
    ) and all(
        a is None or b is None or a == b
        for a, b in zip(update_shape, expected)
    )
    if not compatible:
        raise ValueError(
            f"`{op_name}`: indices of shape {index_shape} into a tensor of "
            f"shape {tuple(shape)} need updates of shape {expected}. "
            f"Received updates of shape {update_shape}"
        )


@keras_export("keras.ops.scatter")
def scatter(indices, values, shape):
    """Returns a zero tensor of `shape` with `values` added at `indices`.

    Values at repeated indices are summed.

    Args:
        indices: integers of shape `(..., k)`: each row indexes the first
            `k` dimensions of the result.
        values: the values, of shape `indices.shape[:-1] + shape[k:]`.
        shape: the shape of the result.

    Returns:
        A tensor of `shape`, of the dtype of `values`.

    Example:

    >>> keras.ops.scatter(np.array([[0], [2]]), np.array([1., 2.]), (4,))
    array([1., 0., 2., 0.], dtype=float32)
    """
    shape = tuple(shape)
    _check_scatter_shapes("scatter", indices, values, shape)
    if any_symbolic_tensors((indices, values)):
        return symbolic_op(scatter, _scatter_spec, indices, values, shape)
    return backend.core.scatter(indices, values, shape)


def _scatter_spec(indices, values, shape):
    return KerasTensor(shape, dtype=fresh_spec(values).dtype)


_REDUCTIONS = (None, "add", "max", "min", "mul")


@keras_export("keras.ops.scatter_update")
def scatter_update(inputs, indices, updates, reduction=None):
    """Returns `inputs` with `updates` written at `indices`.

    Args:
        inputs: a tensor.
        indices: integers of shape `(..., k)`: each row indexes the first
            `k` dimensions of `inputs`.
        updates: the new values, of shape
            `indices.shape[:-1] + inputs.shape[k:]`, cast to `inputs`'
            dtype.
        reduction: `None` to overwrite (with repeated indices, one of the
            updates wins), or `"add"`, `"max"`, `"min"` or `"mul"` to
            combine the updates with the values in place.

    Returns:
        A tensor of the shape and dtype of `inputs`.

    Example:

    >>> keras.ops.scatter_update(np.zeros(3), np.array([[1]]), np.ones(1))
    array([0., 1., 0.], dtype=float32)
    """
    if reduction not in _REDUCTIONS:
        raise ValueError(
            "`scatter_update`: `reduction` must be one of "
            f"{_REDUCTIONS}. Received: reduction={reduction!r}"
        )
    _check_scatter_shapes(
        "scatter_update", indices, updates, shape_rules.shape_of(inputs)
    )
    if any_symbolic_tensors((inputs, indices, updates)):
        return symbolic_op(
            scatter_update, _scatter_update_spec, inputs, indices, updates,
            reduction,
        )
    return backend.core.scatter_update(inputs, indices, updates, reduction)


def _scatter_update_spec(inputs, indices, updates, reduction=None):
    return fresh_spec(inputs)


def _start_list(start_indices):
    """`start_indices` as a list of ints where known, else `None`s; `None`
    if their number is unknown."""
    if isinstance(start_indices, (list, tuple)):
        return [s if isinstance(s, int) else None for s in start_indices]
    length = shape_rules.shape_of(start_indices)[0]
    return None if length is None else [None] * length


def _check_rank(op_name, what, entries, input_shape):
    if entries is not None and len(entries) != len(input_shape):
        raise ValueError(
            f"`{op_name}`: {what} must have one entry per dimension of the "
            f"inputs, of shape {input_shape}. Received {len(entries)} "
            "entries."
        )


@keras_export("keras.ops.slice")
def slice(inputs, start_indices, shape):
    """Returns a block of a tensor.

    As with `jax.lax.dynamic_slice`, negative start indices count from
    the end, and the block is moved back inside `inputs` where it would
    overflow.

    Args:
        inputs: a tensor.
        start_indices: where the block starts, one index per dimension
            (a list of ints or scalar tensors, or an int tensor).
        shape: the shape of the block; `-1` takes the rest of a dimension.

    Returns:
        A tensor of `shape`, of the dtype of `inputs`.

    Example:

    >>> x = np.arange(12).reshape(3, 4)
    >>> keras.ops.slice(x, (1, 1), (2, 2))
    array([[ 5,  6],
           [ 9, 10]], dtype=int32)
    """
    input_shape = shape_rules.shape_of(inputs)
    _check_rank("slice", "`shape`", shape, input_shape)
    _check_rank("slice", "`start_indices`", _start_list(start_indices),
                input_shape)
    if any_symbolic_tensors((inputs, start_indices)):
        return symbolic_op(slice, _slice_op_spec, inputs, start_indices,
                           shape)
    return backend.core.slice(inputs, start_indices, shape)


def _slice_op_spec(inputs, start_indices, shape):
    dims = []
    starts = _start_list(start_indices) or [None] * len(shape)
    for start, size, dim in zip(starts, shape, inputs.shape):
        if size != -1:
            dims.append(int(size))
        elif start is None or dim is None:
            dims.append(None)
        else:
            start = start + dim if start < 0 else start
            dims.append(dim - builtins.min(builtins.max(start, 0), dim))
    return KerasTensor(tuple(dims), dtype=fresh_spec(inputs).dtype)


@keras_export("keras.ops.slice_update")
def slice_update(inputs, start_indices, updates):
    """Returns a tensor with a block overwritten.

    As with `jax.lax.dynamic_update_slice`, negative start indices count
    from the end, and the block is moved back inside `inputs` where it
    would overflow.

    Args:
        inputs: a tensor.
        start_indices: where the block starts, one index per dimension.
        updates: the block, of the rank of `inputs`; cast to its dtype.

    Returns:
        A tensor of the shape and dtype of `inputs`.

    Example:

    >>> keras.ops.slice_update(np.zeros(4), (1,), np.ones(2))
    array([0., 1., 1., 0.], dtype=float32)
    """
    input_shape = shape_rules.shape_of(inputs)
    update_shape = shape_rules.shape_of(updates)
    _check_rank("slice_update", "`updates`", update_shape, input_shape)
    _check_rank("slice_update", "`start_indices`",
                _start_list(start_indices), input_shape)
    too_big = any(
        u is not None and d is not None and u > d
        for u, d in zip(update_shape, input_shape)
    )
    if too_big:
        raise ValueError(
            f"`slice_update`: updates of shape {update_shape} do not fit in "
            f"inputs of shape {input_shape}."
        )
    if any_symbolic_tensors((inputs, start_indices, updates)):
        return symbolic_op(slice_update, _slice_update_spec, inputs,
                           start_indices, updates)
    return backend.core.slice_update(inputs, start_indices, updates)


def _slice_update_spec(inputs, start_indices, updates):
    return fresh_spec(inputs)


@keras_export("keras.ops.unstack")
def unstack(x, num=None, axis=0):
    """Splits a tensor along an axis into a list of tensors.

    Args:
        x: a tensor.
        num: the size of `axis`; needed only when it is unknown
            (symbolically).
        axis: the axis to split along.

    Returns:
        A list of `x.shape[axis]` tensors, each without `axis`.

    Example:

    >>> keras.ops.unstack(np.array([[1, 2], [3, 4]]))
    [array([1, 2], dtype=int32), array([3, 4], dtype=int32)]
    """
    x_shape = shape_rules.shape_of(x)
    axis = shape_rules.canonicalize_axis("unstack", axis, len(x_shape))
    size = x_shape[axis]
    if size is None and num is None:
        raise ValueError(
            f"`unstack`: cannot infer `num` from shape {x_shape}: its axis "
            f"{axis} is unknown. Pass `num`."
        )
    if size is not None and num is not None and num != size:
        raise ValueError(
            f"`unstack`: num={num} does not match the size {size} of axis "
            f"{axis} of shape {x_shape}."
        )
    if isinstance(x, KerasTensor):
        return symbolic_op(unstack, _unstack_spec, x, num, axis)
    return backend.core.unstack(x, num=num, axis=axis)


def _unstack_spec(x, num=None, axis=0):
    count = num if x.shape[axis] is None else x.shape[axis]
    shape = x.shape[:axis] + x.shape[axis + 1:]
    return [KerasTensor(shape, dtype=x.dtype) for _ in range(count)]


# The op classes (`Cast`, ...): what symbolic calls record, at Keras's
# paths. Made from the op functions above; see `op_class.py`.
__getattr__ = op_classes_on_demand(__name__, globals(), op_tables.CORE)
