import numpy as np
import pytest

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.regularization.alpha_dropout import AlphaDropout
from keras.src.models.model import Model

_SATURATION = -1.6732632423543772 * 1.0507009873554805


def _affine(rate):
    a = ((1 - rate) * (1 + rate * _SATURATION**2)) ** -0.5
    return a, -a * _SATURATION * rate


class AlphaDropoutTest(testing.TestCase):
    def test_layer_checks(self):
        self.run_layer_test(
            AlphaDropout,
            init_kwargs={"rate": 0.2, "noise_shape": (None, 1), "seed": 1},
            input_shape=(2, 3),
            call_kwargs={"training": True},
            expected_output_shape=(2, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=1,
            expected_num_losses=0,
            supports_masking=True,
            assert_built_after_instantiation=True,
        )

    def test_values_are_affine_of_inputs_or_saturation(self):
        rate = 0.3
        x = np.random.RandomState(0).randn(100, 100).astype("float32")
        y = ops.convert_to_numpy(AlphaDropout(rate, seed=1)(x,
                                                            training=True))
        a, b = _affine(rate)
        kept = np.isclose(y, a * x + b, atol=1e-5)
        dropped = np.isclose(y, a * _SATURATION + b, atol=1e-5)
        self.assertTrue(np.all(kept | dropped))
        self.assertLess(abs(np.mean(~kept) - rate), 0.03)

    def test_preserves_mean_and_variance(self):
        x = np.random.RandomState(1).randn(200, 100).astype("float32")
        y = ops.convert_to_numpy(AlphaDropout(0.2, seed=2)(x,
                                                           training=True))
        self.assertLess(abs(y.mean()), 0.05)
        self.assertLess(abs(y.std() - 1.0), 0.05)

    def test_eval_is_identity(self):
        x = np.random.RandomState(0).randn(3, 4).astype("float32")
        layer = AlphaDropout(0.5, seed=1)
        self.assertAllClose(layer(x), x)
        self.assertAllClose(layer(x, training=False), x)

    def test_reproducible(self):
        x = np.ones((10, 10), "float32")
        a = AlphaDropout(0.4, seed=3)(x, training=True)
        b = AlphaDropout(0.4, seed=3)(x, training=True)
        self.assertAllClose(a, b)

    def test_rate_edges(self):
        x = np.ones((2, 3), "float32")
        layer = AlphaDropout(0.0)
        self.assertAllClose(layer(x, training=True), x)
        self.assertLen(layer._seed_generators, 0)
        self.assertAllClose(AlphaDropout(1.0)(x, training=True), 0 * x)

    def test_noise_shape(self):
        layer = AlphaDropout(0.5, noise_shape=[None, 1], seed=4)
        self.assertEqual(layer.noise_shape, (None, 1))
        y = ops.convert_to_numpy(layer(np.ones((40, 3), "float32"),
                                       training=True))
        self.assertTrue(np.all(y.min(axis=1) == y.max(axis=1)))

    def test_functional(self):
        inputs = Input((None, 2))
        outputs = AlphaDropout(0.2, noise_shape=(None, 1, None),
                               seed=2)(inputs)
        self.assertEqual(outputs.shape, (None, None, 2))
        y = Model(inputs, outputs)(np.ones((3, 4, 2), "float32"),
                                   training=True)
        y = ops.convert_to_numpy(y)
        self.assertTrue(np.all(y.min(axis=1) == y.max(axis=1)))

    def test_half_precision_kept(self):
        for dtype in ("float16", "bfloat16"):
            layer = AlphaDropout(0.3, seed=1, dtype=dtype)
            y = layer(np.ones((4, 4), "float32"), training=True)
            self.assertEqual(backend.standardize_dtype(y.dtype), dtype)

    def test_config_round_trip(self):
        layer = AlphaDropout(0.2, noise_shape=(None, 1), seed=5)
        config = layer.get_config()
        for key, value in (("rate", 0.2), ("seed", 5),
                           ("noise_shape", (None, 1))):
            self.assertEqual(config[key], value)
        self.assertEqual(AlphaDropout.from_config(config).get_config(),
                         config)
        self.assertTrue(layer.supports_masking)

    def test_bad_arguments(self):
        with pytest.raises(ValueError, match="rate=1.5"):
            AlphaDropout(1.5)
        with pytest.raises(ValueError, match="noise_shape='a'"):
            AlphaDropout(0.5, noise_shape="a")
