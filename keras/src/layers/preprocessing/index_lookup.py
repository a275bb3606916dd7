"""`IndexLookup`: the base of `StringLookup` and `IntegerLookup`.

Index layout in `"int"` mode: the mask token (if any) at 0, then the
`num_oov_indices` out-of-vocabulary indices, then the vocabulary. In the
other modes the mask token takes no index (masked values encode to
nothing).
"""

import collections
import os

import numpy as np

from keras.src.backend import KerasTensor
from keras.src.layers.preprocessing import adapt_utils
from keras.src.layers.preprocessing import encoding_utils
from keras.src.layers.preprocessing.hashing import hash_to_buckets
from keras.src.layers.preprocessing.hashing import parse_salt
from keras.src.layers.preprocessing.tf_backed_layer import TFBackedLayer
from keras.src.layers.preprocessing.tf_backed_layer import result_int_dtype
from keras.src.layers.preprocessing.tf_backed_layer import tf_backend

_OUTPUT_MODES = ("int", "one_hot", "multi_hot", "count", "tf_idf")
_VOCAB_FILE = "vocabulary.txt"


class IndexLookup(TFBackedLayer):
    """Maps tokens to indices of a vocabulary (or back, with `invert`).

    Subclasses define `_to_token` (one Python token from a file line or a
    NumPy value) and `_token_dtype` (the TensorFlow dtype of tokens), and
    may convert inputs in `_standardize_inputs`.

    Args:
        max_tokens: the largest vocabulary size, special tokens
            included; `None` for no limit.
        num_oov_indices: how many indices out-of-vocabulary tokens use.
        mask_token: the token meaning "masked", or `None`.
        oov_token: the token `get_vocabulary()` and `invert` show for
            out-of-vocabulary indices.
        vocabulary: a list of tokens, a path to a file with one token a
            line, or `None` (then call `adapt()`).
        idf_weights: inverse document frequencies of the vocabulary, for
            `output_mode="tf_idf"`.
        invert: map indices back to tokens.
        output_mode: `"int"`, `"one_hot"`, `"multi_hot"`, `"count"` or
            `"tf_idf"`.
        pad_to_max_tokens: in the encoding modes, make the last axis
            `max_tokens` long whatever the vocabulary's size.
        sparse: must be `False` (dense outputs only).
        oov_method: how OOV tokens spread over the OOV indices:
            `"floormod"` (integers modulo `num_oov_indices`; strings are
            hashed) or `"farmhash"` (hash of the token).
        salt: keys the hash (SipHash64 then, FarmHash64 otherwise).
        **kwargs: base layer keyword arguments (`name`, `dtype`, ...).

    Example:

    >>> layer = keras.layers.StringLookup(vocabulary=["a", "b"])
    >>> y = layer(np.array(["a", "b", "z"]))
    >>> print(keras.ops.convert_to_numpy(y))
    [1 2 0]
    """

    def __init__(self, max_tokens, num_oov_indices, mask_token, oov_token,
                 vocabulary_dtype, vocabulary=None, idf_weights=None,
                 invert=False, output_mode="int", sparse=False,
                 pad_to_max_tokens=False, oov_method="floormod", salt=None,
                 **kwargs):
        # `get_config()` reports it; the vocabulary determines it. A saved
        # model's vocabulary arrives after the model is rebuilt (from its
        # assets), so until then the saved size stands in for it.
        self._saved_vocabulary_size = kwargs.pop("vocabulary_size", None)
        super().__init__(**kwargs)
        name = type(self).__name__
        if max_tokens is not None and (
            not isinstance(max_tokens, int) or max_tokens <= 1
        ):
            raise ValueError(
                f"If set, `max_tokens` of {name} must be greater than 1. "
                f"Received: max_tokens={max_tokens}"
            )
        if not isinstance(num_oov_indices, int) or num_oov_indices < 0:
            raise ValueError(
                f"`num_oov_indices` of {name} must be greater than or "
                f"equal to 0. Received: num_oov_indices={num_oov_indices}"
            )
        if output_mode not in _OUTPUT_MODES:
            raise ValueError(
                f"Unknown value for `output_mode` of {name}. Expected one "
                f"of {_OUTPUT_MODES}. Received: output_mode={output_mode}"
            )
        if invert and output_mode != "int":
            raise ValueError(
                f"`output_mode` must be `'int'` when `invert` is true in "
                f"{name}. Received: output_mode={output_mode}"
            )
        if idf_weights is not None and output_mode != "tf_idf":
            raise ValueError(
                f"`idf_weights` of {name} should only be set if "
                "`output_mode` is `'tf_idf'`. Received: "
                f"idf_weights={idf_weights} and output_mode={output_mode}"
            )
        if oov_method not in ("floormod", "farmhash"):
            raise ValueError(
                f"Unknown value for `oov_method` argument of {name}. "
                "Allowed values are: ('floormod', 'farmhash'). Received: "
                f"oov_method={oov_method}"
            )
        encoding_utils.check_sparse(name, sparse)
        self.oov_method = oov_method
        self.max_tokens = max_tokens
        self.num_oov_indices = num_oov_indices
        self.mask_token = mask_token
        self.oov_token = oov_token
        self.vocabulary_dtype = vocabulary_dtype
        self.invert = invert
        self.output_mode = output_mode
        self.sparse = sparse
        self.pad_to_max_tokens = pad_to_max_tokens
        self.salt = salt
        self._key = parse_salt(salt, name)
        self.input_vocabulary = vocabulary
        self.input_idf_weights = idf_weights
        self._vocabulary = None
        self._idf = None
        # The weights of the OOV indices when read from a file (else the
        # mean token weight), and a file's idf vector awaiting the
        # vocabulary from the assets.
        self._oov_idf = None
        self._saved_idf = None
        self._tables = None
        self.reset_state()
        if vocabulary is not None:
            self.set_vocabulary(vocabulary, idf_weights)
        # A vocabulary given as a list travels in the config, so saving
        # writes no vocabulary file for it (as Keras does).
        self._vocabulary_in_config = vocabulary is not None and not (
            isinstance(vocabulary, str)
        )

    # -- index layout ---------------------------------------------------------

    def _oov_start(self):
        has_mask = self.mask_token is not None and self.output_mode == "int"
        return 1 if has_mask else 0

    def _token_start(self):
        return self._oov_start() + self.num_oov_indices

    def _depth(self):
        if self.pad_to_max_tokens and self.max_tokens is not None:
            return self.max_tokens
        return self.vocabulary_size()

    def vocabulary_size(self):
        """The number of indices, mask and OOV indices included.

        Returns:
            An int.
        """
        if self._vocabulary is None and self._saved_vocabulary_size:
            return self._saved_vocabulary_size
        return self._token_start() + len(self._vocabulary or [])

    def get_vocabulary(self, include_special_tokens=True):
        """The vocabulary, in index order.

        Args:
            include_special_tokens: whether to start with the mask token
                (in `"int"` mode) and one OOV token per OOV index.

        Returns:
            A list of tokens.
        """
        vocab = list(self._vocabulary or [])
        if not include_special_tokens:
            return vocab
        special = [self.oov_token] * self.num_oov_indices
        if self._oov_start():
            special = [self.mask_token] + special
        return special + vocab

    # -- setting the vocabulary -----------------------------------------------

    def set_vocabulary(self, vocabulary, idf_weights=None):
        """Sets the vocabulary (and the idf weights in `"tf_idf"` mode).

        Args:
            vocabulary: a list or array of tokens, or a path to a text
                file with one token a line. Leading special tokens laid
                out as `get_vocabulary()` shows them are skipped.
            idf_weights: one weight per token (required in `"tf_idf"`
                mode, not allowed otherwise).
        """
        name = type(self).__name__
        if self.output_mode == "tf_idf" and idf_weights is None:
            raise ValueError(
                f"`idf_weights` must be set for {name} when "
                "`output_mode='tf_idf'`. Received: idf_weights=None"
            )
        if self.output_mode != "tf_idf" and idf_weights is not None:
            raise ValueError(
                f"`idf_weights` of {name} should only be set if "
                f"`output_mode` is `'tf_idf'`. Received: output_mode="
                f"{self.output_mode}"
            )
        tokens = self._read_vocabulary(vocabulary)
        idf = None
        if idf_weights is not None:
            idf = np.asarray(adapt_utils.to_numpy(idf_weights), "float32")
        tokens, idf = self._strip_special(tokens, idf)
        self._check_vocabulary(tokens, idf)
        self._vocabulary = tokens
        self._idf = idf
        self._oov_idf = None
        self._vocabulary_in_config = False
        self._tables = None

    def _read_vocabulary(self, vocabulary):
        if isinstance(vocabulary, str):
            if not os.path.isfile(vocabulary):
                raise ValueError(
                    f"Vocabulary file of {type(self).__name__} not found. "
                    f"Received: vocabulary={vocabulary}"
                )
            with open(vocabulary, encoding="utf-8") as f:
                lines = f.read().split("\n")
            if lines and lines[-1] == "":
                lines = lines[:-1]
            return [self._to_token(line) for line in lines]
        values = adapt_utils.to_numpy(vocabulary)
        if values.ndim != 1:
            raise ValueError(
                f"The vocabulary of {type(self).__name__} must be 1D. "
                f"Received: vocabulary of shape {values.shape}"
            )
        return [self._to_token(v) for v in values.tolist()]

    def _strip_special(self, tokens, idf):
        special = self.get_vocabulary()[: self._token_start()]
        if special and tokens[: len(special)] == special:
            tokens = tokens[len(special):]
            if idf is not None and len(idf) > len(tokens):
                idf = idf[len(special):]
        return tokens, idf

    def _check_vocabulary(self, tokens, idf):
        name = type(self).__name__
        repeated = [t for t, c in collections.Counter(tokens).items()
                    if c > 1]
        if repeated:
            raise ValueError(
                f"The vocabulary of {name} must not contain repeated "
                f"tokens. Received repeated tokens: {repeated}"
            )
        if self.mask_token is not None and self.mask_token in tokens:
            raise ValueError(
                f"Found reserved mask token at unexpected location in the "
                f"`vocabulary` of {name}. Either remove all mask and OOV "
                "tokens, or include them only at the start of the "
                "vocabulary in precisely this order: "
                f"{self.get_vocabulary()[: self._token_start()]}. "
                f"Received: mask_token={self.mask_token!r}"
            )
        size = self._token_start() + len(tokens)
        if self.max_tokens is not None and size > self.max_tokens:
            raise ValueError(
                "Attempted to set a vocabulary larger than the maximum "
                f"vocab size of {name}. Received vocabulary size is "
                f"{size}; `max_tokens` is {self.max_tokens}."
            )
        if idf is not None and len(idf) != len(tokens):
            raise ValueError(
                f"`idf_weights` of {name} must have one weight per "
                f"vocabulary token. Received {len(idf)} weights for "
                f"{len(tokens)} tokens."
            )

    # -- adapting -------------------------------------------------------------

    def adapt(self, data, steps=None):
        """Learns the vocabulary (most frequent tokens first) from `data`.

        Args:
            data: a NumPy array, list, tensor, `tf.data.Dataset` or
                `keras.utils.PyDataset` of tokens.
            steps: how many batches of a dataset to read (default: all).
        """
        self.reset_state()
        for batch in adapt_utils.iter_batches(data, steps=steps):
            self.update_state(batch)
        self.finalize_state()

    def update_state(self, data):
        """Counts the tokens of one batch `data`."""
        values = adapt_utils.to_numpy(data)
        if values.ndim == 0:
            values = values.reshape((1,))
        rows = values.reshape((values.shape[0], -1)) if values.ndim > 1 \
            else values.reshape((-1, 1))
        self._count_rows(rows.tolist())

    def _count_rows(self, rows):
        # Each row is a document (for the idf weights).
        for row in rows:
            row = [self._to_token(t) for t in row]
            row = [t for t in row if t != self.mask_token]
            self._counts.update(row)
            self._doc_counts.update(set(row))
            self._num_docs += 1

    def finalize_state(self):
        """Sets the vocabulary from the counted tokens."""
        if not self._counts:
            return
        counts = self._counts
        for special in (self.mask_token, self.oov_token):
            counts.pop(special, None)
        # Most frequent first; ties in reverse token order.
        tokens = sorted(counts, key=lambda t: (counts[t], t), reverse=True)
        if self.max_tokens is not None:
            tokens = tokens[: max(self.max_tokens - self._token_start(), 0)]
        idf = None
        if self.output_mode == "tf_idf":
            docs = np.array([self._doc_counts[t] for t in tokens], "float64")
            idf = np.log(1.0 + self._num_docs / (1.0 + docs))
            idf = idf.astype("float32")
        self._vocabulary = tokens
        self._idf = idf
        self._oov_idf = None
        self._vocabulary_in_config = False
        self._tables = None
        self.reset_state()

    def reset_state(self):
        """Forgets the counts gathered by `update_state`."""
        self._counts = collections.Counter()
        self._doc_counts = collections.Counter()
        self._num_docs = 0

    # -- calling --------------------------------------------------------------

    def _lookup_tables(self):
        if self._tables is None:
            tf = self.tf
            tokens = tf.constant(self._vocabulary or [],
                                 dtype=self._token_dtype)
            ids = tf.range(len(self._vocabulary or []), dtype="int64")
            ids = ids + self._token_start()
            forward = tf.lookup.StaticHashTable(
                tf.lookup.KeyValueTensorInitializer(tokens, ids), -1
            )
            inverse = tf.lookup.StaticHashTable(
                tf.lookup.KeyValueTensorInitializer(ids, tokens),
                self._cast_token(self.oov_token),
            )
            self._tables = (forward, inverse)
        return self._tables

    def _cast_token(self, token):
        if self._token_dtype == self.tf.string:
            return token if token is not None else ""
        return token if token is not None else -1

    def _check_ready(self):
        if self._vocabulary is None:
            raise ValueError(
                f"{type(self).__name__} has no vocabulary yet: pass "
                "`vocabulary` or call `adapt()` before calling the layer."
            )

    def _tf_call(self, inputs):
        self._check_ready()
        if self.invert:
            return self._invert(inputs)
        ids = self._lookup_ids(inputs)
        if self.output_mode == "int":
            return ids
        return self._encode(ids)

    def _lookup_ids(self, inputs):
        """The int64 index of each token (-1 for masked tokens outside
        `"int"` mode)."""
        tf = self.tf
        inputs = self._standardize_inputs(inputs)
        forward, _ = self._lookup_tables()
        ids = forward.lookup(inputs)
        is_oov = tf.equal(ids, -1)
        if self.num_oov_indices > 0:
            buckets = self._oov_buckets(inputs) + self._oov_start()
            ids = tf.where(is_oov, buckets, ids)
        if self.mask_token is not None:
            mask_id = 0 if self.output_mode == "int" else -1
            is_mask = tf.equal(inputs, self._cast_token(self.mask_token))
            ids = tf.where(is_mask, tf.constant(mask_id, "int64"), ids)
            is_oov = tf.logical_and(is_oov, tf.logical_not(is_mask))
        if self.num_oov_indices == 0:
            self._assert_no_oov(inputs, is_oov)
        return ids

    def _assert_no_oov(self, inputs, is_oov):
        tf = self.tf
        if tf.executing_eagerly():
            if bool(tf.reduce_any(is_oov)):
                raise ValueError(
                    f"{type(self).__name__} with num_oov_indices=0 "
                    "received out-of-vocabulary values: "
                    f"{tf.boolean_mask(inputs, is_oov).numpy()[:5]}"
                )
            return
        tf.debugging.assert_equal(
            tf.reduce_any(is_oov), False,
            message="Out-of-vocabulary value with num_oov_indices=0",
        )

    def _encode(self, ids):
        depth = self._depth()
        tf_idf = self.output_mode == "tf_idf"
        out = encoding_utils.encode(
            tf_backend(), ids, "count" if tf_idf else self.output_mode,
            depth, self.compute_dtype if tf_idf else "int64",
        )
        if self.output_mode != "tf_idf":
            return out
        return out * self.tf.constant(self._idf_vector(depth))

    def _idf_vector(self, depth):
        idf = np.zeros((depth,), "float32")
        start = self._token_start()
        weights = self._idf if self._idf is not None else np.zeros((0,))
        weights = weights[: max(depth - start, 0)]
        idf[start:start + len(weights)] = weights
        oov = slice(self._oov_start(), start)
        if self._oov_idf is not None:
            idf[oov] = self._oov_idf
        elif self.num_oov_indices and len(weights):
            # OOV indices weigh as an average token.
            idf[oov] = float(np.mean(weights))
        return idf

    def _invert(self, inputs):
        tf = self.tf
        _, inverse = self._lookup_tables()
        ids = tf.cast(inputs, "int64")
        tokens = inverse.lookup(ids)
        if self.mask_token is not None:
            mask = tf.constant(self._cast_token(self.mask_token),
                               dtype=self._token_dtype)
            tokens = tf.where(tf.equal(ids, 0), mask, tokens)
        return tokens

    def _standardize_inputs(self, inputs):
        return inputs

    def _oov_buckets(self, inputs):
        tf = self.tf
        n = self.num_oov_indices
        if inputs.dtype != tf.string and self.oov_method == "floormod":
            return tf.math.floormod(tf.cast(inputs, "int64"), n)
        return hash_to_buckets(tf, inputs, n, self._key)

    def compute_output_shape(self, input_shape):
        if self.output_mode == "int":
            return tuple(input_shape)
        return encoding_utils.encoded_shape(
            input_shape, self.output_mode, self._depth()
        )

    def compute_output_spec(self, inputs):
        if self.invert:
            dtype = self.vocabulary_dtype
            if dtype != "string":
                dtype = result_int_dtype(dtype)
        elif self.output_mode == "tf_idf":
            dtype = self.compute_dtype
        else:
            dtype = result_int_dtype("int64")
        return KerasTensor(
            self.compute_output_shape(inputs.shape), dtype=dtype
        )

    # -- saving ---------------------------------------------------------------

    def save_own_variables(self, store):
        """Writes the idf weights (`"tf_idf"` mode) into `store`.

        As in Keras's files: one float32 vector `"idf_weights"` holding the
        weight of every output index (OOV indices included, zeros past the
        vocabulary when padded to `max_tokens`).
        """
        if self.output_mode == "tf_idf" and self._vocabulary is not None:
            store["idf_weights"] = self._idf_vector(self._depth())

    def load_own_variables(self, store):
        """Reads the idf weights written by `save_own_variables`."""
        keys = list(store.keys())
        if not keys:
            return
        if self.output_mode != "tf_idf" or keys != ["idf_weights"]:
            raise ValueError(
                f"Layer '{self.name}' ({type(self).__name__}, output_mode="
                f"{self.output_mode!r}) expected "
                f"{['idf_weights'] if self.output_mode == 'tf_idf' else []}"
                f" in the weights file, but received {keys}."
            )
        vector = np.asarray(store["idf_weights"], "float32")
        if vector.ndim != 1:
            raise ValueError(
                f"The saved `idf_weights` of layer '{self.name}' must be 1D."
                f" Received shape {vector.shape}"
            )
        self._saved_idf = vector
        if self._vocabulary is not None:
            self._use_saved_idf()

    def _use_saved_idf(self):
        vector, self._saved_idf = self._saved_idf, None
        start = self._token_start()
        size = start + len(self._vocabulary)
        if len(vector) < size:
            raise ValueError(
                f"The saved `idf_weights` of layer '{self.name}' hold "
                f"{len(vector)} weights, fewer than its {size} indices "
                "(OOV indices and vocabulary)."
            )
        self._idf = vector[start:size].copy()
        self._oov_idf = vector[self._oov_start():start].copy()
        self._tables = None

    def save_assets(self, dir_path):
        """Writes the vocabulary into `dir_path` (unless the config holds
        it)."""
        if self._vocabulary is None or self._vocabulary_in_config:
            return
        path = os.path.join(dir_path, _VOCAB_FILE)
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(str(t) for t in self.get_vocabulary()))

    def load_assets(self, dir_path):
        """Reads the vocabulary written by `save_assets` (the idf weights
        come first, from `load_own_variables`)."""
        path = os.path.join(dir_path, _VOCAB_FILE)
        if not os.path.exists(path):
            return
        tokens, _ = self._strip_special(self._read_vocabulary(path), None)
        idf = None
        if self.output_mode == "tf_idf":
            if self._saved_idf is None and tokens == self._vocabulary:
                # Read already: `TextVectorization` saves its lookup
                # layer's state twice, under its own path and the
                # lookup layer's.
                return
            if self._saved_idf is None:
                raise ValueError(
                    f"Layer '{self.name}' ({type(self).__name__}) in "
                    "`'tf_idf'` mode found a vocabulary file but no "
                    "`idf_weights` in the weights file."
                )
            # Placeholders: `_use_saved_idf` sets the weights and those of
            # the OOV indices from the saved vector.
            idf = np.zeros((len(tokens),), "float32")
        self.set_vocabulary(tokens, idf)
        if idf is not None:
            self._use_saved_idf()

    def get_config(self):
        config = super().get_config()
        config.update({
            "invert": self.invert,
            "max_tokens": self.max_tokens,
            "num_oov_indices": self.num_oov_indices,
            "oov_token": self.oov_token,
            "mask_token": self.mask_token,
            "output_mode": self.output_mode,
            "sparse": self.sparse,
            "pad_to_max_tokens": self.pad_to_max_tokens,
            "idf_weights": _listify(self.input_idf_weights),
            # A vocabulary file travels as an asset, not as its path.
            "vocabulary": None if isinstance(self.input_vocabulary, str)
            else _listify(self.input_vocabulary),
            "vocabulary_size": self.vocabulary_size(),
            "oov_method": self.oov_method,
            "salt": self.salt,
        })
        return config


def _listify(value):
    if value is None or isinstance(value, (str, list)):
        return value
    return adapt_utils.to_numpy(value).tolist()



def listify_tensors(x):
    """Returns `x` as a Python list when it is a tensor or an array;
    strings, lists and `None` are returned as they are.

    Example:

    >>> listify_tensors(np.array([1, 2]))
    [1, 2]
    """
    return _listify(x)

