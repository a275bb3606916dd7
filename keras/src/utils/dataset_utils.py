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
