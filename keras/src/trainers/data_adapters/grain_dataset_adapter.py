"""`GrainDatasetAdapter`: batches from a Grain pipeline.

Grain (`pip install grain`) builds input pipelines as a random-access
`grain.MapDataset`, an iterable `grain.IterDataset`, or a
`grain.DataLoader` (a sampler, operations and worker processes). Like a
`tf.data.Dataset`, the pipeline is used as given: it batches (`.batch()`,
`grain.transforms.Batch`), shuffles and prefetches itself, so `fit`'s
`batch_size` and `shuffle` do not apply. Each iteration over it is one
epoch.

Its elements are converted to NumPy once per batch (map functions may
return tensors of any framework); the JAX, PyTorch and TensorFlow
trainers receive them through the generic conversions of `DataAdapter`
(`get_jax_iterator`, `get_torch_dataloader`, `get_tf_dataset`), which
add no prefetching of their own. Grain is never imported here: the
pipeline the user built proves it is loaded, and it is recognised by the
names of its classes.
"""

from keras.src import tree
from keras.src.trainers.data_adapters import data_adapter_utils as utils
from keras.src.trainers.data_adapters.data_adapter import DataAdapter

_GRAIN_TYPES = ("MapDataset", "IterDataset", "DataLoader")
# `len()` of an endless `MapDataset` (after `.repeat()`): `sys.maxsize`.
_ENDLESS = 2**63 - 1


def is_grain_input(x):
    """Whether `x` is a Grain `MapDataset`, `IterDataset` or `DataLoader`
    (never imports Grain).

    Example:

    >>> is_grain_input([1, 2])
    False
    """
    return _grain_kind(x) is not None


def _grain_kind(x):
    """`"MapDataset"`, `"IterDataset"`, `"DataLoader"` or `None`."""
    for cls in type(x).__mro__:
        package = (cls.__module__ or "").split(".", 1)[0]
        if package == "grain" and cls.__name__ in _GRAIN_TYPES:
            return cls.__name__
    return None


class GrainDatasetAdapter(DataAdapter):
    """Adapts a batched Grain pipeline yielding `(x,)`, `(x, y)` or
    `(x, y, sample_weight)` (or `x` alone, or a dict of inputs).

    Args:
        dataset: a `grain.MapDataset`, `grain.IterDataset` or
            `grain.DataLoader`, already batched.
    """

    def __init__(self, dataset):
        kind = _grain_kind(dataset)
        if kind is None:
            raise ValueError(
                "`GrainDatasetAdapter` expects a `grain.MapDataset`, "
                "`grain.IterDataset` or `grain.DataLoader`. Received: "
                f"dataset of type {type(dataset).__name__}"
            )
        self._dataset = dataset
        self._kind = kind
        self._batch_size = _UNKNOWN

    def get_numpy_iterator(self):
        """Returns an iterator over one pass of the pipeline as NumPy
        batches."""
        for element in self._dataset:
            yield self._standardize(element)

    def _standardize(self, element):
        batch = utils.standardize_batch(
            utils.list_to_tuple(element), f"The Grain {self._kind}"
        )
        return utils.structure_to_numpy(batch)

    @property
    def num_batches(self):
        # Only a `MapDataset` knows its length; an endless one says
        # `sys.maxsize`. A `MapDataset` with a `filter` counts the
        # batches before filtering (its length is an upper bound).
        if self._kind != "MapDataset":
            return None
        try:
            length = len(self._dataset)
        except (TypeError, ValueError, OverflowError):
            return None
        return None if length >= _ENDLESS else length

    @property
    def batch_size(self):
        """The leading dimension of the first batch (read once), or
        `None` for an empty pipeline."""
        if self._batch_size is _UNKNOWN:
            self._batch_size = self._first_batch_size()
        return self._batch_size

    @property
    def has_partial_batch(self):
        return None

    @property
    def partial_batch_size(self):
        return None

    def _first_batch_size(self):
        if self._kind == "MapDataset" and self.num_batches:
            element = self._dataset[0]
        else:
            element = next(iter(self._dataset), None)
        if element is None:
            return None
        for leaf in tree.flatten(self._standardize(element)):
            shape = getattr(leaf, "shape", ())
            if len(shape):
                return int(shape[0])
        return None


_UNKNOWN = object()
