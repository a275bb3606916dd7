import colorsys

import numpy as np
import pytest

from keras.src import testing
from keras.src.layers.preprocessing.image_preprocessing import color_testing
from keras.src.layers.preprocessing.image_preprocessing.random_hue import (  # noqa: E501
    RandomHue,
)


def hsv(x):
    """Per-pixel HSV of RGB images in [0, 1], through colorsys."""
    flat = [colorsys.rgb_to_hsv(*p) for p in x.reshape(-1, 3)]
    return np.array(flat, "float32").reshape(x.shape)


def rgb(h):
    flat = [colorsys.hsv_to_rgb(*p) for p in h.reshape(-1, 3)]
    return np.array(flat, "float32").reshape(h.shape)


class RandomHueTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            RandomHue,
            init_kwargs={"factor": 0.5, "seed": 1},
            input_shape=(2, 4, 4, 3),
            expected_output_shape=(2, 4, 4, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=1,
            supports_masking=False,
        )

    def test_common(self):
        color_testing.check_common(self, RandomHue, {"factor": 0.5, "seed": 1})

    def test_zero_factor_is_identity(self):
        x = color_testing.images()
        out = color_testing.run(RandomHue((0.0, 0.0)), x)
        self.assertAllClose(out, x, atol=1e-3)

    def test_hue_moves_by_a_quarter_either_way(self):
        x = color_testing.images((8, 3, 3, 3))
        out = color_testing.run(RandomHue((0.5, 0.5), seed=2), x)
        signs = set()
        for i in range(8):
            h = hsv(x[i] / 255)
            options = []
            for sign in (1, -1):
                moved = h.copy()
                moved[..., 0] = (moved[..., 0] + sign * 0.25) % 1.0
                options.append(rgb(moved) * 255)
            errors = [np.abs(out[i] - o).max() for o in options]
            self.assertLess(min(errors), 1e-2)
            signs.add(int(np.argmin(errors)))
        self.assertEqual(signs, {0, 1})

    def test_config(self):
        config = RandomHue(0.2).get_config()
        self.assertEqual(config["factor"], (0.0, 0.2))
        self.assertEqual(config["value_range"], (0, 255))

    def test_bad_factor(self):
        with self.assertRaisesRegex(ValueError, r"RandomHue.*\[0, 1\]"):
            RandomHue(1.5)
