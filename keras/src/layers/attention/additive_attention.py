"""`AdditiveAttention`: Bahdanau-style attention between sequences."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.attention.attention import Attention
from keras.src.layers.attention.attention import check_inputs


@keras_export("keras.layers.AdditiveAttention")
class AdditiveAttention(Attention):
    """Additive (Bahdanau-style) attention of a query over a value.

    Like `Attention`, but the scores of query position `i` and key
    position `j` are `sum(scale * tanh(query[i] + key[j]))` over the
    features, `scale` being a learned vector (when `use_scale`).

    Args:
        use_scale: whether to learn the per-feature `scale` (else the
            scores are plain sums).
        dropout: the dropout rate of the attention weights.
        **kwargs: base layer arguments (`name`, `dtype`, `seed`, ...).

    Call arguments:
        inputs: `[query, value]` or `[query, value, key]`.
        mask: `[query_mask, value_mask]`, boolean.
        training: whether dropout is active.
        return_attention_scores: whether to also return the attention
            weights.
        use_causal_mask: whether position `i` may only attend to
            positions `j <= i`.

    Example:

    >>> layer = keras.layers.AdditiveAttention()
    >>> q, v = np.ones((2, 3, 4)), np.ones((2, 5, 4))
    >>> layer([q, v]).shape
    (2, 3, 4)
    """

    def __init__(self, use_scale=True, dropout=0.0, **kwargs):
        super().__init__(use_scale=use_scale, dropout=dropout, **kwargs)

    def build(self, input_shape):
        check_inputs(self, input_shape)
        dim = input_shape[-1][-1]
        if self.use_scale:
            self.scale = self.add_weight(
                name="scale", shape=(dim,), initializer="glorot_uniform"
            )
        self.built = True

    def _calculate_scores(self, query, key):
        pairs = ops.tanh(ops.add(ops.expand_dims(query, -2),
                                 ops.expand_dims(key, -3)))
        if self.scale is not None:
            pairs = ops.multiply(pairs, self.scale)
        return ops.sum(pairs, axis=-1)

    def get_config(self):
        config = super().get_config()
        config.pop("score_mode", None)
        config.pop("use_scale", None)
        config.pop("dropout", None)
        config.pop("seed", None)
        config.update({
            "use_scale": self.use_scale,
            "dropout": self.dropout,
            "seed": self.seed,
        })
        return config
