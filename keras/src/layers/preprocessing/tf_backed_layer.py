"""`TFBackedLayer`: the base of the layers that compute with TensorFlow
on every backend (strings and hash tables exist only there).

TensorFlow is imported lazily, by `tf()`, the first time such a layer is
created. Outside `tf.data` the outputs are converted to tensors of the
active backend (string outputs stay TensorFlow tensors: no other backend
holds strings); inside `tf.data`, or on the TensorFlow backend, they are
TensorFlow tensors.
"""

import numpy as np

from keras.src import backend
from keras.src import tree
from keras.src.layers.layer import Layer
from keras.src.utils import backend_utils


def tf():
    """Imports and returns the `tensorflow` module."""
    import tensorflow

    return tensorflow


def tf_backend():
    """Keras's TensorFlow backend functions, for `encoding_utils`."""
    return backend_utils.DynamicBackend("tensorflow")


def to_tf(x, dtype=None):
    """Converts an array, list, scalar or backend tensor to TensorFlow."""
    tf_ = tf()
    if isinstance(x, (tf_.Tensor, tf_.RaggedTensor, tf_.SparseTensor)):
        return x if dtype is None else tf_.cast(x, dtype)
    if backend.is_tensor(x) and not isinstance(x, np.ndarray):
        x = backend.convert_to_numpy(x)
    if isinstance(x, np.ndarray) and x.dtype.kind == "U":
        x = x.astype(object)
    return tf_.convert_to_tensor(x, dtype=dtype)


def from_tf(x):
    """Converts a TensorFlow result to the caller's kind of tensor."""
    if backend.backend() == "tensorflow" or backend_utils.in_tf_graph():
        return x
    if x.dtype == tf().string:
        return x
    return backend.convert_to_tensor(x.numpy())


_INT_RESULTS = {}


def result_int_dtype(dtype="int64"):
    """The dtype integer results of `dtype` have once converted to the
    active backend (JAX without 64-bit mode makes int64 int32)."""
    if dtype not in _INT_RESULTS:
        sample = backend.convert_to_tensor(np.zeros((1,), dtype))
        _INT_RESULTS[dtype] = backend.standardize_dtype(sample.dtype)
    return _INT_RESULTS[dtype]


def split_int_dtype(dtype):
    """Separates an integer `dtype` (a name, policy or policy config) from
    the float dtype policies `Layer` accepts.

    Returns:
        `(int_dtype, dtype)`: the integer dtype name (or `None`) and what
        to pass to `Layer` as `dtype`.
    """
    name = dtype
    if isinstance(dtype, dict):
        name = dtype.get("config", {}).get("name")
    elif hasattr(dtype, "name") and not isinstance(dtype, str):
        name = dtype.name
    if isinstance(name, str):
        try:
            standard = backend.standardize_dtype(name)
        except (ValueError, TypeError):
            return None, dtype
        if backend.is_int_dtype(standard):
            return standard, None
    return None, dtype


def int_dtype_config(name):
    """The serialized form of an integer dtype policy."""
    return {
        "module": "keras", "class_name": "DTypePolicy",
        "config": {"name": name}, "registered_name": None,
    }


class TFBackedLayer(Layer):
    """A layer whose `call` computes with TensorFlow on TensorFlow tensors.

    Subclasses implement `_tf_call(inputs)` with TensorFlow ops; `call`
    converts the inputs to TensorFlow and the outputs back (`from_tf`);
    symbolic calls use `compute_output_spec`.

    Example:

    >>> from keras.src.layers.preprocessing.tf_backed_layer import (
    ...     TFBackedLayer)
    >>> class Length(TFBackedLayer):
    ...     def _tf_call(self, x):
    ...         return self.tf.strings.length(x)
    >>> tuple(Length()(np.array(["ab", "abc"])).shape)
    (2,)
    """

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.tf = tf()
        # String tables and TensorFlow ops run outside compiled steps.
        self.supports_jit = False

    def __call__(self, inputs, *args, **kwargs):
        if backend.any_symbolic_tensors((inputs,) + args, kwargs):
            return super().__call__(inputs, *args, **kwargs)
        # Eager: skip `Layer`'s conversion of NumPy inputs (strings have
        # no tensor type on most backends); `call` converts.
        kwargs.pop("training", None)
        if not self.built:
            self._build_with({"input_shape": tree.map_structure(
                lambda x: tuple(np.shape(x)), inputs
            )})
        return self.call(inputs, *args, **kwargs)

    def call(self, inputs):
        """Converts `inputs` to TensorFlow, runs `_tf_call` and converts
        the outputs back (see `from_tf`)."""
        outputs = self._tf_call(tree.map_structure(to_tf, inputs))
        return tree.map_structure(from_tf, outputs)

    def _tf_call(self, inputs):
        """The computation, on TensorFlow tensors. Subclasses implement
        it."""
        raise NotImplementedError(
            f"{type(self).__name__} must implement `_tf_call()`."
        )
