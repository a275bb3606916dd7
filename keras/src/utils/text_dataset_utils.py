"""`text_dataset_from_directory`: a `tf.data.Dataset` of text files read
from class folders (TensorFlow imported on the first call)."""

import numpy as np

from keras.src.api_export import keras_export
from keras.src.utils import dataset_utils
from keras.src.utils.module_utils import tensorflow as tf

_FORMATS = (".txt",)


def _check_arguments(labels, label_mode, class_names, max_length, format):
    if labels not in ("inferred", None):
        if not isinstance(labels, (list, tuple)):
            raise ValueError(
                "`labels` argument should be a list/tuple of integer "
                "labels, of the same size as the number of text files in "
                'the target directory. If you wish to infer the labels '
                'from the subdirectory names in the target directory, '
                'pass `labels="inferred"`. If you wish to get a dataset '
                "that only contains text samples (no labels), pass "
                f"`labels=None`. Received: labels={labels}"
            )
        if class_names:
            raise ValueError(
                "You can only pass `class_names` if "
                f'`labels="inferred"`. Received: labels={labels}, and '
                f"class_names={class_names}"
            )
    if label_mode not in ("int", "categorical", "binary", None):
        raise ValueError(
            '`label_mode` argument must be one of "int", "categorical", '
            f'"binary", or None. Received: label_mode={label_mode!r}'
        )
    if max_length is not None and (
        not isinstance(max_length, int) or max_length <= 0
    ):
        raise ValueError(
            "`max_length` must be None or a positive integer. "
            f"Received: max_length={max_length!r}"
        )
    if format != "tf":
        raise ValueError(
            '`format` must be "tf" (a `tf.data.Dataset`): this Keras '
            "does not build Grain datasets. "
            f"Received: format={format!r}"
        )


@keras_export(
    [
        "keras.utils.text_dataset_from_directory",
        "keras.preprocessing.text_dataset_from_directory",
    ]
)
def text_dataset_from_directory(
    directory,
    labels="inferred",
    label_mode="int",
    class_names=None,
    batch_size=32,
    max_length=None,
    shuffle=True,
    seed=None,
    validation_split=None,
    subset=None,
    follow_links=False,
    format="tf",
    verbose=True,
):
    """Makes a `tf.data.Dataset` of the `.txt` files in a folder.

    With `labels="inferred"` the folder holds one subfolder per class, each
    with its `.txt` files (searched recursively).

    Args:
        directory: the folder.
        labels: `"inferred"` (from the subfolders), `None` (texts only),
            or a list/tuple of integer labels, one per file in the sorted
            order of the file paths.
        label_mode: `"int"` (int32 labels), `"categorical"` (float32
            one-hot vectors), `"binary"` (float32 of shape `(1,)`, for
            exactly 2 classes) or `None` (no labels).
        class_names: with `labels="inferred"`, the subfolders to read and
            the order of their indices (default: all, sorted).
        batch_size: the batch size, or `None` for unbatched elements.
        max_length: the maximum length of a text, in bytes; longer texts
            are truncated.
        shuffle: whether to shuffle the data (else: sorted by path).
        seed: the seed of the shuffle and of the split.
        validation_split: the fraction of the files kept for validation.
        subset: `"training"`, `"validation"` or `"both"` (with
            `validation_split`); `"both"` returns both datasets.
        follow_links: whether to follow symbolic links to folders.
        format: `"tf"` (a `tf.data.Dataset`).
        verbose: whether to print how many files were found.

    Returns:
        A `tf.data.Dataset` yielding `(texts, labels)` (or `texts` with
        `label_mode=None`), texts as `tf.string` tensors of shape
        `(batch_size,)`. Its `class_names` attribute lists the class names
        and `file_paths` the file paths. With `subset="both"`, a list
        `[train_dataset, validation_dataset]`.

    Example:

    >>> ds = keras.utils.text_dataset_from_directory(
    ...     "/tmp/reviews", batch_size=8)  # doctest: +SKIP
    >>> ds.class_names  # doctest: +SKIP
    ['neg', 'pos']
    """
    _check_arguments(labels, label_mode, class_names, max_length, format)
    if labels is None or label_mode is None:
        labels = None
        label_mode = None
    dataset_utils.check_validation_split_arg(
        validation_split, subset, shuffle, seed
    )
    if seed is None:
        seed = np.random.randint(1_000_000)
    file_paths, labels, class_names = dataset_utils.index_directory(
        directory,
        labels,
        formats=_FORMATS,
        class_names=class_names,
        shuffle=shuffle,
        seed=seed,
        follow_links=follow_links,
        verbose=verbose,
    )
    if label_mode == "binary" and len(class_names) != 2:
        raise ValueError(
            'When passing `label_mode="binary"`, there must be exactly 2 '
            f"class_names. Received: class_names={class_names}"
        )
    num_classes = len(class_names) if class_names else 0
    if subset == "both":
        parts = [
            dataset_utils.get_training_or_validation_split(
                file_paths, labels, validation_split, name
            )
            for name in ("training", "validation")
        ]
        return [
            _make(paths, part_labels, label_mode, num_classes, max_length,
                  class_names, batch_size, shuffle and i == 0, seed,
                  directory)
            for i, (paths, part_labels) in enumerate(parts)
        ]
    file_paths, labels = dataset_utils.get_training_or_validation_split(
        file_paths, labels, validation_split, subset
    )
    return _make(file_paths, labels, label_mode, num_classes, max_length,
                 class_names, batch_size, shuffle, seed, directory)


def _make(paths, labels, label_mode, num_classes, max_length, class_names,
          batch_size, shuffle, seed, directory):
    if not paths:
        raise ValueError(
            f"No text files found in directory {directory}. Allowed "
            f"format: {_FORMATS}"
        )
    dataset = paths_and_labels_to_dataset(
        paths, labels, label_mode, num_classes, max_length
    )
    if batch_size is not None:
        if shuffle:
            dataset = dataset.shuffle(buffer_size=batch_size * 8, seed=seed)
        dataset = dataset.batch(batch_size)
    elif shuffle:
        dataset = dataset.shuffle(buffer_size=1024, seed=seed)
    dataset = dataset.prefetch(tf.data.AUTOTUNE)
    dataset.class_names = class_names
    dataset.file_paths = paths
    return dataset


def paths_and_labels_to_dataset(file_paths, labels, label_mode,
                                num_classes, max_length):
    """An unbatched `tf.data.Dataset` of file contents (and labels).

    Args:
        file_paths: the text file paths.
        labels: their integer labels, or `None`.
        label_mode: `"int"`, `"categorical"`, `"binary"` or `None`.
        num_classes: the number of classes (one-hot depth).
        max_length: truncate texts to this many bytes (`None`: keep all).

    Returns:
        A `tf.data.Dataset` of `text` or `(text, label)` elements.
    """

    def read(path):
        text = tf.io.read_file(path)
        if max_length is not None:
            text = tf.strings.substr(text, 0, max_length)
        return text

    text_ds = tf.data.Dataset.from_tensor_slices(file_paths).map(
        read, num_parallel_calls=tf.data.AUTOTUNE
    )
    if label_mode is None:
        return text_ds
    label_ds = dataset_utils.labels_to_dataset_tf(
        labels, label_mode, num_classes
    )
    return tf.data.Dataset.zip((text_ds, label_ds))
