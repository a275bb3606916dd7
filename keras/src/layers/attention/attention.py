"""`Attention`: dot-product (Luong-style) attention between sequences."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.random import random
from keras.src.random.seed_generator import SeedGenerator

_SCORE_MODES = ("dot", "concat")


def large_negative(dtype):
    """The offset given to masked logits: large, yet finite in `dtype`."""
    return 65504.0 if backend.standardize_dtype(dtype) == "float16" else 1e9


@keras_export("keras.layers.Attention")
class Attention(Layer):
    """Dot-product attention of a query sequence over a value sequence.

    With `query` `(B, T, dim)`, `value` `(B, S, dim)` and `key`
    (default: `value`), the layer computes scores `query @ key^T`
    (`"dot"`) or `sum(tanh(query + key))` over the features
    (`"concat"`), takes their softmax over the key positions and returns
    the average of `value` weighted by it, `(B, T, value_dim)`.

    Args:
        use_scale: whether to multiply the scores by a learned scalar
            `scale` (initialized to 1).
        score_mode: `"dot"` or `"concat"` (the latter adds a learned
            scalar `concat_score_weight`).
        dropout: the dropout rate of the attention weights.
        seed: an int, for reproducible dropout.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Call arguments:
        inputs: `[query, value]` or `[query, value, key]`.
        mask: `[query_mask, value_mask]` (boolean, `(B, T)` and
            `(B, S)`); masked value positions get no attention, masked
            query positions give zero outputs.
        training: whether dropout is active.
        return_attention_scores: whether to also return the attention
            weights `(B, T, S)`.
        use_causal_mask: whether position `i` may only attend to
            positions `j <= i`.

    Example:

    >>> layer = keras.layers.Attention()
    >>> q, v = np.ones((2, 3, 4)), np.ones((2, 5, 4))
    >>> y, scores = layer([q, v], return_attention_scores=True)
    >>> y.shape, scores.shape
    ((2, 3, 4), (2, 3, 5))
    """

    def __init__(self, use_scale=False, score_mode="dot", dropout=0.0,
                 seed=None, **kwargs):
        super().__init__(**kwargs)
        if score_mode not in _SCORE_MODES:
            raise ValueError(
                "Invalid value for argument score_mode. Expected one of "
                f"{set(_SCORE_MODES)}. Received: score_mode={score_mode}"
            )
        if not isinstance(dropout, (int, float)) or not 0 <= dropout <= 1:
            raise ValueError(
                "Invalid value for argument `dropout`: expected a float "
                f"in [0, 1]. Received: dropout={dropout!r}"
            )
        self.use_scale = use_scale
        self.score_mode = score_mode
        self.dropout = dropout
        self.seed = seed
        if dropout > 0:
            self.seed_generator = SeedGenerator(seed)
        self.supports_masking = True
        self.scale = None
        self.concat_score_weight = None

    def build(self, input_shape):
        check_inputs(self, input_shape)
        if self.use_scale:
            self.scale = self.add_weight(
                name="scale", shape=(), initializer="ones"
            )
        if self.score_mode == "concat":
            self.concat_score_weight = self.add_weight(
                name="concat_score_weight", shape=(), initializer="ones"
            )
        self.built = True

    def _calculate_scores(self, query, key):
        """The `(B, T, S)` attention logits of `query` over `key`."""
        if self.score_mode == "dot":
            scores = ops.matmul(query, ops.swapaxes(key, -1, -2))
            if self.scale is not None:
                scores = ops.multiply(scores, self.scale)
            return scores
        pairs = ops.add(ops.expand_dims(query, -2),
                        ops.expand_dims(key, -3))
        if self.scale is not None:
            pairs = ops.multiply(pairs, self.scale)
        return ops.multiply(
            self.concat_score_weight, ops.sum(ops.tanh(pairs), axis=-1)
        )

    def _apply_scores(self, scores, value, scores_mask, training):
        if scores_mask is not None:
            blocked = ops.cast(ops.logical_not(scores_mask), scores.dtype)
            scores = ops.subtract(
                scores, ops.multiply(blocked, large_negative(scores.dtype))
            )
        weights = ops.softmax(scores, axis=-1)
        dropped = weights
        if training and self.dropout > 0:
            dropped = random.dropout(weights, self.dropout,
                                     seed=self.seed_generator)
        return ops.matmul(dropped, value), weights

    def call(self, inputs, mask=None, training=False,
             return_attention_scores=False, use_causal_mask=False):
        check_inputs(self, inputs, mask)
        query, value = inputs[0], inputs[1]
        key = inputs[2] if len(inputs) > 2 else value
        query_mask = mask[0] if mask else None
        value_mask = mask[1] if mask else None
        scores = self._calculate_scores(query, key)
        scores_mask = _scores_mask(scores, value_mask, use_causal_mask)
        output, weights = self._apply_scores(
            scores, value, scores_mask, training
        )
        if query_mask is not None:
            keep = ops.expand_dims(ops.cast(query_mask, "bool"), -1)
            output = ops.where(keep, output, ops.zeros_like(output))
        if return_attention_scores:
            return output, weights
        return output

    def compute_mask(self, inputs, mask=None):
        if mask is None or mask[0] is None:
            return None
        return ops.convert_to_tensor(mask[0])

    def compute_output_shape(self, input_shape):
        check_inputs(self, input_shape)
        query_shape, value_shape = input_shape[0], input_shape[1]
        return tuple(query_shape[:-1]) + (value_shape[-1],)

    def compute_output_spec(self, inputs, mask=None, training=False,
                            return_attention_scores=False,
                            use_causal_mask=False):
        from keras.src.backend.common.keras_tensor import KerasTensor

        shapes = [tuple(x.shape) for x in inputs]
        output = KerasTensor(self.compute_output_shape(shapes),
                             dtype=self.compute_dtype)
        if not return_attention_scores:
            return output
        key_shape = shapes[2] if len(shapes) > 2 else shapes[1]
        scores = KerasTensor(
            shapes[0][:-1] + (key_shape[-2],), dtype=self.compute_dtype
        )
        return output, scores

    def get_config(self):
        config = super().get_config()
        config.update({
            "use_scale": self.use_scale,
            "score_mode": self.score_mode,
            "dropout": self.dropout,
            "seed": self.seed,
        })
        return config


def check_inputs(layer, inputs, mask=None):
    """Raises `ValueError` unless `inputs` (and `mask`) are lists of 2 or 3
    (tensors or shapes)."""
    name = type(layer).__name__
    # A tuple of ints is one shape, not a list of inputs.
    if not isinstance(inputs, (list, tuple)) or all(
        d is None or isinstance(d, int) for d in inputs
    ):
        shape = getattr(inputs, "shape", inputs)
        raise ValueError(
            f"{name} layer must be called on a list of inputs, namely "
            "[query, value] or [query, value, key]. Received: "
            f"inputs={tuple(shape) if shape is not None else inputs}."
        )
    if len(inputs) not in (2, 3):
        raise ValueError(
            f"{name} layer accepts inputs list of length 2 or 3, namely "
            "[query, value] or [query, value, key]. Received length: "
            f"{len(inputs)}."
        )
    if mask is not None:
        if not isinstance(mask, (list, tuple)) or len(mask) not in (2, 3):
            raise ValueError(
                f"{name} layer accepts mask list of length 2 or 3, namely "
                "[query_mask, value_mask] or [query_mask, value_mask, "
                f"key_mask]. Received: mask={mask!r}"
            )


def _scores_mask(scores, value_mask, causal):
    """Which `(query, key)` pairs may attend, or `None` for all."""
    mask = None
    if value_mask is not None:
        mask = ops.expand_dims(ops.cast(value_mask, "bool"), -2)
    if causal:
        shape = ops.shape(scores)
        rows = ops.expand_dims(ops.arange(shape[-2]), -1)
        cols = ops.expand_dims(ops.arange(shape[-1]), 0)
        lower = ops.greater_equal(rows, cols)
        mask = lower if mask is None else ops.logical_and(mask, lower)
    return mask
