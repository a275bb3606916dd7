import numpy as np
import pytest

from keras.src import testing
from keras.src.layers.attention.attention import Attention
from keras.src.layers.core.input_layer import Input
from keras.src.models.model import Model
from keras.src.saving import serialization_lib


def np_attention(scores, value, value_mask=None, causal=False,
                 query_mask=None):
    allowed = np.ones(scores.shape, bool)
    if value_mask is not None:
        allowed &= value_mask[:, None, :]
    if causal:
        allowed &= np.tril(np.ones(scores.shape[-2:], bool))
    scores = np.where(allowed, scores, scores - 1e9)
    e = np.exp(scores - scores.max(-1, keepdims=True))
    weights = e / e.sum(-1, keepdims=True)
    output = weights @ value
    if query_mask is not None:
        output = output * query_mask[..., None]
    return output, weights


class AttentionTest(testing.TestCase):
    def setUp(self):
        super().setUp()
        rng = np.random.RandomState(0)
        self.q = rng.randn(2, 3, 4).astype("float32")
        self.v = rng.randn(2, 5, 4).astype("float32")
        self.k = rng.randn(2, 5, 4).astype("float32")

    def test_layer_checks(self):
        for mode in ("dot", "concat"):
            self.run_layer_test(
                Attention,
                init_kwargs={"score_mode": mode, "use_scale": True},
                input_shape=[(2, 3, 4), (2, 5, 4)],
                expected_output_shape=(2, 3, 4),
                expected_num_trainable_weights=1 + (mode == "concat"),
                expected_num_non_trainable_weights=0,
                expected_num_seed_generators=0,
                expected_num_losses=0,
                supports_masking=True,
            )

    def test_layer_checks_dropout(self):
        self.run_layer_test(
            Attention,
            init_kwargs={"dropout": 0.5, "seed": 1},
            input_shape=[(2, 3, 4), (2, 5, 6), (2, 5, 4)],
            call_kwargs={"training": True, "use_causal_mask": True},
            expected_output_shape=(2, 3, 6),
            expected_num_trainable_weights=0,
            expected_num_seed_generators=1,
            supports_masking=True,
        )

    def test_dot_values_with_masks(self):
        layer = Attention(use_scale=True)
        layer([self.q, self.v])
        layer.set_weights([np.array(0.5, "float32")])
        qm = np.array([[1, 1, 0], [1, 1, 1]], bool)
        vm = np.array([[1, 0, 1, 1, 1], [1, 1, 1, 0, 0]], bool)
        y, w = layer([self.q, self.v, self.k], mask=[qm, vm],
                     use_causal_mask=True, return_attention_scores=True)
        scores = 0.5 * self.q @ self.k.transpose(0, 2, 1)
        ey, ew = np_attention(scores, self.v, vm, True, qm)
        self.assertAllClose(w, ew, atol=1e-5)
        self.assertAllClose(y, ey, atol=1e-5)

    def test_concat_values(self):
        layer = Attention(score_mode="concat")
        layer([self.q, self.v])
        layer.set_weights([np.array(0.7, "float32")])
        y = layer([self.q, self.v])
        scores = 0.7 * np.tanh(
            self.q[:, :, None, :] + self.v[:, None, :, :]).sum(-1)
        ey, _ = np_attention(scores, self.v)
        self.assertAllClose(y, ey, atol=1e-5)

    def test_output_mask_and_shapes(self):
        layer = Attention()
        qm = np.array([[1, 0, 1], [1, 1, 1]], bool)
        mask = layer.compute_mask([self.q, self.v], [qm, None])
        self.assertAllClose(mask, qm)
        self.assertIsNone(layer.compute_mask([self.q, self.v], None))
        self.assertEqual(
            layer.compute_output_shape([(2, 3, 4), (2, 5, 6)]), (2, 3, 6)
        )

    def test_functional_with_scores(self):
        query, value = Input((None, 4)), Input((5, 4))
        y, w = Attention()([query, value], return_attention_scores=True)
        self.assertEqual(y.shape, (None, None, 4))
        self.assertEqual(w.shape, (None, None, 5))
        model = Model([query, value], [y, w])
        out = model([self.q, self.v])
        self.assertEqual(tuple(out[1].shape), (2, 3, 5))

    def test_dropout_training_only(self):
        layer = Attention(dropout=0.5, seed=2)
        self.assertAllClose(layer([self.q, self.v]),
                            layer([self.q, self.v], training=False))
        self.assertNotAllClose(layer([self.q, self.v]),
                               layer([self.q, self.v], training=True))

    def test_config_round_trip(self):
        layer = Attention(use_scale=True, score_mode="concat", dropout=0.2,
                          seed=3)
        config = layer.get_config()
        clone = Attention.from_config(config)
        self.assertEqual(clone.get_config(), config)
        revived = serialization_lib.deserialize_keras_object(
            serialization_lib.serialize_keras_object(layer)
        )
        self.assertEqual(revived.get_config(), config)

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "score_mode=x"):
            Attention(score_mode="x")
        with self.assertRaisesRegex(ValueError, "dropout=2"):
            Attention(dropout=2)
        with self.assertRaisesRegex(ValueError, "list of inputs"):
            Attention()(self.q)
        with self.assertRaisesRegex(ValueError, "Received length: 1"):
            Attention()([self.q])
        with self.assertRaisesRegex(ValueError, "mask list"):
            Attention()([self.q, self.v], mask=[None])

    @pytest.mark.requires_trainable_backend
    def test_scale_trains(self):
        query, value = Input((3, 4)), Input((5, 4))
        layer = Attention(use_scale=True)
        model = Model([query, value], layer([query, value]))
        model.compile(optimizer="sgd", loss="mse")
        model.fit([self.q, self.v], np.zeros((2, 3, 4), "float32"),
                  epochs=1, verbose=0)
        self.assertNotAllClose(layer.scale, 1.0)
