"""`TFDatasetAdapter`: batches from a `tf.data.Dataset`.

The dataset is used as given (already batched; `shuffle` and `batch_size`
of `fit` do not apply). The TensorFlow trainer iterates the dataset
itself; the other backends receive its elements as NumPy arrays (sparse
and ragged tensors densified), so a `tf.data` pipeline can feed any
backend. TensorFlow is only reached through the dataset the user built,
so it is already imported.
"""

import sys

import numpy as np

from keras.src import tree
from keras.src.backend import config
from keras.src.trainers.data_adapters import data_adapter_utils as utils
from keras.src.trainers.data_adapters.data_adapter import DataAdapter


class TFDatasetAdapter(DataAdapter):
    """Adapts a batched `tf.data.Dataset` of `(x,)`, `(x, y)` or
    `(x, y, sample_weight)` elements (or `x` alone).

    Args:
        dataset: the `tf.data.Dataset`.
        class_weight: `{class_index: weight}`: per-sample weights computed
            from each element's `y` and added as its third part.
    """

    def __init__(self, dataset, class_weight=None):
        if not utils.is_tf_dataset(dataset):
            raise ValueError(
                "`TFDatasetAdapter` expects a `tf.data.Dataset`. Received: "
                f"dataset of type {type(dataset).__name__}"
            )
        if class_weight is not None:
            utils.validate_class_weight(class_weight)
            dataset = dataset.map(_class_weight_map_fn(class_weight))
        self._dataset = dataset

    def get_tf_dataset(self):
        """Returns the dataset (with class weights mapped in, if any)."""
        return self._dataset

    def get_numpy_iterator(self):
        """Returns an iterator over one pass of the dataset as NumPy
        batches."""
        for element in self._dataset:
            yield utils.structure_to_numpy(utils.list_to_tuple(element))

    @property
    def num_batches(self):
        cardinality = int(self._dataset.cardinality())
        # Negative values stand for infinite (-1) or unknown (-2).
        return cardinality if cardinality >= 0 else None

    @property
    def batch_size(self):
        spec = _first_spec(self._dataset.element_spec)
        if spec is None or not spec.shape.rank:
            return None
        return spec.shape[0]

    @property
    def has_partial_batch(self):
        return None

    @property
    def partial_batch_size(self):
        return None


def _first_spec(element_spec):
    leaves = tree.flatten(element_spec)
    return leaves[0] if leaves else None


def _class_weight_map_fn(class_weight):
    """A `dataset.map` function adding per-sample weights to `(x, y)`
    elements from `class_weight`."""
    tf = sys.modules["tensorflow"]
    size = max(class_weight) + 1
    table = np.ones((size,), dtype=config.floatx())
    for key, weight in class_weight.items():
        table[int(key)] = weight
    table = tf.constant(table)

    def map_fn(*element):
        x, y, sample_weight = utils.unpack_x_y_sample_weight(element)
        if y is None or sample_weight is not None:
            raise ValueError(
                "`class_weight` needs dataset elements `(x, y)` without "
                f"sample weights. Received an element of {len(element)} "
                "parts"
            )
        if tree.is_nested(y):
            raise ValueError(
                "`class_weight` is only supported for models with a single "
                "output: `y` must be one tensor. Received a "
                f"{type(y).__name__}"
            )
        return x, y, _lookup_weights(tf, table, y)

    return map_fn


def _lookup_weights(tf, table, y):
    if y.shape.rank == 2:
        if y.shape[1] == 1:
            y = tf.squeeze(y, axis=1)
        else:
            y = tf.argmax(y, axis=-1)
    elif y.shape.rank != 1:
        raise ValueError(
            "`class_weight` needs targets of shape `(batch,)`, `(batch, 1)` "
            f"or one-hot `(batch, num_classes)`. Received shape {y.shape}"
        )
    if y.dtype.is_floating:
        y = tf.round(y)
    ids = tf.cast(y, "int64")
    size = tf.cast(tf.shape(table)[0], "int64")
    # Classes beyond the table were not weighted: they weigh 1.
    known = tf.logical_and(ids >= 0, ids < size)
    safe_ids = tf.where(known, ids, tf.zeros_like(ids))
    weights = tf.gather(table, safe_ids)
    return tf.where(known, weights, tf.ones_like(weights))


def make_class_weight_map_fn(class_weight):
    """Returns a `tf.data.Dataset.map` function that appends per-sample
    weights, looked up in `class_weight` from each element's targets, to
    `(x, y)` elements.

    Args:
        class_weight: a dict mapping class indices to weights.

    Returns:
        A function `(x, y) -> (x, y, sample_weight)`.

    Example:

    ```python
    dataset = dataset.map(make_class_weight_map_fn({0: 1.0, 1: 2.0}))
    ```
    """
    import tensorflow  # noqa: F401  (the map function reads sys.modules)

    return _class_weight_map_fn(class_weight)
