import numpy as np
import pytest

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.layers.attention.multi_head_attention import (
    MultiHeadAttention,
)
from keras.src.layers.core.input_layer import Input
from keras.src.layers.core.masking import Masking
from keras.src.models.model import Model
from keras.src.saving import serialization_lib


def np_softmax(x, mask=None):
    if mask is not None:
        x = np.where(mask, x, -1e9)
    e = np.exp(x - x.max(-1, keepdims=True))
    p = e / e.sum(-1, keepdims=True)
    return p if mask is None else p * mask


def np_mha(q, v, weights, num_heads, key_dim, mask=None):
    wq, bq, wk, bk, wv, bv, wo, bo = weights
    qh = np.einsum("btd,dhk->bthk", q, wq) + bq
    kh = np.einsum("bsd,dhk->bshk", v, wk) + bk
    vh = np.einsum("bsd,dhk->bshk", v, wv) + bv
    logits = np.einsum("bthk,bshk->bhts", qh / np.sqrt(key_dim), kh)
    if mask is not None:
        mask = mask[:, None]
    scores = np_softmax(logits, mask)
    out = np.einsum("bhts,bshk->bthk", scores, vh)
    return np.einsum("bthk,hko->bto", out, wo) + bo, scores


def random_weights(layer, seed=0):
    rng = np.random.RandomState(seed)
    weights = [rng.randn(*w.shape).astype("float32") * 0.5
               for w in layer.weights]
    layer.set_weights(weights)
    return weights


class MultiHeadAttentionTest(testing.TestCase):
    def test_layer_checks(self):
        self.run_layer_test(
            MultiHeadAttention,
            init_kwargs={"num_heads": 2, "key_dim": 4},
            input_shape={"query": (2, 3, 8), "value": (2, 5, 6)},
            expected_output_shape=(2, 3, 8),
            expected_num_trainable_weights=8,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=True,
        )

    def test_layer_checks_dropout_gate(self):
        self.run_layer_test(
            MultiHeadAttention,
            init_kwargs={"num_heads": 2, "key_dim": 4, "dropout": 0.5,
                         "use_gate": True, "output_shape": 5, "seed": 1},
            input_shape={"query": (2, 3, 8), "value": (2, 5, 6)},
            call_kwargs={"training": True, "use_causal_mask": True},
            expected_output_shape=(2, 3, 5),
            expected_num_trainable_weights=10,
            expected_num_seed_generators=1,
            supports_masking=True,
        )

    def test_weights_names_and_shapes(self):
        layer = MultiHeadAttention(num_heads=4, key_dim=8)
        layer(np.ones((2, 5, 16), "float32"), np.ones((2, 7, 12), "float32"))
        self.assertEqual(
            [(w.path, tuple(w.shape)) for w in layer.weights],
            [
                ("multi_head_attention/query/kernel", (16, 4, 8)),
                ("multi_head_attention/query/bias", (4, 8)),
                ("multi_head_attention/key/kernel", (12, 4, 8)),
                ("multi_head_attention/key/bias", (4, 8)),
                ("multi_head_attention/value/kernel", (12, 4, 8)),
                ("multi_head_attention/value/bias", (4, 8)),
                ("multi_head_attention/attention_output/kernel", (4, 8, 16)),
                ("multi_head_attention/attention_output/bias", (16,)),
            ],
        )
        self.assertEqual(layer.query_dense.equation, "abc,cde->abde")
        self.assertEqual(layer.output_dense.equation, "abcd,cde->abe")
        self.assertEqual(
            layer.get_build_config(),
            {"shapes_dict": {"query_shape": (2, 5, 16),
                             "value_shape": (2, 7, 12)}},
        )

    def test_values_against_numpy(self):
        rng = np.random.RandomState(1)
        q = rng.randn(2, 4, 5).astype("float32")
        v = rng.randn(2, 6, 3).astype("float32")
        layer = MultiHeadAttention(num_heads=2, key_dim=3)
        layer(q, v)
        weights = random_weights(layer)
        y, scores = layer(q, v, return_attention_scores=True)
        ey, escores = np_mha(q, v, weights, 2, 3)
        self.assertAllClose(scores, escores, atol=1e-5)
        self.assertAllClose(y, ey, atol=1e-4)

    def test_masks_against_numpy(self):
        rng = np.random.RandomState(2)
        q = rng.randn(2, 4, 5).astype("float32")
        v = rng.randn(2, 6, 5).astype("float32")
        attention_mask = rng.rand(2, 4, 6) > 0.3
        value_mask = np.array([[1, 1, 1, 0, 1, 0], [1, 0, 1, 1, 1, 1]], bool)
        layer = MultiHeadAttention(num_heads=2, key_dim=3)
        layer(q, v)
        weights = random_weights(layer, seed=3)
        y, scores = layer(
            q, v, attention_mask=attention_mask, value_mask=value_mask,
            use_causal_mask=True, return_attention_scores=True,
        )
        causal = np.tril(np.ones((4, 6), bool))
        mask = attention_mask & value_mask[:, None, :] & causal
        ey, escores = np_mha(q, v, weights, 2, 3, mask=mask)
        self.assertAllClose(scores, escores, atol=1e-5)
        self.assertAllClose(y, ey, atol=1e-4)

    def test_query_mask_is_ignored(self):
        # As in Keras: the query mask (given or the query's Keras mask)
        # does not enter the attention mask; only the value mask does.
        rng = np.random.default_rng(1)
        q = rng.normal(size=(2, 3, 4)).astype("float32")
        v = rng.normal(size=(2, 5, 4)).astype("float32")
        query_mask = np.array([[True, True, False], [False, True, True]])
        value_mask = np.array([[1, 1, 1, 0, 0], [1, 0, 1, 1, 1]], bool)
        layer = MultiHeadAttention(num_heads=1, key_dim=2)
        plain, plain_scores = layer(
            q, v, value_mask=value_mask, return_attention_scores=True
        )
        masked, masked_scores = layer(
            q, v, query_mask=query_mask, value_mask=value_mask,
            return_attention_scores=True,
        )
        self.assertAllClose(masked, plain)
        self.assertAllClose(masked_scores, plain_scores)
        scores = ops.convert_to_numpy(masked_scores)
        self.assertAllClose(scores[0, 0, 2, 3:], np.zeros(2))
        self.assertAllClose(scores.sum(-1), np.ones((2, 1, 3)), atol=1e-6)

    @pytest.mark.skipif(
        backend.backend() == "numpy",
        reason="our NumPy arrays carry no Keras mask between eager calls",
    )
    def test_query_keras_mask_counts(self):
        # The query's Keras mask (here from a Masking layer) does mask its
        # rows: zero scores, and eagerly and in a functional model alike.
        x = np.random.RandomState(2).randn(2, 4, 3).astype("float32")
        x[0, 2:] = 0.0
        layer = MultiHeadAttention(num_heads=2, key_dim=2)
        hidden = Masking()(x)
        eager, scores = layer(hidden, hidden, return_attention_scores=True)
        self.assertAllClose(scores[0, :, 2:], np.zeros((2, 2, 4)))
        inputs = Input((4, 3))
        masked = Masking()(inputs)
        model = Model(inputs, layer(masked, masked))
        self.assertAllClose(model(x), layer(hidden, hidden), atol=1e-6)
        self.assertNotAllClose(eager[0, 2:], model(x)[0, 2:])

    def test_sliding_window(self):
        q = np.zeros((1, 5, 3), "float32")
        layer = MultiHeadAttention(num_heads=1, key_dim=2, sliding_window=2)
        _, scores = layer(q, q, return_attention_scores=True)
        allowed = np.abs(np.subtract.outer(np.arange(5), np.arange(5))) < 2
        expected = allowed / allowed.sum(-1, keepdims=True)
        self.assertAllClose(scores[0, 0], expected, atol=1e-6)

    def test_attention_axes(self):
        layer = MultiHeadAttention(num_heads=2, key_dim=3,
                                   attention_axes=(1, 2))
        y, scores = layer(np.ones((2, 3, 4, 5), "float32"),
                          np.ones((2, 2, 3, 5), "float32"),
                          return_attention_scores=True)
        self.assertEqual(tuple(y.shape), (2, 3, 4, 5))
        self.assertEqual(tuple(scores.shape), (2, 2, 3, 4, 2, 3))
        layer = MultiHeadAttention(num_heads=2, key_dim=3, attention_axes=-2)
        _, scores = layer(np.ones((2, 3, 4, 5), "float32"),
                          np.ones((2, 3, 6, 5), "float32"),
                          return_attention_scores=True)
        self.assertEqual(tuple(scores.shape), (2, 3, 2, 4, 6))
        self.assertEqual(layer.get_config()["attention_axes"], (2,))

    def test_dropout_training_only(self):
        q = np.random.RandomState(4).randn(2, 3, 4).astype("float32")
        layer = MultiHeadAttention(num_heads=2, key_dim=2, dropout=0.5,
                                   seed=3)
        self.assertAllClose(layer(q, q), layer(q, q, training=False))
        self.assertNotAllClose(layer(q, q), layer(q, q, training=True))

    def test_functional_with_scores(self):
        query = Input((None, 8))
        value = Input((4, 6))
        y, scores = MultiHeadAttention(2, 3)(
            query, value, return_attention_scores=True
        )
        self.assertEqual(y.shape, (None, None, 8))
        self.assertEqual(scores.shape, (None, 2, None, 4))
        model = Model([query, value], [y, scores])
        out = model([np.ones((2, 3, 8), "float32"),
                     np.ones((2, 4, 6), "float32")])
        self.assertEqual(tuple(out[1].shape), (2, 2, 3, 4))

    def test_output_mask_is_query_mask(self):
        if backend.backend() in ("jax", "numpy"):
            self.skipTest("Arrays of this backend take no attributes.")
        q = ops.ones((1, 3, 4))
        q._keras_mask = ops.convert_to_tensor([[True, True, False]])
        y = MultiHeadAttention(num_heads=1, key_dim=2)(q, q)
        self.assertAllClose(y._keras_mask, [[True, True, False]])

    def test_config_round_trip(self):
        layer = MultiHeadAttention(
            num_heads=2, key_dim=3, value_dim=4, output_shape=(5,),
            attention_axes=1, use_gate=True, sliding_window=3, seed=2,
            kernel_regularizer="l2",
        )
        config = layer.get_config()
        self.assertEqual(config["attention_axes"], (1,))
        self.assertEqual(config["output_shape"], (5,))
        clone = MultiHeadAttention.from_config(config)
        self.assertEqual(clone.get_config(), config)
        revived = serialization_lib.deserialize_keras_object(
            serialization_lib.serialize_keras_object(layer)
        )
        self.assertEqual(revived.get_config(), config)

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "num_heads=0"):
            MultiHeadAttention(num_heads=0, key_dim=2)
        with self.assertRaisesRegex(ValueError, "key_dim=2.5"):
            MultiHeadAttention(num_heads=1, key_dim=2.5)
        with self.assertRaisesRegex(ValueError, "output_shape"):
            MultiHeadAttention(num_heads=1, key_dim=2, output_shape="a")
        layer = MultiHeadAttention(num_heads=1, key_dim=2)
        with self.assertRaisesRegex(ValueError, "key_shape"):
            layer(np.ones((1, 3, 4), "float32"),
                  np.ones((1, 5, 4), "float32"),
                  key=np.ones((1, 6, 4), "float32"))
        layer = MultiHeadAttention(num_heads=1, key_dim=2,
                                   flash_attention=True)
        with self.assertRaisesRegex(ValueError, "flash"):
            layer(np.ones((1, 3, 4), "float32"),
                  np.ones((1, 3, 4), "float32"),
                  return_attention_scores=True)

    @pytest.mark.requires_trainable_backend
    def test_transformer_block_trains(self):
        tokens = Input((6,), dtype="int32")
        from keras.src.layers.core.dense import Dense
        from keras.src.layers.core.embedding import Embedding
        from keras.src.layers.normalization.layer_normalization import (
            LayerNormalization,
        )

        x = Embedding(10, 8)(tokens)
        x = LayerNormalization()(x + MultiHeadAttention(4, 2)(x, x))
        model = Model(tokens, Dense(3)(x))
        model.compile(optimizer="adam", loss="mse")
        data = np.random.RandomState(5).randint(0, 10, (8, 6))
        history = model.fit(data, np.ones((8, 6, 3), "float32"),
                            batch_size=4, epochs=3, verbose=0)
        losses = history.history["loss"]
        self.assertLess(losses[-1], losses[0])

    def test_fused_kernel_matches_the_einsum_path(self):
        # Without scores the layer calls `ops.dot_product_attention`; with
        # them it computes softmax(QK^T)V itself: the outputs must agree,
        # masked rows and fully masked queries included.
        rng = np.random.default_rng(3)
        query = rng.normal(size=(2, 4, 6)).astype("float32")
        value = rng.normal(size=(2, 5, 6)).astype("float32")
        mask = np.ones((2, 4, 5), bool)
        mask[0, :, 3:] = False
        mask[1, 2, :] = False
        layer = MultiHeadAttention(num_heads=2, key_dim=3)
        fused = layer(query, value, attention_mask=mask)
        einsum, scores = layer(query, value, attention_mask=mask,
                               return_attention_scores=True)
        self.assertAllClose(fused[0], einsum[0], atol=1e-5, rtol=1e-5)
        self.assertAllClose(fused[1, :2], einsum[1, :2], atol=1e-5,
                            rtol=1e-5)
        # A query that may attend nowhere gets zero scores, while the
        # fused kernel (as Keras's) spreads its attention uniformly: with
        # a zero query (uniform logits) both rows below attend alike.
        self.assertAllClose(scores[1, :, 2], np.zeros((2, 5)))
        zero_query = np.zeros((1, 2, 6), "float32")
        rows = layer(zero_query, value[:1],
                     attention_mask=np.array([[[False] * 5, [True] * 5]]))
        self.assertAllClose(rows[0, 0], rows[0, 1], atol=1e-6)
        causal = layer(query, query, use_causal_mask=True)
        causal_einsum, _ = layer(query, query, use_causal_mask=True,
                                 return_attention_scores=True)
        self.assertAllClose(causal, causal_einsum, atol=1e-5, rtol=1e-5)
