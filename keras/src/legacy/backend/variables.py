"""Keras 2 backend functions that make, read, write and describe tensors
and variables (`K.variable`, `K.get_value`, `K.int_shape`, ...)."""

import builtins

import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src import random
from keras.src.api_export import keras_export

__all__ = [
    "batch_get_value",
    "batch_set_value",
    "cast",
    "cast_to_floatx",
    "constant",
    "count_params",
    "dtype",
    "eval",
    "eye",
    "get_value",
    "gradients",
    "int_shape",
    "is_sparse",
    "moving_average_update",
    "name_scope",
    "ndim",
    "ones",
    "ones_like",
    "random_normal_variable",
    "random_uniform_variable",
    "set_value",
    "shape",
    "stop_gradient",
    "to_dense",
    "update",
    "update_add",
    "update_sub",
    "variable",
    "zeros",
    "zeros_like",
]


def _dtype_or_floatx(dtype):
    return backend.standardize_dtype(dtype or backend.floatx())


def _check_variable(function_name, x):
    if not isinstance(x, backend.Variable):
        raise TypeError(
            f"`{function_name}` expects a variable (made with "
            "`K.variable` or `keras.Variable`) as `x`. Received: "
            f"x of type {type(x).__name__}"
        )


@keras_export("keras._tf_keras.keras.backend.variable")
def variable(value, dtype=None, name=None, constraint=None):
    """Makes a variable holding `value`.

    Args:
        value: a tensor, array or Python number: the initial value.
        dtype: the variable's dtype; defaults to `K.floatx()`.
        name: an optional name (no `/`).
        constraint: an optional function applied to the variable's value
            after optimizer updates, kept as `variable.constraint`.

    Returns:
        A `keras.Variable`.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> v = K.variable([[1.0, 2.0]])
    >>> K.get_value(v).tolist()
    [[1.0, 2.0]]
    """
    dtype = _dtype_or_floatx(dtype)
    value = ops.cast(ops.convert_to_tensor(value), dtype)
    result = backend.Variable(value, dtype=dtype, name=name)
    result.constraint = constraint
    return result


@keras_export("keras._tf_keras.keras.backend.constant")
def constant(value, dtype=None, shape=None, name=None):
    """Makes a constant tensor.

    Args:
        value: a tensor, array or Python number.
        dtype: the result's dtype; defaults to `K.floatx()`.
        shape: optional shape: a scalar `value` is filled into it, a
            `value` of as many elements is reshaped to it.
        name: unused, kept for Keras 2 compatibility.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.constant(1, shape=(2,))).tolist()
    [1.0, 1.0]
    """
    del name
    value = np.asarray(backend.convert_to_numpy(value))
    value = value.astype(_dtype_or_floatx(dtype))
    if shape is not None:
        shape = tuple(shape)
        if value.size == 1:
            value = np.full(shape, value.reshape(()), dtype=value.dtype)
        elif value.size == int(np.prod(shape)):
            value = value.reshape(shape)
        else:
            raise ValueError(
                "`K.constant`: `value` must be a scalar or have as many "
                f"elements as `shape`. Received: value of shape "
                f"{value.shape} and shape={shape}"
            )
    return ops.convert_to_tensor(value)


def _filled_variable(fill, shape, dtype, name):
    dtype = _dtype_or_floatx(dtype)
    return backend.Variable(
        np.full(tuple(shape), fill, dtype=dtype), dtype=dtype, name=name
    )


@keras_export("keras._tf_keras.keras.backend.zeros")
def zeros(shape, dtype=None, name=None):
    """Makes a variable of zeros.

    Args:
        shape: the variable's shape, a tuple of integers.
        dtype: its dtype; defaults to `K.floatx()`.
        name: an optional name.

    Returns:
        A `keras.Variable` (a variable, as in Keras 2).

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.get_value(K.zeros((2,))).tolist()
    [0.0, 0.0]
    """
    return _filled_variable(0, shape, dtype, name)


@keras_export("keras._tf_keras.keras.backend.ones")
def ones(shape, dtype=None, name=None):
    """Makes a variable of ones.

    Args:
        shape: the variable's shape, a tuple of integers.
        dtype: its dtype; defaults to `K.floatx()`.
        name: an optional name.

    Returns:
        A `keras.Variable`.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.get_value(K.ones((2,), dtype="int32")).tolist()
    [1, 1]
    """
    return _filled_variable(1, shape, dtype, name)


@keras_export("keras._tf_keras.keras.backend.eye")
def eye(size, dtype=None, name=None):
    """Makes an identity-matrix variable.

    Args:
        size: the number of rows and columns, or a `(rows, columns)`
            tuple.
        dtype: its dtype; defaults to `K.floatx()`.
        name: an optional name.

    Returns:
        A `keras.Variable`.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.get_value(K.eye(2)).tolist()
    [[1.0, 0.0], [0.0, 1.0]]
    """
    dtype = _dtype_or_floatx(dtype)
    rows, columns = (size, size) if np.ndim(size) == 0 else tuple(size)
    return backend.Variable(
        np.eye(rows, columns, dtype=dtype), dtype=dtype, name=name
    )


@keras_export("keras._tf_keras.keras.backend.zeros_like")
def zeros_like(x, dtype=None, name=None):
    """Zeros with the shape of `x`.

    Args:
        x: a tensor.
        dtype: the result's dtype; defaults to the dtype of `x`.
        name: unused, kept for Keras 2 compatibility.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.zeros_like([1.0, 2.0])).tolist()
    [0.0, 0.0]
    """
    del name
    return ops.zeros_like(x, dtype=dtype)


@keras_export("keras._tf_keras.keras.backend.ones_like")
def ones_like(x, dtype=None, name=None):
    """Ones with the shape of `x`.

    Args:
        x: a tensor.
        dtype: the result's dtype; defaults to the dtype of `x`.
        name: unused, kept for Keras 2 compatibility.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.ones_like([1.0, 2.0])).tolist()
    [1.0, 1.0]
    """
    del name
    return ops.ones_like(x, dtype=dtype)


@keras_export("keras._tf_keras.keras.backend.random_normal_variable")
def random_normal_variable(shape, mean, scale, dtype=None, name=None,
                           seed=None):
    """Makes a variable of normally distributed values.

    Args:
        shape: the variable's shape.
        mean: the mean of the distribution.
        scale: its standard deviation.
        dtype: the variable's dtype; defaults to `K.floatx()`.
        name: an optional name.
        seed: an optional integer seed.

    Returns:
        A `keras.Variable`.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.int_shape(K.random_normal_variable((2, 3), 0.0, 1.0))
    (2, 3)
    """
    dtype = _dtype_or_floatx(dtype)
    value = random.normal(
        tuple(shape), mean=mean, stddev=scale, dtype=dtype, seed=seed
    )
    return backend.Variable(value, dtype=dtype, name=name)


@keras_export("keras._tf_keras.keras.backend.random_uniform_variable")
def random_uniform_variable(shape, low, high, dtype=None, name=None,
                            seed=None):
    """Makes a variable of uniformly distributed values in `[low, high)`.

    Args:
        shape: the variable's shape.
        low: the lower bound.
        high: the upper bound.
        dtype: the variable's dtype; defaults to `K.floatx()`.
        name: an optional name.
        seed: an optional integer seed.

    Returns:
        A `keras.Variable`.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.int_shape(K.random_uniform_variable((2,), 0.0, 1.0))
    (2,)
    """
    dtype = _dtype_or_floatx(dtype)
    value = random.uniform(
        tuple(shape), minval=low, maxval=high, dtype=dtype, seed=seed
    )
    return backend.Variable(value, dtype=dtype, name=name)


@keras_export("keras._tf_keras.keras.backend.get_value")
def get_value(x):
    """The value of a variable or tensor as a NumPy array.

    Args:
        x: a variable, tensor or array.

    Returns:
        A NumPy array (or NumPy scalar).

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.get_value(K.variable([3.0]))
    array([3.], dtype=float32)
    """
    if isinstance(x, np.ndarray) or np.isscalar(x):
        return x
    return backend.convert_to_numpy(x)


@keras_export("keras._tf_keras.keras.backend.eval")
def eval(x):
    """Evaluates a tensor or variable to a NumPy array.

    Args:
        x: a variable, tensor or array.

    Returns:
        A NumPy array.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.mean([1.0, 3.0]))
    np.float32(2.0)
    """
    value = get_value(x)
    if isinstance(value, np.ndarray) and value.ndim == 0:
        return value[()]
    return value


@keras_export("keras._tf_keras.keras.backend.batch_get_value")
def batch_get_value(tensors):
    """The values of several variables or tensors.

    Args:
        tensors: a list of variables or tensors.

    Returns:
        A list of NumPy arrays.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> [a.tolist() for a in K.batch_get_value([K.variable(1.0)])]
    [1.0]
    """
    return [get_value(x) for x in tensors]


@keras_export("keras._tf_keras.keras.backend.set_value")
def set_value(x, value):
    """Sets a variable's value.

    Args:
        x: a variable.
        value: a tensor or array of the variable's shape.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> v = K.variable(1.0)
    >>> K.set_value(v, 5.0)
    >>> K.get_value(v).tolist()
    5.0
    """
    _check_variable("K.set_value", x)
    value = np.asarray(backend.convert_to_numpy(value))
    x.assign(value.astype(backend.standardize_dtype(x.dtype)))


@keras_export("keras._tf_keras.keras.backend.batch_set_value")
def batch_set_value(tuples):
    """Sets the values of several variables.

    Args:
        tuples: a list of `(variable, value)` pairs.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> v = K.variable(1.0)
    >>> K.batch_set_value([(v, 2.0)])
    >>> K.get_value(v).tolist()
    2.0
    """
    for x, value in tuples:
        set_value(x, value)


@keras_export("keras._tf_keras.keras.backend.update")
def update(x, new_x):
    """Assigns `new_x` to the variable `x`.

    Args:
        x: a variable.
        new_x: its new value.

    Returns:
        The variable.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.get_value(K.update(K.variable(1.0), 4.0)).tolist()
    4.0
    """
    _check_variable("K.update", x)
    x.assign(new_x)
    return x


@keras_export("keras._tf_keras.keras.backend.update_add")
def update_add(x, increment):
    """Adds `increment` to the variable `x`.

    Args:
        x: a variable.
        increment: the value to add.

    Returns:
        The variable.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.get_value(K.update_add(K.variable(1.0), 4.0)).tolist()
    5.0
    """
    _check_variable("K.update_add", x)
    x.assign_add(increment)
    return x


@keras_export("keras._tf_keras.keras.backend.update_sub")
def update_sub(x, decrement):
    """Subtracts `decrement` from the variable `x`.

    Args:
        x: a variable.
        decrement: the value to subtract.

    Returns:
        The variable.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.get_value(K.update_sub(K.variable(1.0), 4.0)).tolist()
    -3.0
    """
    _check_variable("K.update_sub", x)
    x.assign_sub(decrement)
    return x


@keras_export("keras._tf_keras.keras.backend.moving_average_update")
def moving_average_update(x, value, momentum):
    """Sets `x` to `x * momentum + value * (1 - momentum)`.

    Args:
        x: a variable.
        value: a tensor of the variable's shape.
        momentum: the moving average's momentum.

    Returns:
        The variable.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> v = K.moving_average_update(K.variable(0.0), 10.0, 0.9)
    >>> round(float(K.get_value(v)), 4)
    1.0
    """
    _check_variable("K.moving_average_update", x)
    value = ops.cast(value, x.dtype)
    x.assign(x * momentum + value * (1.0 - momentum))
    return x


@keras_export("keras._tf_keras.keras.backend.dtype")
def dtype(x):
    """The dtype of a tensor or variable, as a string.

    Args:
        x: a tensor, variable or array.

    Returns:
        A string such as `"float32"`.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.dtype(K.variable(1.0))
    'float32'
    """
    return backend.standardize_dtype(x.dtype)


@keras_export("keras._tf_keras.keras.backend.int_shape")
def int_shape(x):
    """The shape of a tensor as a tuple of integers (or `None`).

    Args:
        x: a tensor, variable or array.

    Returns:
        A tuple, or `None` when `x` has no shape.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.int_shape(K.zeros((2, 3)))
    (2, 3)
    """
    try:
        shape = x.shape
    except AttributeError:
        return None
    if shape is None:
        return None
    return tuple(None if d is None else int(d) for d in shape)


@keras_export("keras._tf_keras.keras.backend.ndim")
def ndim(x):
    """The number of axes of a tensor.

    Args:
        x: a tensor, variable or array.

    Returns:
        An integer.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.ndim(K.zeros((2, 3)))
    2
    """
    return len(x.shape)


@keras_export("keras._tf_keras.keras.backend.shape")
def shape(x):
    """The shape of a tensor, as an int32 tensor.

    A symbolic tensor (`keras.Input`) with unknown dimensions gives its
    shape tuple instead.

    Args:
        x: a tensor, variable or array.

    Returns:
        A 1D int32 tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.shape(K.zeros((2, 3)))).tolist()
    [2, 3]
    """
    dims = ops.shape(x)
    if builtins.any(d is None for d in dims) or backend.is_keras_tensor(x):
        return dims
    return ops.convert_to_tensor(np.array(dims, dtype="int32"))


@keras_export("keras._tf_keras.keras.backend.count_params")
def count_params(x):
    """The number of scalars in a tensor or variable.

    Args:
        x: a tensor, variable or array.

    Returns:
        An integer.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.count_params(K.zeros((2, 3)))
    6
    """
    return int(np.prod(int_shape(x)))


@keras_export("keras._tf_keras.keras.backend.cast")
def cast(x, dtype):
    """Casts a tensor to `dtype`.

    Args:
        x: a tensor.
        dtype: the target dtype.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.dtype(K.cast([1.5], "int32"))
    'int32'
    """
    return ops.cast(x, dtype)


@keras_export("keras._tf_keras.keras.backend.cast_to_floatx")
def cast_to_floatx(x):
    """Casts an array to `K.floatx()`; tensors are cast with `K.cast`.

    Args:
        x: a NumPy array, number or tensor.

    Returns:
        A NumPy array for array or number inputs, else a tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.cast_to_floatx([1, 2]).dtype
    dtype('float32')
    """
    if isinstance(x, (np.ndarray, np.generic, list, tuple, int, float)):
        return np.asarray(x, dtype=backend.floatx())
    return ops.cast(x, backend.floatx())


@keras_export("keras._tf_keras.keras.backend.is_sparse")
def is_sparse(tensor):
    """Whether `tensor` is a sparse tensor.

    Args:
        tensor: a tensor.

    Returns:
        A boolean.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.is_sparse(K.zeros((2,)))
    False
    """
    if backend.is_keras_tensor(tensor):
        return bool(tensor.sparse)
    if type(tensor).__name__ in ("SparseTensor", "BCOO", "SparseTensorValue"):
        return True
    return bool(getattr(tensor, "is_sparse", False) is True)


@keras_export("keras._tf_keras.keras.backend.to_dense")
def to_dense(tensor):
    """Converts a sparse tensor to a dense one (dense ones are returned
    as tensors unchanged).

    Args:
        tensor: a tensor.

    Returns:
        A dense tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.to_dense([1.0])).tolist()
    [1.0]
    """
    if is_sparse(tensor):
        return ops.convert_to_tensor(tensor, sparse=False)
    return ops.convert_to_tensor(tensor)


@keras_export("keras._tf_keras.keras.backend.stop_gradient")
def stop_gradient(variables):
    """Blocks gradients through a tensor, or each tensor of a list.

    Args:
        variables: a tensor or a list of tensors.

    Returns:
        The same values, with no gradient.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.stop_gradient(K.constant([1.0]))).tolist()
    [1.0]
    """
    if isinstance(variables, (list, tuple)):
        return [ops.stop_gradient(v) for v in variables]
    return ops.stop_gradient(variables)


@keras_export("keras._tf_keras.keras.backend.gradients")
def gradients(loss, variables):
    """Symbolic gradients: a TensorFlow 1 graph-mode function.

    Keras 3 runs eagerly, where symbolic gradients do not exist: like
    Keras 3 on TensorFlow, this raises a `RuntimeError`. Compute
    gradients with the backend's own tools instead
    (`tf.GradientTape`, `jax.grad`, `torch.autograd`).

    Args:
        loss: the loss tensor.
        variables: the variables to differentiate against.

    Returns:
        Never returns.

    Raises:
        RuntimeError: always.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> try:
    ...     K.gradients(K.constant(1.0), [])
    ... except RuntimeError:
    ...     print("use a GradientTape")
    use a GradientTape
    """
    del loss, variables
    raise RuntimeError(
        "`K.gradients` (tf.gradients) is not supported when eager "
        "execution is enabled, as it always is in Keras 3. Use "
        "tf.GradientTape (TensorFlow), jax.grad (JAX) or torch.autograd "
        "(PyTorch) instead."
    )


@keras_export("keras._tf_keras.keras.backend.name_scope")
def name_scope(name):
    """A context manager that prefixes the names of variables made in
    it with `name/`.

    Args:
        name: the scope's name.

    Returns:
        A context manager.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> with K.name_scope("block"):
    ...     v = K.variable(1.0, name="w")
    """
    return backend.name_scope(name)
