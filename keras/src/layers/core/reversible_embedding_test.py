import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import backend
from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.core.reversible_embedding import ReversibleEmbedding
from keras.src.layers.layer import Layer
from keras.src.models.model import Model


class ReversibleEmbeddingTest(testing.TestCase):
    @parameterized.parameters(True, False)
    @pytest.mark.requires_trainable_backend
    def test_layer(self, tie_weights):
        self.run_layer_test(
            ReversibleEmbedding,
            init_kwargs={"input_dim": 6, "output_dim": 3,
                         "tie_weights": tie_weights},
            input_data=np.array([[1, 2], [5, 0]], "int32"),
            expected_output_shape=(2, 2, 3),
            expected_num_trainable_weights=1 if tie_weights else 2,
            expected_num_non_trainable_weights=0,
            supports_masking=False,
            run_training_check=tie_weights,
        )

    @parameterized.product(tie_weights=[True, False],
                           logit_soft_cap=[None, 0.5])
    def test_reverse_values(self, tie_weights, logit_soft_cap):
        layer = ReversibleEmbedding(5, 3, tie_weights=tie_weights,
                                    logit_soft_cap=logit_soft_cap)
        layer.build()
        rng = np.random.RandomState(0)
        table = rng.randn(5, 3).astype("float32")
        layer.embeddings.assign(table)
        kernel = table.T
        if not tie_weights:
            kernel = rng.randn(3, 5).astype("float32")
            layer.reverse_embeddings.assign(kernel)
        x = rng.randn(2, 4, 3).astype("float32")
        expected = x @ kernel
        if logit_soft_cap is not None:
            expected = np.tanh(expected / logit_soft_cap) * logit_soft_cap
        self.assertAllClose(layer(x, reverse=True), expected, atol=1e-5)
        ids = np.array([[4, 0, 2]])
        self.assertAllClose(layer(ids), table[ids])

    def test_reverse_dtype_and_shapes(self):
        layer = ReversibleEmbedding(7, 4, reverse_dtype="float16")
        out = layer(np.ones((2, 4), "float32"), reverse=True)
        self.assertEqual(tuple(out.shape), (2, 7))
        self.assertDType(out, "float16")
        self.assertEqual(layer.compute_output_shape((2, 3, 4), reverse=True),
                         (2, 3, 7))
        symbolic = layer(Input((5, 4)), reverse=True)
        self.assertEqual(symbolic.shape, (None, 5, 7))
        self.assertDType(symbolic, "float16")
        with self.assertRaisesRegex(ValueError, "output_dim=4"):
            layer.compute_output_shape((2, 3), reverse=True)
        with self.assertRaisesRegex(TypeError, "logit_soft_cap.*'x'"):
            ReversibleEmbedding(3, 2, logit_soft_cap="x")

    def test_mask_only_for_ids(self):
        layer = ReversibleEmbedding(5, 3, mask_zero=True)
        ids = np.array([[1, 0, 3]])
        self.assertAllEqual(layer.compute_mask(ids), [[True, False, True]])
        self.assertIsNone(layer.compute_mask(np.ones((1, 3), "float32")))

    def test_tied_language_model(self):
        ids = Input((3,), dtype="int32")
        layer = ReversibleEmbedding(9, 4, tie_weights=False,
                                    logit_soft_cap=10.0)
        logits = layer(layer(ids), reverse=True)
        model = Model(ids, logits)
        out = model(np.array([[1, 2, 3]]))
        self.assertEqual(tuple(out.shape), (1, 3, 9))
        self.assertLen(model.trainable_weights, 2)

    def test_config(self):
        layer = ReversibleEmbedding(5, 3, tie_weights=False,
                                    reverse_dtype="float32",
                                    logit_soft_cap=2.0)
        config = layer.get_config()
        self.assertFalse(config["tie_weights"])
        self.assertEqual(config["reverse_dtype"], "float32")
        self.assertEqual(config["logit_soft_cap"], 2.0)
        restored = ReversibleEmbedding.from_config(config)
        self.assertEqual(restored.get_config(), config)

    @pytest.mark.requires_trainable_backend
    def test_trains_in_reverse(self):
        from keras.src.models.sequential import Sequential

        layer = ReversibleEmbedding(4, 2, tie_weights=False)
        model = Sequential([Input((2,)), _Reverse(layer)])
        model.compile(optimizer="sgd", loss="mse")
        before = np.array(backend.convert_to_numpy(layer.reverse_embeddings))
        model.fit(np.ones((4, 2)), np.ones((4, 4)), epochs=1, verbose=0)
        after = backend.convert_to_numpy(layer.reverse_embeddings)
        self.assertFalse(np.allclose(before, after))


class _Reverse(Layer):
    """A layer calling a `ReversibleEmbedding` in reverse."""

    def __init__(self, inner, **kwargs):
        super().__init__(**kwargs)
        self.inner = inner

    def call(self, x):
        return self.inner(x, reverse=True)
