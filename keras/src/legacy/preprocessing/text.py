"""Keras 2's text preprocessing: the `Tokenizer` and word hashing.

Keras 3 replaced them with `keras.layers.TextVectorization`; these are
kept, with their outputs unchanged, for code and saved tokenizers (their
JSON) from Keras 2.
"""

import collections
import hashlib
import json
import math

import numpy as np

from keras.src.api_export import keras_export

_FILTERS = '!"#$%&()*+,-./:;<=>?@[\\]^_`{|}~\t\n'
_EXPORT = "keras._tf_keras.keras.preprocessing.text."


@keras_export(_EXPORT + "text_to_word_sequence")
def text_to_word_sequence(input_text, filters=_FILTERS, lower=True,
                          split=" "):
    """Splits a text into words.

    Every character of `filters` becomes a separator; empty words are
    dropped.

    Args:
        input_text: a string.
        filters: characters to remove (treated as separators).
        lower: whether to lowercase the text first.
        split: the word separator.

    Returns:
        A list of words.

    Example:

    >>> from keras._tf_keras.keras.preprocessing import text
    >>> text.text_to_word_sequence("Hello, World!")
    ['hello', 'world']
    """
    if lower:
        input_text = input_text.lower()
    input_text = input_text.translate(
        str.maketrans({c: split for c in filters})
    )
    return [word for word in input_text.split(split) if word]


@keras_export(_EXPORT + "one_hot")
def one_hot(input_text, n, filters=_FILTERS, lower=True, split=" ",
            analyzer=None):
    """Hashes each word of a text to an integer in `[1, n)` with Python's
    `hash` (which varies between processes unless `PYTHONHASHSEED` is
    set): `hashing_trick` with its default hash function.

    Args:
        input_text: a string.
        n: the size of the hashing space.
        filters: characters to remove.
        lower: whether to lowercase the text.
        split: the word separator.
        analyzer: an optional function splitting a text into words,
            used instead of the three above.

    Returns:
        A list of integers.

    Example:

    >>> from keras._tf_keras.keras.preprocessing import text
    >>> len(text.one_hot("the cat sat", 10))
    3
    """
    return hashing_trick(input_text, n, hash_function=hash,
                         filters=filters, lower=lower, split=split,
                         analyzer=analyzer)


def _md5(word):
    return int(hashlib.md5(word.encode()).hexdigest(), 16)


@keras_export(_EXPORT + "hashing_trick")
def hashing_trick(text, n, hash_function=None, filters=_FILTERS,
                  lower=True, split=" ", analyzer=None):
    """Hashes each word of a text to an integer in `[1, n)`.

    Args:
        text: a string.
        n: the size of the hashing space; index 0 is never produced.
        hash_function: a function of a string returning an integer,
            `"md5"` for a hash stable across processes, or `None` for
            Python's `hash`.
        filters: characters to remove.
        lower: whether to lowercase the text.
        split: the word separator.
        analyzer: an optional function splitting a text into words,
            used instead of the three above.

    Returns:
        A list of integers.

    Example:

    >>> from keras._tf_keras.keras.preprocessing import text
    >>> text.hashing_trick("the cat", 100, hash_function="md5")
    [51, 3]
    """
    if hash_function is None:
        hash_function = hash
    elif hash_function == "md5":
        hash_function = _md5
    if analyzer is None:
        words = text_to_word_sequence(text, filters=filters, lower=lower,
                                      split=split)
    else:
        words = analyzer(text)
    return [hash_function(w) % (n - 1) + 1 for w in words]


@keras_export(_EXPORT + "Tokenizer")
class Tokenizer:
    """Turns texts into sequences of word indices, or into vectors.

    Fitting counts words; the most frequent word gets index 1 (index 0 is
    never a word; `oov_token`, when given, takes index 1 and stands for
    unknown words). With `num_words`, only indices below it are used when
    converting.

    Args:
        num_words: the size of the vocabulary used when converting (the
            `num_words - 1` most frequent words); `None`: all words.
        filters: characters removed from texts.
        lower: whether to lowercase texts.
        split: the word separator.
        char_level: whether every character is a token.
        oov_token: an optional token standing for unknown words.
        analyzer: an optional function splitting a text into words.
        **kwargs: `document_count` (restoring a fitted tokenizer).

    Example:

    >>> from keras._tf_keras.keras.preprocessing import text
    >>> tokenizer = text.Tokenizer()
    >>> tokenizer.fit_on_texts(["the cat", "the dog"])
    >>> tokenizer.texts_to_sequences(["the dog"])
    [[1, 3]]
    """

    def __init__(self, num_words=None, filters=_FILTERS, lower=True,
                 split=" ", char_level=False, oov_token=None,
                 analyzer=None, **kwargs):
        if "nb_words" in kwargs:
            num_words = kwargs.pop("nb_words")
        document_count = kwargs.pop("document_count", 0)
        if kwargs:
            raise TypeError(
                f"Tokenizer: unrecognized keyword arguments: {kwargs}"
            )
        self.word_counts = collections.OrderedDict()
        self.word_docs = collections.defaultdict(int)
        self.filters = filters
        self.split = split
        self.lower = lower
        self.num_words = num_words
        self.document_count = document_count
        self.char_level = char_level
        self.oov_token = oov_token
        self.index_docs = collections.defaultdict(int)
        self.word_index = {}
        self.index_word = {}
        self.analyzer = analyzer

    def _tokens(self, text):
        if self.char_level or isinstance(text, list):
            if self.lower:
                if isinstance(text, list):
                    return [t.lower() for t in text]
                return text.lower()
            return text
        if self.analyzer is None:
            return text_to_word_sequence(text, filters=self.filters,
                                         lower=self.lower, split=self.split)
        return self.analyzer(text)

    def fit_on_texts(self, texts):
        """Counts the words of `texts` and rebuilds the vocabulary.

        Args:
            texts: a list of strings (or of lists of tokens).
        """
        for text in texts:
            self.document_count += 1
            tokens = self._tokens(text)
            for token in tokens:
                self.word_counts[token] = self.word_counts.get(token, 0) + 1
            for token in set(tokens):
                self.word_docs[token] += 1
        # Most frequent first; ties keep their first-seen order.
        ranked = sorted(self.word_counts.items(), key=lambda kv: -kv[1])
        vocabulary = [] if self.oov_token is None else [self.oov_token]
        vocabulary.extend(word for word, _ in ranked)
        self.word_index = {w: i + 1 for i, w in enumerate(vocabulary)}
        self.index_word = {i: w for w, i in self.word_index.items()}
        for word, count in self.word_docs.items():
            self.index_docs[self.word_index[word]] = count

    def fit_on_sequences(self, sequences):
        """Counts in how many sequences each index appears (used by the
        `"tfidf"` mode), for a tokenizer fitted on sequences only.

        Args:
            sequences: a list of lists of integers.
        """
        self.document_count += len(sequences)
        for sequence in sequences:
            for index in set(sequence):
                self.index_docs[index] += 1

    def _oov_index(self):
        if self.oov_token is None:
            return None
        return self.word_index.get(self.oov_token)

    def texts_to_sequences(self, texts):
        """Turns each text into a list of word indices.

        Args:
            texts: a list of strings (or of lists of tokens).

        Returns:
            A list of lists of integers.
        """
        return list(self.texts_to_sequences_generator(texts))

    def texts_to_sequences_generator(self, texts):
        """Yields the list of word indices of each text.

        Args:
            texts: a list of strings (or of lists of tokens).

        Yields:
            Lists of integers.
        """
        oov_index = self._oov_index()
        for text in texts:
            sequence = []
            for token in self._tokens(text):
                index = self.word_index.get(token)
                if index is not None and not (
                    self.num_words and index >= self.num_words
                ):
                    sequence.append(index)
                elif oov_index is not None:
                    sequence.append(oov_index)
            yield sequence

    def sequences_to_texts(self, sequences):
        """Turns lists of word indices back into texts.

        Args:
            sequences: a list of lists of integers.

        Returns:
            A list of strings.
        """
        return list(self.sequences_to_texts_generator(sequences))

    def sequences_to_texts_generator(self, sequences):
        """Yields the text of each list of word indices.

        Args:
            sequences: a list of lists of integers.

        Yields:
            Strings: words joined by spaces.
        """
        oov_index = self._oov_index()
        for sequence in sequences:
            words = []
            for index in sequence:
                word = self.index_word.get(index)
                if word is not None and not (
                    self.num_words and index >= self.num_words
                ):
                    words.append(word)
                elif oov_index is not None:
                    words.append(self.index_word[oov_index])
            yield " ".join(words)

    def texts_to_matrix(self, texts, mode="binary"):
        """Turns texts into a `(len(texts), num_words)` matrix.

        Args:
            texts: a list of strings.
            mode: `"binary"`, `"count"`, `"tfidf"` or `"freq"`.

        Returns:
            A NumPy array.
        """
        return self.sequences_to_matrix(self.texts_to_sequences(texts),
                                        mode=mode)

    def sequences_to_matrix(self, sequences, mode="binary"):
        """Turns lists of word indices into a `(len(sequences),
        num_words)` matrix.

        Args:
            sequences: a list of lists of integers.
            mode: `"binary"` (1 where a word occurs), `"count"`, `"freq"`
                (count over sequence length) or `"tfidf"`.

        Returns:
            A NumPy array.
        """
        if mode not in ("binary", "count", "tfidf", "freq"):
            raise ValueError(
                "Tokenizer: `mode` must be 'binary', 'count', 'tfidf' or "
                f"'freq'. Received: mode={mode!r}"
            )
        num_words = self.num_words or (
            len(self.word_index) + 1 if self.word_index else None
        )
        if not num_words:
            raise ValueError(
                "Tokenizer: specify a dimension (the `num_words` "
                "argument), or fit the tokenizer on some texts first."
            )
        if mode == "tfidf" and not self.document_count:
            raise ValueError(
                "Tokenizer: fit the tokenizer on some data before using "
                "the 'tfidf' mode."
            )
        matrix = np.zeros((len(sequences), num_words))
        for row, sequence in enumerate(sequences):
            if not sequence:
                continue
            counts = collections.Counter(i for i in sequence
                                         if i < num_words)
            for index, count in counts.items():
                if mode == "count":
                    value = count
                elif mode == "freq":
                    value = count / len(sequence)
                elif mode == "binary":
                    value = 1
                else:
                    idf = math.log(1 + self.document_count / (
                        1 + self.index_docs.get(index, 0)))
                    value = (1 + math.log(count)) * idf
                matrix[row][index] = value
        return matrix

    def get_config(self):
        """The tokenizer's settings and fitted vocabulary.

        Returns:
            A dict; the counts and indices are JSON strings.
        """
        return {
            "num_words": self.num_words,
            "filters": self.filters,
            "lower": self.lower,
            "split": self.split,
            "char_level": self.char_level,
            "oov_token": self.oov_token,
            "document_count": self.document_count,
            "word_counts": json.dumps(self.word_counts),
            "word_docs": json.dumps(self.word_docs),
            "index_docs": json.dumps(self.index_docs),
            "index_word": json.dumps(self.index_word),
            "word_index": json.dumps(self.word_index),
        }

    def to_json(self, **kwargs):
        """The tokenizer as a JSON string, for `tokenizer_from_json`.

        Args:
            **kwargs: passed to `json.dumps`.

        Returns:
            A string.
        """
        return json.dumps(
            {"class_name": type(self).__name__, "config": self.get_config()},
            **kwargs,
        )


@keras_export(_EXPORT + "tokenizer_from_json")
def tokenizer_from_json(json_string):
    """Rebuilds a `Tokenizer` from `Tokenizer.to_json()`.

    Args:
        json_string: the JSON string.

    Returns:
        A fitted `Tokenizer`.

    Example:

    >>> from keras._tf_keras.keras.preprocessing import text
    >>> tokenizer = text.Tokenizer()
    >>> tokenizer.fit_on_texts(["a b b"])
    >>> restored = text.tokenizer_from_json(tokenizer.to_json())
    >>> restored.word_index
    {'b': 1, 'a': 2}
    """
    config = dict(json.loads(json_string).get("config") or {})
    if not config:
        raise ValueError(
            "`tokenizer_from_json` expects the JSON of `Tokenizer.to_json()`"
            f", with a 'config'. Received: {json_string[:80]!r}"
        )
    word_counts = json.loads(config.pop("word_counts"))
    word_docs = json.loads(config.pop("word_docs"))
    index_docs = json.loads(config.pop("index_docs"))
    index_word = json.loads(config.pop("index_word"))
    word_index = json.loads(config.pop("word_index"))
    tokenizer = Tokenizer(**config)
    tokenizer.word_counts = collections.OrderedDict(word_counts)
    tokenizer.word_docs = collections.defaultdict(int, word_docs)
    tokenizer.index_docs = collections.defaultdict(
        int, {int(k): v for k, v in index_docs.items()}
    )
    tokenizer.index_word = {int(k): v for k, v in index_word.items()}
    tokenizer.word_index = word_index
    return tokenizer
