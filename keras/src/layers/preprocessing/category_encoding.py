"""The `CategoryEncoding` layer."""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend import KerasTensor
from keras.src.layers.preprocessing import encoding_utils
from keras.src.layers.preprocessing.tf_data_layer import TFDataLayer


@keras_export("keras.layers.CategoryEncoding")
class CategoryEncoding(TFDataLayer):
    """Encodes integer category ids as one-hot, multi-hot or count vectors.

    Ids must lie in `[0, num_tokens)`; ids outside contribute nothing.

    Args:
        num_tokens: the number of categories (the output's last axis).
        output_mode: `"one_hot"` (one vector per id; a trailing axis of
            size 1 is replaced), `"multi_hot"` (one vector per sample
            marking the ids present, over the last axis) or `"count"`
            (how often each id occurs, optionally weighted by
            `count_weights`).
        sparse: must be `False` (dense outputs only).
        **kwargs: base layer keyword arguments (`name`, `dtype`, ...).

    Call arguments:
        inputs: integer ids.
        count_weights: weights of the ids, only in `"count"` mode.

    Example:

    >>> layer = keras.layers.CategoryEncoding(num_tokens=4)
    >>> y = layer(np.array([[0, 1], [3, 3]]))
    >>> print(keras.ops.convert_to_numpy(y))
    [[1. 1. 0. 0.]
     [0. 0. 0. 1.]]
    """

    def __init__(self, num_tokens=None, output_mode="multi_hot",
                 sparse=False, **kwargs):
        super().__init__(**kwargs)
        if num_tokens is None:
            raise ValueError(
                "num_tokens must be set to use this layer. If the number "
                "of tokens is not known beforehand, use the IntegerLookup "
                "layer instead. Received: num_tokens=None"
            )
        if not isinstance(num_tokens, int) or num_tokens < 1:
            raise ValueError(
                f"`num_tokens` must be >= 1. Received: "
                f"num_tokens={num_tokens}."
            )
        if output_mode not in encoding_utils.ENCODING_MODES:
            raise ValueError(
                "Unknown arg for output_mode: expected one of "
                f"{encoding_utils.ENCODING_MODES}. Received: "
                f"output_mode={output_mode}"
            )
        encoding_utils.check_sparse(type(self).__name__, sparse)
        self.num_tokens = num_tokens
        self.output_mode = output_mode
        self.sparse = sparse
        self._convert_input_args = False

    def call(self, inputs, count_weights=None):
        if count_weights is not None and self.output_mode != "count":
            raise ValueError(
                "`count_weights` is not used when `output_mode` is not "
                f"`'count'`. Received `count_weights={count_weights}`."
            )
        inputs = self.backend.convert_to_tensor(inputs)
        if not backend.is_int_dtype(backend.standardize_dtype(
                inputs.dtype)):
            inputs = self.backend.cast(inputs, "int32")
        return encoding_utils.encode(
            self.backend, inputs, self.output_mode, self.num_tokens,
            self.compute_dtype, count_weights,
        )

    def compute_output_shape(self, input_shape):
        return encoding_utils.encoded_shape(
            input_shape, self.output_mode, self.num_tokens
        )

    def compute_output_spec(self, inputs, count_weights=None):
        return KerasTensor(
            self.compute_output_shape(inputs.shape), dtype=self.compute_dtype
        )

    def get_config(self):
        config = super().get_config()
        config.update({
            "num_tokens": self.num_tokens,
            "output_mode": self.output_mode,
        })
        return config
