import numpy as np

from keras.src import testing
from keras.src.layers.attention.additive_attention import AdditiveAttention
from keras.src.saving import serialization_lib


class AdditiveAttentionTest(testing.TestCase):
    def test_layer_checks(self):
        self.run_layer_test(
            AdditiveAttention,
            init_kwargs={"use_scale": True},
            input_shape=[(2, 3, 4), (2, 5, 4)],
            expected_output_shape=(2, 3, 4),
            expected_num_trainable_weights=1,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=True,
        )

    def test_layer_checks_no_scale_dropout(self):
        self.run_layer_test(
            AdditiveAttention,
            init_kwargs={"use_scale": False, "dropout": 0.3, "seed": 1},
            input_shape=[(2, 3, 4), (2, 5, 6), (2, 5, 4)],
            call_kwargs={"training": True},
            expected_output_shape=(2, 3, 6),
            expected_num_trainable_weights=0,
            expected_num_seed_generators=1,
            supports_masking=True,
        )

    def test_values(self):
        rng = np.random.RandomState(0)
        q = rng.randn(2, 3, 4).astype("float32")
        v = rng.randn(2, 5, 4).astype("float32")
        vm = np.array([[1, 0, 1, 1, 1], [1, 1, 1, 0, 0]], bool)
        layer = AdditiveAttention()
        layer([q, v])
        scale = rng.rand(4).astype("float32")
        layer.set_weights([scale])
        y, w = layer([q, v], mask=[None, vm], return_attention_scores=True)
        scores = (scale * np.tanh(q[:, :, None] + v[:, None])).sum(-1)
        scores = np.where(vm[:, None], scores, -1e9)
        e = np.exp(scores - scores.max(-1, keepdims=True))
        ew = e / e.sum(-1, keepdims=True)
        self.assertAllClose(w, ew, atol=1e-5)
        self.assertAllClose(y, ew @ v, atol=1e-5)

    def test_weights(self):
        layer = AdditiveAttention()
        layer.build([(None, 3, 6), (None, 5, 6)])
        self.assertEqual([(w.name, tuple(w.shape)) for w in layer.weights],
                         [("scale", (6,))])

    def test_config_round_trip(self):
        layer = AdditiveAttention(use_scale=False, dropout=0.1, seed=4)
        config = layer.get_config()
        self.assertNotIn("score_mode", config)
        self.assertEqual(config["seed"], 4)
        clone = AdditiveAttention.from_config(config)
        self.assertEqual(clone.get_config(), config)
        revived = serialization_lib.deserialize_keras_object(
            serialization_lib.serialize_keras_object(layer)
        )
        self.assertEqual(revived.get_config(), config)

    def test_bad_inputs(self):
        with self.assertRaisesRegex(ValueError, "list of inputs"):
            AdditiveAttention()(np.ones((2, 3, 4), "float32"))
