"""The `Hashing` layer."""

from keras.src.api_export import keras_export
from keras.src.backend import KerasTensor
from keras.src.layers.preprocessing import encoding_utils
from keras.src.layers.preprocessing.tf_backed_layer import TFBackedLayer
from keras.src.layers.preprocessing.tf_backed_layer import result_int_dtype
from keras.src.layers.preprocessing.tf_backed_layer import int_dtype_config
from keras.src.layers.preprocessing.tf_backed_layer import split_int_dtype
from keras.src.layers.preprocessing.tf_backed_layer import tf_backend

_OUTPUT_MODES = ("int", "one_hot", "multi_hot", "count")


def parse_salt(salt, layer_name="Hashing"):
    """Returns the SipHash key (two ints) for `salt`, or `None`."""
    if salt is None:
        return None
    if isinstance(salt, int):
        return [salt, salt]
    if isinstance(salt, (list, tuple)) and len(salt) == 2 and all(
        isinstance(s, int) for s in salt
    ):
        return list(salt)
    raise ValueError(
        f"The `salt` argument for `{layer_name}` can only be a tuple of "
        f"size 2 integers, or a single integer. Received: salt={salt}."
    )


def hash_to_buckets(tf, values, num_buckets, key):
    """Hashes strings or ints `values` into `[0, num_buckets)`: FarmHash64
    without a `key`, SipHash64 keyed by `key` otherwise."""
    if values.dtype != tf.string:
        values = tf.strings.as_string(values)
    if key is None:
        return tf.strings.to_hash_bucket_fast(values, num_buckets)
    return tf.strings.to_hash_bucket_strong(values, num_buckets, key)


@keras_export("keras.layers.Hashing")
class Hashing(TFBackedLayer):
    """Hashes strings or integers into a fixed number of bins.

    Integers are hashed through their decimal string, so `1` and `"1"`
    land in the same bin. Without `salt` the hash is FarmHash64, with it
    SipHash64 keyed by the salt (as TensorFlow's
    `tf.strings.to_hash_bucket_fast`/`_strong`).

    Args:
        num_bins: the number of bins, including the mask bin.
        mask_value: a value mapped to bin 0; the others then hash into
            `[1, num_bins)`.
        salt: an int or a pair of ints keying the hash.
        output_mode: `"int"`, `"one_hot"`, `"multi_hot"` or `"count"`.
        sparse: must be `False` (dense outputs only).
        **kwargs: base layer keyword arguments (`name`, `dtype`, ...).

    Example:

    >>> layer = keras.layers.Hashing(num_bins=3)
    >>> y = layer(np.array([["A"], ["B"], ["C"]]))
    >>> print(keras.ops.convert_to_numpy(y).ravel())
    [1 0 1]
    """

    def __init__(self, num_bins, mask_value=None, salt=None,
                 output_mode="int", sparse=False, **kwargs):
        int_dtype, kwargs["dtype"] = split_int_dtype(kwargs.get("dtype"))
        if int_dtype is None and kwargs["dtype"] is None and (
            output_mode == "int"
        ):
            int_dtype = "int64"
        super().__init__(**kwargs)
        # Bin ids are int64 unless encoded (an integer dtype policy).
        self._int_dtype = int_dtype
        if not isinstance(num_bins, int) or num_bins <= 0:
            raise ValueError(
                "The `num_bins` for `Hashing` cannot be `None` or "
                f"non-positive values. Received: num_bins={num_bins}."
            )
        if output_mode not in _OUTPUT_MODES:
            raise ValueError(
                "Unknown value for `output_mode` argument of Hashing. "
                f"Expected one of {_OUTPUT_MODES}. Received: "
                f"output_mode={output_mode}"
            )
        encoding_utils.check_sparse("Hashing", sparse)
        self.num_bins = num_bins
        self.mask_value = mask_value
        self.salt = salt
        self._key = parse_salt(salt)
        self.output_mode = output_mode
        self.sparse = sparse

    def _tf_call(self, inputs):
        tf = self.tf
        if self.mask_value is None:
            bins = hash_to_buckets(tf, inputs, self.num_bins, self._key)
        else:
            bins = hash_to_buckets(
                tf, inputs, self.num_bins - 1, self._key
            ) + 1
            mask = tf.constant(self.mask_value, dtype=inputs.dtype)
            bins = tf.where(tf.equal(inputs, mask),
                            tf.zeros_like(bins), bins)
        if self.output_mode == "int":
            return tf.cast(bins, self._int_dtype or "int64")
        return encoding_utils.encode(
            tf_backend(), bins, self.output_mode, self.num_bins,
            self.compute_dtype,
        )

    def compute_output_shape(self, input_shape):
        return encoding_utils.encoded_shape(
            input_shape, self.output_mode, self.num_bins
        )

    def compute_output_spec(self, inputs):
        dtype = self.compute_dtype
        if self.output_mode == "int":
            dtype = result_int_dtype(self._int_dtype or "int64")
        return KerasTensor(
            self.compute_output_shape(inputs.shape), dtype=dtype
        )

    def get_config(self):
        config = super().get_config()
        config.update({
            "num_bins": self.num_bins,
            "salt": self.salt,
            "mask_value": self.mask_value,
            "output_mode": self.output_mode,
            "sparse": self.sparse,
        })
        if self._int_dtype is not None:
            config["dtype"] = int_dtype_config(self._int_dtype)
        return config

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        int_dtype, _ = split_int_dtype(config.get("dtype"))
        if int_dtype is not None:
            config["dtype"] = int_dtype
        return super().from_config(config)

