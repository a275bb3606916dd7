import numpy as np
import pytest

from keras.src import testing
from keras.src.layers.preprocessing.image_preprocessing import color_testing
from keras.src.layers.preprocessing.image_preprocessing.random_contrast import (  # noqa: E501
    RandomContrast,
)


class RandomContrastTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            RandomContrast,
            init_kwargs={"factor": 0.5, "seed": 1},
            input_shape=(2, 4, 4, 3),
            expected_output_shape=(2, 4, 4, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=1,
            supports_masking=False,
        )

    def test_common(self):
        color_testing.check_common(self, RandomContrast, {"factor": 0.3,
                                                          "seed": 2})

    def test_matches_formula(self):
        x = color_testing.images((8, 5, 4, 3))
        layer = RandomContrast((0.4, 0.6), seed=3)
        out = color_testing.run(layer, x)
        mean = x.mean(axis=(1, 2), keepdims=True)
        for i in range(8):
            # Recover each image's factor from one non-clipped pixel.
            ok = (out[i] > 0) & (out[i] < 255) & (
                np.abs(x[i] - mean[i]) > 20
            )
            f = ((out[i] - mean[i]) / (x[i] - mean[i]))[ok]
            self.assertAllClose(f, np.full_like(f, f[0]), atol=1e-3)
            self.assertTrue(0.6 - 1e-4 <= f[0] <= 1.6 + 1e-4)
            want = np.clip((x[i] - mean[i]) * f[0] + mean[i], 0, 255)
            self.assertAllClose(out[i], want, atol=1e-3)

    def test_zero_factor_is_identity(self):
        x = color_testing.images()
        out = color_testing.run(RandomContrast(0.0), x)
        self.assertAllClose(out, x, atol=1e-4)

    def test_config(self):
        config = RandomContrast(0.2).get_config()
        self.assertEqual(config["factor"], (0.0, 0.2))
        self.assertEqual(config["value_range"], (0, 255))
        self.assertIsNone(config["seed"])

    def test_bad_factor(self):
        with self.assertRaisesRegex(
            ValueError, r"RandomContrast.*factor.*\[0, 1\].*1.5"
        ):
            RandomContrast(1.5)
        with self.assertRaisesRegex(ValueError, "value_range.*two"):
            RandomContrast(0.2, value_range=(1,))

    def test_negative_factor(self):
        with self.assertRaisesRegex(ValueError, r"RandomContrast.*-0.5"):
            RandomContrast(-0.5)
