import math

import numpy as np
import pytest

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.regularization.gaussian_dropout import GaussianDropout
from keras.src.models.model import Model


class GaussianDropoutTest(testing.TestCase):
    def test_layer_checks(self):
        self.run_layer_test(
            GaussianDropout,
            init_kwargs={"rate": 0.3, "seed": 1},
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
        layer = GaussianDropout(0.3, seed=1)
        x = np.full((100, 100), 2.0, "float32")
        factor = ops.convert_to_numpy(layer(x, training=True)) / 2.0
        self.assertLess(abs(factor.mean() - 1.0), 0.03)
        expected_std = math.sqrt(0.3 / 0.7)
        self.assertLess(abs(factor.std() - expected_std), 0.03)

    def test_eval_is_identity(self):
        x = np.random.RandomState(0).randn(3, 4).astype("float32")
        layer = GaussianDropout(0.5, seed=1)
        self.assertAllClose(layer(x), x)
        self.assertAllClose(layer(x, training=False), x)

    def test_reproducible(self):
        x = np.ones((10, 10), "float32")
        a = GaussianDropout(0.4, seed=3)(x, training=True)
        b = GaussianDropout(0.4, seed=3)(x, training=True)
        self.assertAllClose(a, b)

    def test_rate_edges(self):
        x = np.ones((2, 3), "float32")
        layer = GaussianDropout(0.0)
        self.assertAllClose(layer(x, training=True), x)
        self.assertLen(layer._seed_generators, 0)
        with pytest.raises(ValueError, match="rate=1"):
            GaussianDropout(1.0)(x, training=True)
        self.assertAllClose(GaussianDropout(1.0)(x), x)

    def test_dtypes(self):
        y = GaussianDropout(0.2, seed=1)(np.ones((2, 3), "int32"),
                                         training=True)
        self.assertEqual(backend.standardize_dtype(y.dtype), "float32")

    def test_functional(self):
        inputs = Input((None, 2))
        outputs = GaussianDropout(0.2, seed=2)(inputs)
        self.assertEqual(outputs.shape, (None, None, 2))
        y = Model(inputs, outputs)(np.ones((3, 4, 2), "float32"),
                                   training=True)
        self.assertEqual(tuple(y.shape), (3, 4, 2))

    def test_config_round_trip(self):
        layer = GaussianDropout(0.2, seed=5)
        config = layer.get_config()
        self.assertEqual(config["rate"], 0.2)
        self.assertEqual(config["seed"], 5)
        self.assertEqual(GaussianDropout.from_config(config).get_config(),
                         config)
        self.assertTrue(layer.supports_masking)

    def test_bad_rate(self):
        with pytest.raises(ValueError, match="rate=-0.5"):
            GaussianDropout(-0.5)
        with pytest.raises(ValueError, match="rate=2"):
            GaussianDropout(2)
