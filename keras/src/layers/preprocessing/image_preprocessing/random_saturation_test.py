import colorsys

import numpy as np
import pytest

from keras.src import testing
from keras.src.layers.preprocessing.image_preprocessing import color_testing
from keras.src.layers.preprocessing.image_preprocessing.random_saturation import (  # noqa: E501
    RandomSaturation,
)


def hsv(x):
    """Per-pixel HSV of RGB images in [0, 1], through colorsys."""
    flat = [colorsys.rgb_to_hsv(*p) for p in x.reshape(-1, 3)]
    return np.array(flat, "float32").reshape(x.shape)


def rgb(h):
    flat = [colorsys.hsv_to_rgb(*p) for p in h.reshape(-1, 3)]
    return np.array(flat, "float32").reshape(h.shape)


class RandomSaturationTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            RandomSaturation,
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
            self, RandomSaturation, {"factor": 0.5, "seed": 1}
        )

    def test_fixed_factors(self):
        x = color_testing.images()
        out = color_testing.run(RandomSaturation((0.5, 0.5)), x)
        self.assertAllClose(out, x, atol=1e-3)
        out = color_testing.run(RandomSaturation((0.0, 0.0)), x)
        self.assertAllClose(out, np.repeat(x.max(-1, keepdims=True), 3, -1),
                            atol=1e-3)
        for u in (0.25, 0.7):
            h = hsv(x / 255)
            h[..., 1] = np.clip(h[..., 1] * u / (1 - u), 0, 1)
            out = color_testing.run(RandomSaturation((u, u)), x)
            self.assertAllClose(out, rgb(h) * 255, atol=1e-2)

    def test_config(self):
        config = RandomSaturation(0.2).get_config()
        self.assertEqual(config["factor"], (-0.2, 0.2))
        self.assertEqual(config["value_range"], [0, 255])

    def test_bad_factor(self):
        with self.assertRaisesRegex(
            ValueError, r"RandomSaturation.*\[-1, 1\]"
        ):
            RandomSaturation(1.5)
