"""`GeneratorDataAdapter`: batches from a Python generator or iterator.

A generator runs once: every pass continues where the previous one
stopped, so an epoch is bounded by `steps_per_epoch` (for endless
generators) or by the generator's end (then later epochs get nothing
more, and the epoch iterator warns that the data ran out).
"""

import itertools

from keras.src.trainers.data_adapters import data_adapter_utils as utils
from keras.src.trainers.data_adapters.data_adapter import DataAdapter


def is_generator_like(x):
    """Whether `x` is an iterator the adapter can consume (a generator or
    any object with `__next__` and `__iter__`)."""
    return hasattr(x, "__next__") and hasattr(x, "__iter__")


class GeneratorDataAdapter(DataAdapter):
    """Adapts a generator yielding `(x,)`, `(x, y)` or
    `(x, y, sample_weight)` batches (or `x` alone, or a dict of inputs).

    The first batch is read when the adapter is built, to check its form
    early; it is still delivered first.

    Args:
        generator: the generator or iterator.
    """

    def __init__(self, generator):
        if not is_generator_like(generator):
            raise ValueError(
                "`GeneratorDataAdapter` expects a generator or iterator. "
                f"Received: generator of type {type(generator).__name__}"
            )
        self._generator = generator
        first = next(generator, _END)
        self._pending = [] if first is _END else [first]
        if self._pending:
            self._standardize(first)

    def _standardize(self, batch):
        batch = utils.standardize_batch(batch, "The Python generator")
        return utils.structure_to_numpy(batch)

    def _raw_batches(self):
        pending, self._pending = self._pending, []
        return itertools.chain(pending, self._generator)

    def get_numpy_iterator(self):
        """Returns an iterator over the generator's remaining batches as
        NumPy arrays."""
        return map(self._standardize, self._raw_batches())

    @property
    def num_batches(self):
        return None

    @property
    def batch_size(self):
        return None

    @property
    def has_partial_batch(self):
        return None

    @property
    def partial_batch_size(self):
        return None


_END = object()


def peek_and_restore(generator):
    """Reads the first batches of `generator` without losing them.

    Args:
        generator: a generator or iterator.

    Returns:
        A pair `(batches, make_generator)`: the first
        `NUM_BATCHES_FOR_TENSOR_SPEC` batches (fewer if it ends sooner),
        and a function returning an iterator over all the batches, the
        peeked ones first.

    Example:

    >>> batches, restored = peek_and_restore(iter(range(5)))
    >>> batches, list(restored())
    ([0, 1], [0, 1, 2, 3, 4])
    """
    from keras.src.trainers.data_adapters.data_adapter import (
        NUM_BATCHES_FOR_TENSOR_SPEC,
    )

    batches = list(itertools.islice(generator, NUM_BATCHES_FOR_TENSOR_SPEC))
    return batches, lambda: itertools.chain(batches, generator)
