import numpy as np

import keras
from keras.src import ops
from keras.src import testing
from keras.src.layers.core.embedding import Embedding
from keras.src.saving import serialization_lib


def _np(x):
    return ops.convert_to_numpy(x)


class EmbeddingTest(testing.TestCase):
    def test_run_layer_test(self):
        self.run_layer_test(
            Embedding,
            init_kwargs={"input_dim": 5, "output_dim": 3,
                         "mask_zero": True},
            input_data=np.array([[1, 0, 4], [2, 3, 0]], "int32"),
            expected_output_shape=(2, 3, 3),
            expected_output_dtype="float32",
            expected_num_trainable_weights=1,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=True,
        )

    def test_lookup_matches_numpy(self):
        layer = Embedding(10, 4)
        indices = np.array([[1, 2, 9], [0, 0, 3]], "int32")
        y = layer(indices)
        table = _np(layer.embeddings)
        self.assertEqual(table.shape, (10, 4))
        self.assertDType(y, "float32")
        self.assertAllClose(y, table[indices])
        self.assertEqual(layer.compute_output_shape((None, 3)),
                         (None, 3, 4))

    def test_float_and_int64_inputs(self):
        layer = Embedding(5, 2, embeddings_initializer="random_normal")
        layer.build()
        table = _np(layer.embeddings)
        y = layer(np.array([[1.0, 4.0]], "float32"))
        self.assertAllClose(y, table[[[1, 4]]])
        y = layer(np.array([[3, 2]], "int64"))
        self.assertAllClose(y, table[[[3, 2]]])

    def test_default_initializer_range(self):
        layer = Embedding(50, 8)
        layer.build()
        table = _np(layer.embeddings)
        self.assertLessEqual(np.abs(table).max(), 0.05)
        self.assertEqual(layer.get_build_config(), {"shapes_dict": {}})

    def test_mask_zero(self):
        layer = Embedding(10, 3, mask_zero=True)
        self.assertTrue(layer.supports_masking)
        indices = np.array([[1, 0, 2], [0, 0, 5]])
        mask = layer.compute_mask(indices)
        self.assertAllEqual(mask, indices != 0)
        unmasked = Embedding(10, 3)
        self.assertFalse(unmasked.supports_masking)
        self.assertIsNone(unmasked.compute_mask(indices))

    def test_symbolic_call_with_mask(self):
        inputs = keras.Input((5,), dtype="int32")
        outputs = Embedding(10, 3, mask_zero=True)(inputs)
        self.assertEqual(outputs.shape, (None, 5, 3))
        self.assertEqual(outputs.dtype, "float32")
        self.assertEqual(outputs._keras_mask.shape, (None, 5))
        self.assertEqual(outputs._keras_mask.dtype, "bool")
        self.assertEqual(
            Embedding(4, 2)(inputs, training=True).shape, (None, 5, 2)
        )
        model = keras.Model(inputs, outputs)
        self.assertEqual(tuple(model(np.ones((2, 5), "int32")).shape),
                         (2, 5, 3))

    def test_initial_weights(self):
        table = np.arange(6, dtype="float32").reshape(3, 2)
        for weights in (table, [table]):
            layer = Embedding(3, 2, weights=weights)
            self.assertTrue(layer.built)
            self.assertAllClose(layer.embeddings, table)
            self.assertAllClose(layer(np.array([2, 0])), table[[2, 0]])
        self.assertNotIn("weights", layer.get_config())
        with self.assertRaisesRegex(ValueError, r"\(3, 2\).*\(4, 2\)"):
            Embedding(3, 2, weights=np.ones((4, 2)))

    def test_mixed_precision(self):
        layer = Embedding(4, 2, dtype="mixed_float16")
        y = layer(np.array([1, 2]))
        self.assertDType(y, "float16")
        self.assertDType(layer.embeddings, "float32")

    def test_config_round_trip(self):
        layer = Embedding(
            7, 3, embeddings_initializer="ones",
            embeddings_regularizer="l2", embeddings_constraint="non_neg",
            mask_zero=True, activity_regularizer="l1", name="emb",
        )
        config = layer.get_config()
        self.assertEqual(
            sorted(config),
            sorted([
                "name", "trainable", "dtype", "input_dim", "output_dim",
                "embeddings_initializer", "embeddings_regularizer",
                "activity_regularizer", "embeddings_constraint",
                "mask_zero", "quantization_config",
            ]),
        )
        restored = Embedding.from_config(config)
        self.assertEqual(restored.get_config(), config)
        revived = serialization_lib.deserialize_keras_object(
            serialization_lib.serialize_keras_object(layer)
        )
        self.assertEqual(revived.get_config(), config)
        self.assertIsNone(Embedding(2, 2).get_config()["activity_regularizer"])

    def test_regularizer_loss(self):
        layer = Embedding(3, 2, embeddings_initializer="ones",
                          embeddings_regularizer=keras.regularizers.L2(0.5))
        layer.build()
        self.assertAllClose(layer.losses[0], 0.5 * 6)

    def test_invalid_arguments(self):
        with self.assertRaisesRegex(ValueError, r"input_dim=0"):
            Embedding(0, 3)
        with self.assertRaisesRegex(ValueError, r"output_dim=-1"):
            Embedding(3, -1)
        with self.assertRaisesRegex(ValueError, r"input_dim=3.5"):
            Embedding(3.5, 2)
        with self.assertRaisesRegex(ValueError, "quantization_config"):
            Embedding(3, 2, quantization_config="int8")

    def test_lora(self):
        layer = Embedding(6, 4, lora_rank=2)
        layer.build()
        self.assertEqual(
            [(w.name, tuple(w.shape), w.trainable) for w in layer.weights],
            [("embeddings", (6, 4), False),
             ("lora_embeddings_a", (6, 2), True),
             ("lora_embeddings_b", (2, 4), True)],
        )
        layer.lora_embeddings_b.assign(np.ones((2, 4), "float32"))
        table = _np(layer._embeddings)
        effective = table + _np(layer.lora_embeddings_a) @ np.ones((2, 4))
        self.assertAllClose(layer.embeddings, effective, atol=1e-5)
        self.assertAllClose(layer(np.array([5, 1])), effective[[5, 1]],
                            atol=1e-5)
        store = {}
        layer.save_own_variables(store)
        self.assertEqual(list(store), ["0"])
        self.assertAllClose(store["0"], effective, atol=1e-5)
        config = layer.get_config()
        self.assertEqual((config["lora_rank"], config["lora_alpha"]), (2, 2))
