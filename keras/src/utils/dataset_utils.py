"""Dataset helpers: directory indexing for the `*_dataset_from_directory`
utilities, training/validation splits, and `keras.utils.split_dataset`.

Rules:
- Directory indexing is deterministic: files of one folder are listed in
  sorted order, the folder's own files before its subfolders', and class
  folders in alphanumeric order, so that two calls with the same seed split
  the same files into training and validation.
- TensorFlow is imported only when a function returns a `tf.data.Dataset`
  (never when `keras` is imported).
"""

import importlib
import os
import random
import time

import numpy as np

from keras.src.api_export import keras_export


def _tf():
    return importlib.import_module("tensorflow")


# -- directory indexing -------------------------------------------------------


def iter_valid_files(directory, follow_links, formats):
    """Yields `(folder, file name)` for every file under `directory` whose
    extension (case-insensitive) is one of `formats`.

    Args:
        directory: the folder to walk, recursively.
        follow_links: whether to descend into symbolic links to folders.
        formats: a tuple of lowercase extensions such as
            `(".jpg", ".png")`; file names are lowercased before matching.

    Returns:
        A generator of `(root, fname)` pairs, in sorted order per folder.
    """
    formats = tuple(formats)
    walk = os.walk(directory, followlinks=follow_links)
    for root, dirs, files in sorted(walk, key=lambda x: x[0]):
        for fname in sorted(files):
            if fname.lower().endswith(formats):
                yield root, fname


def index_subdirectory(directory, class_indices, follow_links, formats):
    """Lists the files of one class folder.

    Args:
        directory: the class folder.
        class_indices: a dict from class folder name to its integer label.
        follow_links: whether to follow symbolic links to folders.
        formats: the accepted file extensions.

    Returns:
        `(filenames, labels)`: the paths relative to the parent of
        `directory` (starting with the class folder's name) and, for each,
        the class index of `directory`.
    """
    dirname = os.path.basename(directory)
    label = class_indices[dirname]
    filenames = []
    labels = []
    for root, fname in iter_valid_files(directory, follow_links, formats):
        absolute = os.path.join(root, fname)
        relative = os.path.join(
            dirname, os.path.relpath(absolute, directory)
        )
        filenames.append(relative)
        labels.append(label)
    return filenames, labels


def index_directory(
    directory,
    labels,
    formats,
    class_names=None,
    shuffle=True,
    seed=None,
    follow_links=False,
    verbose=True,
):
    """Lists the files of a dataset folder and their labels.

    With `labels="inferred"`, each subfolder of `directory` is a class and
    its files (searched recursively) get that class's index; files directly
    in `directory` are ignored. Otherwise (`labels=None` or a list of
    labels), every matching file under `directory` is listed, in sorted
    order.

    Args:
        directory: the dataset folder.
        labels: `"inferred"`, `None`, or a list/tuple of labels, one per
            file in the sorted order of the files.
        formats: a tuple of accepted extensions such as `(".txt",)`.
        class_names: with `labels="inferred"`, the class folders to use,
            in the order that gives their indices (default: every
            subfolder, sorted).
        shuffle: whether to shuffle the files (and their labels).
        seed: the seed of the shuffle.
        follow_links: whether to follow symbolic links to folders.
        verbose: whether to print how many files and classes were found.

    Returns:
        `(file_paths, labels, class_names)`. `labels` is an int32 NumPy
        array with `labels="inferred"`, the given labels for an explicit
        list, and `None` (as is `class_names`) with `labels=None`.
    """
    if labels == "inferred":
        subdirs = sorted(
            name
            for name in os.listdir(directory)
            if os.path.isdir(os.path.join(directory, name))
        )
        if class_names is None:
            class_names = subdirs
        else:
            class_names = list(class_names)
            if not set(class_names) <= set(subdirs):
                raise ValueError(
                    "The `class_names` passed did not match the names of "
                    "the subdirectories of the target directory. "
                    f"Expected: {subdirs} (or a subset of it), but "
                    f"received: class_names={class_names}"
                )
    else:
        subdirs = [""]
        if labels is not None:
            class_names = sorted(set(str(label) for label in labels))
        else:
            class_names = None
    class_indices = {name: i for i, name in enumerate(class_names or [])}

    filenames = []
    label_list = []
    if labels == "inferred":
        for subdir in class_names:
            names, sublabels = index_subdirectory(
                os.path.join(directory, subdir),
                class_indices,
                follow_links,
                formats,
            )
            filenames += names
            label_list += sublabels
        file_paths = [os.path.join(directory, f) for f in filenames]
        labels = np.array(label_list, dtype="int32")
    else:
        file_paths = [
            os.path.join(root, fname)
            for root, fname in iter_valid_files(
                directory, follow_links, formats
            )
        ]
        if labels is not None and len(labels) != len(file_paths):
            raise ValueError(
                "Expected the lengths of `labels` to match the number of "
                f"files in the target directory. len(labels) is "
                f"{len(labels)} while we found {len(file_paths)} files in "
                f"directory {directory}."
            )

    if verbose:
        if labels is None:
            print(f"Found {len(file_paths)} files.")
        else:
            print(
                f"Found {len(file_paths)} files belonging to "
                f"{len(class_names)} classes."
            )
    if shuffle:
        if seed is None:
            seed = np.random.randint(1_000_000)
        order = np.random.RandomState(seed).permutation(len(file_paths))
        file_paths = [file_paths[i] for i in order]
        if labels is not None:
            if isinstance(labels, np.ndarray):
                labels = labels[order]
            else:
                labels = [labels[i] for i in order]
    return file_paths, labels, class_names


# -- training / validation split ----------------------------------------------


def check_validation_split_arg(validation_split, subset, shuffle, seed):
    """Checks the `validation_split`, `subset`, `shuffle` and `seed`
    arguments of the `*_dataset_from_directory` utilities.

    Raises:
        ValueError: when `validation_split` is outside `(0, 1)`, when only
            one of `validation_split` and `subset` is set, when `subset` is
            not `"training"`, `"validation"` or `"both"`, or when shuffled
            data is split without a `seed`.
    """
    if validation_split and not 0 < validation_split < 1:
        raise ValueError(
            "`validation_split` must be between 0 and 1, received: "
            f"{validation_split}"
        )
    if (validation_split or subset) and not (validation_split and subset):
        raise ValueError(
            "If `subset` is set, `validation_split` must be set, and "
            "inversely."
        )
    if subset not in ("training", "validation", "both", None):
        raise ValueError(
            '`subset` must be either "training", "validation" or "both", '
            f"received: {subset}"
        )
    if validation_split and shuffle and seed is None:
        raise ValueError(
            "If using `validation_split` and shuffling the data, you must "
            "provide a `seed` argument, to make sure that there is no "
            "overlap between the training and validation subset."
        )


def get_training_or_validation_split(samples, labels, validation_split, subset):
    """Keeps the training or the validation part of `samples`/`labels`.

    The last `int(validation_split * len(samples))` samples are the
    validation part, the others the training part.

    Args:
        samples: a list of samples (file paths).
        labels: the labels, one per sample, or `None`.
        validation_split: the fraction kept for validation, or `None` to
            return everything.
        subset: `"training"` or `"validation"`.

    Returns:
        `(samples, labels)` of the chosen part.
    """
    if not validation_split:
        return samples, labels
    num_val = int(validation_split * len(samples))
    if subset == "training":
        print(f"Using {len(samples) - num_val} files for training.")
        stop = len(samples) - num_val
        samples = samples[:stop]
        if labels is not None:
            labels = labels[:stop]
    elif subset == "validation":
        print(f"Using {num_val} files for validation.")
        start = len(samples) - num_val
        samples = samples[start:]
        if labels is not None:
            labels = labels[start:]
    else:
        raise ValueError(
            '`subset` must be either "training" or "validation", '
            f"received: {subset}"
        )
    return samples, labels


def labels_to_dataset_tf(labels, label_mode, num_classes):
    """Makes a `tf.data.Dataset` of labels.

    Args:
        labels: integer class indices.
        label_mode: `"int"` (the indices), `"binary"` (float32 of shape
            `(1,)`) or `"categorical"` (float32 one-hot vectors).
        num_classes: the number of classes (the one-hot depth).

    Returns:
        A `tf.data.Dataset` with one label per element.
    """
    tf = _tf()
    dataset = tf.data.Dataset.from_tensor_slices(labels)
    if label_mode == "binary":
        return dataset.map(
            lambda x: tf.expand_dims(tf.cast(x, "float32"), axis=-1),
            num_parallel_calls=tf.data.AUTOTUNE,
        )
    if label_mode == "categorical":
        return dataset.map(
            lambda x: tf.one_hot(x, num_classes),
            num_parallel_calls=tf.data.AUTOTUNE,
        )
    if label_mode == "int":
        return dataset
    raise ValueError(
        '`label_mode` must be one of "int", "binary" or "categorical". '
        f"Received: label_mode={label_mode!r}"
    )


# -- dataset kinds ------------------------------------------------------------


def _defined_in(dataset, *packages):
    """Whether the class of `dataset` or a base comes from `packages`
    (top-level package names); reads `__module__` strings only, so it never
    imports a framework."""
    return any(
        getattr(cls, "__module__", "").split(".", 1)[0] in packages
        for cls in type(dataset).__mro__
    )


def is_tf_dataset(dataset):
    """Whether `dataset` is a `tf.data.Dataset` (never imports TensorFlow).

    Example:

    >>> from keras.src.utils import dataset_utils
    >>> dataset_utils.is_tf_dataset([1, 2])
    False
    """
    if not _defined_in(dataset, "tensorflow"):
        return False
    return isinstance(dataset, _tf().data.Dataset)


def is_torch_dataset(dataset):
    """Whether `dataset` is a `torch.utils.data.Dataset` (never imports
    PyTorch).

    Example:

    >>> from keras.src.utils import dataset_utils
    >>> dataset_utils.is_torch_dataset([1, 2])
    False
    """
    if not _defined_in(dataset, "torch"):
        return False
    torch = importlib.import_module("torch")
    return isinstance(dataset, torch.utils.data.Dataset)


def is_grain_dataset(dataset):
    """Whether `dataset` is a Grain `MapDataset` or `IterDataset` (never
    imports Grain).

    Example:

    >>> from keras.src.utils import dataset_utils
    >>> dataset_utils.is_grain_dataset([1, 2])
    False
    """
    if not _defined_in(dataset, "grain"):
        return False
    names = {cls.__name__ for cls in type(dataset).__mro__}
    return bool(names & {"MapDataset", "IterDataset"})


def is_batched(dataset):
    """Whether a `tf.data.Dataset` was made by `.batch()` (its last step).

    Example:

    >>> import numpy as np
    >>> from keras.src.utils import dataset_utils
    >>> dataset_utils.is_batched(np.zeros((3,)))
    False
    """
    return hasattr(dataset, "_batch_size")


def get_batch_size(dataset):
    """The batch size of a batched `tf.data.Dataset`, else `None`.

    Example:

    >>> import numpy as np
    >>> from keras.src.utils import dataset_utils
    >>> dataset_utils.get_batch_size(np.zeros((3,))) is None
    True
    """
    if not is_batched(dataset):
        return None
    size = dataset._batch_size
    if hasattr(size, "numpy"):
        size = size.numpy()
    return int(size)


# -- split_dataset ------------------------------------------------------------


def _check_split_size(name, size, total_length):
    if size is None:
        return
    if isinstance(size, bool) or not isinstance(
        size, (int, float, np.integer, np.floating)
    ):
        raise TypeError(
            f"Invalid `{name}` Type. Expected: int or float or None, "
            f"Received: type({name})={type(size)}."
        )
    if isinstance(size, (int, np.integer)):
        valid = 0 < size < total_length
    else:
        valid = 0 < size < 1
    if not valid:
        raise ValueError(
            f"`{name}` should be either a positive integer smaller than "
            f"{total_length}, or a float within the range `[0, 1]`. "
            f"Received: {name}={size}"
        )


def _rescale_dataset_split_sizes(left_size, right_size, total_length):
    """Turns `left_size`/`right_size` (fractions, counts or `None`) into
    two sample counts.

    Fractions are rounded to the nearest count; a `None` side gets the
    complement of the other side.

    Returns:
        `(left_count, right_count)`.
    """
    if left_size is None and right_size is None:
        raise ValueError(
            "At least one of `left_size` or `right_size` must be specified. "
            "Received: left_size=None and right_size=None"
        )
    _check_split_size("left_size", left_size, total_length)
    _check_split_size("right_size", right_size, total_length)
    is_float = (float, np.floating)
    if isinstance(left_size, is_float) and isinstance(right_size, is_float):
        if left_size + right_size > 1:
            raise ValueError(
                "The sum of `left_size` and `right_size` is greater than 1. "
                "It must be less than or equal to 1."
            )

    def count(size):
        if isinstance(size, is_float):
            return int(round(size * total_length))
        return None if size is None else int(size)

    left, right = count(left_size), count(right_size)
    if left is None:
        left = total_length - right
    if right is None:
        right = total_length - left
    if left + right > total_length:
        raise ValueError(
            "The sum of `left_size` and `right_size` should be smaller than "
            f"the {total_length}. Received: left_size + right_size = "
            f"{left + right} and total_length = {total_length}"
        )
    for side, n in (("left", left), ("right", right)):
        if n == 0:
            raise ValueError(
                f"With `dataset` of length={total_length}, "
                f"`left_size`={left} and `right_size`={right}. Resulting "
                f"{side} side dataset split will be empty. Adjust any of "
                "the aforementioned parameters"
            )
    return left, right


def _infer_preferred_backend(dataset):
    """`"tensorflow"` for a `tf.data.Dataset`, `"torch"` for a torch
    `Dataset`, otherwise the active Keras backend."""
    if is_tf_dataset(dataset):
        return "tensorflow"
    if is_torch_dataset(dataset):
        return "torch"
    from keras.src.backend import config

    return config.backend()


def _samples(dataset):
    """The samples of `dataset` as a list, each a NumPy array, a tuple of
    them, or a dict of them (the element structure of the dataset)."""
    if is_tf_dataset(dataset):
        if is_batched(dataset):
            dataset = dataset.unbatch()
        return [
            _tf().nest.map_structure(np.asarray, x)
            for x in dataset.as_numpy_iterator()
        ]
    if is_torch_dataset(dataset):
        return [_to_numpy_structure(dataset[i]) for i in range(len(dataset))]
    if isinstance(dataset, np.ndarray):
        return list(dataset)
    if isinstance(dataset, (list, tuple)):
        arrays = [np.asarray(x) for x in dataset]
        lengths = {len(a) for a in arrays}
        if len(lengths) > 1:
            raise ValueError(
                "All arrays of `dataset` must have the same length. "
                f"Received lengths: {[len(a) for a in arrays]}"
            )
        return list(zip(*arrays))
    raise TypeError(f"Unsupported dataset type: {type(dataset)}")


def _to_numpy_structure(x):
    if isinstance(x, dict):
        return {k: _to_numpy_structure(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return tuple(_to_numpy_structure(v) for v in x)
    if hasattr(x, "numpy"):
        return np.asarray(x.detach().cpu().numpy() if hasattr(x, "detach")
                          else x.numpy())
    return np.asarray(x)


def _stack(samples):
    """Stacks a list of samples of one structure into arrays of that
    structure."""
    first = samples[0]
    if isinstance(first, dict):
        return {k: _stack([s[k] for s in samples]) for k in first}
    if isinstance(first, tuple):
        return tuple(
            _stack([s[i] for s in samples]) for i in range(len(first))
        )
    return np.stack(samples)


def _split_dataset_tf(dataset, left_size=None, right_size=None,
                      shuffle=False, seed=None):
    tf = _tf()
    samples = _samples(dataset)
    order = _split_order(len(samples), shuffle, seed)
    left, right = _rescale_dataset_split_sizes(
        left_size, right_size, len(samples)
    )
    splits = []
    for indices in (order[:left], order[len(order) - right:]):
        split = tf.data.Dataset.from_tensor_slices(
            _stack([samples[i] for i in indices])
        )
        if is_tf_dataset(dataset) and is_batched(dataset):
            split = split.batch(get_batch_size(dataset))
        splits.append(split.prefetch(tf.data.AUTOTUNE))
    return tuple(splits)


def _split_dataset_torch(dataset, left_size=None, right_size=None,
                         shuffle=False, seed=None):
    torch = importlib.import_module("torch")
    if not is_torch_dataset(dataset):
        samples = _samples(dataset)

        class _Samples(torch.utils.data.Dataset):
            def __len__(self):
                return len(samples)

            def __getitem__(self, index):
                return samples[index]

        dataset = _Samples()
    total = len(dataset)
    order = _split_order(total, shuffle, seed)
    left, right = _rescale_dataset_split_sizes(left_size, right_size, total)
    return (
        torch.utils.data.Subset(dataset, order[:left].tolist()),
        torch.utils.data.Subset(dataset, order[total - right:].tolist()),
    )


def _split_order(total, shuffle, seed):
    order = np.arange(total)
    if shuffle:
        if seed is None:
            seed = random.randint(0, 1_000_000)
        np.random.RandomState(seed).shuffle(order)
    return order


@keras_export("keras.utils.split_dataset")
def split_dataset(
    dataset,
    left_size=None,
    right_size=None,
    shuffle=False,
    seed=None,
    preferred_backend=None,
):
    """Splits a dataset into a left and a right part (e.g. train / test).

    The samples are (optionally) shuffled, then the first `left_size` go
    to the left part and the last `right_size` to the right part.

    Args:
        dataset: a `tf.data.Dataset`, a `torch.utils.data.Dataset`, a
            NumPy array, or a list/tuple of arrays of the same length
            (samples are then tuples).
        left_size: a fraction in `(0, 1)` or a number of samples for the
            left part; `None` means the complement of `right_size`.
        right_size: the same for the right part; `None` means the
            complement of `left_size`.
        shuffle: whether to shuffle the samples before splitting.
        seed: the seed of the shuffle.
        preferred_backend: `"tensorflow"` (return `tf.data.Dataset`s) or
            `"torch"` (return `torch.utils.data.Subset`s). By default:
            `"tensorflow"` for a `tf.data.Dataset`, `"torch"` for a torch
            dataset, and the active Keras backend for arrays (any backend
            other than torch gives `tf.data.Dataset`s).

    Returns:
        A tuple `(left, right)` of datasets. A batched `tf.data.Dataset`
        gives splits batched with the same batch size.

    Example:

    >>> data = np.random.random((100, 4))
    >>> left, right = keras.utils.split_dataset(
    ...     data, left_size=0.8, preferred_backend="tensorflow"
    ... )  # doctest: +SKIP
    >>> int(left.cardinality()), int(right.cardinality())  # doctest: +SKIP
    (80, 20)
    """
    if preferred_backend is None:
        preferred_backend = _infer_preferred_backend(dataset)
    if not (
        is_tf_dataset(dataset)
        or is_torch_dataset(dataset)
        or isinstance(dataset, (np.ndarray, list, tuple))
    ):
        raise TypeError(f"Unsupported dataset type: {type(dataset)}")
    if preferred_backend == "torch":
        return _split_dataset_torch(
            dataset, left_size, right_size, shuffle, seed
        )
    return _split_dataset_tf(dataset, left_size, right_size, shuffle, seed)


def labels_to_dataset_grain(labels, label_mode, num_classes):
    """Makes a Grain `MapDataset` of labels (see `labels_to_dataset_tf`
    for the modes); requires the `grain` package."""
    try:
        grain = importlib.import_module("grain")
    except ImportError as e:
        raise ImportError(
            "This requires the grain module. You can install it via "
            "`pip install grain`"
        ) from e
    labels = np.asarray(labels)
    if label_mode == "binary":
        labels = labels.astype("float32")[:, None]
    elif label_mode == "categorical":
        labels = np.eye(num_classes, dtype="float32")[labels]
    elif label_mode != "int":
        raise ValueError(
            '`label_mode` must be one of "int", "binary" or "categorical". '
            f"Received: label_mode={label_mode!r}"
        )
    return grain.MapDataset.source(labels)
