import numpy as np

from keras.src import backend
from keras.src import layers
from keras.src import testing
from keras.src.quantizers.awq import AWQ
from keras.src.quantizers.awq import awq_quantize_matrix
from keras.src.quantizers.awq import awq_search_optimal_scales
from keras.src.quantizers.awq_config import AWQConfig
from keras.src.quantizers.gptq import dequantized_matrix


class AWQTest(testing.TestCase):
    def test_scale_search_protects_salient_features(self):
        rng = np.random.default_rng(0)
        x = rng.normal(size=(256, 32))
        x[:, :3] *= 30.0  # three salient input features
        w = rng.normal(size=(8, 32))
        scales, alpha = awq_search_optimal_scales(
            w, x, group_size=8, num_grid_points=10
        )
        self.assertEqual(scales.shape, (32,))
        self.assertGreater(alpha, 0.0)
        self.assertGreater(scales[:3].min(), scales[3:].max())

        def error(s):
            codes, scale, zero, g_idx = awq_quantize_matrix(
                w, s, group_size=8
            )
            approx = dequantized_matrix(codes, scale, zero, g_idx) / s
            return np.mean((x @ w.T - x @ approx.T) ** 2)

        # Better than plain round-to-nearest (all scales 1).
        self.assertLess(error(scales), 0.9 * error(np.ones(32)))

    def test_layer_quantization(self):
        layer = layers.EinsumDense("abc,cd->abd", output_shape=(None, 6))
        rng = np.random.default_rng(1)
        x = rng.normal(size=(8, 4, 16)).astype("float32")
        x[..., 0] *= 20.0
        layer.build(x.shape)
        reference = backend.convert_to_numpy(layer(x))
        awq = AWQ(layer, AWQConfig(None, None, group_size=8))
        awq.update_activations(x)
        awq.quantize_layer()
        self.assertEqual(layer.dtype_policy.name, "awq/4/8_from_float32")
        self.assertEqual(
            [(v.name, tuple(v.shape), v.dtype) for v in layer.weights],
            [("kernel", (3, 16), "uint8"), ("kernel_scale", (6, 2), "float32"),
             ("zero_point", (6, 2), "uint8"),
             ("awq_scales", (16,), "float32"), ("g_idx", (16,), "float32")],
        )
        self.assertEqual(layer.get_config()["quantization_config"][
            "class_name"], "AWQConfig")
        out = backend.convert_to_numpy(layer(x))
        rel = np.abs(out - reference).mean() / np.abs(reference).mean()
        self.assertLess(rel, 0.1)
