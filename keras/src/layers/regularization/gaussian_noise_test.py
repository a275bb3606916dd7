import numpy as np
import pytest

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.regularization.gaussian_noise import GaussianNoise
from keras.src.models.model import Model


class GaussianNoiseTest(testing.TestCase):
    def test_layer_checks(self):
        self.run_layer_test(
            GaussianNoise,
            init_kwargs={"stddev": 0.5, "seed": 1},
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

    def test_statistics(self):
        layer = GaussianNoise(0.3, seed=1)
        x = np.full((100, 100), 2.0, "float32")
        noise = ops.convert_to_numpy(layer(x, training=True)) - x
        self.assertLess(abs(noise.mean()), 0.02)
        self.assertLess(abs(noise.std() - 0.3), 0.02)

    def test_eval_is_identity(self):
        x = np.random.RandomState(0).randn(3, 4).astype("float32")
        layer = GaussianNoise(0.5, seed=1)
        self.assertAllClose(layer(x), x)
        self.assertAllClose(layer(x, training=False), x)

    def test_reproducible(self):
        x = np.zeros((10, 10), "float32")
        a = GaussianNoise(0.5, seed=3)(x, training=True)
        b = GaussianNoise(0.5, seed=3)(x, training=True)
        self.assertAllClose(a, b)
        layer = GaussianNoise(0.5, seed=3)
        self.assertNotAllClose(layer(x, training=True),
                               layer(x, training=True))

    def test_zero_stddev(self):
        layer = GaussianNoise(0.0)
        x = np.ones((2, 3), "float32")
        self.assertAllClose(layer(x, training=True), x)
        self.assertLen(layer._seed_generators, 0)
        self.assertLen(GaussianNoise(0.1)._seed_generators, 1)

    def test_dtypes(self):
        y = GaussianNoise(0.1, seed=1)(np.ones((2, 3), "int32"),
                                       training=True)
        self.assertEqual(backend.standardize_dtype(y.dtype), "float32")
        y = GaussianNoise(0.1, seed=1, dtype="float16")(
            np.ones((2, 3), "float32"), training=True)
        self.assertEqual(backend.standardize_dtype(y.dtype), "float16")

    def test_functional(self):
        inputs = Input((None, 2))
        outputs = GaussianNoise(0.1, seed=2)(inputs)
        self.assertEqual(outputs.shape, (None, None, 2))
        model = Model(inputs, outputs)
        y = model(np.ones((3, 4, 2), "float32"), training=True)
        self.assertEqual(tuple(y.shape), (3, 4, 2))

    def test_config_round_trip(self):
        layer = GaussianNoise(0.2, seed=5)
        config = layer.get_config()
        self.assertEqual(config["stddev"], 0.2)
        self.assertEqual(config["seed"], 5)
        self.assertEqual(GaussianNoise.from_config(config).get_config(),
                         config)
        self.assertTrue(layer.supports_masking)

    def test_bad_stddev(self):
        with pytest.raises(ValueError, match="stddev=-1"):
            GaussianNoise(-1)
        with pytest.raises(ValueError, match="stddev=2.0"):
            GaussianNoise(2.0)
