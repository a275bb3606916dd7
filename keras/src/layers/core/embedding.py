"""`Embedding`: maps integer indices to rows of a trainable table."""

import numpy as np

from keras.src import backend
from keras.src import constraints
from keras.src import initializers
from keras.src import ops
from keras.src import regularizers
from keras.src.api_export import keras_export
from keras.src.layers.core.dense import LoraMixin
from keras.src.layers.core.dense import check_positive_int
from keras.src.layers.layer import Layer
from keras.src.quantizers import quantization_config as qconfig
from keras.src.quantizers.embedding_quantization import (
    EmbeddingQuantizationMixin,
)


@keras_export("keras.layers.Embedding")
class Embedding(EmbeddingQuantizationMixin, LoraMixin, Layer):
    """Turns integer indices into dense vectors: row `i` of the
    `embeddings` table, of shape `(input_dim, output_dim)`, for index `i`.

    An input of shape `(batch, ...)` gives an output of shape
    `(batch, ..., output_dim)` in the layer's compute dtype. Float inputs
    are cast to integers. Indices outside `[0, input_dim)` give
    backend-dependent results.

    Args:
        input_dim: the number of rows of the table (the vocabulary size),
            a positive integer.
        output_dim: the size of each vector, a positive integer.
        embeddings_initializer: the initializer of the table.
        embeddings_regularizer: a regularizer applied to the table.
        embeddings_constraint: a constraint applied to the table.
        mask_zero: whether index 0 is padding: the layer then outputs the
            mask `inputs != 0` for the layers that follow.
        weights: an optional initial value of the table, an array of shape
            `(input_dim, output_dim)` (or a list holding one); the layer is
            then built at once.
        lora_rank: if set, LoRA is enabled when the layer is built (see
            `enable_lora`).
        lora_alpha: the LoRA scale numerator (default: `lora_rank`).
        quantization_config: a `keras.quantizers.QuantizationConfig`
            used when the layer is quantized (see `quantize`).
        **kwargs: base layer arguments (`name`, `dtype`,
            `activity_regularizer`, ...).

    Example:

    >>> layer = keras.layers.Embedding(10, 4, mask_zero=True)
    >>> indices = np.array([[1, 2, 0]])
    >>> layer(indices).shape
    (1, 3, 4)
    >>> keras.ops.convert_to_numpy(layer.compute_mask(indices)).tolist()
    [[True, True, False]]
    """

    _lora_target = "embeddings"

    def __init__(
        self,
        input_dim,
        output_dim,
        embeddings_initializer="uniform",
        embeddings_regularizer=None,
        embeddings_constraint=None,
        mask_zero=False,
        weights=None,
        lora_rank=None,
        lora_alpha=None,
        quantization_config=None,
        **kwargs,
    ):
        super().__init__(**kwargs)
        self.input_dim = check_positive_int("input_dim", input_dim)
        self.output_dim = check_positive_int("output_dim", output_dim)
        self.quantization_config = qconfig.resolve_layer_config(
            f"Embedding '{self.name}'", quantization_config
        )
        self.embeddings_initializer = initializers.get(
            embeddings_initializer
        )
        self.embeddings_regularizer = regularizers.get(embeddings_regularizer)
        self.embeddings_constraint = constraints.get(embeddings_constraint)
        self.mask_zero = bool(mask_zero)
        self.supports_masking = self.mask_zero
        self._init_lora(lora_rank, lora_alpha)
        if weights is not None:
            self._build_with({})
            self._set_initial_table(weights)

    def _set_initial_table(self, weights):
        if isinstance(weights, (list, tuple)) and len(weights) == 1:
            weights = weights[0]
        shape = tuple(np.shape(weights))
        expected = (self.input_dim, self.output_dim)
        if shape != expected:
            raise ValueError(
                f"`weights` must have the table's shape {expected} "
                f"(input_dim, output_dim). Received: an array of shape "
                f"{shape}"
            )
        self._embeddings.assign(weights)

    def build(self, input_shape=None):
        if self.quantization_mode is not None:
            # Built from a quantized policy, e.g. when loading a model.
            self.quantized_build(
                (self.input_dim, self.output_dim), self.quantization_mode
            )
            self.built = True
            return
        self._embeddings = self.add_weight(
            name="embeddings",
            shape=(self.input_dim, self.output_dim),
            initializer=self.embeddings_initializer,
            regularizer=self.embeddings_regularizer,
            constraint=self.embeddings_constraint,
        )
        self.built = True
        if self.lora_rank:
            self.enable_lora(self.lora_rank, self.lora_alpha)

    @property
    def embeddings(self):
        """The table variable; with LoRA enabled, the table the layer
        computes with (the frozen variable plus the low-rank update)."""
        if self.lora_enabled:
            return self._lora_weight()
        return self._embeddings

    def call(self, inputs):
        if not backend.is_int_dtype(backend.standardize_dtype(inputs.dtype)):
            inputs = ops.cast(inputs, "int32")
        outputs = ops.take(self._lora_weight(), inputs, axis=0)
        if backend.standardize_dtype(outputs.dtype) != self.compute_dtype:
            outputs = ops.cast(outputs, self.compute_dtype)
        return outputs

    def compute_mask(self, inputs, mask=None):
        """Returns `inputs != 0` when `mask_zero` is set, else `None`."""
        if not self.mask_zero:
            return None
        return ops.not_equal(inputs, 0)

    def compute_output_shape(self, input_shape):
        return tuple(input_shape) + (self.output_dim,)

    def compute_output_spec(self, inputs, **kwargs):
        # Integer inputs, outputs in the compute dtype. (`kwargs`: a
        # symbolic call passes `training=` on to here.)
        return backend.KerasTensor(
            self.compute_output_shape(inputs.shape), dtype=self.compute_dtype
        )

    def get_config(self):
        config = super().get_config()
        config.update({
            "input_dim": self.input_dim,
            "output_dim": self.output_dim,
            "embeddings_initializer": initializers.serialize(
                self.embeddings_initializer
            ),
            "embeddings_regularizer": regularizers.serialize(
                self.embeddings_regularizer
            ),
            "activity_regularizer": regularizers.serialize(
                self.activity_regularizer
            ),
            "embeddings_constraint": constraints.serialize(
                self.embeddings_constraint
            ),
            "mask_zero": self.mask_zero,
            "quantization_config": qconfig.serialize_layer_config(
                self.quantization_config
            ),
        })
        return self._lora_config(config)
