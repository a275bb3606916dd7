"""The `IntegerLookup` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.index_lookup import IndexLookup


@keras_export("keras.layers.IntegerLookup")
class IntegerLookup(IndexLookup):
    """Maps integers to contiguous indices of a vocabulary (or back).

    With `mask_token=None` and one OOV index, index 0 is for
    out-of-vocabulary values and the vocabulary starts at 1. See
    `IndexLookup` for the index layout and the encoding modes.

    Args:
        max_tokens: the largest vocabulary size, special tokens included.
        num_oov_indices: how many indices OOV values spread over.
        mask_token: the integer meaning "masked" (index 0), or `None`.
        oov_token: the value `invert` returns for OOV indices.
        vocabulary: a list of integers or a path to a vocabulary file.
        vocabulary_dtype: must be `"int64"`.
        idf_weights: inverse document frequencies (`"tf_idf"` mode).
        invert: map indices back to values.
        output_mode: `"int"`, `"one_hot"`, `"multi_hot"`, `"count"` or
            `"tf_idf"`.
        sparse: must be `False` (dense outputs only).
        pad_to_max_tokens: pad encodings to `max_tokens`.
        oov_method: `"floormod"` (value modulo `num_oov_indices`) or
            `"farmhash"` (hash of the value's decimal string).
        salt: keys the hash; only with `oov_method="farmhash"`.
        name: the layer's name.
        **kwargs: base layer keyword arguments.

    Example:

    >>> layer = keras.layers.IntegerLookup(vocabulary=[12, 36, 1138])
    >>> y = layer(np.array([[12, 1138], [42, 36]]))
    >>> print(keras.ops.convert_to_numpy(y))
    [[1 3]
     [0 2]]
    """

    def __init__(self, max_tokens=None, num_oov_indices=1, mask_token=None,
                 oov_token=-1, vocabulary=None, vocabulary_dtype="int64",
                 idf_weights=None, invert=False, output_mode="int",
                 sparse=False, pad_to_max_tokens=False,
                 oov_method="floormod", salt=None, name=None, **kwargs):
        if vocabulary_dtype != "int64":
            raise ValueError(
                "Only `vocabulary_dtype='int64'` is supported at this "
                f"time. Received: vocabulary_dtype={vocabulary_dtype}"
            )
        if salt is not None and oov_method != "farmhash":
            raise ValueError(
                "`salt` can only be used when `oov_method='farmhash'`. "
                f"Received: oov_method={oov_method}"
            )
        super().__init__(
            max_tokens=max_tokens, num_oov_indices=num_oov_indices,
            mask_token=mask_token, oov_token=oov_token,
            vocabulary_dtype=vocabulary_dtype, vocabulary=vocabulary,
            idf_weights=idf_weights, invert=invert,
            output_mode=output_mode, sparse=sparse,
            pad_to_max_tokens=pad_to_max_tokens, oov_method=oov_method,
            salt=salt, name=name, **kwargs,
        )

    @property
    def _token_dtype(self):
        return self.tf.int64

    def _to_token(self, value):
        if isinstance(value, bytes):
            value = value.decode("utf-8")
        return int(value)

    def _standardize_inputs(self, inputs):
        tf = self.tf
        if inputs.dtype == tf.string or inputs.dtype.is_floating:
            raise ValueError(
                "IntegerLookup expects integer inputs. Received: "
                f"inputs.dtype={inputs.dtype}"
            )
        return tf.cast(inputs, "int64")

    def get_config(self):
        config = super().get_config()
        config["vocabulary_dtype"] = self.vocabulary_dtype
        return config
