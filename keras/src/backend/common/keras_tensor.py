"""`KerasTensor`: a symbolic tensor (shape and dtype, no values).

Ops given a `KerasTensor` infer the shape and dtype of their result instead of
computing it; this is how functional models are built.
"""

from keras.src.api_export import keras_export
from keras.src.backend.common import dtypes


@keras_export("keras.KerasTensor")
class KerasTensor:
    """A symbolic tensor: a shape (with `None` for unknown dimensions) and a
    dtype.

    Args:
        shape: a tuple of ints or `None`.
        dtype: the dtype, `"float32"` by default.
        sparse: whether the tensor is sparse.
        ragged: whether the tensor is ragged.
        record_history: whether ops record it in the graph they build.
        name: an optional name.

    Example:

    >>> x = keras.KerasTensor((None, 3))
    >>> keras.ops.matmul(x, keras.ops.ones((3, 5))).shape
    (None, 5)
    """

    def __init__(
        self,
        shape,
        dtype="float32",
        sparse=False,
        ragged=False,
        record_history=True,
        name=None,
        **kwargs,
    ):
        self._shape = standardize_shape(shape)
        self._dtype = dtypes.standardize_dtype(dtype)
        self._sparse = bool(sparse)
        self._ragged = bool(ragged)
        if self._sparse and self._ragged:
            raise ValueError("A KerasTensor cannot be both sparse and ragged.")
        self.name = name
        self.record_history = record_history
        self._ragged_rank = kwargs.pop("ragged_rank", None)
        self._row_splits_dtype = kwargs.pop("row_splits_dtype", None)
        if kwargs:
            raise TypeError(f"Unexpected arguments for KerasTensor: {kwargs}")

    @property
    def shape(self):
        return self._shape

    @shape.setter
    def shape(self, value):
        raise AttributeError(
            "The shape of a KerasTensor is immutable; use "
            "`keras.ops.reshape` to get a tensor of another shape."
        )

    @property
    def dtype(self):
        return self._dtype

    @property
    def ndim(self):
        return len(self._shape)

    @property
    def sparse(self):
        return self._sparse

    @property
    def ragged(self):
        return self._ragged

    @property
    def ragged_rank(self):
        return self._ragged_rank

    @property
    def row_splits_dtype(self):
        return self._row_splits_dtype

    def reshape(self, newshape):
        return _ops().reshape(self, newshape)

    def squeeze(self, axis=None):
        return _ops().squeeze(self, axis)

    def __repr__(self):
        return (
            f"<KerasTensor shape={self.shape}, dtype={self.dtype}, "
            f"sparse={self.sparse}, ragged={self.ragged}, name={self.name}>"
        )

    def __iter__(self):
        raise NotImplementedError(
            "Iterating over a symbolic KerasTensor is not supported."
        )

    def __bool__(self):
        raise TypeError("A symbolic KerasTensor cannot be used as a boolean.")

    def __len__(self):
        if self.ndim == 0 or self.shape[0] is None:
            raise TypeError(
                f"len() of a KerasTensor with shape {self.shape} is unknown."
            )
        return self.shape[0]

    def __array__(self, *args, **kwargs):
        raise ValueError(
            "A KerasTensor is symbolic: it has no values to convert to a "
            "NumPy array. This happens when a Keras op gets a symbolic "
            "input inside code that needs concrete values."
        )

    # Operators dispatch to `keras.ops`, which is imported lazily because it
    # is built on top of this module.
    def __add__(self, other):
        return _ops().add(self, other)

    def __radd__(self, other):
        return _ops().add(other, self)

    def __sub__(self, other):
        return _ops().subtract(self, other)

    def __rsub__(self, other):
        return _ops().subtract(other, self)

    def __mul__(self, other):
        return _ops().multiply(self, other)

    def __rmul__(self, other):
        return _ops().multiply(other, self)

    def __matmul__(self, other):
        return _ops().matmul(self, other)

    def __rmatmul__(self, other):
        return _ops().matmul(other, self)

    def __truediv__(self, other):
        return _ops().true_divide(self, other)

    def __rtruediv__(self, other):
        return _ops().true_divide(other, self)

    def __floordiv__(self, other):
        return _ops().floor_divide(self, other)

    def __rfloordiv__(self, other):
        return _ops().floor_divide(other, self)

    def __mod__(self, other):
        return _ops().mod(self, other)

    def __rmod__(self, other):
        return _ops().mod(other, self)

    def __pow__(self, other):
        return _ops().power(self, other)

    def __rpow__(self, other):
        return _ops().power(other, self)

    def __neg__(self):
        return _ops().negative(self)

    def __pos__(self):
        return self

    def __abs__(self):
        return _ops().absolute(self)

    def __invert__(self):
        return _ops().logical_not(self)

    def __and__(self, other):
        return _ops().logical_and(self, other)

    def __rand__(self, other):
        return _ops().logical_and(other, self)

    def __or__(self, other):
        return _ops().logical_or(self, other)

    def __ror__(self, other):
        return _ops().logical_or(other, self)

    def __xor__(self, other):
        return _ops().logical_xor(self, other)

    def __rxor__(self, other):
        return _ops().logical_xor(other, self)

    def __lt__(self, other):
        return _ops().less(self, other)

    def __le__(self, other):
        return _ops().less_equal(self, other)

    def __gt__(self, other):
        return _ops().greater(self, other)

    def __ge__(self, other):
        return _ops().greater_equal(self, other)

    def __ne__(self, other):
        return _ops().not_equal(self, other)

    # `==` keeps identity semantics so KerasTensors work as dict keys and in
    # `in` checks, as they do in Keras.
    __hash__ = object.__hash__

    def __getitem__(self, key):
        return _ops().get_item(self, key)

    def __round__(self, ndigits=None):
        return _ops().round(self, ndigits or 0)


def _ops():
    from keras.src import ops

    return ops


def standardize_shape(shape):
    """Returns `shape` as a tuple of ints and `None`s, validating it."""
    if shape is None:
        raise ValueError("Undefined shapes are not supported.")
    if not isinstance(shape, tuple):
        if not hasattr(shape, "__iter__"):
            raise ValueError(f"Cannot convert '{shape}' to a shape.")
        shape = tuple(shape)
    result = []
    for dim in shape:
        if dim is not None:
            if hasattr(dim, "value"):  # tf.compat.v1.Dimension
                dim = dim.value
            if isinstance(dim, str) or not float(dim).is_integer():
                raise ValueError(
                    f"Cannot convert '{shape}' to a shape: {dim!r} is not "
                    "an integer."
                )
            dim = int(dim)
            if dim < 0:
                raise ValueError(
                    f"Cannot convert '{shape}' to a shape: negative "
                    "dimensions are not allowed."
                )
        result.append(dim)
    return tuple(result)


@keras_export(["keras.backend.is_keras_tensor", "keras.utils.is_keras_tensor"])
def is_keras_tensor(x):
    """Returns whether `x` is a symbolic `KerasTensor`.

    Example:

    >>> keras.backend.is_keras_tensor(keras.KerasTensor((None, 3)))
    True
    """
    return isinstance(x, KerasTensor)


def any_symbolic_tensors(args=None, kwargs=None):
    """Returns whether any argument is a `KerasTensor`.

    Runs on every op call, so it avoids `keras.tree` (and with it C
    extension code that Dynamo cannot trace): a plain walk over the top-level
    arguments, descending into lists, tuples and dicts only when it meets
    them.
    """
    if args:
        for x in args:
            if isinstance(x, KerasTensor):
                return True
            if isinstance(x, (list, tuple, dict)) and _nested_symbolic(x):
                return True
    if kwargs:
        for x in kwargs.values():
            if isinstance(x, KerasTensor):
                return True
            if isinstance(x, (list, tuple, dict)) and _nested_symbolic(x):
                return True
    return False


def _nested_symbolic(structure):
    items = structure.values() if isinstance(structure, dict) else structure
    for x in items:
        if isinstance(x, KerasTensor):
            return True
        if isinstance(x, (list, tuple, dict)) and _nested_symbolic(x):
            return True
    return False
