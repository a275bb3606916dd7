"""The `StringLookup` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.index_lookup import IndexLookup


@keras_export("keras.layers.StringLookup")
class StringLookup(IndexLookup):
    """Maps strings to integer indices of a vocabulary (or back).

    With `mask_token=None` and one OOV index, index 0 is for
    out-of-vocabulary strings and the vocabulary starts at 1. The
    vocabulary comes from `vocabulary` (a list or a file with one token a
    line) or from `adapt()` (most frequent first). See `IndexLookup` for
    the index layout and the encoding modes.

    Args:
        max_tokens: the largest vocabulary size, special tokens included.
        num_oov_indices: how many indices OOV strings hash into.
        mask_token: the string meaning "masked" (index 0), or `None`.
        oov_token: the string `invert` returns for OOV indices.
        vocabulary: a list of strings or a path to a vocabulary file.
        idf_weights: inverse document frequencies (`"tf_idf"` mode).
        invert: map indices back to strings.
        output_mode: `"int"`, `"one_hot"`, `"multi_hot"`, `"count"` or
            `"tf_idf"`.
        pad_to_max_tokens: pad encodings to `max_tokens`.
        sparse: must be `False` (dense outputs only).
        encoding: the text encoding of byte strings.
        name: the layer's name.
        salt: keys the hash spreading OOV strings.
        **kwargs: base layer keyword arguments; `oov_method`
            (`"floormod"` or `"farmhash"`: both hash strings).

    Example:

    >>> layer = keras.layers.StringLookup(vocabulary=["a", "b", "c"])
    >>> y = layer(np.array([["a", "c"], ["z", "b"]]))
    >>> print(keras.ops.convert_to_numpy(y))
    [[1 3]
     [0 2]]
    """

    def __init__(self, max_tokens=None, num_oov_indices=1, mask_token=None,
                 oov_token="[UNK]", vocabulary=None, idf_weights=None,
                 invert=False, output_mode="int", pad_to_max_tokens=False,
                 sparse=False, encoding="utf-8", name=None, salt=None,
                 **kwargs):
        self.encoding = encoding
        kwargs.pop("vocabulary_dtype", None)
        super().__init__(
            max_tokens=max_tokens, num_oov_indices=num_oov_indices,
            mask_token=mask_token, oov_token=oov_token,
            vocabulary_dtype="string", vocabulary=vocabulary,
            idf_weights=idf_weights, invert=invert,
            output_mode=output_mode, sparse=sparse,
            pad_to_max_tokens=pad_to_max_tokens, salt=salt, name=name,
            **kwargs,
        )

    @property
    def _token_dtype(self):
        return self.tf.string

    def _to_token(self, value):
        if isinstance(value, bytes):
            return value.decode(self.encoding)
        return str(value)

    def _standardize_inputs(self, inputs):
        if inputs.dtype != self.tf.string:
            raise ValueError(
                "StringLookup expects string inputs (or integer indices "
                f"with `invert=True`). Received: inputs.dtype={inputs.dtype}"
            )
        return inputs

    def get_config(self):
        config = super().get_config()
        config["encoding"] = self.encoding
        return config
