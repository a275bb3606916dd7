"""Sliceable wrappers: one way to take batches out of every kind of
in-memory array `fit` accepts (NumPy, TensorFlow dense/ragged/sparse,
PyTorch, JAX sparse, SciPy sparse, pandas), and to convert a batch to
what each backend's input pipeline takes.

A `Sliceable` holds the whole array; `sliceable[indices]` returns the
rows at `indices` (a slice or an integer array) in the array's own type,
and the class methods convert such a batch. `convert_to_sliceable` wraps
every leaf of a structure. Frameworks are reached only when the data
comes from them (see `data_adapter_utils`).
"""

import collections
import sys

import numpy as np

from keras.src import tree
from keras.src.backend import config
from keras.src.trainers.data_adapters import data_adapter_utils as utils

# The array types every installation has; tensors of the frameworks are
# recognised by `convert_to_sliceable` without importing them.
ARRAY_TYPES = (np.ndarray,)

TensorflowSparseWrapper = collections.namedtuple(
    "TensorflowSparseWrapper", ["sparse", "ragged_indices", "ragged_values"]
)
TensorflowSparseWrapper.__doc__ = """A `tf.SparseTensor` with its indices
and values grouped by row (as `tf.RaggedTensor`s), so that rows can be
gathered quickly (`slice_tensorflow_sparse_wrapper`)."""


def _tf():
    return sys.modules["tensorflow"]


class Sliceable:
    """Wraps an array so that batches of rows can be taken from it.

    Args:
        array: the array (its first axis is the batch axis).

    Example:

    >>> rows = Sliceable(np.arange(6).reshape(3, 2))
    >>> rows[1:3].tolist()
    [[2, 3], [4, 5]]
    """

    def __init__(self, array):
        self.array = array

    def __getitem__(self, indices):
        return self.array[indices]

    @classmethod
    def cast(cls, x, dtype):
        """Returns the batch `x` cast to `dtype`."""
        return x.astype(dtype)

    @classmethod
    def convert_to_numpy(cls, x):
        """Returns the batch `x` as a NumPy array."""
        return x

    @classmethod
    def convert_to_tf_dataset_compatible(cls, x):
        """Returns the batch `x` in a form `tf.data` takes."""
        return x

    @classmethod
    def convert_to_jax_compatible(cls, x):
        """Returns the batch `x` in a form JAX takes."""
        return x

    @classmethod
    def convert_to_torch_compatible(cls, x):
        """Returns the batch `x` in a form PyTorch takes."""
        return x


class NumpySliceable(Sliceable):
    """A NumPy array: every backend takes its batches as they are."""


class TensorflowSliceable(Sliceable):
    """A dense `tf.Tensor`; batches are gathered with `tf.gather`."""

    def __getitem__(self, indices):
        if isinstance(indices, slice):
            return self.array[indices]
        return _tf().gather(self.array, indices)

    @classmethod
    def cast(cls, x, dtype):
        return _tf().cast(x, dtype)

    @classmethod
    def convert_to_numpy(cls, x):
        return x.numpy()


class TensorflowRaggedSliceable(TensorflowSliceable):
    """A `tf.RaggedTensor`: padded to a dense array for JAX and PyTorch,
    which have no ragged tensors."""

    @classmethod
    def convert_to_jax_compatible(cls, x):
        return x.to_tensor().numpy()

    @classmethod
    def convert_to_torch_compatible(cls, x):
        return x.to_tensor().numpy()


class TensorflowSparseSliceable(TensorflowSliceable):
    """A `tf.SparseTensor`, kept as a `TensorflowSparseWrapper` so that
    its rows can be gathered."""

    def __init__(self, array):
        super().__init__(to_tensorflow_sparse_wrapper(array))

    @property
    def shape(self):
        return self.array.sparse.shape

    def __getitem__(self, indices):
        return slice_tensorflow_sparse_wrapper(self.array, indices)

    @classmethod
    def cast(cls, x, dtype):
        return _tf().cast(x, dtype)

    @classmethod
    def convert_to_numpy(cls, x):
        return _tf().sparse.to_dense(x).numpy()

    @classmethod
    def convert_to_tf_dataset_compatible(cls, x):
        return x

    @classmethod
    def convert_to_jax_compatible(cls, x):
        return utils.tf_sparse_to_jax_sparse(x)

    @classmethod
    def convert_to_torch_compatible(cls, x):
        return _tf().sparse.to_dense(x).numpy()


class JaxSparseSliceable(Sliceable):
    """A JAX `BCOO` array; batches stay sparse for JAX."""

    @classmethod
    def convert_to_numpy(cls, x):
        return np.asarray(x.todense())

    @classmethod
    def convert_to_tf_dataset_compatible(cls, x):
        return utils.jax_sparse_to_tf_sparse(x)

    @classmethod
    def convert_to_torch_compatible(cls, x):
        return np.asarray(x.todense())


class TorchSliceable(Sliceable):
    """A `torch.Tensor`."""

    @classmethod
    def cast(cls, x, dtype):
        from keras.src.backend.torch.core import to_torch_dtype

        return x.to(to_torch_dtype(dtype))

    @classmethod
    def convert_to_numpy(cls, x):
        return utils.to_numpy(x)


class PandasSliceable(Sliceable):
    """A pandas object; rows are taken by position (`iloc`) and batches
    become NumPy arrays for every backend."""

    def __getitem__(self, indices):
        return self.array.iloc[indices]

    @classmethod
    def convert_to_numpy(cls, x):
        return x.to_numpy()

    @classmethod
    def convert_to_tf_dataset_compatible(cls, x):
        return cls.convert_to_numpy(x)

    @classmethod
    def convert_to_jax_compatible(cls, x):
        return cls.convert_to_numpy(x)

    @classmethod
    def convert_to_torch_compatible(cls, x):
        return cls.convert_to_numpy(x)


class PandasDataFrameSliceable(PandasSliceable):
    """A pandas `DataFrame`."""


class PandasSeriesSliceable(PandasSliceable):
    """A pandas `Series`."""


class ScipySparseSliceable(Sliceable):
    """A SciPy sparse matrix; batches become sparse tensors for TensorFlow
    and JAX, dense arrays for PyTorch."""

    def __init__(self, array):
        # Row slicing needs a compressed-row matrix.
        super().__init__(array.tocsr())

    @classmethod
    def convert_to_numpy(cls, x):
        return x.toarray()

    @classmethod
    def convert_to_tf_dataset_compatible(cls, x):
        return utils.scipy_sparse_to_tf_sparse(x)

    @classmethod
    def convert_to_jax_compatible(cls, x):
        return utils.scipy_sparse_to_jax_sparse(x)

    @classmethod
    def convert_to_torch_compatible(cls, x):
        return x.toarray()


def to_tensorflow_sparse_wrapper(sparse):
    """Returns `sparse` (a `tf.SparseTensor`) with its indices and values
    grouped by row, as a `TensorflowSparseWrapper`.

    Example:

    ```python
    wrapper = to_tensorflow_sparse_wrapper(tf.sparse.from_dense(np.eye(3)))
    ```
    """
    tf = _tf()
    sparse = tf.sparse.reorder(sparse)
    rows = sparse.indices[:, 0]
    nrows = sparse.dense_shape[0]
    ragged_indices = tf.RaggedTensor.from_value_rowids(
        sparse.indices, rows, nrows=nrows
    )
    ragged_values = tf.RaggedTensor.from_value_rowids(
        sparse.values, rows, nrows=nrows
    )
    return TensorflowSparseWrapper(sparse, ragged_indices, ragged_values)


def slice_tensorflow_sparse_wrapper(sparse_wrapper, indices):
    """Returns the rows `indices` (a slice or integer array) of a
    `TensorflowSparseWrapper` as a `tf.SparseTensor`.

    Example:

    ```python
    rows = slice_tensorflow_sparse_wrapper(wrapper, np.array([0, 2]))
    ```
    """
    tf = _tf()
    if isinstance(indices, slice):
        count = sparse_wrapper.sparse.dense_shape[0]
        indices = tf.range(count)[indices]
    indices = tf.convert_to_tensor(indices, dtype="int64")
    picked = tf.gather(sparse_wrapper.ragged_indices, indices)
    values = tf.gather(sparse_wrapper.ragged_values, indices)
    new_rows = tf.cast(picked.value_rowids(), "int64")
    coords = tf.concat(
        [new_rows[:, None], picked.flat_values[:, 1:]], axis=1
    )
    shape = tf.concat(
        [tf.shape(indices, out_type="int64"),
         sparse_wrapper.sparse.dense_shape[1:]],
        axis=0,
    )
    return tf.SparseTensor(coords, values.flat_values, shape)


def _sliceable_class(x):
    if isinstance(x, np.ndarray):
        return NumpySliceable
    if utils.is_tensorflow_ragged(x):
        return TensorflowRaggedSliceable
    if utils.is_tensorflow_sparse(x):
        return TensorflowSparseSliceable
    if utils.is_tensorflow_tensor(x):
        return TensorflowSliceable
    if utils.is_torch_tensor(x):
        return TorchSliceable
    if utils.is_jax_sparse(x):
        return JaxSparseSliceable
    if utils.is_jax_array(x):
        return NumpySliceable
    if utils.is_scipy_sparse(x):
        return ScipySparseSliceable
    if utils.is_pandas(x):
        pd = sys.modules["pandas"]
        if isinstance(x, pd.DataFrame):
            return PandasDataFrameSliceable
        return PandasSeriesSliceable
    return None


def can_slice_array(x):
    """Returns whether `convert_to_sliceable` accepts `x` (`None`
    included).

    Example:

    >>> can_slice_array(np.ones(2)), can_slice_array([1, 2])
    (True, False)
    """
    if x is None:
        return True
    return _sliceable_class(x) is not None or hasattr(x, "__array__")


def convert_to_sliceable(arrays, target_backend=None):
    """Wraps every array of a structure in its `Sliceable`.

    NumPy and JAX arrays become NumPy arrays, float ones cast to
    `floatx()`; `None` leaves stay `None`.

    Args:
        arrays: a structure of arrays.
        target_backend: the backend the batches are for; with
            `"tensorflow"`, SciPy sparse matrices become `tf.SparseTensor`
            first.

    Returns:
        The same structure of `Sliceable`s.

    Example:

    >>> rows = convert_to_sliceable({"x": np.arange(4.0)})
    >>> rows["x"][:2].tolist()
    [0.0, 1.0]
    """

    def convert(x):
        if x is None:
            return None
        if target_backend == "tensorflow" and utils.is_scipy_sparse(x):
            x = utils.scipy_sparse_to_tf_sparse(x)
        cls = _sliceable_class(x)
        if cls is None:
            if not hasattr(x, "__array__"):
                raise ValueError(
                    "Expected a NumPy array, tf.Tensor, tf.RaggedTensor, "
                    "tf.SparseTensor, jax.np.ndarray, "
                    "jax.experimental.sparse.JAXSparse, torch.Tensor, "
                    "Pandas Dataframe, or Pandas Series. Received invalid "
                    f"input: {x} (of type {type(x)})"
                )
            cls = NumpySliceable
        if cls is NumpySliceable:
            x = np.asarray(x)
            if x.dtype.kind == "f" and x.dtype != config.floatx():
                x = x.astype(config.floatx())
        return cls(x)

    return tree.map_structure(convert, arrays, none_is_leaf=True)


# Keras's path for the split `Model.fit(validation_split=...)` makes.
train_validation_split = utils.train_validation_split
