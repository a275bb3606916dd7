"""IMDB: 50,000 movie reviews labelled by sentiment, as word indices."""

import json

import numpy as np

from keras.src.api_export import keras_export
from keras.src.datasets import npz_utils
from keras.src.datasets import sequence_datasets as seqs
from keras.src.utils.file_utils import get_file

_ORIGIN = "https://storage.googleapis.com/tensorflow/tf-keras-datasets/"
_SHA256 = "69664113be75683a8fe16e3ed0ab59fda8886cb3cd7ada244f7d9544e4676b9f"
_WORD_INDEX_MD5 = "bfafd718b763782e994055a2d397834f"


@keras_export("keras.datasets.imdb.load_data")
def load_data(
    path="imdb.npz",
    num_words=None,
    skip_top=0,
    maxlen=None,
    seed=113,
    start_char=1,
    oov_char=2,
    index_from=3,
    **kwargs,
):
    """Loads the IMDB movie review sentiment dataset.

    25,000 training and 25,000 test reviews, labelled 0 (negative) or 1
    (positive). Each review is a list of word indices, where index `i`
    stands for the `i`-th most frequent word (see `get_word_index`),
    shifted by `index_from`.

    Processing, in order: both splits are shuffled with `seed`; every index
    is shifted by `index_from` and `start_char` is prepended; with
    `maxlen`, sequences of `maxlen` indices or more are dropped; indices
    outside `[skip_top, num_words)` become `oov_char` (or are removed when
    `oov_char` is `None`).

    Args:
        path: the file name of the dataset in the cache
            (`~/.keras/datasets`).
        num_words: keep only indices below this (the most frequent words);
            `None` keeps all.
        skip_top: indices below this (the most frequent words) become
            `oov_char`.
        maxlen: drop sequences of this length or longer; `None` keeps all.
        seed: the seed of the shuffle.
        start_char: the index marking the start of a sequence (`None`: no
            marker).
        oov_char: the index of out-of-vocabulary words (`None`: remove
            them).
        index_from: the offset added to every word index.
        **kwargs: none accepted (kept for Keras's signature).

    Returns:
        `(x_train, y_train), (x_test, y_test)`: 1-D object arrays of lists
        of ints, and int64 label arrays.

    Example:

    >>> (x_train, y_train), _ = keras.datasets.imdb.load_data(
    ...     num_words=10000
    ... )  # doctest: +SKIP
    >>> x_train[0][:3]  # doctest: +SKIP
    [1, 14, 22]
    """
    seqs.check_kwargs("imdb.load_data", kwargs)
    path = get_file(
        fname=path, origin=_ORIGIN + "imdb.npz", file_hash=_SHA256
    )
    arrays = npz_utils.load_npz(path)
    rng = np.random.RandomState(seed)
    x_train, y_train = seqs.shuffled(rng, arrays["x_train"], arrays["y_train"])
    x_test, y_test = seqs.shuffled(rng, arrays["x_test"], arrays["y_test"])

    x_train = seqs.offset_and_mark(x_train, start_char, index_from)
    x_test = seqs.offset_and_mark(x_test, start_char, index_from)
    x_train, y_train = seqs.keep_shorter(x_train, y_train, maxlen)
    x_test, y_test = seqs.keep_shorter(x_test, y_test, maxlen)

    xs = seqs.limit_vocabulary(x_train + x_test, num_words, skip_top, oov_char)
    n = len(x_train)
    x_train = seqs.to_object_array(xs[:n])
    x_test = seqs.to_object_array(xs[n:])
    return (x_train, y_train), (x_test, y_test)


@keras_export("keras.datasets.imdb.get_word_index")
def get_word_index(path="imdb_word_index.json"):
    """Returns the IMDB word index: a dict from word to its index
    (1 = most frequent word).

    The indices in `load_data`'s sequences are these plus `index_from`
    (3 by default).

    Args:
        path: the file name of the word index in the cache.

    Returns:
        A dict from word (str) to index (int).

    Example:

    >>> index = keras.datasets.imdb.get_word_index()  # doctest: +SKIP
    >>> index["the"]  # doctest: +SKIP
    1
    """
    path = get_file(
        fname=path,
        origin=_ORIGIN + "imdb_word_index.json",
        file_hash=_WORD_INDEX_MD5,
    )
    with open(path) as f:
        return json.load(f)
