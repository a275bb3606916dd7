"""Token-sequence preparation shared by `imdb` and `reuters`.

Both datasets store reviews/newswires as lists of word indices (1 = most
frequent word). `load_data` shuffles them, offsets the indices, marks the
start of each sequence, drops long sequences and replaces rare words, in
that order, as Keras does (so a given seed gives the same arrays).
"""

import numpy as np


def check_kwargs(fn_name, kwargs):
    if kwargs:
        raise TypeError(
            f"{fn_name}() got unexpected keyword arguments: "
            f"{sorted(kwargs)}"
        )


def shuffled(rng, *arrays):
    """Applies one permutation drawn from `rng` to every array."""
    order = rng.permutation(len(arrays[0]))
    return [a[order] for a in arrays]


def offset_and_mark(sequences, start_char, index_from):
    """Adds `index_from` to every index and prepends `start_char` (unless
    it is `None`)."""
    head = [] if start_char is None else [start_char]
    return [head + [w + index_from for w in seq] for seq in sequences]


def keep_shorter(sequences, labels, maxlen):
    """Keeps the sequences strictly shorter than `maxlen` (all when
    `maxlen` is falsy), with their labels."""
    if not maxlen:
        return sequences, labels
    keep = [i for i, seq in enumerate(sequences) if len(seq) < maxlen]
    if not keep:
        raise ValueError(
            "After filtering for sequences shorter than "
            f"maxlen={maxlen}, no sequence was kept. Increase maxlen."
        )
    return [sequences[i] for i in keep], labels[keep]


def limit_vocabulary(sequences, num_words, skip_top, oov_char):
    """Replaces by `oov_char` (or drops, when it is `None`) the indices
    outside `[skip_top, num_words)`.

    When `num_words` is `None` it is the largest index present; as in
    Keras, that largest index itself then falls outside the range.
    """
    if not num_words:
        num_words = max((max(seq) for seq in sequences if seq), default=0)
    if oov_char is None:
        return [
            [w for w in seq if skip_top <= w < num_words]
            for seq in sequences
        ]
    return [
        [w if skip_top <= w < num_words else oov_char for w in seq]
        for seq in sequences
    ]


def to_object_array(sequences):
    """A 1-D object array of lists (never a 2-D array, even when all the
    sequences have the same length)."""
    array = np.empty(len(sequences), dtype=object)
    for i, seq in enumerate(sequences):
        array[i] = seq
    return array


def check_test_split(test_split):
    if not 0 <= test_split < 1:
        raise ValueError(
            f"Invalid `test_split` argument: {test_split}. It must be "
            "between 0 and 1 (exclusive of 1)."
        )
