import numpy as np
import pytest

from keras.src import testing
from keras.src.layers.preprocessing.image_preprocessing import color_testing
from keras.src.layers.preprocessing.image_preprocessing.random_brightness import (  # noqa: E501
    RandomBrightness,
)


class RandomBrightnessTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            RandomBrightness,
            init_kwargs={"factor": 0.2, "seed": 1},
            input_shape=(2, 4, 4, 3),
            expected_output_shape=(2, 4, 4, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=1,
            supports_masking=False,
        )

    def test_common(self):
        color_testing.check_common(
            self, RandomBrightness, {"factor": 0.2, "seed": 1}
        )

    def test_fixed_factor(self):
        x = color_testing.images()
        out = color_testing.run(RandomBrightness((0.5, 0.5)), x)
        self.assertAllClose(out, np.clip(x + 127.5, 0, 255), atol=1e-4)
        layer = RandomBrightness((-0.3, -0.3), value_range=(0, 1))
        out = color_testing.run(layer, x / 255)
        self.assertAllClose(out, np.clip(x / 255 - 0.3, 0, 1), atol=1e-5)

    def test_random_shift_is_per_image(self):
        x = np.full((16, 2, 2, 3), 100.0, "float32")
        out = color_testing.run(RandomBrightness(0.2, seed=3), x)
        deltas = out[:, 0, 0, 0] - 100.0
        self.assertAllClose(out, deltas[:, None, None, None] + x, atol=1e-4)
        self.assertTrue(np.all(np.abs(deltas) <= 51.0 + 1e-3))
        self.assertGreater(len(np.unique(np.round(deltas, 3))), 1)

    def test_config(self):
        config = RandomBrightness(0.2, value_range=(255, 0)).get_config()
        self.assertEqual(config["factor"], (-0.2, 0.2))
        self.assertEqual(config["value_range"], [0, 255])

    def test_bad_factor(self):
        with self.assertRaisesRegex(
            ValueError, r"RandomBrightness.*factor.*\[-1, 1\].*1.5"
        ):
            RandomBrightness(1.5)
