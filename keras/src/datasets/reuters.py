"""Reuters: 11,228 newswires labelled with one of 46 topics, as word
indices."""

import json

import numpy as np

from keras.src.api_export import keras_export
from keras.src.datasets import npz_utils
from keras.src.datasets import sequence_datasets as seqs
from keras.src.utils.file_utils import get_file

_ORIGIN = "https://storage.googleapis.com/tensorflow/tf-keras-datasets/"
_SHA256 = "d6586e694ee56d7a4e65172e12b3e987c03096cb01eab99753921ef915959916"
_WORD_INDEX_MD5 = "4d44cc38712099c9e383dc6e5f11a921"
_LABEL_NAMES = (
    "cocoa", "grain", "veg-oil", "earn", "acq", "wheat", "copper",
    "housing", "money-supply", "coffee", "sugar", "trade", "reserves",
    "ship", "cotton", "carcass", "crude", "nat-gas", "cpi", "money-fx",
    "interest", "gnp", "meal-feed", "alum", "oilseed", "gold", "tin",
    "strategic-metal", "livestock", "retail", "ipi", "iron-steel",
    "rubber", "heat", "jobs", "lei", "bop", "zinc", "orange", "pet-chem",
    "dlr", "gas", "silver", "wpi", "hog", "lead",
)  # fmt: skip


@keras_export("keras.datasets.reuters.load_data")
def load_data(
    path="reuters.npz",
    num_words=None,
    skip_top=0,
    maxlen=None,
    test_split=0.2,
    seed=113,
    start_char=1,
    oov_char=2,
    index_from=3,
):
    """Loads the Reuters newswire topic classification dataset.

    11,228 newswires, each a list of word indices (index `i` is the `i`-th
    most frequent word, see `get_word_index`) labelled with one of 46
    topics (see `get_label_names`).

    Processing, in order: the newswires are shuffled with `seed`; every
    index is shifted by `index_from` and `start_char` is prepended; with
    `maxlen`, sequences of `maxlen` indices or more are dropped; indices
    outside `[skip_top, num_words)` become `oov_char` (or are removed when
    `oov_char` is `None`); the last `test_split` fraction is the test set.

    Args:
        path: the file name of the dataset in the cache.
        num_words: keep only indices below this; `None` keeps all.
        skip_top: indices below this become `oov_char`.
        maxlen: drop sequences of this length or longer; `None` keeps all.
        test_split: the fraction of the data used for testing, in
            `[0, 1)`.
        seed: the seed of the shuffle.
        start_char: the index marking the start of a sequence (`None`: no
            marker).
        oov_char: the index of out-of-vocabulary words (`None`: remove
            them).
        index_from: the offset added to every word index.

    Returns:
        `(x_train, y_train), (x_test, y_test)`: 1-D object arrays of lists
        of ints, and int64 topic arrays.

    Example:

    >>> (x_train, y_train), _ = keras.datasets.reuters.load_data(
    ...     num_words=10000
    ... )  # doctest: +SKIP
    >>> len(x_train), int(y_train.max())  # doctest: +SKIP
    (8982, 45)
    """
    seqs.check_test_split(test_split)
    path = get_file(
        fname=path, origin=_ORIGIN + "reuters.npz", file_hash=_SHA256
    )
    arrays = npz_utils.load_npz(path)
    rng = np.random.RandomState(seed)
    xs, labels = seqs.shuffled(rng, arrays["x"], arrays["y"])
    xs = seqs.offset_and_mark(xs, start_char, index_from)
    xs, labels = seqs.keep_shorter(xs, labels, maxlen)
    xs = seqs.limit_vocabulary(xs, num_words, skip_top, oov_char)

    split = int(len(xs) * (1 - test_split))
    x_train = seqs.to_object_array(xs[:split])
    x_test = seqs.to_object_array(xs[split:])
    return (x_train, labels[:split]), (x_test, labels[split:])


@keras_export("keras.datasets.reuters.get_word_index")
def get_word_index(path="reuters_word_index.json"):
    """Returns the Reuters word index: a dict from word to its index
    (1 = most frequent word).

    The indices in `load_data`'s sequences are these plus `index_from`
    (3 by default).

    Args:
        path: the file name of the word index in the cache.

    Returns:
        A dict from word (str) to index (int).

    Example:

    >>> index = keras.datasets.reuters.get_word_index()  # doctest: +SKIP
    >>> index["the"]  # doctest: +SKIP
    1
    """
    path = get_file(
        path,
        origin=_ORIGIN + "reuters_word_index.json",
        file_hash=_WORD_INDEX_MD5,
    )
    with open(path) as f:
        return json.load(f)


@keras_export("keras.datasets.reuters.get_label_names")
def get_label_names():
    """Returns the names of the 46 Reuters topics, in label order.

    Returns:
        A tuple of strings: `get_label_names()[label]` names `label`.

    Example:

    >>> keras.datasets.reuters.get_label_names()[:3]
    ('cocoa', 'grain', 'veg-oil')
    """
    return _LABEL_NAMES
