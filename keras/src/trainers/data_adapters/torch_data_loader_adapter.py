"""`TorchDataLoaderAdapter`: batches from a `torch.utils.data.DataLoader`.

The loader is used as given (its own batching, shuffling and workers).
The PyTorch trainer iterates it directly; the other backends receive its
batches as NumPy arrays, with the top-level list made by PyTorch's
default collation turned back into a Keras tuple.
"""

from keras.src.trainers.data_adapters import data_adapter_utils as utils
from keras.src.trainers.data_adapters.data_adapter import DataAdapter


class TorchDataLoaderAdapter(DataAdapter):
    """Adapts a `torch.utils.data.DataLoader` yielding `(x,)`, `(x, y)` or
    `(x, y, sample_weight)` batches (or `x` alone).

    Args:
        dataloader: the `DataLoader`.
    """

    def __init__(self, dataloader):
        if not utils.is_torch_dataloader(dataloader):
            raise ValueError(
                "`TorchDataLoaderAdapter` expects a "
                "`torch.utils.data.DataLoader`. Received: dataloader of "
                f"type {type(dataloader).__name__}"
            )
        self._dataloader = dataloader
        # The sampler, when sized, says how many samples an epoch reads
        # (it may cover part of the dataset).
        self._num_samples = _sized_len(dataloader.sampler)
        if self._num_samples is None:
            self._num_samples = _sized_len(dataloader.dataset)

    def get_torch_dataloader(self):
        """Returns the `DataLoader` itself."""
        return self._dataloader

    def get_numpy_iterator(self):
        """Returns an iterator over one pass of the loader as NumPy
        batches."""
        for batch in self._dataloader:
            yield utils.structure_to_numpy(utils.list_to_tuple(batch))

    @property
    def num_batches(self):
        return _sized_len(self._dataloader)

    @property
    def batch_size(self):
        return self._dataloader.batch_size

    @property
    def has_partial_batch(self):
        remainder = self._remainder()
        return None if remainder is None else remainder > 0

    @property
    def partial_batch_size(self):
        return self._remainder() or None

    def _remainder(self):
        batch_size = self._dataloader.batch_size
        if batch_size is None or self._num_samples is None:
            return None
        if self._dataloader.drop_last:
            return 0
        return self._num_samples % batch_size


def _sized_len(obj):
    # Iterable datasets may lack `__len__`; their loaders then raise.
    try:
        return len(obj)
    except TypeError:
        return None
