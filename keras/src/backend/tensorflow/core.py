"""Core tensor functions on TensorFlow."""

import contextlib

import numpy as np
import tensorflow as tf

from keras.src import tree
from keras.src.backend.common import dtypes
from keras.src.backend.common import name_scope as common_name_scope
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.stateless_scope import StatelessScope
from keras.src.backend.common.variables import KerasVariable

SUPPORTS_SPARSE_TENSORS = True
SUPPORTS_RAGGED_TENSORS = True
IS_THREAD_SAFE = True


class Variable(KerasVariable):
    """A Keras variable holding a `tf.Variable`."""

    def _initialize(self, value):
        self._value = tf.Variable(
            value, dtype=self._dtype, trainable=self._trainable,
            name=self.name,
        )

    def _convert_to_tensor(self, value, dtype=None):
        return convert_to_tensor(value, dtype=dtype)

    def _direct_assign(self, value):
        self._value.assign(tf.cast(value, self._value.dtype))

    def numpy(self):
        return self.value.numpy()

    @property
    def trainable(self):
        return self._trainable

    @trainable.setter
    def trainable(self, value):
        self._trainable = bool(value)
        if self._value is not None:
            self._value._trainable = self._trainable


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
    if isinstance(pred, tf.Variable):
        pred = pred.value()
    return tf.cond(pred, true_fn=true_fn, false_fn=false_fn)


def stop_gradient(variable):
    """Returns `variable` with gradients blocked."""
    if isinstance(variable, Variable):
        variable = variable.value
    return tf.stop_gradient(variable)


def compute_output_spec(fn, *args, **kwargs):
    """Returns the `KerasTensor` specs of `fn(*args, **kwargs)` where args
    hold `KerasTensor`s, by tracing `fn` in a scratch graph, where `None`
    dimensions stay unknown."""
    from keras.src import tree

    with StatelessScope(), tf.Graph().as_default():

        def placeholder(x):
            if isinstance(x, KerasTensor):
                return tf.compat.v1.placeholder(shape=x.shape, dtype=x.dtype)
            return x

        call_args, call_kwargs = tree.map_structure(
            placeholder, (args, kwargs)
        )
        outputs = fn(*call_args, **call_kwargs)

        def to_spec(x):
            if x is None or isinstance(x, KerasTensor):
                return x
            return KerasTensor(
                x.shape.as_list() if x.shape.rank is not None else (),
                dtype=x.dtype.name,
                sparse=isinstance(x, tf.SparseTensor),
                ragged=isinstance(x, tf.RaggedTensor),
            )

        return tree.map_structure(to_spec, outputs)


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
