"""`timeseries_dataset_from_array`: sliding windows over an array as a
`tf.data.Dataset` (or a Grain dataset).

Window start positions and their indices are computed with NumPy; the
dataset gathers each window from the array when iterated, so memory stays
at one copy of the data plus one int per window.
"""

import importlib

import numpy as np

from keras.src.api_export import keras_export


def _import(name, pip_name):
    try:
        return importlib.import_module(name)
    except ImportError as e:
        raise ImportError(
            f"This requires the {pip_name} module. You can install it via "
            f"`pip install {pip_name}`"
        ) from e


def _check_index(name, value, length, minimum=0):
    if value < minimum:
        bound = "0 or greater" if minimum == 0 else "higher than 0"
        raise ValueError(
            f"`{name}` must be {bound}. Received: {name}={value}"
        )
    if value >= length:
        raise ValueError(
            f"`{name}` must be lower than the length of the data. "
            f"Received: {name}={value}, for data of length {length}"
        )


def _window_starts(num_steps, sequence_length, sequence_stride,
                   sampling_rate, num_targets, shuffle, seed):
    """Start positions (relative to `start_index`) of every full window."""
    span = (sequence_length - 1) * sampling_rate
    count = max(num_steps - span, 0)
    if num_targets is not None:
        count = min(count, num_targets)
    starts = np.arange(0, count, sequence_stride, dtype="int64")
    if shuffle:
        if seed is None:
            seed = np.random.randint(1_000_000)
        np.random.RandomState(seed).shuffle(starts)
    return starts


def sequences_from_indices(array, indices_ds, start_index, end_index):
    """Maps a `tf.data.Dataset` of index vectors to the rows of
    `array[start_index:end_index]` they select."""
    tf = _import("tensorflow", "tensorflow")
    array = tf.convert_to_tensor(array[start_index:end_index])
    return indices_ds.map(
        lambda indices: tf.gather(array, indices),
        num_parallel_calls=tf.data.AUTOTUNE,
    )


def _timeseries_dataset_tf(data, targets, starts, sequence_length,
                           sampling_rate, batch_size, start_index,
                           end_index):
    tf = _import("tensorflow", "tensorflow")
    offsets = tf.constant(
        np.arange(sequence_length, dtype="int64") * sampling_rate
    )
    starts_ds = tf.data.Dataset.from_tensor_slices(starts)
    windows = sequences_from_indices(
        data,
        starts_ds.map(lambda s: s + offsets),
        start_index,
        end_index,
    )
    if targets is not None:
        target_values = sequences_from_indices(
            targets, starts_ds, start_index, None
        )
        dataset = tf.data.Dataset.zip((windows, target_values))
    else:
        dataset = windows
    if batch_size is not None:
        dataset = dataset.batch(batch_size)
    return dataset.prefetch(tf.data.AUTOTUNE)


def _timeseries_dataset_grain(data, targets, starts, sequence_length,
                              sampling_rate, batch_size, start_index,
                              end_index):
    grain = _import("grain", "grain")
    data = np.asarray(data)[start_index:end_index]
    offsets = np.arange(sequence_length) * sampling_rate
    if targets is not None:
        targets = np.asarray(targets)[start_index:]

    def window(i):
        x = data[starts[i] + offsets]
        if targets is None:
            return x
        return x, targets[starts[i]]

    dataset = grain.MapDataset.range(len(starts)).map(window)
    if batch_size is not None:
        dataset = dataset.batch(batch_size)
    return dataset


@keras_export(
    [
        "keras.utils.timeseries_dataset_from_array",
        "keras.preprocessing.timeseries_dataset_from_array",
    ]
)
def timeseries_dataset_from_array(
    data,
    targets,
    sequence_length,
    sequence_stride=1,
    sampling_rate=1,
    batch_size=128,
    shuffle=False,
    seed=None,
    start_index=None,
    end_index=None,
    format="tf",
):
    """Creates a dataset of sliding windows over a timeseries array.

    A window starting at step `i` holds `data[i]`, `data[i + r]`, ...,
    `data[i + (sequence_length - 1) * r]` with `r = sampling_rate`;
    windows start every `sequence_stride` steps, and only full windows are
    produced. `targets[i]` is the target of the window starting at `i`.

    Args:
        data: an array (or eager tensor) of timesteps along axis 0.
        targets: the targets, indexed like `data`, or `None` to yield
            windows only.
        sequence_length: the number of timesteps in a window.
        sequence_stride: the period between window starts.
        sampling_rate: the period between timesteps within a window.
        batch_size: windows per batch (the last may be smaller); `None`
            yields single windows.
        shuffle: whether to shuffle the windows (else chronological).
        seed: the seed of the shuffle.
        start_index: steps before it are not used (to reserve data for
            validation or testing).
        end_index: steps from it on are not used.
        format: `"tf"` (a `tf.data.Dataset`) or `"grain"` (a Grain
            `MapDataset`, requires the `grain` package).

    Returns:
        A dataset yielding `(windows, targets)` batches, or `windows`
        when `targets` is `None`.

    Example:

    >>> dataset = keras.utils.timeseries_dataset_from_array(
    ...     np.arange(10), None, sequence_length=3, sequence_stride=4,
    ...     batch_size=None)  # doctest: +SKIP
    >>> [w.numpy().tolist() for w in dataset]  # doctest: +SKIP
    [[0, 1, 2], [4, 5, 6]]
    """
    if format not in ("tf", "grain"):
        raise ValueError(
            '`format` should be either "tf" or "grain". '
            f"Received: format={format}"
        )
    length = len(data)
    if start_index:
        _check_index("start_index", start_index, length)
    if end_index:
        if start_index and end_index <= start_index:
            raise ValueError(
                "`end_index` must be higher than `start_index`. Received: "
                f"start_index={start_index}, and end_index={end_index} "
            )
        if end_index > length:
            raise ValueError(
                "`end_index` must be lower than the length of the data. "
                f"Received: end_index={end_index}, for data of length "
                f"{length}"
            )
    for name, value in (
        ("sampling_rate", sampling_rate),
        ("sequence_stride", sequence_stride),
    ):
        _check_index(name, value, length, minimum=1)
    if not isinstance(sequence_length, (int, np.integer)) or (
        sequence_length < 1
    ):
        raise ValueError(
            "`sequence_length` must be a positive integer. Received: "
            f"sequence_length={sequence_length}"
        )
    if batch_size is not None and batch_size < 1:
        raise ValueError(
            "`batch_size` must be a positive integer or None. Received: "
            f"batch_size={batch_size}"
        )
    start_index = start_index or 0
    end_index = end_index or length
    starts = _window_starts(
        end_index - start_index,
        sequence_length,
        sequence_stride,
        sampling_rate,
        None if targets is None else len(targets) - start_index,
        shuffle,
        seed,
    )
    build = (
        _timeseries_dataset_tf if format == "tf" else _timeseries_dataset_grain
    )
    return build(
        data, targets, starts, sequence_length, sampling_rate, batch_size,
        start_index, end_index,
    )
