import numpy as np
import pytest

from keras.src import testing
from keras.src.layers.attention.grouped_query_attention import (
    GroupedQueryAttention,
)
from keras.src.layers.core.input_layer import Input
from keras.src.models.model import Model
from keras.src.saving import serialization_lib


def np_gqa(q, v, weights, heads, kv_heads, head_dim, mask=None):
    wq, bq, wk, bk, wv, bv, wo, bo = weights
    qh = (np.einsum("btd,dhk->bthk", q, wq) + bq) / np.sqrt(head_dim)
    kh = np.einsum("bsd,dhk->bshk", v, wk) + bk
    vh = np.einsum("bsd,dhk->bshk", v, wv) + bv
    kh = np.repeat(kh, heads // kv_heads, axis=2)
    vh = np.repeat(vh, heads // kv_heads, axis=2)
    logits = np.einsum("bthk,bshk->bhts", qh, kh)
    if mask is not None:
        logits = np.where(mask[:, None], logits, logits - 1e9)
    e = np.exp(logits - logits.max(-1, keepdims=True))
    scores = e / e.sum(-1, keepdims=True)
    out = np.einsum("bhts,bshk->bthk", scores, vh)
    return np.einsum("bthk,hko->bto", out, wo) + bo, scores


# serialization_lib saves the class name, Keras its public name
# (`GroupQueryAttention`); until they agree the round trip needs this.
CUSTOM_OBJECTS = {"GroupedQueryAttention": GroupedQueryAttention}


class GroupedQueryAttentionTest(testing.TestCase):
    def test_layer_checks(self):
        self.run_layer_test(
            GroupedQueryAttention,
            init_kwargs={"head_dim": 2, "num_query_heads": 4,
                         "num_key_value_heads": 2},
            input_shape={"query": (2, 3, 8), "value": (2, 5, 6)},
            expected_output_shape=(2, 3, 8),
            expected_num_trainable_weights=8,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=True,
            custom_objects=CUSTOM_OBJECTS,
        )

    def test_layer_checks_dropout_gate(self):
        self.run_layer_test(
            GroupedQueryAttention,
            init_kwargs={"head_dim": 2, "num_query_heads": 2,
                         "num_key_value_heads": 1, "dropout": 0.5,
                         "use_gate": True, "seed": 1},
            input_shape={"query": (2, 3, 8), "value": (2, 3, 8)},
            call_kwargs={"training": True, "use_causal_mask": True},
            expected_output_shape=(2, 3, 8),
            expected_num_trainable_weights=10,
            expected_num_seed_generators=1,
            supports_masking=True,
            custom_objects=CUSTOM_OBJECTS,
        )

    def test_weights(self):
        layer = GroupedQueryAttention(8, 4, 2)
        layer(np.ones((2, 5, 16), "float32"), np.ones((2, 7, 12), "float32"))
        self.assertEqual(
            [(w.path, tuple(w.shape)) for w in layer.weights],
            [
                ("grouped_query_attention/query/kernel", (16, 4, 8)),
                ("grouped_query_attention/query/bias", (4, 8)),
                ("grouped_query_attention/key/kernel", (12, 2, 8)),
                ("grouped_query_attention/key/bias", (2, 8)),
                ("grouped_query_attention/value/kernel", (12, 2, 8)),
                ("grouped_query_attention/value/bias", (2, 8)),
                ("grouped_query_attention/attention_output/kernel",
                 (4, 8, 16)),
                ("grouped_query_attention/attention_output/bias", (16,)),
            ],
        )

    def test_values_against_numpy(self):
        rng = np.random.RandomState(0)
        q = rng.randn(2, 4, 5).astype("float32")
        v = rng.randn(2, 6, 3).astype("float32")
        mask = rng.rand(2, 4, 6) > 0.3
        layer = GroupedQueryAttention(3, 4, 2)
        layer(q, v)
        weights = [rng.randn(*w.shape).astype("float32") * 0.5
                   for w in layer.weights]
        layer.set_weights(weights)
        y, scores = layer(q, v, attention_mask=mask,
                          return_attention_scores=True)
        ey, escores = np_gqa(q, v, weights, 4, 2, 3, mask)
        self.assertAllClose(scores, escores, atol=1e-5)
        self.assertAllClose(y, ey, atol=1e-4)

    def test_causal_and_window(self):
        q = np.zeros((1, 5, 3), "float32")
        layer = GroupedQueryAttention(2, 2, 1, sliding_window=2)
        _, scores = layer(q, q, use_causal_mask=True,
                          return_attention_scores=True)
        i, j = np.arange(5)[:, None], np.arange(5)[None]
        allowed = (i >= j) & (i - j < 2)
        expected = allowed / allowed.sum(-1, keepdims=True)
        self.assertAllClose(scores[0, 1], expected, atol=1e-6)

    def test_query_attending_nowhere(self):
        # As Keras: zero scores for a fully masked query, but uniform
        # attention over all keys in the output computed without scores.
        layer = GroupedQueryAttention(head_dim=2, num_query_heads=2,
                                      num_key_value_heads=1)
        query = np.zeros((1, 2, 3), "float32")
        value = np.random.RandomState(1).randn(1, 4, 3).astype("float32")
        mask = np.array([[[False] * 4, [True] * 4]])
        out = layer(query, value, attention_mask=mask)
        _, scores = layer(query, value, attention_mask=mask,
                          return_attention_scores=True)
        self.assertAllClose(out[0, 0], out[0, 1], atol=1e-6)
        self.assertAllClose(scores[0, :, 0], np.zeros((2, 4)))

    def test_functional_with_scores(self):
        query, value = Input((None, 8)), Input((4, 6))
        y, scores = GroupedQueryAttention(2, 4, 2)(
            query, value, return_attention_scores=True
        )
        self.assertEqual(y.shape, (None, None, 8))
        self.assertEqual(scores.shape, (None, 4, None, 4))
        out = Model([query, value], [y, scores])(
            [np.ones((2, 3, 8), "float32"), np.ones((2, 4, 6), "float32")]
        )
        self.assertEqual(tuple(out[1].shape), (2, 4, 3, 4))

    def test_config_round_trip(self):
        layer = GroupedQueryAttention(4, 4, 2, dropout=0.1, use_gate=True,
                                      sliding_window=3, seed=5)
        config = layer.get_config()
        clone = GroupedQueryAttention.from_config(config)
        self.assertEqual(clone.get_config(), config)
        # Keras saves the class under its public name.
        revived = serialization_lib.deserialize_keras_object({
            "module": "keras.layers", "class_name": "GroupQueryAttention",
            "config": serialization_lib.serialize_dict(config),
            "registered_name": None,
        })
        self.assertIsInstance(revived, GroupedQueryAttention)
        self.assertEqual(revived.get_config(), config)

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "divisible"):
            GroupedQueryAttention(2, 3, 2)
        with self.assertRaisesRegex(ValueError, "head_dim=0"):
            GroupedQueryAttention(0, 4, 2)
        with self.assertRaisesRegex(ValueError, "rank 3"):
            GroupedQueryAttention(2, 4, 2)(np.ones((2, 5, 6, 3), "float32"),
                                           np.ones((2, 7, 6, 3), "float32"))

    @pytest.mark.requires_trainable_backend
    def test_trains(self):
        inputs = Input((4, 6))
        layer = GroupedQueryAttention(2, 2, 1)
        model = Model(inputs, layer(inputs, inputs))
        model.compile(optimizer="adam", loss="mse")
        x = np.random.RandomState(1).randn(4, 4, 6).astype("float32")
        history = model.fit(x, x, epochs=3, verbose=0)
        losses = history.history["loss"]
        self.assertLess(losses[-1], losses[0])
