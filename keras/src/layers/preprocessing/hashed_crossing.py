"""The `HashedCrossing` layer."""

from keras.src.api_export import keras_export
from keras.src.backend import KerasTensor
from keras.src.layers.preprocessing import encoding_utils
from keras.src.layers.preprocessing.tf_backed_layer import TFBackedLayer
from keras.src.layers.preprocessing.tf_backed_layer import result_int_dtype
from keras.src.layers.preprocessing.tf_backed_layer import split_int_dtype
from keras.src.layers.preprocessing.tf_backed_layer import tf_backend

_OUTPUT_MODES = ("int", "one_hot")


@keras_export("keras.layers.HashedCrossing")
class HashedCrossing(TFBackedLayer):
    """Crosses categorical features by hashing their combination.

    Each sample's values of all inputs (strings or integers) are combined
    and hashed into `[0, num_bins)` (the fingerprint cross of TensorFlow's
    `tf.sparse.cross_hashed`).

    Args:
        num_bins: the number of hash bins.
        output_mode: `"int"` (bin ids) or `"one_hot"`.
        sparse: must be `False` (dense outputs only).
        name: the layer's name.
        dtype: the layer's dtype (default: int64 ids, floatx encodings).
        **kwargs: base layer keyword arguments.

    Call arguments:
        inputs: a list or tuple of tensors, each of shape `()`,
            `(batch_size,)` or `(batch_size, 1)`, all alike.

    Example:

    >>> layer = keras.layers.HashedCrossing(num_bins=5)
    >>> y = layer((np.array(["A", "B"]), np.array([101, 101])))
    >>> print(keras.ops.convert_to_numpy(y))
    [1 4]
    """

    def __init__(self, num_bins, output_mode="int", sparse=False, name=None,
                 dtype=None, **kwargs):
        int_dtype, dtype = split_int_dtype(dtype)
        if int_dtype is None and dtype is None and output_mode == "int":
            int_dtype = "int64"
        super().__init__(name=name, dtype=dtype, **kwargs)
        # Bin ids are int64 unless encoded (an integer dtype policy).
        self._int_dtype = int_dtype
        if not isinstance(num_bins, int) or num_bins <= 0:
            raise ValueError(
                "`num_bins` of HashedCrossing must be a positive int. "
                f"Received: num_bins={num_bins}"
            )
        if output_mode not in _OUTPUT_MODES:
            raise ValueError(
                "Unknown value for `output_mode` argument of "
                f"HashedCrossing. Allowed values are: {_OUTPUT_MODES}. "
                f"Received: output_mode={output_mode}"
            )
        encoding_utils.check_sparse("HashedCrossing", sparse)
        self.num_bins = num_bins
        self.output_mode = output_mode
        self.sparse = sparse

    def _check_inputs(self, inputs):
        if not isinstance(inputs, (list, tuple)) or len(inputs) < 2:
            raise ValueError(
                "`HashedCrossing` should be called on a list or tuple of "
                f"at least two inputs. Received: inputs={inputs}"
            )
        shapes = [tuple(x.shape) for x in inputs]
        if any(s != shapes[0] for s in shapes):
            raise ValueError(
                "All `HashedCrossing` inputs should have equal shape. "
                f"Received shapes: {shapes}"
            )
        shape = shapes[0]
        if len(shape) > 2 or (len(shape) == 2 and shape[1] != 1):
            raise ValueError(
                "All `HashedCrossing` inputs should have shape `()`, "
                "`(batch_size)` or `(batch_size, 1)`. Received shapes: "
                f"{shapes}"
            )
        return shape

    def _tf_call(self, inputs):
        tf = self.tf
        self._check_inputs(inputs)
        columns = [tf.reshape(x, (-1, 1)) for x in inputs]
        columns = [
            x if x.dtype == tf.string else tf.cast(x, "int64")
            for x in columns
        ]
        crossed = tf.sparse.cross_hashed(columns, num_buckets=self.num_bins)
        ids = tf.reshape(tf.sparse.to_dense(crossed), tf.shape(inputs[0]))
        if self.output_mode == "int":
            return tf.cast(ids, self._int_dtype)
        return encoding_utils.encode(
            tf_backend(), ids, self.output_mode, self.num_bins,
            self.compute_dtype,
        )

    def build(self, input_shape=None):
        self.built = True

    def compute_output_shape(self, input_shape):
        shape = tuple(input_shape[0])
        if self.output_mode == "int":
            return shape
        if shape and shape[-1] == 1:
            shape = shape[:-1]
        return shape + (self.num_bins,)

    def compute_output_spec(self, inputs):
        self._check_inputs(inputs)
        return KerasTensor(
            self.compute_output_shape([x.shape for x in inputs]),
            dtype=result_int_dtype(self._int_dtype)
            if self._int_dtype else self.compute_dtype,
        )

    def get_config(self):
        return {
            "num_bins": self.num_bins,
            "output_mode": self.output_mode,
            "sparse": self.sparse,
            "name": self.name,
            "dtype": self._int_dtype or self.dtype_policy.name,
        }
