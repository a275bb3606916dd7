import warnings

import numpy as np
import pytest

from keras.src import testing
from keras.src.layers.activations.leaky_relu import LeakyReLU
from keras.src.layers.core.input_layer import Input
from keras.src.models.model import Model


class LeakyReLUTest(testing.TestCase):
    def test_layer_checks(self):
        self.run_layer_test(
            LeakyReLU,
            init_kwargs={"negative_slope": 0.2},
            input_shape=(2, 3, 4),
            expected_output_shape=(2, 3, 4),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=True,
            assert_built_after_instantiation=True,
        )

    def test_values(self):
        x = np.array([[-2.0, -0.5, 0.0, 3.0]], "float32")
        self.assertAllClose(LeakyReLU()(x), np.where(x >= 0, x, 0.3 * x))
        self.assertAllClose(LeakyReLU(negative_slope=0.1)(x),
                            np.where(x >= 0, x, 0.1 * x))

    def test_config_round_trip(self):
        layer = LeakyReLU(negative_slope=0.05)
        config = layer.get_config()
        self.assertEqual(config["negative_slope"], 0.05)
        self.assertEqual(LeakyReLU.from_config(config).get_config(), config)
        self.assertTrue(layer.supports_masking)

    def test_legacy_alpha(self):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            layer = LeakyReLU(alpha=0.2)
        self.assertEqual(layer.negative_slope, 0.2)
        self.assertTrue(any("negative_slope" in str(w.message)
                            for w in caught))

    def test_bad_slope(self):
        with pytest.raises(ValueError, match="negative_slope=-1"):
            LeakyReLU(negative_slope=-1)
        with pytest.raises(ValueError, match="negative_slope=None"):
            LeakyReLU(negative_slope=None)

    def test_functional(self):
        inputs = Input((4,))
        outputs = LeakyReLU(0.5)(inputs)
        self.assertEqual(outputs.shape, (None, 4))
        x = np.array([[-2.0, -1.0, 1.0, 2.0]], "float32")
        self.assertAllClose(Model(inputs, outputs)(x),
                            [[-1.0, -0.5, 1.0, 2.0]])
