"""`DataAdapter`: the interface between user data and the trainers.

An adapter produces the batches of one epoch in the form each backend's
trainer consumes: NumPy arrays (numpy and JAX backends), a
`torch.utils.data.DataLoader` of tensors (PyTorch) or a `tf.data.Dataset`
(TensorFlow). Subclasses write `get_numpy_iterator()`; the other forms
derive from it here unless the data already comes in that form.
"""

import abc
import importlib
import itertools

import numpy as np

from keras.src import tree

# Batches inspected to infer a `tf.data` signature: two reveal which
# non-batch dimensions vary (e.g. sequence lengths) without reading far.
NUM_BATCHES_FOR_TENSOR_SPEC = 2


class DataAdapter(abc.ABC):
    """Base class of the data adapters.

    Each call of an iterator getter starts a new pass over the data (for
    one-shot sources such as generators: continues where the last pass
    stopped). Batches are `x`, `(x,)`, `(x, y)` or `(x, y, sample_weight)`
    as `keras.utils.pack_x_y_sample_weight` forms them, with the nested
    structure of the user's data.
    """

    @abc.abstractmethod
    def get_numpy_iterator(self):
        """Returns an iterator over one epoch of batches of NumPy arrays."""

    def get_jax_iterator(self):
        """Returns an iterator over one epoch of batches for JAX (NumPy
        arrays, which JAX consumes without copies on CPU)."""
        return self.get_numpy_iterator()

    def get_torch_dataloader(self):
        """Returns a `torch.utils.data.DataLoader` of batches of CPU
        tensors; each iteration over it is one epoch."""
        return numpy_to_torch_dataloader(self.get_numpy_iterator)

    def get_tf_dataset(self):
        """Returns a `tf.data.Dataset` of batches; each iteration over it
        is one epoch."""
        return numpy_to_tf_dataset(self.get_numpy_iterator)

    @property
    @abc.abstractmethod
    def num_batches(self):
        """Batches per epoch, or `None` when unknown or unbounded."""

    @property
    @abc.abstractmethod
    def batch_size(self):
        """Samples per batch, or `None` when the data is already batched
        by the user."""

    @property
    @abc.abstractmethod
    def has_partial_batch(self):
        """Whether the last batch is smaller, or `None` when unknown."""

    @property
    @abc.abstractmethod
    def partial_batch_size(self):
        """Size of the smaller last batch, or `None`."""

    def on_epoch_begin(self):
        """Called by the epoch iterator before each epoch."""

    def on_epoch_end(self):
        """Called by the epoch iterator after each epoch."""


# -- PyTorch ------------------------------------------------------------------


def _identity(batch):
    return batch


def numpy_to_torch_dataloader(make_iterator):
    """Wraps a factory of NumPy batch iterators in a `DataLoader` whose
    iteration calls the factory and converts each batch to tensors."""
    torch = importlib.import_module("torch")

    class _NumpyBatches(torch.utils.data.IterableDataset):
        def __iter__(self):
            return map(structure_to_torch, make_iterator())

    # `batch_size=None`: the batches are already formed. The default
    # collate would turn tuples into lists, hence the identity.
    return torch.utils.data.DataLoader(
        _NumpyBatches(), batch_size=None, collate_fn=_identity
    )


def structure_to_torch(structure):
    """Converts the NumPy arrays of a nested structure to CPU tensors."""
    torch = importlib.import_module("torch")

    def convert(x):
        if not isinstance(x, np.ndarray):
            return x
        if x.dtype.name == "bfloat16":
            return torch.from_numpy(x.astype(np.float32)).to(
                torch.bfloat16
            )
        if x.dtype.kind in "OSUV":
            return x  # Strings and objects have no tensor form.
        if not x.flags.writeable:
            x = x.copy()  # torch warns on read-only buffers.
        return torch.from_numpy(x)

    return tree.map_structure(convert, structure)


# -- TensorFlow ---------------------------------------------------------------


def numpy_to_tf_dataset(make_iterator):
    """Wraps a factory of NumPy batch iterators in a `tf.data.Dataset`.

    The first batches are read now to infer the element signature; the
    first pass over the dataset replays them before continuing the same
    iterator, so nothing is lost from one-shot sources.
    """
    tf = importlib.import_module("tensorflow")
    first = map(tree.lists_to_tuples, make_iterator())
    peeked = list(itertools.islice(first, NUM_BATCHES_FOR_TENSOR_SPEC))
    if not peeked:
        raise ValueError(
            "Cannot build a `tf.data.Dataset` from data that produced no "
            "batch: the data is empty or already exhausted."
        )
    signature = tf_signature(peeked)
    pending = [itertools.chain(peeked, first)]

    def generator():
        if pending:
            yield from pending.pop()
        else:
            yield from map(tree.lists_to_tuples, make_iterator())

    return tf.data.Dataset.from_generator(
        generator, output_signature=signature
    )


def tf_signature(batches):
    """The `tf.TensorSpec` structure matching all of `batches` (NumPy
    structures): the batch dimension and any dimension that differs
    between them are `None`."""
    tf = importlib.import_module("tensorflow")
    first = batches[0]
    for other in batches[1:]:
        tree.assert_same_structure(first, other)

    def spec(*leaves):
        if leaves[0] is None:
            return tf.NoneTensorSpec()
        arrays = [np.asarray(x) for x in leaves]
        ranks = {a.ndim for a in arrays}
        if len(ranks) > 1:
            raise ValueError(
                "The batches have inconsistent ranks "
                f"{sorted(ranks)} for one of their arrays; a "
                "`tf.data.Dataset` needs a fixed rank."
            )
        shape = list(arrays[0].shape)
        for a in arrays[1:]:
            shape = [
                d if d == e else None
                for d, e in zip(shape, a.shape, strict=True)
            ]
        if shape:
            shape[0] = None
        return tf.TensorSpec(shape, _tf_dtype(tf, arrays[0].dtype))

    return tree.map_structure(spec, *batches)


def _tf_dtype(tf, dtype):
    if dtype.kind in "OSU":
        return tf.string
    return tf.as_dtype(dtype)
