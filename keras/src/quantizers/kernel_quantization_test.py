import os

import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import layers
from keras.src import models
from keras.src import quantizers
from keras.src import saving
from keras.src import testing
from keras.src.layers.core.input_layer import Input

FIXTURES = os.path.join(os.path.dirname(__file__), "fixtures")
RNG = np.random.default_rng(0)
X6 = RNG.normal(size=(2, 6)).astype("float32")


def variable_shapes(layer):
    return [(v.name, tuple(v.shape), v.dtype) for v in layer.weights]


def stored_shapes(layer):
    store = {}
    layer.save_own_variables(store)
    return [tuple(store[str(i)].shape) for i in range(len(store))]


class DenseQuantizationTest(testing.TestCase):
    def test_int8_matches_its_formula(self):
        layer = layers.Dense(3, bias_initializer="ones")
        layer.build((None, 6))
        kernel = self.convert_to_numpy(layer.kernel)
        layer.quantize("int8")
        self.assertEqual(layer.dtype_policy.name, "int8_from_float32")
        self.assertEqual(
            variable_shapes(layer),
            [("bias", (3,), "float32"), ("kernel", (6, 3), "int8"),
             ("kernel_scale", (3,), "float32")],
        )
        # Keras's file order: kernel, bias, kernel_scale.
        self.assertEqual(stored_shapes(layer), [(6, 3), (3,), (3,)])
        sk = 127 / (np.abs(kernel).max(0) + 1e-7)
        qk = np.clip(np.round(kernel * sk), -127, 127)
        sx = 127 / (np.abs(X6).max(-1, keepdims=True) + 1e-7)
        qx = np.clip(np.round(X6 * sx), -127, 127)
        expected = (qx @ qk) / (sx * sk) + 1.0
        self.assertAllClose(layer(X6), expected, atol=1e-5)
        self.assertAllClose(layer.kernel, qk)

    @parameterized.named_parameters(
        # Shapes of upstream's variables for a (6, 3) kernel.
        ("int4_default", None, "int4/128_from_float32",
         [(6, 2), (3,), (1, 3), (1, 3), (6,)]),
        ("int4_block4", 4, "int4/4_from_float32",
         [(6, 2), (3,), (2, 3), (2, 3), (6,)]),
        ("int4_per_channel", -1, "int4/-1_from_float32",
         [(6, 2), (3,), (3,)]),
    )
    def test_int4(self, block, name, shapes):
        layer = layers.Dense(3)
        layer.build((None, 6))
        reference = self.convert_to_numpy(layer(X6))
        config = None
        if block is not None:
            config = quantizers.Int4QuantizationConfig(block_size=block)
        layer.quantize("int4", config=config)
        self.assertEqual(layer.dtype_policy.name, name)
        self.assertEqual(stored_shapes(layer), shapes)
        self.assertAllClose(layer(X6), reference, atol=0.4)

    def test_float8_inference_and_variables(self):
        layer = layers.Dense(3)
        layer.build((None, 6))
        reference = self.convert_to_numpy(layer(X6))
        layer.quantize("float8")
        names = [v.name for v in layer.weights]
        self.assertEqual(
            names,
            ["kernel", "bias", "inputs_scale", "inputs_amax_history",
             "kernel_scale", "kernel_amax_history", "outputs_grad_scale",
             "outputs_grad_amax_history"],
        )
        self.assertEqual(stored_shapes(layer)[3], (1024,))
        self.assertAllClose(layer(X6), reference, atol=0.1)

    def test_errors(self):
        layer = layers.Dense(3)
        with self.assertRaisesRegex(ValueError, "isn't yet built"):
            layer.quantize("int8")
        layer.build((None, 6))
        with self.assertRaisesRegex(ValueError, "Invalid quantization mode"):
            layer.quantize("int3")
        with self.assertRaisesRegex(ValueError, "Contradictory"):
            layer.quantize("int8", config=quantizers.Int4QuantizationConfig())
        with self.assertRaisesRegex(ValueError, "`mode` or `config`"):
            layer.quantize()
        layer.quantize("int8")
        with self.assertRaisesRegex(ValueError, "already quantized"):
            layer.quantize("int8")
        with self.assertRaisesRegex(NotImplementedError, "Dropout"):
            layers.Dropout(0.1).quantize("int8")
        lora = layers.Dense(3, lora_rank=2)
        lora.build((None, 4))
        with self.assertRaisesRegex(ValueError, "LoRA"):
            lora.quantize("int8")
        with self.assertRaisesRegex(ValueError, "quantized layer"):
            layer.enable_lora(2)
        with self.assertRaisesRegex(ValueError, "quantization_config"):
            layers.Dense(2, quantization_config="int8")

    def test_config_round_trip(self):
        config = quantizers.Int4QuantizationConfig(block_size=4)
        layer = layers.Dense(3, dtype="int4/4_from_float32",
                             quantization_config=config)
        layer.build((None, 6))
        self.assertEqual(stored_shapes(layer)[2], (2, 3))
        rebuilt = layers.Dense.from_config(layer.get_config())
        self.assertEqual(rebuilt.dtype_policy.name, "int4/4_from_float32")
        self.assertEqual(rebuilt.quantization_config.block_size, 4)
        self.assertIsNone(layers.Dense(2).get_config()["quantization_config"])


class EinsumDenseQuantizationTest(testing.TestCase):
    @parameterized.parameters(
        # Upstream's stored shapes: kernel, bias, kernel_scale, ...; the
        # outputs are checked where the scale or kernel is transposed.
        ("abc,cde->abde", (3, 4, 5), "de", (2, 3, 6), "int8",
         [(6, 4, 5), (4, 5), (1, 1, 4, 5)], True),
        ("abc,dc->abd", (3, 4), "d", (2, 3, 6), "int4",
         [(6, 2), (4,), (1, 4), (1, 4), (6,)], True),
        ("abc,dc->abd", (3, 4), "d", (2, 3, 6), "int8",
         [(4, 6), (4,), (1, 1, 4)], False),
        ("abc,cde->abde", (3, 4, 5), "de", (2, 3, 6), "int4",
         [(6, 10), (4, 5), (1, 20), (1, 20), (6,)], False),
        ("abcd,cde->abe", (3, 5), "e", (2, 3, 4, 6), "int4",
         [(24, 3), (5,), (1, 5), (1, 5), (24,)], False),
        ("...b,bc->...c", (4,), "c", (2, 3, 6), "int8",
         [(6, 4), (4,), (1, 1, 4)], False),
    )
    def test_quantize(self, equation, output_shape, bias_axes, input_shape,
                      mode, shapes, check_outputs):
        layer = layers.EinsumDense(equation, output_shape, bias_axes=bias_axes)
        layer.build(input_shape)
        x = RNG.normal(size=input_shape).astype("float32")
        if check_outputs:
            reference = self.convert_to_numpy(layer(x))
        layer.quantize(mode)
        self.assertEqual(stored_shapes(layer), shapes)
        if check_outputs:
            self.assertAllClose(layer(x), reference, atol=0.5)


class ModelQuantizationTest(testing.TestCase):
    def make_model(self):
        inputs = Input((4,))
        x = layers.Dense(3, name="d1")(inputs)
        x = layers.Dropout(0.1)(x)
        outputs = layers.Dense(2, name="d2")(x)
        return models.Model(inputs, outputs)

    @parameterized.named_parameters(
        ("regex", "d1", ["int8_from_float32", "float32"]),
        ("list", ["d2"], ["float32", "int8_from_float32"]),
        ("callable", lambda layer: layer.name == "d2",
         ["float32", "int8_from_float32"]),
        ("all", None, ["int8_from_float32", "int8_from_float32"]),
    )
    def test_filters(self, filters, expected):
        model = self.make_model()
        model.quantize("int8", filters=filters)
        names = [model.get_layer(n).dtype_policy.name for n in ("d1", "d2")]
        self.assertEqual(names, expected)

    def test_errors(self):
        model = self.make_model()
        with self.assertRaisesRegex(ValueError, "Unrecognized"):
            model.quantize("int8", foo=1)
        with self.assertRaisesRegex(ValueError, "must pass a `GPTQConfig`"):
            model.quantize("gptq")
        with self.assertRaisesRegex(ValueError, "`mode` or `config`"):
            model.quantize()
        with self.assertWarnsRegex(UserWarning, "no layer was quantized"):
            model.quantize("int8", filters="nothing")

    @parameterized.parameters(
        "int8", "int4_block4", "float8", "reversible_int8", "reversible_int4"
    )
    def test_loads_upstream_files(self, name):
        model = saving.load_model(os.path.join(FIXTURES, f"{name}.keras"))
        data = np.load(os.path.join(FIXTURES, f"{name}.npz"))
        self.assertAllClose(model(data["x"]), data["y"], atol=1e-5)
        # Ours writes the same file back (upstream loads it: checked by
        # hand with the oracle, as it cannot run here).
        path = os.path.join(self.get_temp_dir(), f"{name}.keras")
        model.save(path)
        again = saving.load_model(path)
        for saved, loaded in zip(model.weights, again.weights):
            self.assertEqual(saved.path, loaded.path)
            self.assertAllEqual(saved, loaded)

    @pytest.mark.requires_trainable_backend
    def test_int8_trains_through_straight_through(self):
        inputs = Input((4,))
        x = layers.Dense(3, name="float")(inputs)
        outputs = layers.Dense(2, name="quantized")(x)
        model = models.Model(inputs, outputs)
        model.quantize("int8", filters="quantized")
        model.compile("sgd", "mse")
        # Copies: on torch the arrays share the updated memory.
        before = [np.array(self.convert_to_numpy(w)) for w in model.weights]
        model.fit(np.ones((4, 4)), np.ones((4, 2)), verbose=0)
        after = {w.path: self.convert_to_numpy(w) for w in model.weights}
        changed = {
            w.path: not np.array_equal(b, after[w.path])
            for w, b in zip(model.weights, before)
        }
        # The float layer below learns (gradients pass the int8 layer);
        # the int8 kernel and its scale stay fixed.
        self.assertTrue(changed["float/kernel"])
        self.assertTrue(changed["quantized/bias"])
        self.assertFalse(changed["quantized/kernel"])
        self.assertFalse(changed["quantized/kernel_scale"])

    @pytest.mark.requires_trainable_backend
    def test_float8_updates_scales(self):
        model = models.Sequential([Input((4,)), layers.Dense(2)])
        model.quantize("float8")
        model.compile("sgd", "mse")
        model.fit(np.ones((4, 4)), np.ones((4, 2)), batch_size=2, verbose=0)
        layer = model.layers[0]
        history = self.convert_to_numpy(layer.inputs_amax_history)
        # Step 1 records amax 1; step 2's scale comes from that history.
        self.assertAllClose(history[0], 1.0)
        self.assertAllClose(layer.inputs_scale, 1.0 / 448.0)
        self.assertGreater(
            float(self.convert_to_numpy(layer.outputs_grad_amax_history)[0]),
            0.0,
        )
