import os

import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import layers
from keras.src import models
from keras.src import saving
from keras.src import testing
from keras.src.quantizers.awq_config import AWQConfig
from keras.src.quantizers.gptq_config import GPTQConfig
from keras.src.quantizers.gptq_core import get_dataloader


def _tiny_lm():
    """Embedding -> Dense -> EinsumDense on token ids."""
    inputs = layers.Input((8,), dtype="int32")
    embedding = layers.Embedding(32, 16, name="emb")
    dense = layers.Dense(24, name="d1")
    einsum = layers.EinsumDense(
        "abc,cd->abd", output_shape=(None, 32), name="ed"
    )
    outputs = einsum(dense(embedding(inputs)))
    model = models.Model(inputs, outputs)
    structure = {
        "pre_block_layers": [embedding],
        "sequential_blocks": [dense, einsum],
    }
    return model, structure


def _tokens(n=16):
    return np.random.default_rng(0).integers(0, 32, (n, 8)).astype("int32")


def _tokenizer(text):
    return np.array([ord(c) % 32 for c in text], "int32")


# Variable names, shapes and dtypes of the quantized layers, and the
# policy names, as Keras 3.15.1 gives them for this model.
_EXPECTED = {
    "gptq": {
        "d1": [("bias", (24,), "float32"), ("kernel", (12, 16), "uint8"),
               ("kernel_scale", (24, 2), "float32"),
               ("kernel_zero", (24, 2), "uint8"),
               ("g_idx", (16,), "float32")],
        "ed": [("kernel", (16, 24), "uint8"),
               ("kernel_scale", (32, 3), "float32"),
               ("zero_point", (32, 3), "uint8"),
               ("g_idx", (24,), "float32")],
    },
    "awq": {
        "d1": [("bias", (24,), "float32"), ("kernel", (12, 16), "uint8"),
               ("kernel_scale", (24, 2), "float32"),
               ("kernel_zero", (24, 2), "uint8"),
               ("awq_scales", (16,), "float32"),
               ("g_idx", (16,), "float32")],
        "ed": [("kernel", (16, 24), "uint8"),
               ("kernel_scale", (32, 3), "float32"),
               ("zero_point", (32, 3), "uint8"),
               ("awq_scales", (24,), "float32"),
               ("g_idx", (24,), "float32")],
    },
}


class CalibratedQuantizeTest(testing.TestCase):
    @parameterized.parameters("gptq", "awq")
    def test_quantize_save_and_load(self, mode):
        model, structure = _tiny_lm()
        data = _tokens()
        reference = backend.convert_to_numpy(model(data))
        cls = GPTQConfig if mode == "gptq" else AWQConfig
        config = cls(
            data, _tokenizer, num_samples=8, sequence_length=8,
            group_size=8, quantization_layer_structure=structure,
        )
        model.quantize(mode, config=config)
        self.assertEqual(model.get_layer("emb").dtype_policy.name, "float32")
        for name, expected in _EXPECTED[mode].items():
            layer = model.get_layer(name)
            self.assertEqual(
                layer.dtype_policy.name, f"{mode}/4/8_from_float32"
            )
            self.assertEqual(
                [(v.name, tuple(v.shape), v.dtype) for v in layer.weights],
                expected,
            )
        out = backend.convert_to_numpy(model(data))
        rel = np.abs(out - reference).mean() / np.abs(reference).mean()
        self.assertLess(rel, 0.15)
        if mode == "gptq":
            self.assertEqual(
                model.get_layer("ed").get_config()[
                    "gptq_unpacked_column_size"], 32
            )

        path = os.path.join(self.get_temp_dir(), "model.keras")
        model.save(path)
        loaded = saving.load_model(path)
        self.assertAllClose(loaded(data), out, atol=1e-6)
        weights = os.path.join(self.get_temp_dir(), "q.weights.h5")
        model.save_weights(weights)
        clone = models.Model.from_config(model.get_config())
        clone.load_weights(weights)
        self.assertAllClose(clone(data), out, atol=1e-6)

    def test_structure_from_model_and_filters(self):
        model, structure = _tiny_lm()
        model.get_quantization_layer_structure = lambda mode: structure
        config = GPTQConfig(
            ["some calibration text", "and some more"], _tokenizer,
            num_samples=4, sequence_length=8, group_size=-1, weight_bits=8,
            activation_order=True,
        )
        model.quantize("gptq", config=config, filters="d1")
        self.assertEqual(
            model.get_layer("d1").dtype_policy.name,
            "gptq/8/-1_from_float32",
        )
        self.assertEqual(tuple(model.get_layer("d1").kernel.shape), (24, 16))
        self.assertIsNone(model.get_layer("ed").quantization_mode)

    def test_errors(self):
        model, structure = _tiny_lm()
        with self.assertRaisesRegex(ValueError, "must pass a `GPTQConfig`"):
            model.quantize("gptq")
        with self.assertRaisesRegex(ValueError, "must pass a `AWQConfig`"):
            model.quantize("awq")
        with self.assertRaisesRegex(ValueError, "Contradictory"):
            model.quantize("gptq", config=AWQConfig(_tokens(), _tokenizer))
        with self.assertRaisesRegex(ValueError, "requires a dataset and"):
            model.quantize(
                "gptq",
                config=GPTQConfig(
                    _tokens(), None, quantization_layer_structure=structure
                ),
            )
        with self.assertRaisesRegex(ValueError, "pre_block_layers"):
            model.quantize("awq", config=AWQConfig(_tokens(), _tokenizer))

    def test_dataloader_forms(self):
        rows = get_dataloader(None, 4, _tokens(), num_samples=3)
        self.assertEqual(rows.shape, (3, 4))
        stream = get_dataloader(None, 5, np.arange(40), num_samples=4)
        self.assertAllEqual(stream[:, 0], [0, 11, 23, 35])
        texts = get_dataloader(_tokenizer, 6, "abc", num_samples=2)
        self.assertEqual(texts.shape, (1, 6))  # short text, repeated
        self.assertAllEqual(texts[0], [1, 2, 3, 1, 2, 3])
        with self.assertRaisesRegex(ValueError, "tokenizer"):
            get_dataloader(None, 4, ["text"], num_samples=2)
        with self.assertRaisesRegex(ValueError, "empty"):
            get_dataloader(None, 4, np.zeros((0, 4), "int32"))

