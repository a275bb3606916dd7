"""`ArrayDataAdapter`: batches sliced from in-memory arrays.

Accepts NumPy arrays, dense tensors of TensorFlow, PyTorch and JAX, Keras
variables and pandas objects, alone or in lists, tuples and dicts. They
are converted to NumPy once, when the adapter is built (usually without a
copy), and every batch is a slice of those arrays: a view when not
shuffled, a gather when shuffled.
"""

import math

import numpy as np

from keras.src import tree
from keras.src.trainers.data_adapters import data_adapter_utils as utils
from keras.src.trainers.data_adapters.data_adapter import DataAdapter

DEFAULT_BATCH_SIZE = 32


def can_convert_arrays(arrays):
    """Whether every leaf of the structure `arrays` is an array the
    adapter accepts (or `None`)."""
    return all(
        x is None or utils.is_array_like(x) for x in tree.flatten(arrays)
    )


class ArrayDataAdapter(DataAdapter):
    """Iterates over in-memory arrays in batches.

    Args:
        x: inputs: an array or a list, tuple or dict of them.
        y: targets, same kinds as `x`, or `None`.
        sample_weight: per-sample weights, same kinds, or `None`.
        batch_size: samples per batch. Defaults to 32, or to
            `ceil(num_samples / steps)` when `steps` is given.
        steps: batches per epoch wanted by the caller; only used to pick
            a default `batch_size`.
        shuffle: `False`; `True` to draw a new order of all samples each
            epoch; `"batch"` to shuffle within each batch of consecutive
            samples, keeping the order of the batches.
        class_weight: `{class_index: weight}`: turned into per-sample
            weights from `y` (class indices or one-hot rows).
    """

    def __init__(self, x, y=None, sample_weight=None, batch_size=None,
                 steps=None, shuffle=False, class_weight=None):
        for name, value in (("x", x), ("y", y),
                            ("sample_weight", sample_weight)):
            _check_arrays(name, value)
        _check_shuffle(shuffle)
        x, y, sample_weight = (
            _prepare(v) for v in (x, y, sample_weight)
        )
        self._num_samples = utils.check_data_cardinality(
            {"x": x, "y": y, "sample_weight": sample_weight}
        )
        if class_weight is not None:
            sample_weight = _class_weight_to_sample_weight(
                y, sample_weight, class_weight
            )
        self._x, self._y, self._sample_weight = x, y, sample_weight
        self._batch_size = _resolve_batch_size(
            batch_size, steps, self._num_samples
        )
        self._shuffle = shuffle

    def get_numpy_iterator(self):
        """Returns an iterator over one epoch of NumPy batches (reshuffled
        at each call when `shuffle` is set)."""
        return self._iterate(self._epoch_order())

    def _epoch_order(self):
        n = self._num_samples
        if not self._shuffle:
            return None
        order = np.arange(n)
        if self._shuffle == "batch":
            for start in range(0, n, self._batch_size):
                np.random.shuffle(order[start:start + self._batch_size])
            return order
        return np.random.permutation(n)

    def _iterate(self, order):
        for start in range(0, self._num_samples, self._batch_size):
            stop = min(start + self._batch_size, self._num_samples)
            if order is None:
                index = slice(start, stop)
            else:
                index = order[start:stop]
            yield utils.pack_x_y_sample_weight(
                *(_take(v, index) for v in (
                    self._x, self._y, self._sample_weight
                ))
            )

    def get_tf_dataset(self):
        """Returns a `tf.data.Dataset` of batches sliced in the dataset's
        own graph from the arrays (converted to tensors once), with the
        next batches prefetched: no Python runs per batch. Each iteration
        is one epoch; with `shuffle`, the order is drawn from NumPy's
        global generator at the start of each one, as for the other
        backends."""
        structure = tree.lists_to_tuples(utils.pack_x_y_sample_weight(
            self._x, self._y, self._sample_weight
        ))
        leaves = tree.flatten(structure)
        if not self._num_samples or not all(
            isinstance(a, np.ndarray) and a.dtype.kind != "O"
            for a in leaves
        ):
            # Object arrays (and `None`s inside the structure) need the
            # generic path's conversion per batch.
            return super().get_tf_dataset()
        return _tf_batches(structure, self._num_samples, self._batch_size,
                           self._epoch_order if self._shuffle else None)

    @property
    def num_batches(self):
        return math.ceil(self._num_samples / self._batch_size)

    @property
    def batch_size(self):
        return self._batch_size

    @property
    def has_partial_batch(self):
        return self._num_samples % self._batch_size != 0

    @property
    def partial_batch_size(self):
        return self._num_samples % self._batch_size or None


def _check_arrays(name, value):
    if value is None or can_convert_arrays(value):
        return
    bad = [
        type(x).__name__ for x in tree.flatten(value)
        if x is not None and not utils.is_array_like(x)
    ]
    raise ValueError(
        f"Unrecognized data type for `{name}`: expected NumPy arrays, "
        "tensors or pandas objects (alone or in lists, tuples or dicts), "
        "a `tf.data.Dataset`, a `keras.utils.PyDataset`, a torch "
        "`DataLoader` or a Python generator. Received: "
        f"{name}={utils.short_repr(value)} with leaves of type(s) "
        f"{', '.join(sorted(set(bad)))}"
    )


def _check_shuffle(shuffle):
    if shuffle not in (True, False, "batch"):
        raise ValueError(
            "`shuffle` must be True, False or 'batch'. Received: "
            f"shuffle={shuffle!r}"
        )


def _prepare(structure):
    if structure is None:
        return None

    def convert(x):
        return utils.cast_floats_to_floatx(utils.to_numpy(x))

    return tree.map_structure(convert, structure)


def _resolve_batch_size(batch_size, steps, num_samples):
    if batch_size is not None:
        if isinstance(batch_size, bool) or not isinstance(
            batch_size, (int, np.integer)
        ) or batch_size < 1:
            raise ValueError(
                "`batch_size` must be a positive integer. Received: "
                f"batch_size={batch_size!r}"
            )
        return int(batch_size)
    if steps:
        return max(1, math.ceil(num_samples / steps))
    return DEFAULT_BATCH_SIZE


def _tf_batches(structure, num_samples, batch_size, epoch_order):
    """A `tf.data.Dataset` of the batches of `structure` (NumPy arrays):
    contiguous slices, or gathers along `epoch_order()` (drawn once per
    iteration) when it is given."""
    import tensorflow as tf

    tensors = tree.map_structure(tf.convert_to_tensor, structure)
    num_batches = math.ceil(num_samples / batch_size)

    def bounds(i):
        start = i * batch_size
        return start, tf.minimum(start + batch_size, num_samples)

    if epoch_order is None:

        def batch(i):
            start, stop = bounds(i)
            return tree.map_structure(lambda t: t[start:stop], tensors)

        dataset = tf.data.Dataset.range(num_batches).map(batch)
    else:

        def order():
            yield np.asarray(epoch_order(), dtype=np.int64)

        def batches(indices):
            def index_batch(i):
                start, stop = bounds(i)
                return indices[start:stop]

            return tf.data.Dataset.range(num_batches).map(index_batch)

        def gather(index):
            return tree.map_structure(
                lambda t: tf.gather(t, index), tensors
            )

        dataset = tf.data.Dataset.from_generator(
            order,
            output_signature=tf.TensorSpec([num_samples], tf.int64),
        ).flat_map(batches).map(gather)
    return dataset.prefetch(tf.data.AUTOTUNE)


def _take(structure, index):
    if structure is None:
        return None
    return tree.map_structure(
        lambda a: None if a is None else a[index], structure
    )


def _class_weight_to_sample_weight(y, sample_weight, class_weight):
    if sample_weight is not None:
        raise ValueError(
            "`class_weight` and `sample_weight` cannot be passed together: "
            "fold the class weights into `sample_weight`. Received: "
            f"class_weight={class_weight}"
        )
    if y is None:
        raise ValueError(
            "`class_weight` needs targets `y` to weigh the samples by "
            f"class. Received: y=None, class_weight={class_weight}"
        )
    leaves = tree.flatten(y)
    if tree.is_nested(y) or len(leaves) != 1:
        raise ValueError(
            "`class_weight` is only supported for models with a single "
            "output: `y` must be one array. Received `y` with "
            f"{len(leaves)} arrays in a {type(y).__name__}"
        )
    return utils.class_weight_to_sample_weights(leaves[0], class_weight)
