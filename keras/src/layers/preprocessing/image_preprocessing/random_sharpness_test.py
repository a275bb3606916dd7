import numpy as np
import pytest

from keras.src import testing
from keras.src.layers.preprocessing.image_preprocessing import color_testing
from keras.src.layers.preprocessing.image_preprocessing.random_sharpness import (  # noqa: E501
    RandomSharpness,
)


def smooth(x):
    """The 3x3 smoothing filter (center 5, others 1, over 13), zero
    padded."""
    padded = np.pad(x, ((0, 0), (1, 1), (1, 1), (0, 0)))
    total = 4 * x
    h, w = x.shape[1:3]
    for dy in range(3):
        for dx in range(3):
            total = total + padded[:, dy:dy + h, dx:dx + w]
    return total / 13


class RandomSharpnessTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            RandomSharpness,
            init_kwargs={"factor": 0.5, "seed": 1},
            input_shape=(2, 4, 4, 3),
            expected_output_shape=(2, 4, 4, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=1,
            supports_masking=False,
        )

    def test_common(self):
        color_testing.check_common(
            self, RandomSharpness, {"factor": 0.5, "seed": 1}
        )

    def test_fixed_factors(self):
        x = color_testing.images()
        out = color_testing.run(RandomSharpness((0.5, 0.5)), x)
        self.assertAllClose(out, x, atol=1e-3)
        out = color_testing.run(RandomSharpness((0.0, 0.0)), x)
        self.assertAllClose(out, smooth(x), atol=1e-3)
        out = color_testing.run(RandomSharpness((0.75, 0.75)), x)
        want = np.clip(smooth(x) + 1.5 * (x - smooth(x)), 0, 255)
        self.assertAllClose(out, want, atol=1e-3)
        layer = RandomSharpness((1.0, 1.0), value_range=(0, 1))
        out = color_testing.run(layer, x / 255)
        want = np.clip(2 * x - smooth(x), 0, 255) / 255
        self.assertAllClose(out, want, atol=1e-5)

    def test_config(self):
        config = RandomSharpness(0.2).get_config()
        self.assertEqual(config["factor"], (0.0, 0.2))
        self.assertEqual(config["value_range"], [0, 255])

    def test_bad_factor(self):
        with self.assertRaisesRegex(
            ValueError, r"RandomSharpness.*\[0, 1\]"
        ):
            RandomSharpness(1.5)
