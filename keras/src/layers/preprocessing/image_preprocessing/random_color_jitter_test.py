import numpy as np
import pytest

from keras.src import testing
from keras.src.layers.preprocessing.image_preprocessing import color_testing
from keras.src.layers.preprocessing.image_preprocessing.random_color_jitter import (  # noqa: E501
    RandomColorJitter,
)

ALL = {"brightness_factor": 0.2, "contrast_factor": 0.3,
       "saturation_factor": 0.4, "hue_factor": 0.1, "seed": 1}


class RandomColorJitterTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            RandomColorJitter,
            init_kwargs=ALL,
            input_shape=(2, 4, 4, 3),
            expected_output_shape=(2, 4, 4, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=5,
            supports_masking=False,
        )

    def test_common(self):
        color_testing.check_common(self, RandomColorJitter, ALL)

    def test_single_parts(self):
        x = color_testing.images()
        layer = RandomColorJitter(brightness_factor=(0.5, 0.5))
        out = color_testing.run(layer, x)
        self.assertAllClose(out, np.clip(x + 127.5, 0, 255), atol=1e-4)
        layer = RandomColorJitter(saturation_factor=(0.0, 0.0))
        out = color_testing.run(layer, x)
        self.assertAllClose(out, np.repeat(x.max(-1, keepdims=True), 3, -1),
                            atol=1e-3)
        out = color_testing.run(RandomColorJitter(), x)
        self.assertAllClose(out, x)

    def test_all_parts_change_images(self):
        x = color_testing.images()
        out = color_testing.run(RandomColorJitter(**ALL), x)
        self.assertFalse(np.allclose(out, x))
        self.assertTrue(np.all((out >= 0) & (out <= 255)))

    def test_config(self):
        config = RandomColorJitter(**ALL).get_config()
        for key, value in ALL.items():
            self.assertEqual(config[key], value)
        self.assertEqual(config["value_range"], (0, 255))

    def test_bad_factor(self):
        with self.assertRaisesRegex(ValueError, "RandomHue.*factor"):
            RandomColorJitter(hue_factor=2.0)
