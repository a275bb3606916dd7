"""`GroupedQueryAttention`: attention whose key/value heads are shared by
groups of query heads."""

import math

from keras.src import constraints
from keras.src import initializers
from keras.src import ops
from keras.src import regularizers
from keras.src.api_export import keras_export
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.layers.activations.softmax import Softmax
from keras.src.layers.attention import multi_head_attention as mha
from keras.src.layers.core.einsum_dense import EinsumDense
from keras.src.layers.layer import Layer
from keras.src.layers.regularization.dropout import Dropout


@keras_export("keras.layers.GroupQueryAttention")
class GroupedQueryAttention(Layer):
    """Grouped-query attention (Ainslie et al., 2023).

    Like multi-head attention, but with fewer key/value heads than query
    heads: each key/value head serves `num_query_heads //
    num_key_value_heads` consecutive query heads. One key/value head is
    multi-query attention; as many as query heads is multi-head
    attention. Inputs are `(B, T, dim)` sequences.

    Args:
        head_dim: the size of each head.
        num_query_heads: the number of query heads.
        num_key_value_heads: the number of key and value heads (must
            divide `num_query_heads`).
        dropout: the dropout rate of the attention probabilities.
        use_bias: whether the projections have biases.
        sliding_window: if set, each query position only attends to key
            positions less than this distance away.
        flash_attention: accepted for compatibility; if `True`,
            attention scores cannot be returned.
        kernel_initializer: the initializer of the projection kernels.
        bias_initializer: the initializer of the projection biases.
        kernel_regularizer: a regularizer of the projection kernels.
        bias_regularizer: a regularizer of the projection biases.
        activity_regularizer: a regularizer of the output.
        kernel_constraint: a constraint of the projection kernels.
        bias_constraint: a constraint of the projection biases.
        use_gate: whether to multiply each head's result by a sigmoid
            gate computed from the query.
        seed: an int, for reproducible dropout.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Call arguments:
        query: `(B, T, dim)` inputs.
        value: `(B, S, dim)` inputs.
        key: `(B, S, dim)` inputs (default: `value`).
        query_mask: a `(B, T)` boolean mask of the query positions.
        value_mask: a `(B, S)` boolean mask of the value positions.
        key_mask: a `(B, S)` boolean mask of the key positions.
        attention_mask: a boolean mask broadcastable to `(B, T, S)`.
        return_attention_scores: whether to also return the attention
            probabilities `(B, num_query_heads, T, S)`.
        training: whether dropout is active.
        use_causal_mask: whether position `i` may only attend to key
            positions `j <= i`.

    Example:

    >>> layer = keras.layers.GroupQueryAttention(
    ...     head_dim=4, num_query_heads=4, num_key_value_heads=2)
    >>> y, scores = layer(np.ones((2, 5, 8)), np.ones((2, 3, 8)),
    ...                   return_attention_scores=True)
    >>> y.shape, scores.shape
    ((2, 5, 8), (2, 4, 5, 3))
    """

    def __init__(
        self,
        head_dim,
        num_query_heads,
        num_key_value_heads,
        dropout=0.0,
        use_bias=True,
        sliding_window=None,
        flash_attention=None,
        kernel_initializer="glorot_uniform",
        bias_initializer="zeros",
        kernel_regularizer=None,
        bias_regularizer=None,
        activity_regularizer=None,
        kernel_constraint=None,
        bias_constraint=None,
        use_gate=False,
        seed=None,
        **kwargs,
    ):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        mha.check_positive_int(head_dim, "head_dim")
        mha.check_positive_int(num_query_heads, "num_query_heads")
        mha.check_positive_int(num_key_value_heads, "num_key_value_heads")
        mha.check_optional_positive_int(sliding_window, "sliding_window")
        if num_query_heads % num_key_value_heads:
            raise ValueError(
                "`num_query_heads` must be divisible by "
                "`num_key_value_heads`. Received: "
                f"num_query_heads={num_query_heads}, "
                f"num_key_value_heads={num_key_value_heads}"
            )
        self.head_dim = head_dim
        self.num_query_heads = num_query_heads
        self.num_key_value_heads = num_key_value_heads
        self.num_repeats = num_query_heads // num_key_value_heads
        self.dropout = dropout
        self.use_bias = use_bias
        self.use_gate = use_gate
        self.sliding_window = sliding_window
        self.flash_attention = flash_attention
        self.seed = seed
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self.supports_masking = True
        self._inverse_sqrt_head_dim = 1.0 / math.sqrt(float(head_dim))
        self._softmax = Softmax(
            axis=-1, dtype=self.dtype_policy, name="softmax"
        )
        self._dropout_layer = Dropout(
            rate=dropout, seed=seed, dtype=self.dtype_policy,
            name="dropout",
        )

    def _dense(self, equation, output_shape, bias_axes, name, input_shape,
               **kwargs):
        layer = EinsumDense(
            equation,
            output_shape=output_shape,
            bias_axes=bias_axes if self.use_bias else None,
            kernel_initializer=mha._clone(self.kernel_initializer,
                                          initializers),
            bias_initializer=mha._clone(self.bias_initializer,
                                        initializers),
            kernel_regularizer=mha._clone(self.kernel_regularizer,
                                          regularizers),
            bias_regularizer=mha._clone(self.bias_regularizer,
                                        regularizers),
            kernel_constraint=mha._clone(self.kernel_constraint,
                                         constraints),
            bias_constraint=mha._clone(self.bias_constraint, constraints),
            dtype=self.dtype_policy,
            name=name,
            **kwargs,
        )
        layer.build(input_shape)
        return layer

    def build(self, query_shape, value_shape, key_shape=None):
        key_shape = value_shape if key_shape is None else key_shape
        query_shape, value_shape = tuple(query_shape), tuple(value_shape)
        key_shape = tuple(key_shape)
        for name, shape in (("query_shape", query_shape),
                            ("value_shape", value_shape),
                            ("key_shape", key_shape)):
            if len(shape) != 3:
                raise ValueError(
                    f"{type(self).__name__} expects inputs of rank 3 "
                    f"(batch, sequence, features). Received: {name}={shape}"
                )
        mha._check_shapes(query_shape, value_shape, key_shape)
        query_heads = (None, self.num_query_heads, self.head_dim)
        kv_heads = (None, self.num_key_value_heads, self.head_dim)
        self._query_dense = self._dense(
            "bqm,muh->bquh", query_heads, "uh", "query", query_shape
        )
        self._key_dense = self._dense(
            "bkm,mvh->bkvh", kv_heads, "vh", "key", key_shape
        )
        self._gate_dense = None
        if self.use_gate:
            self._gate_dense = self._dense(
                "bqm,muh->bquh", query_heads, "uh", "gate", query_shape,
                activation="sigmoid",
            )
        self._value_dense = self._dense(
            "bkm,mvh->bkvh", kv_heads, "vh", "value", value_shape
        )
        self._output_dense = self._dense(
            "bquh,uhm->bqm", (None, query_shape[-1]), "m",
            "attention_output",
            query_shape[:2] + (self.num_query_heads, self.head_dim),
        )
        self.built = True

    def call(
        self,
        query,
        value,
        key=None,
        query_mask=None,
        value_mask=None,
        key_mask=None,
        attention_mask=None,
        return_attention_scores=False,
        training=None,
        use_causal_mask=False,
    ):
        if return_attention_scores and self.flash_attention:
            raise ValueError(
                "Returning attention scores is not supported when flash "
                "attention is enabled: create the layer with "
                "flash_attention=False. Received: "
                f"flash_attention={self.flash_attention}"
            )
        key = value if key is None else key
        mask = self._attention_mask(
            query, value, mha._mask_or_own(query_mask, query),
            mha._mask_or_own(value_mask, value),
            mha._mask_or_own(key_mask, key), attention_mask,
            use_causal_mask,
        )
        query_heads = ops.multiply(
            self._query_dense(query),
            ops.cast(self._inverse_sqrt_head_dim, query.dtype),
        )
        key_heads = ops.repeat(self._key_dense(key), self.num_repeats, 2)
        value_heads = ops.repeat(self._value_dense(value), self.num_repeats,
                                 2)
        logits = ops.einsum("bquh,bkuh->buqk", query_heads, key_heads)
        if mask is not None:
            mask = ops.expand_dims(mask, 1)
            if not return_attention_scores and (
                self.dropout == 0 or not training
            ):
                # Keras computes this case with its fused kernel, which
                # spreads a query that may attend nowhere uniformly over
                # all keys (the scores path gives it zero probabilities).
                attends = ops.any(mask, axis=-1, keepdims=True)
                mask = ops.logical_or(mask, ops.logical_not(attends))
                logits = ops.where(attends, logits, ops.zeros_like(logits))
        scores = self._softmax(logits, mask=mask)
        dropped = self._dropout_layer(scores, training=training)
        output = ops.einsum("buqk,bkuh->bquh", dropped, value_heads)
        if self._gate_dense is not None:
            output = ops.multiply(output, self._gate_dense(query))
        output = self._output_dense(output)
        if return_attention_scores:
            return output, scores
        return output

    def _attention_mask(self, query, value, query_mask, value_mask,
                        key_mask, attention_mask, use_causal_mask):
        """The `(B, T, S)` boolean mask of allowed pairs, or `None`."""
        masks = []
        if attention_mask is not None:
            masks.append(ops.cast(attention_mask, "bool"))
        if query_mask is not None:
            masks.append(ops.expand_dims(ops.cast(query_mask, "bool"), -1))
        for positions in (value_mask, key_mask):
            if positions is not None:
                masks.append(
                    ops.expand_dims(ops.cast(positions, "bool"), -2)
                )
        if use_causal_mask or self.sliding_window is not None:
            rows = ops.expand_dims(ops.arange(ops.shape(query)[1]), -1)
            cols = ops.expand_dims(ops.arange(ops.shape(value)[1]), 0)
            if use_causal_mask:
                masks.append(ops.greater_equal(rows, cols))
            if self.sliding_window is not None:
                masks.append(ops.less(ops.abs(ops.subtract(rows, cols)),
                                      self.sliding_window))
        if not masks:
            return None
        mask = masks[0]
        for other in masks[1:]:
            mask = ops.logical_and(mask, other)
        while len(mask.shape) < 3:
            mask = ops.expand_dims(mask, 0)
        return mask

    def compute_mask(self, inputs, previous_mask):
        return previous_mask

    def compute_output_shape(self, query_shape, value_shape,
                             key_shape=None):
        key_shape = value_shape if key_shape is None else key_shape
        mha._check_shapes(tuple(query_shape), tuple(value_shape),
                          tuple(key_shape))
        return tuple(query_shape)

    def compute_output_spec(self, query, value, key=None,
                            return_attention_scores=False, **kwargs):
        key = value if key is None else key
        output = KerasTensor(
            self.compute_output_shape(query.shape, value.shape, key.shape),
            dtype=self.compute_dtype,
        )
        if not return_attention_scores:
            return output
        scores = (query.shape[0], self.num_query_heads, query.shape[1],
                  key.shape[1])
        return output, KerasTensor(scores, dtype=self.compute_dtype)

    def get_config(self):
        config = super().get_config()
        config.update({
            "head_dim": self.head_dim,
            "num_query_heads": self.num_query_heads,
            "num_key_value_heads": self.num_key_value_heads,
            "use_bias": self.use_bias,
            "use_gate": self.use_gate,
            "sliding_window": self.sliding_window,
            "dropout": self.dropout,
            "kernel_initializer": initializers.serialize(
                self.kernel_initializer
            ),
            "bias_initializer": initializers.serialize(
                self.bias_initializer
            ),
            "kernel_regularizer": regularizers.serialize(
                self.kernel_regularizer
            ),
            "bias_regularizer": regularizers.serialize(
                self.bias_regularizer
            ),
            "activity_regularizer": regularizers.serialize(
                self.activity_regularizer
            ),
            "kernel_constraint": constraints.serialize(
                self.kernel_constraint
            ),
            "bias_constraint": constraints.serialize(self.bias_constraint),
            "seed": self.seed,
        })
        return config
