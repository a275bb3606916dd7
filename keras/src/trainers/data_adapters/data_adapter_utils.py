"""Helpers shared by the data adapters.

Type checks read the `__module__` of `type(x)` and its bases before
touching a framework, so that recognising a NumPy array never imports
TensorFlow, PyTorch, JAX or pandas: a framework is only reached through
`sys.modules` once the object proves to come from it (and then the
framework is already loaded).
"""

import math
import sys

import numpy as np

from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.backend import config
from keras.src.backend.common.dtypes import is_float_dtype
from keras.src.backend.common.dtypes import standardize_dtype
from keras.src.backend.common.variables import KerasVariable

# -- type checks --------------------------------------------------------------


def _comes_from(x, *packages):
    """Whether the class of `x`, or one of its bases, is defined in one of
    `packages` (top-level names); reads only `__module__` strings."""
    return any(
        cls.__module__.split(".", 1)[0] in packages
        for cls in type(x).__mro__
    )


def _loaded(name):
    return sys.modules.get(name)


def is_torch_tensor(x):
    """Whether `x` is a `torch.Tensor` (never imports torch)."""
    if not _comes_from(x, "torch"):
        return False
    torch = _loaded("torch")
    return torch is not None and isinstance(x, torch.Tensor)


def is_tensorflow_tensor(x):
    """Whether `x` is a dense TensorFlow tensor or variable."""
    if not _comes_from(x, "tensorflow"):
        return False
    tf = _loaded("tensorflow")
    if tf is None:
        return False
    if isinstance(x, (tf.RaggedTensor, tf.SparseTensor)):
        return False
    return isinstance(x, (tf.Tensor, tf.Variable))


def is_tensorflow_composite(x):
    """Whether `x` is a TensorFlow `RaggedTensor` or `SparseTensor`."""
    if not _comes_from(x, "tensorflow"):
        return False
    tf = _loaded("tensorflow")
    return tf is not None and isinstance(
        x, (tf.RaggedTensor, tf.SparseTensor)
    )


def is_jax_array(x):
    """Whether `x` is a `jax.Array` (never imports jax)."""
    if not _comes_from(x, "jax", "jaxlib"):
        return False
    jax = _loaded("jax")
    return jax is not None and isinstance(x, jax.Array)


def is_pandas(x):
    """Whether `x` is a pandas `DataFrame` or `Series`."""
    if not _comes_from(x, "pandas"):
        return False
    pd = _loaded("pandas")
    return pd is not None and isinstance(x, (pd.DataFrame, pd.Series))


def is_array_like(x):
    """Whether `x` is an array the array adapter can slice: a NumPy array,
    a dense tensor of TensorFlow, PyTorch or JAX, a pandas object or a
    Keras variable."""
    return (
        isinstance(x, (np.ndarray, KerasVariable))
        or is_torch_tensor(x)
        or is_tensorflow_tensor(x)
        or is_jax_array(x)
        or is_pandas(x)
    )


def is_tf_dataset(x):
    """Whether `x` is a `tf.data.Dataset`."""
    if not _comes_from(x, "tensorflow"):
        return False
    tf = _loaded("tensorflow")
    return tf is not None and isinstance(x, tf.data.Dataset)


def is_torch_dataloader(x):
    """Whether `x` is a `torch.utils.data.DataLoader`."""
    if not _comes_from(x, "torch"):
        return False
    torch = _loaded("torch")
    return torch is not None and isinstance(x, torch.utils.data.DataLoader)


# -- conversions --------------------------------------------------------------


def to_numpy(x):
    """Returns the array-like `x` as a NumPy array (`None` stays `None`)."""
    if x is None or isinstance(x, np.ndarray):
        return x
    if isinstance(x, KerasVariable):
        x = x.value
    if is_torch_tensor(x):
        return _torch_to_numpy(x)
    if is_pandas(x):
        return x.to_numpy()
    if is_tensorflow_composite(x):
        return _tf_composite_to_numpy(x)
    if is_tensorflow_tensor(x):
        return x.numpy()
    return np.asarray(x)


def _torch_to_numpy(x):
    torch = sys.modules["torch"]
    x = x.detach()
    if x.device.type != "cpu":
        x = x.cpu()
    if x.dtype == torch.bfloat16:
        import ml_dtypes

        return x.float().numpy().astype(ml_dtypes.bfloat16)
    return x.numpy()


def _tf_composite_to_numpy(x):
    # NumPy has no sparse or ragged arrays: densify (ragged rows padded
    # with zeros) so that every backend can consume the batch.
    tf = sys.modules["tensorflow"]
    if isinstance(x, tf.SparseTensor):
        return tf.sparse.to_dense(x).numpy()
    return x.to_tensor().numpy()


def structure_to_numpy(structure):
    """Maps `to_numpy` over a nested structure."""
    return tree.map_structure(to_numpy, structure)


def cast_floats_to_floatx(x):
    """Casts a NumPy float array of another precision to `floatx()`."""
    if x is None or not hasattr(x, "dtype"):
        return x
    dtype = _dtype_name(x.dtype)
    if dtype is not None and is_float_dtype(dtype) and dtype != (
        config.floatx()
    ):
        return x.astype(config.floatx())
    return x


def _dtype_name(dtype):
    try:
        return standardize_dtype(dtype)
    except ValueError:
        return None  # Strings and objects: not ours to cast.


def list_to_tuple(data):
    """Turns a top-level list into a tuple (loaders collate tuples into
    lists, Keras batches are tuples)."""
    if isinstance(data, list):
        return tuple(data)
    return data


def standardize_batch(batch, source):
    """Checks one batch from a user's dataset and returns it in Keras's
    form: a dict (inputs only) or a tuple `(x,)`, `(x, y)` or
    `(x, y, sample_weight)`. A bare array becomes `(array,)`.

    Args:
        batch: the element produced by the dataset or generator.
        source: how the user's data is named in the error message.

    Returns:
        The batch as a tuple (or the dict it was).
    """
    if isinstance(batch, dict):
        return batch
    if isinstance(batch, (list, tuple)):
        if not 1 <= len(batch) <= 3:
            raise ValueError(
                f"{source} must produce a tuple `(x,)`, `(x, y)` or "
                "`(x, y, sample_weight)` (or a dict of inputs). Received a "
                f"{type(batch).__name__} of length {len(batch)}: "
                f"{short_repr(batch)}"
            )
        return tuple(batch)
    return (batch,)


def short_repr(value, limit=200):
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


# -- packing ------------------------------------------------------------------


@keras_export("keras.utils.unpack_x_y_sample_weight")
def unpack_x_y_sample_weight(data):
    """Splits a batch into `(x, y, sample_weight)`.

    A tuple or list of one, two or three elements is read as `(x,)`,
    `(x, y)` or `(x, y, sample_weight)`; anything else is `x` alone. It is
    the usual first line of a custom `Model.train_step`.

    Args:
        data: a batch as given to `train_step`.

    Returns:
        The tuple `(x, y, sample_weight)`, with `None` for the parts the
        batch lacks.

    Example:

    >>> x, y, sample_weight = keras.utils.unpack_x_y_sample_weight((1, 2))
    >>> print(x, y, sample_weight)
    1 2 None
    """
    if isinstance(data, (list, tuple)):
        if len(data) == 1:
            return data[0], None, None
        if len(data) == 2:
            return data[0], data[1], None
        if len(data) == 3:
            return data[0], data[1], data[2]
        raise ValueError(
            "`unpack_x_y_sample_weight`: `data` must be `x`, `(x,)`, "
            "`(x, y)` or `(x, y, sample_weight)`. Received a "
            f"{type(data).__name__} of length {len(data)}: "
            f"{short_repr(data)}"
        )
    return data, None, None


@keras_export("keras.utils.pack_x_y_sample_weight")
def pack_x_y_sample_weight(x, y=None, sample_weight=None):
    """Packs `x`, `y` and `sample_weight` into one batch, dropping the
    trailing `None`s, so that `unpack_x_y_sample_weight` recovers them.

    `x` alone is returned as is, except a tuple or list, which is wrapped
    as `(x,)` so that it is not mistaken for `(x, y)`.

    Args:
        x: the inputs.
        y: the targets, or `None`.
        sample_weight: the sample weights, or `None`.

    Returns:
        `x`, `(x,)`, `(x, y)` or `(x, y, sample_weight)`.

    Example:

    >>> keras.utils.pack_x_y_sample_weight(1, 2)
    (1, 2)
    >>> keras.utils.pack_x_y_sample_weight([1, 2])
    ([1, 2],)
    """
    if y is None and sample_weight is None:
        if isinstance(x, (list, tuple)):
            return (x,)
        return x
    if sample_weight is None:
        return (x, y)
    return (x, y, sample_weight)


# -- class weights ------------------------------------------------------------


def validate_class_weight(class_weight):
    """Raises unless `class_weight` is a dict of integer class ids to
    numbers."""
    if not isinstance(class_weight, dict):
        raise TypeError(
            "`class_weight` must be a dict mapping class indices (ints) to "
            f"weights. Received: class_weight={short_repr(class_weight)} "
            f"(of type {type(class_weight).__name__})"
        )
    for key, weight in class_weight.items():
        if isinstance(key, bool) or not isinstance(key, (int, np.integer)):
            raise TypeError(
                "`class_weight` keys must be integer class indices. "
                f"Received the key {key!r} (of type {type(key).__name__}) "
                f"in class_weight={short_repr(class_weight)}"
            )
        if key < 0:
            raise ValueError(
                "`class_weight` keys must be non-negative class indices. "
                f"Received the key {key} in class_weight="
                f"{short_repr(class_weight)}"
            )
        if not isinstance(weight, (int, float, np.number)):
            raise TypeError(
                "`class_weight` values must be numbers. Received "
                f"{weight!r} for class {key}"
            )


def class_ids(y):
    """The integer class of each sample of the targets `y`: `y` itself
    for class indices of shape `(n,)` or `(n, 1)`, the argmax of one-hot
    (or probability) rows of shape `(n, num_classes)`."""
    y = to_numpy(y)
    if y.ndim == 2:
        y = y[:, 0] if y.shape[1] == 1 else np.argmax(y, axis=-1)
    elif y.ndim != 1:
        raise ValueError(
            "`class_weight` needs targets of shape `(num_samples,)`, "
            "`(num_samples, 1)` or one-hot `(num_samples, num_classes)`. "
            f"Received targets of shape {y.shape}"
        )
    if y.dtype.kind == "f":
        y = np.rint(y)
    return y.astype(np.int64)


def class_weight_to_sample_weights(y, class_weight):
    """Turns `class_weight` into one weight per sample of `y`.

    Classes missing from `class_weight` weigh 1.

    Args:
        y: targets: class indices, `(n, 1)` columns of them, or one-hot
            rows.
        class_weight: a dict `{class_index: weight}`.

    Returns:
        A `floatx()` NumPy array of shape `(n,)`.
    """
    validate_class_weight(class_weight)
    ids = class_ids(y)
    if ids.size and ids.min() < 0:
        raise ValueError(
            "`class_weight` needs non-negative class indices in the "
            f"targets. Received the class index {ids.min()}"
        )
    size = max([0, *class_weight.keys()]) + 1
    if ids.size:
        size = max(size, int(ids.max()) + 1)
    table = np.ones((size,), dtype=config.floatx())
    for key, weight in class_weight.items():
        table[int(key)] = weight
    return table[ids]


# -- cardinality and splitting ------------------------------------------------


def num_samples(structure):
    """The first-axis sizes of the leaves of `structure` (`None` leaves
    skipped), in order."""
    sizes = []
    for leaf in tree.flatten(structure):
        if leaf is None:
            continue
        shape = getattr(leaf, "shape", None)
        if shape is None or len(shape) == 0:
            raise ValueError(
                "Arrays given as data need a first (samples) dimension. "
                f"Received a value of shape {shape}: {short_repr(leaf)}"
            )
        sizes.append(int(shape[0]))
    return sizes


def check_data_cardinality(named_structures):
    """Raises a `ValueError` naming the sizes when the arrays of
    `{"x": ..., "y": ..., "sample_weight": ...}` do not all hold the same
    number of samples; returns that number otherwise."""
    sizes = {
        name: num_samples(structure)
        for name, structure in named_structures.items()
        if structure is not None
    }
    distinct = {s for group in sizes.values() for s in group}
    if len(distinct) > 1:
        detail = ", ".join(
            f"'{name}' sizes: {', '.join(map(str, group))}"
            for name, group in sizes.items()
            if group
        )
        raise ValueError(
            "Data cardinality is ambiguous: all arrays must contain the "
            f"same number of samples. Received {detail}"
        )
    return distinct.pop() if distinct else 0


def _slice_leaf(x, start, stop):
    if x is None:
        return None
    if is_pandas(x):
        return x.iloc[start:stop]
    if isinstance(x, KerasVariable):
        x = x.value
    return x[start:stop]


def train_validation_split(arrays, validation_split):
    """Splits a structure of arrays into training and validation parts.

    The last `validation_split` fraction of the samples goes to
    validation, without shuffling, as `Model.fit(validation_split=...)`
    does. Arrays keep their type (NumPy, tensors, pandas).

    Args:
        arrays: a structure (tuple, list, dict) of arrays or tensors;
            `None` leaves are kept as `None` on both sides.
        validation_split: a float strictly between 0 and 1.

    Returns:
        The tuple `(train_arrays, validation_arrays)`, two structures like
        `arrays`.
    """
    if isinstance(validation_split, bool) or not isinstance(
        validation_split, (int, float, np.floating)
    ) or not 0.0 < validation_split < 1.0:
        raise ValueError(
            "`validation_split` must be a float strictly between 0 and 1. "
            f"Received: validation_split={validation_split!r}"
        )
    leaves = tree.flatten(arrays)
    unsupported = [
        type(x).__name__ for x in leaves
        if x is not None and not is_array_like(x)
    ]
    if unsupported:
        raise ValueError(
            "`validation_split` is only supported for NumPy arrays, "
            "tensors and pandas objects; split datasets, generators and "
            "`PyDataset`s yourself and pass `validation_data`. Received "
            f"data of type(s): {', '.join(sorted(set(unsupported)))}"
        )
    total = check_data_cardinality({"data": arrays})
    split_at = int(math.floor(total * (1.0 - validation_split)))
    if split_at == 0 or split_at == total:
        raise ValueError(
            f"The data holds {total} samples, too few to split into a "
            "non-empty training and validation set with "
            f"validation_split={validation_split}. Pass more data or "
            "another `validation_split`."
        )
    train = tree.map_structure(
        lambda x: _slice_leaf(x, 0, split_at), arrays
    )
    validation = tree.map_structure(
        lambda x: _slice_leaf(x, split_at, total), arrays
    )
    return train, validation


def reject_kwargs(source, **kwargs):
    """Raises if any of `kwargs` (`y`, `sample_weight`, `class_weight`) is
    set for a data source that carries them itself."""
    for name, value in kwargs.items():
        if value is None:
            continue
        raise ValueError(
            f"When `x` is a {source}, `{name}` cannot be passed separately: "
            f"the {source} must yield it as part of each batch. Received: "
            f"{name}={short_repr(value)}"
        )


# -- Keras's module-level helpers: sparse types, specs, iterators -------------

# How many batches are read to infer a dataset's element spec.
from keras.src.trainers.data_adapters.data_adapter import (  # noqa: E402
    NUM_BATCHES_FOR_TENSOR_SPEC,
)


def is_scipy_sparse(x):
    """Whether `x` is a SciPy sparse matrix or array (never imports
    SciPy).

    Example:

    >>> import numpy as np
    >>> is_scipy_sparse(np.eye(2))
    False
    """
    if not _comes_from(x, "scipy"):
        return False
    sparse = _loaded("scipy.sparse")
    return sparse is not None and sparse.issparse(x)


def is_tensorflow_sparse(value):
    """Whether `value` is a `tf.SparseTensor` (never imports TensorFlow).

    Example:

    >>> import numpy as np
    >>> is_tensorflow_sparse(np.eye(2))
    False
    """
    if not _comes_from(value, "tensorflow"):
        return False
    tf = _loaded("tensorflow")
    return tf is not None and isinstance(value, tf.SparseTensor)


def is_tensorflow_ragged(value):
    """Whether `value` is a `tf.RaggedTensor` (never imports TensorFlow).

    Example:

    >>> import numpy as np
    >>> is_tensorflow_ragged(np.eye(2))
    False
    """
    if not _comes_from(value, "tensorflow"):
        return False
    tf = _loaded("tensorflow")
    return tf is not None and isinstance(value, tf.RaggedTensor)


def is_jax_sparse(value):
    """Whether `value` is a `jax.experimental.sparse` array (never imports
    JAX).

    Example:

    >>> import numpy as np
    >>> is_jax_sparse(np.eye(2))
    False
    """
    if not _comes_from(value, "jax"):
        return False
    sparse = _loaded("jax.experimental.sparse")
    return sparse is not None and isinstance(value, sparse.JAXSparse)


def scipy_sparse_to_tf_sparse(x):
    """Converts a SciPy sparse matrix to a `tf.SparseTensor`.

    Example:

    ```python
    scipy_sparse_to_tf_sparse(scipy.sparse.coo_matrix(np.eye(3)))
    ```
    """
    import tensorflow as tf

    coo = x.tocoo()
    indices = np.stack([coo.row, coo.col], axis=1).astype("int64")
    return tf.SparseTensor(indices, coo.data, coo.shape)


def scipy_sparse_to_jax_sparse(x):
    """Converts a SciPy sparse matrix to a JAX `BCOO` array.

    Example:

    ```python
    scipy_sparse_to_jax_sparse(scipy.sparse.coo_matrix(np.eye(3)))
    ```
    """
    from jax.experimental import sparse

    coo = x.tocoo()
    indices = np.stack([coo.row, coo.col], axis=1).astype("int32")
    return sparse.BCOO((coo.data, indices), shape=coo.shape)


def tf_sparse_to_jax_sparse(x):
    """Converts a `tf.SparseTensor` to a JAX `BCOO` array.

    Example:

    ```python
    tf_sparse_to_jax_sparse(tf.sparse.from_dense([[1.0, 0.0]]))
    ```
    """
    from jax.experimental import sparse

    values = np.asarray(x.values)
    indices = np.asarray(x.indices).astype("int32")
    return sparse.BCOO((values, indices), shape=tuple(x.shape))


def jax_sparse_to_tf_sparse(x):
    """Converts a JAX `BCOO` array to a `tf.SparseTensor`.

    Example:

    ```python
    jax_sparse_to_tf_sparse(jax.experimental.sparse.BCOO.fromdense(a))
    ```
    """
    import tensorflow as tf

    return tf.SparseTensor(
        np.asarray(x.indices).astype("int64"), np.asarray(x.data), x.shape
    )


def get_tensor_spec(batches):
    """Returns the `tf.TensorSpec` structure matching every batch of
    `batches` (a list of structures of arrays): the batch dimension, and
    any dimension that differs between batches, is `None`.

    Example:

    ```python
    get_tensor_spec([np.ones((2, 3)), np.ones((1, 3))])
    # TensorSpec(shape=(None, 3), dtype=tf.float64)
    ```
    """
    from keras.src.trainers.data_adapters.data_adapter import tf_signature

    return tf_signature([structure_to_numpy(b) for b in batches])


def get_keras_tensor_spec(batches):
    """Returns the `KerasTensor` structure matching every batch of
    `batches`: the batch dimension, and any dimension that differs between
    batches, is `None`.

    Example:

    >>> import numpy as np
    >>> get_keras_tensor_spec([np.ones((2, 3)), np.ones((1, 3))]).shape
    (None, 3)
    """
    from keras.src.backend.common.keras_tensor import KerasTensor

    batches = [structure_to_numpy(b) for b in batches]
    for other in batches[1:]:
        tree.assert_same_structure(batches[0], other)

    def spec(*leaves):
        if leaves[0] is None:
            return None
        arrays = [np.asarray(x) for x in leaves]
        if len({a.ndim for a in arrays}) > 1:
            raise ValueError(
                "The batches have inconsistent ranks "
                f"{sorted({a.ndim for a in arrays})} for one of their "
                "arrays."
            )
        shape = list(arrays[0].shape)
        for a in arrays[1:]:
            shape = [d if d == e else None for d, e in zip(shape, a.shape)]
        if shape:
            shape[0] = None
        return KerasTensor(tuple(shape), dtype=_dtype_name(arrays[0].dtype))

    return tree.map_structure(spec, *batches)


def convert_to_tf_tensor_spec(keras_tensor, batch_axis_to_none=True):
    """Returns the `tf.TensorSpec` of a `KerasTensor` (`None` stays
    `None`).

    Args:
        keras_tensor: a `KerasTensor`, or `None`.
        batch_axis_to_none: whether the first dimension becomes `None`.

    Example:

    ```python
    convert_to_tf_tensor_spec(keras.KerasTensor((4, 3)))
    # TensorSpec(shape=(None, 3), dtype=tf.float32)
    ```
    """
    import tensorflow as tf

    if keras_tensor is None:
        return tf.OptionalSpec(None)
    shape = list(keras_tensor.shape)
    if batch_axis_to_none and shape:
        shape[0] = None
    if getattr(keras_tensor, "sparse", False):
        return tf.SparseTensorSpec(shape, keras_tensor.dtype)
    if getattr(keras_tensor, "ragged", False):
        return tf.RaggedTensorSpec(shape, keras_tensor.dtype)
    return tf.TensorSpec(shape, keras_tensor.dtype)


def get_numpy_iterator(iterable):
    """Yields the batches of `iterable` with every tensor (TensorFlow,
    PyTorch, JAX) converted to NumPy.

    Example:

    >>> import numpy as np
    >>> next(get_numpy_iterator([np.ones(2)])).tolist()
    [1.0, 1.0]
    """
    for batch in iterable:
        yield structure_to_numpy(batch)


def get_jax_iterator(iterable):
    """Yields the batches of `iterable` in a form JAX takes: NumPy arrays,
    with TensorFlow and SciPy sparse tensors as JAX `BCOO` arrays.

    Example:

    >>> import numpy as np
    >>> next(get_jax_iterator([np.ones(2)])).tolist()
    [1.0, 1.0]
    """

    def convert(x):
        if is_tensorflow_sparse(x):
            return tf_sparse_to_jax_sparse(x)
        if is_scipy_sparse(x):
            return scipy_sparse_to_jax_sparse(x)
        if is_jax_sparse(x):
            return x
        return to_numpy(x)

    for batch in iterable:
        yield tree.map_structure(convert, batch)


def get_torch_dataloader(iterable):
    """Returns a `torch.utils.data.DataLoader` over the batches of
    `iterable` (already batched), as CPU tensors.

    Example:

    ```python
    loader = get_torch_dataloader([np.ones((2, 3))])
    ```
    """
    from keras.src.trainers.data_adapters.data_adapter import (
        numpy_to_torch_dataloader,
    )

    return numpy_to_torch_dataloader(lambda: get_numpy_iterator(iterable))
