"""`audio_dataset_from_directory`: a `tf.data.Dataset` of `.wav` files read
from class folders (TensorFlow imported on the first call; resampling
needs `tensorflow-io`)."""

import numpy as np

from keras.src.api_export import keras_export
from keras.src.utils import dataset_utils
from keras.src.utils.module_utils import tensorflow as tf
from keras.src.utils.module_utils import tensorflow_io

ALLOWED_FORMATS = (".wav",)


def _check_arguments(labels, label_mode, class_names, sampling_rate,
                     output_sequence_length, ragged):
    if labels not in ("inferred", None):
        if not isinstance(labels, (list, tuple)):
            raise ValueError(
                "The `labels` argument should be a list/tuple of integer "
                "labels, of the same size as the number of audio files in "
                'the target directory. If you wish to infer the labels '
                'from the subdirectory names in the target directory, '
                'pass `labels="inferred"`. If you wish to get a dataset '
                "that only contains audio samples (no labels), pass "
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
    if ragged and output_sequence_length is not None:
        raise ValueError(
            "Cannot set both `ragged` and `output_sequence_length`: "
            "ragged outputs keep each clip's length."
        )
    if output_sequence_length is not None and (
        not isinstance(output_sequence_length, int)
        or output_sequence_length <= 0
    ):
        raise ValueError(
            "`output_sequence_length` must be None or a positive integer. "
            f"Received: output_sequence_length={output_sequence_length!r}"
        )
    if sampling_rate is not None:
        if not isinstance(sampling_rate, int):
            raise ValueError(
                "`sampling_rate` should have an integer value. "
                f"Received: sampling_rate={sampling_rate!r}"
            )
        if sampling_rate <= 0:
            raise ValueError(
                "`sampling_rate` should be higher than 0. "
                f"Received: sampling_rate={sampling_rate}"
            )
        tensorflow_io.initialize()


@keras_export("keras.utils.audio_dataset_from_directory")
def audio_dataset_from_directory(
    directory,
    labels="inferred",
    label_mode="int",
    class_names=None,
    batch_size=32,
    sampling_rate=None,
    output_sequence_length=None,
    ragged=False,
    shuffle=True,
    seed=None,
    validation_split=None,
    subset=None,
    follow_links=False,
    verbose=True,
):
    """Makes a `tf.data.Dataset` of the `.wav` files in a folder.

    With `labels="inferred"` the folder holds one subfolder per class.

    Args:
        directory: the folder.
        labels: `"inferred"` (from the subfolders), `None` (audio only),
            or a list/tuple of integer labels, one per file in the sorted
            order of the file paths.
        label_mode: `"int"`, `"categorical"`, `"binary"` or `None`.
        class_names: with `labels="inferred"`, the subfolders to read and
            the order of their indices (default: all, sorted).
        batch_size: the batch size, or `None` for unbatched elements.
        sampling_rate: resample every clip to this rate (needs
            `tensorflow-io`); `None` keeps the files' rates.
        output_sequence_length: truncate or zero-pad every clip to this
            many samples. Without it (and without `ragged`), the clips of
            a batch are zero-padded to the longest.
        ragged: whether to return `tf.RaggedTensor` batches of clips of
            their own lengths.
        shuffle: whether to shuffle the data (else: sorted by path).
        seed: the seed of the shuffle and of the split.
        validation_split: the fraction of the files kept for validation.
        subset: `"training"`, `"validation"` or `"both"` (with
            `validation_split`); `"both"` returns both datasets.
        follow_links: whether to follow symbolic links to folders.
        verbose: whether to print how many files were found.

    Returns:
        A `tf.data.Dataset` yielding `(audio, labels)` (or `audio` with
        `label_mode=None`): float32 audio of shape `(batch_size,
        sequence_length, num_channels)`. Its `class_names` attribute lists
        the class names and `file_paths` the file paths. With
        `subset="both"`, a list `[train_dataset, validation_dataset]`.

    Example:

    >>> ds = keras.utils.audio_dataset_from_directory(
    ...     "/tmp/speech", output_sequence_length=16000)  # doctest: +SKIP
    >>> ds.class_names  # doctest: +SKIP
    ['no', 'yes']
    """
    _check_arguments(labels, label_mode, class_names, sampling_rate,
                     output_sequence_length, ragged)
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
        formats=ALLOWED_FORMATS,
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
    options = dict(
        label_mode=label_mode,
        num_classes=len(class_names) if class_names else 0,
        sampling_rate=sampling_rate,
        output_sequence_length=output_sequence_length,
        ragged=ragged,
        class_names=class_names,
        batch_size=batch_size,
        seed=seed,
        directory=directory,
    )
    if subset == "both":
        return get_training_and_validation_dataset(
            file_paths, labels, validation_split, shuffle, **options
        )
    file_paths, labels = dataset_utils.get_training_or_validation_split(
        file_paths, labels, validation_split, subset
    )
    return get_dataset(file_paths, labels, shuffle=shuffle, **options)


def get_training_and_validation_dataset(file_paths, labels,
                                        validation_split, shuffle,
                                        **options):
    """`[training, validation]` datasets of one split of `file_paths`."""
    datasets = []
    for subset in ("training", "validation"):
        paths, part_labels = dataset_utils.get_training_or_validation_split(
            file_paths, labels, validation_split, subset
        )
        datasets.append(
            get_dataset(paths, part_labels,
                        shuffle=shuffle and subset == "training", **options)
        )
    return datasets


def get_dataset(file_paths, labels, label_mode, num_classes, sampling_rate,
                output_sequence_length, ragged, class_names, batch_size,
                shuffle, seed, directory):
    """The finished (shuffled, batched, prefetched) dataset of one part."""
    if not file_paths:
        raise ValueError(
            f"No audio files found in directory {directory}. Allowed "
            f"format: {ALLOWED_FORMATS}"
        )
    dataset = paths_and_labels_to_dataset(
        file_paths, labels, label_mode, num_classes, sampling_rate,
        output_sequence_length, ragged,
    )
    dataset = prepare_dataset(dataset, batch_size, shuffle, seed, ragged,
                              output_sequence_length, label_mode)
    dataset.class_names = class_names
    dataset.file_paths = file_paths
    return dataset


def prepare_dataset(dataset, batch_size, shuffle, seed, ragged,
                    output_sequence_length, label_mode):
    """Shuffles and batches: ragged batches, fixed-length batches, or
    batches zero-padded to their longest clip."""
    if batch_size is not None:
        if shuffle:
            dataset = dataset.shuffle(buffer_size=batch_size * 8, seed=seed)
        if ragged:
            dataset = dataset.ragged_batch(batch_size)
        elif output_sequence_length is not None:
            dataset = dataset.batch(batch_size)
        else:
            dataset = dataset.padded_batch(batch_size)
    elif shuffle:
        dataset = dataset.shuffle(buffer_size=1024, seed=seed)
    return dataset.prefetch(tf.data.AUTOTUNE)


def read_and_decode_audio(path, sampling_rate=None,
                          output_sequence_length=None):
    """Reads one `.wav` file as float32 `(samples, channels)` in the
    `tf.data` graph, resampled and cut or padded as asked."""
    audio, rate = tf.audio.decode_wav(tf.io.read_file(path))
    if sampling_rate is not None:
        rate = tf.cast(rate, "int64")
        audio = tensorflow_io.audio.resample(
            audio, rate_in=rate, rate_out=sampling_rate
        )
    if output_sequence_length is not None:
        audio = audio[:output_sequence_length]
        missing = output_sequence_length - tf.shape(audio)[0]
        audio = tf.pad(audio, [[0, missing], [0, 0]])
        audio.set_shape((output_sequence_length, audio.shape[-1]))
    return audio


def paths_and_labels_to_dataset(file_paths, labels, label_mode, num_classes,
                                sampling_rate, output_sequence_length,
                                ragged):
    """An unbatched `tf.data.Dataset` of decoded clips (and labels)."""

    def load(path):
        return read_and_decode_audio(path, sampling_rate,
                                     output_sequence_length)

    audio_ds = tf.data.Dataset.from_tensor_slices(file_paths).map(
        load, num_parallel_calls=tf.data.AUTOTUNE
    )
    if label_mode is None:
        return audio_ds
    label_ds = dataset_utils.labels_to_dataset_tf(
        labels, label_mode, num_classes
    )
    return tf.data.Dataset.zip((audio_ds, label_ds))
