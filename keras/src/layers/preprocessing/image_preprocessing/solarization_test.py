import numpy as np
import pytest

from keras.src import testing
from keras.src.layers.preprocessing.image_preprocessing import color_testing
from keras.src.layers.preprocessing.image_preprocessing.solarization import (  # noqa: E501
    Solarization,
)


class SolarizationTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            Solarization,
            init_kwargs={"addition_factor": 0.2, "threshold_factor": 0.5,
                         "seed": 1},
            input_shape=(2, 4, 4, 3),
            expected_output_shape=(2, 4, 4, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=1,
            supports_masking=False,
        )

    def test_common(self):
        color_testing.check_common(
            self, Solarization,
            {"addition_factor": 0.2, "threshold_factor": 0.5, "seed": 1},
        )

    def test_fixed_threshold_and_addition(self):
        x = color_testing.images()
        layer = Solarization(threshold_factor=(0.5, 0.5))
        out = color_testing.run(layer, x)
        self.assertAllClose(out, np.where(x < 127.5, x, 255 - x), atol=1e-4)
        layer = Solarization(addition_factor=(0.2, 0.2),
                             threshold_factor=(0.6, 0.6))
        out = color_testing.run(layer, x)
        y = np.clip(x + 51, 0, 255)
        self.assertAllClose(out, np.where(y < 153, y, 255 - y), atol=1e-3)
        out = color_testing.run(Solarization(), x)
        self.assertAllClose(out, 255 - x, atol=1e-4)

    def test_value_range(self):
        x = color_testing.images(high=1.0)
        layer = Solarization(threshold_factor=(0.5, 0.5), value_range=(0, 1))
        out = color_testing.run(layer, x)
        self.assertAllClose(out, np.where(x < 0.5, x, 1 - x), atol=1e-5)

    def test_config(self):
        config = Solarization(addition_factor=0.1).get_config()
        self.assertEqual(config["addition_factor"], (0.0, 0.1))
        self.assertEqual(config["threshold_factor"], (0.0, 0.0))
        self.assertEqual(config["value_range"], [0, 255])
        self.assertNotIn("factor", config)

    def test_bad_factors(self):
        with self.assertRaisesRegex(
            ValueError, r"Solarization.*threshold_factor.*\[0, 1\].*2"
        ):
            Solarization(threshold_factor=2)
        with self.assertRaisesRegex(ValueError, "addition_factor"):
            Solarization(addition_factor=(0.1, 0.2, 0.3))
