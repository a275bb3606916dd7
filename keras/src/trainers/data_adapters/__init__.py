"""Data adapters: everything `fit`, `evaluate` and `predict` accept as data.

`get_data_adapter` picks the adapter for the user's `x`: in-memory arrays
and tensors of any framework (`ArrayDataAdapter`), a
`keras.utils.PyDataset`, a `tf.data.Dataset`, a torch `DataLoader`, a
Grain pipeline, or a Python generator. Every adapter can feed every
backend (see `data_adapter.DataAdapter`). Nothing here imports
TensorFlow, PyTorch, JAX, pandas or Grain unless the data comes from
them.
"""

from keras.src import tree
from keras.src.distribution import distribution_lib
from keras.src.trainers.data_adapters import data_adapter_utils as utils
from keras.src.trainers.data_adapters.data_adapter_utils import (  # noqa: F401
    is_tf_dataset,
)
from keras.src.trainers.data_adapters.data_adapter_utils import (  # noqa: F401
    is_torch_dataloader,
)
from keras.src.trainers.data_adapters.array_data_adapter import (
    ArrayDataAdapter,
)
from keras.src.trainers.data_adapters.array_data_adapter import (
    can_convert_arrays,
)
from keras.src.trainers.data_adapters.data_adapter import (  # noqa: F401
    DataAdapter,
)
from keras.src.trainers.data_adapters.generator_data_adapter import (
    GeneratorDataAdapter,
)
from keras.src.trainers.data_adapters.grain_dataset_adapter import (
    GrainDatasetAdapter,
)
from keras.src.trainers.data_adapters.grain_dataset_adapter import (
    is_grain_input,
)
from keras.src.trainers.data_adapters.generator_data_adapter import (
    is_generator_like,
)
from keras.src.trainers.data_adapters.py_dataset_adapter import PyDataset
from keras.src.trainers.data_adapters.py_dataset_adapter import (
    PyDatasetAdapter,
)
from keras.src.trainers.data_adapters.tf_dataset_adapter import (
    TFDatasetAdapter,
)
from keras.src.trainers.data_adapters.torch_data_loader_adapter import (
    TorchDataLoaderAdapter,
)
from keras.src.utils.dataset_utils import is_grain_dataset  # noqa: F401


def get_data_adapter(x, y=None, sample_weight=None, batch_size=None,
                     steps_per_epoch=None, shuffle=False, class_weight=None):
    """Returns the `DataAdapter` for the data given to `fit` and co.

    Args:
        x: arrays or tensors (alone or in lists, tuples, dicts), a
            `PyDataset`, a `tf.data.Dataset`, a torch `DataLoader`, a
            batched Grain `MapDataset`, `IterDataset` or `DataLoader`, or
            a Python generator.
        y: targets, only with arrays.
        sample_weight: per-sample weights, only with arrays.
        batch_size: samples per batch, for arrays (the other kinds come
            batched).
        steps_per_epoch: batches per epoch; for arrays without
            `batch_size` it sets the batch size.
        shuffle: `True`, `False` or `"batch"`; applies to arrays (and to
            the batch order of a `PyDataset`); datasets, loaders and
            generators keep their own order.
        class_weight: `{class_index: weight}`, for arrays, a `PyDataset`
            or a `tf.data.Dataset`.

    Returns:
        A `DataAdapter`.
    """
    if isinstance(x, PyDataset):
        _reject_separate_targets("`PyDataset`", y, sample_weight)
        return PyDatasetAdapter(x, class_weight=class_weight, shuffle=shuffle)
    if utils.is_tf_dataset(x):
        _reject_separate_targets("`tf.data.Dataset`", y, sample_weight)
        if distribution_lib.distribution() is not None:
            # In a multi-process run, each process keeps its part.
            x = distribution_lib.distribution().distribute_dataset(x)
        return TFDatasetAdapter(x, class_weight=class_weight)
    if utils.is_torch_dataloader(x):
        _reject_separate_targets("torch `DataLoader`", y, sample_weight)
        _reject_class_weight("torch `DataLoader`", class_weight)
        return TorchDataLoaderAdapter(x)
    if is_grain_input(x):
        _reject_separate_targets("Grain dataset", y, sample_weight)
        _reject_class_weight("Grain dataset", class_weight)
        return GrainDatasetAdapter(x)
    if _holds_arrays(x):
        return ArrayDataAdapter(
            x, y, sample_weight=sample_weight, batch_size=batch_size,
            steps=steps_per_epoch, shuffle=shuffle,
            class_weight=class_weight,
        )
    if is_generator_like(x):
        _reject_separate_targets("Python generator", y, sample_weight)
        _reject_class_weight("Python generator", class_weight)
        return GeneratorDataAdapter(x)
    raise ValueError(
        "Unrecognized data type: expected NumPy arrays, tensors or pandas "
        "objects (alone or in lists, tuples or dicts), a "
        "`keras.utils.PyDataset`, a `tf.data.Dataset`, a torch "
        "`DataLoader`, a Grain dataset or a Python generator. Received: "
        f"x={utils.short_repr(x)} (of type {type(x).__name__})"
    )


def raise_unsupported_arg(arg_name, arg_description, input_type):
    """Raises a `ValueError` saying that `arg_name` cannot be passed
    separately when `x` is an `input_type` (which carries it itself).

    Args:
        arg_name: the argument, such as `"sample_weight"`.
        arg_description: what it holds, such as `"the sample weights"`.
        input_type: the kind of `x`, such as `"tf.data.Dataset"`.
    """
    raise ValueError(
        f"When providing `x` as a {input_type}, `{arg_name}` should not be "
        f"passed. Instead, {arg_description} should be included as part "
        f"of the {input_type}."
    )


def _holds_arrays(x):
    leaves = tree.flatten(x)
    return any(leaf is not None for leaf in leaves) and can_convert_arrays(x)


def _reject_separate_targets(source, y, sample_weight):
    utils.reject_kwargs(source, y=y, sample_weight=sample_weight)


def _reject_class_weight(source, class_weight):
    if class_weight is not None:
        raise ValueError(
            f"`class_weight` is not supported when `x` is a {source}: "
            "yield `(x, y, sample_weight)` batches with the weights "
            f"instead. Received: class_weight={class_weight}"
        )
