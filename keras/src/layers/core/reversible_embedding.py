"""`ReversibleEmbedding`: an embedding table that also maps vectors back
to logits over its vocabulary."""

import numbers

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.core.embedding import Embedding


@keras_export("keras.layers.ReversibleEmbedding")
class ReversibleEmbedding(Embedding):
    """An `Embedding` that can also be called in reverse, to project
    vectors of size `output_dim` onto the vocabulary, as the output layer
    of a language model does.

    `layer(ids)` looks up rows of the `embeddings` table, of shape
    `(input_dim, output_dim)`, like `Embedding`. `layer(x, reverse=True)`
    takes `x` of shape `(..., output_dim)` and returns logits of shape
    `(..., input_dim)`: `x @ transpose(embeddings)` when `tie_weights`
    is set (the input and output embeddings are one table), else
    `x @ reverse_embeddings` with a separate trainable table of shape
    `(output_dim, input_dim)`.

    Args:
        input_dim: the vocabulary size, a positive integer.
        output_dim: the size of each vector, a positive integer.
        tie_weights: whether the reverse projection uses the transposed
            `embeddings` (`True`) or its own `reverse_embeddings`.
        embeddings_initializer: the initializer of the tables.
        embeddings_regularizer: a regularizer applied to the tables.
        embeddings_constraint: a constraint applied to the tables.
        mask_zero: whether index 0 is padding (see `Embedding`); reverse
            calls output no mask.
        reverse_dtype: the dtype the reverse projection computes and
            returns in (e.g. `"float32"` for accurate logits under a
            mixed precision policy); `None` uses the compute dtype.
        logit_soft_cap: if set, reverse logits `z` become
            `tanh(z / logit_soft_cap) * logit_soft_cap`, bounded in
            `(-logit_soft_cap, logit_soft_cap)`.
        **kwargs: the other arguments of `Embedding` and `Layer`
            (`name`, `dtype`, `lora_rank`, ...).

    Call arguments:
        inputs: integer ids, or with `reverse=True` vectors whose last
            dim is `output_dim`.
        reverse: whether to project vectors to logits.

    Example:

    >>> layer = keras.layers.ReversibleEmbedding(10, 4)
    >>> hidden = layer(np.array([[1, 2, 3]]))
    >>> hidden.shape
    (1, 3, 4)
    >>> layer(hidden, reverse=True).shape
    (1, 3, 10)
    """

    def __init__(
        self,
        input_dim,
        output_dim,
        tie_weights=True,
        embeddings_initializer="uniform",
        embeddings_regularizer=None,
        embeddings_constraint=None,
        mask_zero=False,
        reverse_dtype=None,
        logit_soft_cap=None,
        **kwargs,
    ):
        if logit_soft_cap is not None and (
            isinstance(logit_soft_cap, bool)
            or not isinstance(logit_soft_cap, numbers.Real)
        ):
            raise TypeError(
                "ReversibleEmbedding: `logit_soft_cap` must be a number or "
                f"None. Received: logit_soft_cap={logit_soft_cap!r}"
            )
        self.tie_weights = bool(tie_weights)
        self.reverse_dtype = (
            None if reverse_dtype is None
            else backend.standardize_dtype(reverse_dtype)
        )
        self.logit_soft_cap = logit_soft_cap
        super().__init__(
            input_dim,
            output_dim,
            embeddings_initializer=embeddings_initializer,
            embeddings_regularizer=embeddings_regularizer,
            embeddings_constraint=embeddings_constraint,
            mask_zero=mask_zero,
            **kwargs,
        )

    def build(self, input_shape=None):
        super().build(input_shape)
        if not self.tie_weights and self.quantization_mode is None:
            self.reverse_embeddings = self.add_weight(
                name="reverse_embeddings",
                shape=(self.output_dim, self.input_dim),
                initializer=self.embeddings_initializer,
                regularizer=self.embeddings_regularizer,
                constraint=self.embeddings_constraint,
            )

    def call(self, inputs, reverse=False):
        if not reverse:
            return super().call(inputs)
        if self.tie_weights:
            kernel = ops.transpose(self._lora_weight())
        else:
            kernel = self.reverse_embeddings.value
        dtype = self.reverse_dtype or self.compute_dtype
        logits = ops.matmul(ops.cast(inputs, dtype), ops.cast(kernel, dtype))
        if self.logit_soft_cap is not None:
            cap = ops.cast(self.logit_soft_cap, dtype)
            logits = ops.multiply(ops.tanh(ops.divide(logits, cap)), cap)
        return logits

    def quantized_call(self, inputs, reverse=False):
        """The quantized lookup, or the quantized projection when
        `reverse` (see `keras.src.quantizers.embedding_quantization`)."""
        if not reverse:
            return super().quantized_call(inputs)
        dtype = self.reverse_dtype or self.compute_dtype
        logits = self._reverse_logits(inputs, dtype)
        if self.logit_soft_cap is not None:
            cap = ops.cast(self.logit_soft_cap, dtype)
            logits = ops.multiply(ops.tanh(ops.divide(logits, cap)), cap)
        return logits

    def compute_mask(self, inputs, mask=None):
        """Returns `inputs != 0` for ids when `mask_zero` is set; `None`
        for the float vectors of a reverse call."""
        dtype = backend.standardize_dtype(inputs.dtype)
        if backend.is_float_dtype(dtype):
            return None
        return super().compute_mask(inputs, mask)

    def compute_output_shape(self, input_shape, reverse=False):
        if not reverse:
            return super().compute_output_shape(input_shape)
        input_shape = tuple(input_shape)
        if input_shape[-1] not in (None, self.output_dim):
            raise ValueError(
                f"ReversibleEmbedding '{self.name}': a reverse call takes "
                f"inputs whose last dim is output_dim={self.output_dim}. "
                f"Received: input_shape={input_shape}"
            )
        return input_shape[:-1] + (self.input_dim,)

    def compute_output_spec(self, inputs, reverse=False, **kwargs):
        if not reverse:
            return super().compute_output_spec(inputs, **kwargs)
        return backend.KerasTensor(
            self.compute_output_shape(inputs.shape, reverse=True),
            dtype=self.reverse_dtype or self.compute_dtype,
        )

    def get_config(self):
        config = super().get_config()
        config.update({
            "tie_weights": self.tie_weights,
            "reverse_dtype": self.reverse_dtype,
            "logit_soft_cap": self.logit_soft_cap,
        })
        return config
