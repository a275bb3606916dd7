import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import layers
from keras.src import ops
from keras.src import testing
from keras.src.quantizers.gptq import GPTQ
from keras.src.quantizers.gptq import dequantized_matrix
from keras.src.quantizers.gptq import gptq_quantize_matrix
from keras.src.quantizers.gptq import round_to_nearest
from keras.src.quantizers.gptq_config import GPTQConfig


def _problem(seed=0, units=8, features=32, n=256):
    """Correlated inputs with uneven feature scales, as layer inputs are."""
    rng = np.random.default_rng(seed)
    mix = rng.normal(size=(features, features))
    x = rng.normal(size=(n, features)) @ mix
    x *= rng.uniform(0.2, 3.0, size=(features,))
    w = rng.normal(size=(units, features))
    return w, x, 2.0 * x.T @ x / n


def _output_error(w, x, dequantized):
    return float(np.mean((x @ w.T - x @ dequantized.T) ** 2))


class GPTQMatrixTest(testing.TestCase):
    @parameterized.parameters(
        # (bits, group size, symmetric, activation order)
        (4, -1, False, False),
        (3, 8, False, False),
        (4, 8, True, False),
        (3, 8, False, True),
        (2, -1, False, True),
    )
    def test_error_below_round_to_nearest(self, bits, group, sym, order):
        w, x, h = _problem()
        codes, scale, zero, g_idx = gptq_quantize_matrix(
            w, h, weight_bits=bits, group_size=group, symmetric=sym,
            activation_order=order, block_size=8,
        )
        self.assertEqual(codes.dtype, np.uint8)
        self.assertLessEqual(int(codes.max()), 2**bits - 1)
        groups = 1 if group == -1 else 32 // group
        self.assertEqual(scale.shape, (8, groups))
        # Each group holds `group` features (any order with act-order).
        counts = np.bincount(g_idx.astype("int64"), minlength=groups)
        self.assertAllEqual(counts, [32 // groups] * groups)
        gptq_error = _output_error(
            w, x, dequantized_matrix(codes, scale, zero, g_idx)
        )
        rtn = round_to_nearest(w, bits, group, symmetric=sym)
        rtn_error = _output_error(w, x, dequantized_matrix(*rtn))
        self.assertLess(gptq_error, 0.8 * rtn_error)

    def test_dead_features_and_identity_hessian(self):
        w, x, h = _problem(seed=1, features=16)
        h[3, :] = h[:, 3] = 0.0  # feature 3 never active
        codes, scale, zero, g_idx = gptq_quantize_matrix(w, h, group_size=8)
        deq = dequantized_matrix(codes, scale, zero, g_idx)
        self.assertAllClose(deq[:, 3], np.zeros(8))
        # With an identity Hessian there is no error to feed back: GPTQ
        # is round-to-nearest.
        eye_codes, *_ = gptq_quantize_matrix(
            w, np.eye(16), group_size=8, hessian_damping=0.0
        )
        self.assertAllEqual(eye_codes, round_to_nearest(w, 4, 8)[0])
        with self.assertRaisesRegex(ValueError, "hessian"):
            gptq_quantize_matrix(w, np.eye(4))


class GPTQLayerTest(testing.TestCase):
    @parameterized.parameters(
        ("dense", (4, 16)),
        ("abcd,cde->abe", (2, 3, 4, 4)),
    )
    def test_layer_quantization(self, kind, input_shape):
        if kind == "dense":
            layer = layers.Dense(6)
        else:
            layer = layers.EinsumDense(kind, output_shape=(3, 6))
        rng = np.random.default_rng(0)
        x = rng.normal(size=(64,) + input_shape[1:]).astype("float32")
        layer.build(x.shape)
        reference = backend.convert_to_numpy(layer(x))
        gptq = GPTQ(layer, GPTQConfig(None, None, group_size=8))
        gptq.update_hessian_with_batch(x[:32])
        gptq.update_hessian_with_batch(x[32:])
        gptq.quantize_and_correct_layer()
        self.assertEqual(layer.dtype_policy.name, "gptq/4/8_from_float32")
        self.assertEqual(layer._kernel.dtype, "uint8")
        out = backend.convert_to_numpy(layer(x))
        rel = np.abs(out - reference).mean() / np.abs(reference).mean()
        self.assertLess(rel, 0.1)

    def test_layer_alone_rounds_to_nearest(self):
        layer = layers.Dense(5)
        layer.build((None, 16))
        w = backend.convert_to_numpy(layer.kernel).T
        with self.assertRaisesRegex(ValueError, "must pass a `GPTQConfig`"):
            layer.quantize("gptq")
        layer.quantize("gptq", config=GPTQConfig(None, None, group_size=8))
        # Keras's names, shapes and dtypes: 4-bit codes packed in pairs
        # along the units.
        self.assertEqual(
            [(v.name, tuple(v.shape), v.dtype) for v in layer.weights],
            [("bias", (5,), "float32"), ("kernel", (3, 16), "uint8"),
             ("kernel_scale", (5, 2), "float32"),
             ("kernel_zero", (5, 2), "uint8"), ("g_idx", (16,), "float32")],
        )
        expected = dequantized_matrix(*round_to_nearest(w, 4, 8))
        self.assertAllClose(
            layer._calibrated_kernel(), expected.T, atol=1e-6
        )
        y = layer(ops.ones((2, 16)))
        self.assertEqual(tuple(y.shape), (2, 5))
