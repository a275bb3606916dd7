"""Keras 2's sequence preprocessing: `TimeseriesGenerator` (windows of
a time series, as a `PyDataset`), and `skipgrams` with
`make_sampling_table` for word2vec-style training pairs.

Keras 3 offers `keras.utils.timeseries_dataset_from_array` instead of
`TimeseriesGenerator`; these are kept for Keras 2 code.
"""

import json
import random

import numpy as np

from keras.src.api_export import keras_export
from keras.src.trainers.data_adapters.py_dataset_adapter import PyDataset

_EXPORT = "keras._tf_keras.keras.preprocessing.sequence."


@keras_export(_EXPORT + "TimeseriesGenerator")
class TimeseriesGenerator(PyDataset):
    """Batches of windows of a time series, with the target of the step
    after each window.

    The sample of row `r` holds `data[r - length:r:sampling_rate]` and its
    target is `targets[r]`, for rows from `start_index + length` to
    `end_index` every `stride` steps.

    Args:
        data: an array (or list) of time steps, axis 0 being time.
        targets: the targets, one per time step of `data`.
        length: the window length, in time steps.
        sampling_rate: the spacing of the steps taken in a window.
        stride: the spacing of successive windows.
        start_index: the first step that may start a window.
        end_index: the last step that may be a target (default: the last
            step of `data`).
        shuffle: whether to draw the rows of each batch at random.
        reverse: whether to give each window in reverse time order.
        batch_size: the number of windows per batch.
        **kwargs: `workers`, `use_multiprocessing` and `max_queue_size`
            of `keras.utils.PyDataset`.

    Example:

    >>> from keras._tf_keras.keras.preprocessing import sequence
    >>> data = np.arange(10).reshape(10, 1)
    >>> generator = sequence.TimeseriesGenerator(data, data, length=3,
    ...                                          batch_size=2)
    >>> x, y = generator[0]
    >>> x.shape, y.tolist()
    ((2, 3, 1), [[3], [4]])
    """

    def __init__(self, data, targets, length, sampling_rate=1, stride=1,
                 start_index=0, end_index=None, shuffle=False, reverse=False,
                 batch_size=128, **kwargs):
        super().__init__(**kwargs)
        if len(data) != len(targets):
            raise ValueError(
                "TimeseriesGenerator: `data` and `targets` must have the "
                f"same length. Received: len(data)={len(data)} and "
                f"len(targets)={len(targets)}"
            )
        self.data = data
        self.targets = targets
        self.length = length
        self.sampling_rate = sampling_rate
        self.stride = stride
        self.start_index = start_index + length
        if end_index is None:
            end_index = len(data) - 1
        self.end_index = end_index
        self.shuffle = shuffle
        self.reverse = reverse
        self.batch_size = batch_size
        if self.start_index > self.end_index:
            raise ValueError(
                "TimeseriesGenerator: `start_index + length` "
                f"({self.start_index}) must not exceed `end_index` "
                f"({self.end_index}): no window fits in the data."
            )

    def __len__(self):
        span = self.batch_size * self.stride
        return (self.end_index - self.start_index + span) // span

    def __getitem__(self, index):
        if self.shuffle:
            rows = np.random.randint(self.start_index, self.end_index + 1,
                                     size=self.batch_size)
        else:
            first = self.start_index + self.batch_size * self.stride * index
            last = min(first + self.batch_size * self.stride,
                       self.end_index + 1)
            rows = np.arange(first, last, self.stride)
        samples = np.array([
            self.data[row - self.length:row:self.sampling_rate]
            for row in rows
        ])
        targets = np.array([self.targets[row] for row in rows])
        if self.reverse:
            return samples[:, ::-1, ...], targets
        return samples, targets

    def get_config(self):
        """The generator's settings, data and targets included (as lists).

        Returns:
            A JSON-serializable dict.
        """

        def jsonable(name, value):
            if isinstance(value, np.ndarray):
                value = value.tolist()
            try:
                json.dumps(value)
            except TypeError as e:
                raise TypeError(
                    f"TimeseriesGenerator.get_config: `{name}` is not JSON "
                    f"serializable: {e}"
                ) from None
            return value

        return {
            "data": jsonable("data", self.data),
            "targets": jsonable("targets", self.targets),
            "length": self.length,
            "sampling_rate": self.sampling_rate,
            "stride": self.stride,
            "start_index": self.start_index,
            "end_index": self.end_index,
            "shuffle": self.shuffle,
            "reverse": self.reverse,
            "batch_size": self.batch_size,
        }

    def to_json(self, **kwargs):
        """The generator as a JSON string.

        Args:
            **kwargs: passed to `json.dumps`.

        Returns:
            A string.
        """
        return json.dumps(
            {"class_name": type(self).__name__, "config": self.get_config()},
            **kwargs,
        )


@keras_export(_EXPORT + "make_sampling_table")
def make_sampling_table(size, sampling_factor=1e-5):
    """The probability of keeping each word rank, for `skipgrams`.

    Word frequencies are taken to follow Zipf's law, and the rank `i` (0
    being the most frequent word) is kept with probability
    `min(1, sqrt(sampling_factor / frequency))`, as in word2vec.

    Args:
        size: the vocabulary size.
        sampling_factor: word2vec's subsampling factor.

    Returns:
        A NumPy array of `size` probabilities.

    Example:

    >>> from keras._tf_keras.keras.preprocessing import sequence
    >>> sequence.make_sampling_table(3).shape
    (3,)
    """
    euler_gamma = 0.577
    rank = np.arange(size)
    rank[0] = 1
    # Approximates 1 / frequency of rank r under Zipf's law:
    # r * H(r) with the harmonic number expanded to two terms.
    inverse_frequency = (
        rank * (np.log(rank) + euler_gamma) + 0.5 - 1.0 / (12.0 * rank)
    )
    scaled = sampling_factor * inverse_frequency
    return np.minimum(1.0, scaled / np.sqrt(scaled))


@keras_export(_EXPORT + "skipgrams")
def skipgrams(sequence, vocabulary_size, window_size=4, negative_samples=1.0,
              shuffle=True, categorical=False, sampling_table=None,
              seed=None):
    """Word pairs for skip-gram training: `(word, context)` pairs of
    words at most `window_size` apart (label 1), and `(word, random
    word)` pairs (label 0).

    Index 0 is skipped (padding). Randomness comes from Python's
    `random` module.

    Args:
        sequence: a list of word indices.
        vocabulary_size: the vocabulary size (random words are drawn from
            `[1, vocabulary_size)`).
        window_size: the largest distance of a context word.
        negative_samples: the number of negative pairs per positive one.
        shuffle: whether to shuffle the pairs.
        categorical: whether labels are one-hot pairs (`[0, 1]` for
            positive) instead of 0/1.
        sampling_table: optional keep probabilities per word index (see
            `make_sampling_table`).
        seed: an optional seed for the shuffle.

    Returns:
        A tuple `(couples, labels)` of lists.

    Example:

    >>> from keras._tf_keras.keras.preprocessing import sequence
    >>> couples, labels = sequence.skipgrams([1, 2], 3, negative_samples=0,
    ...                                      shuffle=False)
    >>> couples, labels
    ([[1, 2], [2, 1]], [1, 1])
    """
    couples = []
    labels = []
    for i, word in enumerate(sequence):
        if not word:
            continue
        if sampling_table is not None and (
            sampling_table[word] < random.random()
        ):
            continue
        start = max(0, i - window_size)
        end = min(len(sequence), i + window_size + 1)
        for j in range(start, end):
            if j == i or not sequence[j]:
                continue
            couples.append([word, sequence[j]])
            labels.append([0, 1] if categorical else 1)
    if negative_samples > 0 and couples:
        count = int(len(labels) * negative_samples)
        words = [pair[0] for pair in couples]
        random.shuffle(words)
        couples += [
            [words[k % len(words)], random.randint(1, vocabulary_size - 1)]
            for k in range(count)
        ]
        labels += [[1, 0] if categorical else 0] * count
    if shuffle:
        if seed is None:
            seed = random.randint(0, 10_000_000)
        random.seed(seed)
        random.shuffle(couples)
        random.seed(seed)
        random.shuffle(labels)
    return couples, labels
