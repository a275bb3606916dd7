"""Helpers shared by the preprocessing layers that learn from data.

`adapt()` accepts NumPy arrays, backend tensors, Python lists,
`tf.data.Dataset`s and `keras.utils.PyDataset`s; `iter_batches` turns all
of them into NumPy batches so that the statistics are computed the same
way on every backend.
"""

import numpy as np

from keras.src import backend


def is_tf_dataset(data):
    """Whether `data` is a `tf.data.Dataset` (without importing TF)."""
    module = type(data).__module__ or ""
    return module.startswith("tensorflow") and hasattr(
        data, "as_numpy_iterator"
    )


def is_py_dataset(data):
    """Whether `data` is a `keras.utils.PyDataset`."""
    from keras.src.trainers.data_adapters.py_dataset_adapter import (
        PyDataset,
    )

    return isinstance(data, PyDataset)


def to_numpy(x):
    """Converts a tensor, array or list to a NumPy array."""
    if isinstance(x, np.ndarray):
        return x
    if hasattr(x, "numpy") and type(x).__module__.startswith("tensorflow"):
        return x.numpy()
    if backend.is_tensor(x):
        return np.asarray(backend.convert_to_numpy(x))
    return np.asarray(x)


def _features(batch):
    # Datasets may yield `(x, y)` pairs; only `x` is adapted on.
    if isinstance(batch, tuple):
        return batch[0]
    return batch


def iter_batches(data, batch_size=None, steps=None):
    """Yields the batches of `data` as NumPy arrays.

    Args:
        data: array-like, tensor, `tf.data.Dataset` or `PyDataset`.
        batch_size: splits array-like `data` into batches of this size.
        steps: the number of batches to read from a dataset.

    Returns:
        A generator of NumPy arrays.
    """
    if is_tf_dataset(data):
        for i, batch in enumerate(data.as_numpy_iterator()):
            if steps is not None and i >= steps:
                return
            yield to_numpy(_features(batch))
        return
    if is_py_dataset(data):
        count = data.num_batches
        count = count if steps is None else min(steps, count)
        for i in range(count):
            yield to_numpy(_features(data[i]))
        return
    array = to_numpy(data)
    if batch_size is None or array.ndim == 0:
        yield array
        return
    for start in range(0, len(array), batch_size):
        yield array[start:start + batch_size]
