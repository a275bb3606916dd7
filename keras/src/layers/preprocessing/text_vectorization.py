"""The `TextVectorization` layer."""

import re
import string

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend import KerasTensor
from keras.src.layers.preprocessing import adapt_utils
from keras.src.layers.preprocessing.string_lookup import StringLookup
from keras.src.layers.preprocessing.tf_backed_layer import TFBackedLayer
from keras.src.layers.preprocessing.tf_backed_layer import result_int_dtype

_STANDARDIZE = ("lower_and_strip_punctuation", "lower", "strip_punctuation")
_SPLIT = ("whitespace", "character")
_OUTPUT_MODES = ("int", "one_hot", "multi_hot", "count", "tf_idf")
# Every ASCII punctuation character, escaped for TensorFlow's RE2.
_PUNCTUATION = "[" + re.escape(string.punctuation) + "]"


@keras_export("keras.layers.TextVectorization")
class TextVectorization(TFBackedLayer):
    """Turns strings into sequences of token indices or token encodings.

    Each string is standardized (lowercased, punctuation stripped), split
    into tokens (on whitespace), optionally extended with n-grams, and
    looked up in a vocabulary learned with `adapt()` or given. In `"int"`
    mode index 0 is padding and 1 is out-of-vocabulary.

    Args:
        max_tokens: the largest vocabulary size, padding and OOV
            included.
        standardize: `"lower_and_strip_punctuation"`, `"lower"`,
            `"strip_punctuation"`, `None` or a callable on string
            tensors.
        split: `"whitespace"`, `"character"`, `None` (each string is one
            token) or a callable.
        ngrams: `None`, an int `n` (n-grams of widths 1 to `n`) or a
            tuple of widths.
        output_mode: `"int"`, `"one_hot"`, `"multi_hot"`, `"count"` or
            `"tf_idf"`.
        output_sequence_length: in `"int"` mode, pad or truncate every
            sequence to this length (default: the longest in the batch).
        pad_to_max_tokens: pad encodings to `max_tokens`.
        vocabulary: a list of tokens or a vocabulary file.
        idf_weights: inverse document frequencies (`"tf_idf"` mode).
        sparse: must be `False` (dense outputs only).
        ragged: return ragged sequences (TensorFlow backend only).
        encoding: the text encoding.
        name: the layer's name.
        **kwargs: base layer keyword arguments.

    Example:

    >>> layer = keras.layers.TextVectorization(vocabulary=["the", "cat"])
    >>> y = layer(np.array(["The cat sat.", "the dog"]))
    >>> print(keras.ops.convert_to_numpy(y))
    [[2 3 1]
     [2 1 0]]
    """

    def __init__(self, max_tokens=None,
                 standardize="lower_and_strip_punctuation",
                 split="whitespace", ngrams=None, output_mode="int",
                 output_sequence_length=None, pad_to_max_tokens=False,
                 vocabulary=None, idf_weights=None, sparse=False,
                 ragged=False, encoding="utf-8", name=None, **kwargs):
        vocabulary_size = kwargs.pop("vocabulary_size", None)
        super().__init__(name=name, **kwargs)
        _check_choice("standardize", standardize, _STANDARDIZE)
        _check_choice("split", split, _SPLIT)
        if output_mode not in _OUTPUT_MODES:
            raise ValueError(
                "Unknown value for `output_mode` argument of "
                f"TextVectorization. Allowed values are: {_OUTPUT_MODES}. "
                f"Received: output_mode={output_mode}"
            )
        if max_tokens is not None and max_tokens <= 1:
            raise ValueError(
                "If set, `max_tokens` must be greater than 1. Received: "
                f"max_tokens={max_tokens}"
            )
        if output_sequence_length is not None and output_mode != "int":
            raise ValueError(
                "`output_sequence_length` must not be set if `output_mode` "
                "is not 'int'. Received "
                f"output_sequence_length={output_sequence_length}."
            )
        if ragged and backend.backend() != "tensorflow":
            raise ValueError(
                "`ragged=True` can only be used with the TensorFlow "
                f"backend. Received: ragged={ragged}"
            )
        if ragged and output_mode != "int":
            raise ValueError(
                "`ragged=True` needs `output_mode='int'`. Received: "
                f"output_mode={output_mode}"
            )
        self._ngram_widths = _ngram_widths(ngrams)
        self.max_tokens = max_tokens
        self.standardize = standardize
        self.split = split
        self.ngrams = ngrams
        self.output_mode = output_mode
        self.output_sequence_length = output_sequence_length
        self.pad_to_max_tokens = pad_to_max_tokens
        self.sparse = sparse
        self.ragged = ragged
        self.encoding = encoding
        self._lookup_layer = StringLookup(
            max_tokens=max_tokens, mask_token="", vocabulary=vocabulary,
            idf_weights=idf_weights, output_mode=output_mode,
            pad_to_max_tokens=pad_to_max_tokens, sparse=sparse,
            encoding=encoding, name=f"{self.name}_lookup",
            vocabulary_size=vocabulary_size,
        )

    # -- vocabulary -----------------------------------------------------------

    def get_vocabulary(self, include_special_tokens=True):
        """The vocabulary, in index order (see `StringLookup`).

        Args:
            include_special_tokens: whether to start with the padding
                token `""` (in `"int"` mode) and the OOV token.

        Returns:
            A list of strings.
        """
        return self._lookup_layer.get_vocabulary(include_special_tokens)

    def vocabulary_size(self):
        """The number of indices, padding and OOV included.

        Returns:
            An int.
        """
        return self._lookup_layer.vocabulary_size()

    def set_vocabulary(self, vocabulary, idf_weights=None):
        """Sets the vocabulary (and idf weights in `"tf_idf"` mode).

        Args:
            vocabulary: a list of tokens or a vocabulary file.
            idf_weights: one weight per token (`"tf_idf"` mode only).
        """
        self._lookup_layer.set_vocabulary(vocabulary, idf_weights)

    def adapt(self, data, batch_size=None, steps=None):
        """Learns the vocabulary from strings `data`.

        Args:
            data: strings: a NumPy array, list, tensor,
                `tf.data.Dataset` or `keras.utils.PyDataset`.
            batch_size: splits array-like `data` into batches.
            steps: how many batches of a dataset to read.
        """
        self.reset_state()
        for batch in adapt_utils.iter_batches(data, batch_size, steps):
            self.update_state(batch)
        self.finalize_state()

    def update_state(self, data):
        """Counts the tokens of one batch of strings."""
        tokens = self._tokenize(self.tf.constant(
            adapt_utils.to_numpy(data).astype(object)
        ))
        if isinstance(tokens, self.tf.RaggedTensor):
            rows = tokens.to_list()
        else:
            rows = tokens.numpy().reshape((tokens.shape[0], -1)).tolist()
        self._lookup_layer._count_rows(rows)

    def finalize_state(self):
        """Sets the vocabulary from the counted tokens."""
        self._lookup_layer.finalize_state()

    def reset_state(self):
        """Forgets the counts gathered by `update_state`."""
        self._lookup_layer.reset_state()

    def save_own_variables(self, store):
        """Writes the idf weights (`"tf_idf"` mode) into `store`."""
        self._lookup_layer.save_own_variables(store)

    def load_own_variables(self, store):
        """Reads the idf weights written by `save_own_variables`."""
        self._lookup_layer.load_own_variables(store)

    def save_assets(self, dir_path):
        """Writes the vocabulary into `dir_path`."""
        self._lookup_layer.save_assets(dir_path)

    def load_assets(self, dir_path):
        """Reads the vocabulary written by `save_assets`."""
        self._lookup_layer.load_assets(dir_path)

    # -- calling --------------------------------------------------------------

    def build(self, input_shape=None):
        self.built = True

    def _tokenize(self, inputs):
        tf = self.tf
        if inputs.shape.rank is not None and inputs.shape.rank > 1 and (
            inputs.shape[-1] == 1 and self.split is not None
        ):
            inputs = tf.squeeze(inputs, axis=-1)
        if self.standardize in ("lower", "lower_and_strip_punctuation"):
            inputs = tf.strings.lower(inputs, encoding="utf-8")
        if self.standardize in ("strip_punctuation",
                                "lower_and_strip_punctuation"):
            inputs = tf.strings.regex_replace(inputs, _PUNCTUATION, "")
        elif callable(self.standardize):
            inputs = self.standardize(inputs)
        if self.split == "whitespace":
            tokens = tf.strings.split(inputs)
        elif self.split == "character":
            tokens = tf.strings.unicode_split(inputs, "UTF-8")
        elif callable(self.split):
            tokens = self.split(inputs)
        else:
            tokens = inputs
        if self._ngram_widths:
            tokens = tf.strings.ngrams(
                tokens, ngram_width=self._ngram_widths, separator=" "
            )
        return tokens

    def _tf_call(self, inputs):
        tf = self.tf
        self._lookup_layer._check_ready()
        if inputs.dtype != tf.string:
            raise ValueError(
                "TextVectorization expects string inputs. Received: "
                f"inputs.dtype={inputs.dtype}"
            )
        scalar = inputs.shape.rank == 0
        if scalar:
            inputs = tf.reshape(inputs, (1,))
        tokens = self._tokenize(inputs)
        lookup = self._lookup_layer
        ragged = isinstance(tokens, tf.RaggedTensor)
        flat = tokens.flat_values if ragged else tokens
        ids = lookup._lookup_ids(flat)
        if ragged:
            ids = tokens.with_flat_values(ids)
        outputs = self._finish(ids, ragged)
        return outputs[0] if scalar else outputs

    def _finish(self, ids, ragged):
        lookup = self._lookup_layer
        if self.output_mode == "int":
            if not ragged or self.ragged:
                return ids
            length = self.output_sequence_length
            shape = None if length is None else [None, length]
            return ids.to_tensor(default_value=0, shape=shape)
        if ragged:
            ids = ids.to_tensor(default_value=-1)
        return lookup._encode(ids)

    def compute_output_shape(self, input_shape):
        input_shape = tuple(input_shape)
        if len(input_shape) > 1 and input_shape[-1] == 1:
            input_shape = input_shape[:-1]
        batch = input_shape[:1]
        if self.output_mode != "int":
            return batch + (self._lookup_layer._depth(),)
        if self.split is None:
            return input_shape
        return batch + (self.output_sequence_length,)

    def compute_output_spec(self, inputs):
        dtype = self.compute_dtype if self.output_mode == "tf_idf" \
            else result_int_dtype("int64")
        return KerasTensor(
            self.compute_output_shape(inputs.shape), dtype=dtype,
            ragged=self.ragged,
        )

    def get_config(self):
        config = super().get_config()
        config.update({
            "max_tokens": self.max_tokens,
            "standardize": self.standardize,
            "split": self.split,
            "ngrams": self.ngrams,
            "output_mode": self.output_mode,
            "output_sequence_length": self.output_sequence_length,
            "pad_to_max_tokens": self.pad_to_max_tokens,
            "sparse": self.sparse,
            "ragged": self.ragged,
            "vocabulary": self._lookup_layer.get_config()["vocabulary"],
            "idf_weights": self._lookup_layer.get_config()["idf_weights"],
            "encoding": self.encoding,
            "vocabulary_size": self.vocabulary_size(),
        })
        return config


def _check_choice(name, value, allowed):
    if value is None or callable(value) or value in allowed:
        return
    raise ValueError(
        f"Unknown value for `{name}` argument of TextVectorization. "
        f"Allowed values are: {allowed}. Received: {name}={value}"
    )


def _ngram_widths(ngrams):
    if ngrams is None:
        return None
    if isinstance(ngrams, int):
        return tuple(range(1, ngrams + 1)) or None
    if isinstance(ngrams, (list, tuple)) and all(
        isinstance(n, int) and n > 0 for n in ngrams
    ):
        return tuple(ngrams)
    raise ValueError(
        "`ngrams` of TextVectorization must be None, an int or a tuple of "
        f"positive ints. Received: ngrams={ngrams}"
    )
