import numpy as np
from absl.testing import parameterized

from keras.src import layers
from keras.src import quantizers
from keras.src import testing

IDS = np.array([[1, 3], [0, 4]])


class EmbeddingQuantizationTest(testing.TestCase):
    @parameterized.named_parameters(
        # Upstream's variable shapes for a (5, 4) table.
        ("int8", "int8", None, "int8_from_float32", [(5, 4), (5,)], 2e-3),
        ("int4", "int4", None, "int4/128_from_float32",
         [(5, 2), (5, 1), (5, 1), (4,)], 0.1),
        ("int4_block2", "int4", 2, "int4/2_from_float32",
         [(5, 2), (5, 2), (5, 2), (4,)], 0.1),
        ("int4_per_channel", "int4", -1, "int4/-1_from_float32",
         [(5, 2), (5,)], 0.1),
    )
    def test_quantize(self, mode, block, name, shapes, atol):
        layer = layers.Embedding(5, 4)
        layer.build()
        table = self.convert_to_numpy(layer.embeddings)
        config = None
        if block is not None:
            config = quantizers.Int4QuantizationConfig(block_size=block)
        layer.quantize(mode, config=config)
        self.assertEqual(layer.dtype_policy.name, name)
        store = {}
        layer.save_own_variables(store)
        self.assertEqual([tuple(store[k].shape) for k in store], shapes)
        self.assertAllClose(layer(IDS), table[IDS], atol=atol)
        rebuilt = layers.Embedding.from_config(layer.get_config())
        rebuilt.build()
        rebuilt.load_own_variables(store)
        self.assertAllClose(rebuilt(IDS), layer(IDS))

    def test_errors(self):
        layer = layers.Embedding(5, 4)
        with self.assertRaisesRegex(ValueError, "isn't yet built"):
            layer.quantize("int8")
        layer.build()
        with self.assertRaisesRegex(NotImplementedError, "float8"):
            layer.quantize("float8")
        layer.quantize("int8")
        with self.assertRaisesRegex(ValueError, "already quantized"):
            layer.quantize("int4")
