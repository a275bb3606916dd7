import numpy as np
import pytest

from keras.src import testing
from keras.src.layers.preprocessing.image_preprocessing import color_testing
from keras.src.layers.preprocessing.image_preprocessing.random_posterization import (  # noqa: E501
    RandomPosterization,
)


class RandomPosterizationTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            RandomPosterization,
            init_kwargs={"factor": 4, "seed": 1},
            input_shape=(2, 4, 4, 3),
            expected_output_shape=(2, 4, 4, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=1,
            supports_masking=False,
        )

    def test_common(self):
        color_testing.check_common(
            self, RandomPosterization, {"factor": 4, "seed": 1}
        )

    def test_fixed_bits(self):
        x = color_testing.images()
        out = color_testing.run(RandomPosterization((3, 3)), x)
        self.assertAllClose(out, np.floor(x / 32) * 32)
        layer = RandomPosterization((5, 5), value_range=(0, 1))
        out = color_testing.run(layer, x / 255)
        want = np.floor(x / 255 * 255 / 8) * 8 / 255
        self.assertAllClose(out, want, atol=1e-5)

    def test_bits_stay_in_range(self):
        x = np.full((32, 1, 1, 1), 255.0, "float32")
        out = color_testing.run(RandomPosterization((2, 4), seed=3), x)
        # 255 keeps its top 2, 3 or 4 bits: 192, 224 or 240.
        self.assertEqual(set(np.unique(out)), {192.0, 224.0, 240.0})

    def test_config(self):
        config = RandomPosterization(4).get_config()
        self.assertEqual(config["factor"], (1, 4))
        self.assertEqual(config["value_range"], [0, 255])

    def test_bad_factor(self):
        for factor in (9, 0, (0, 3)):
            with self.assertRaisesRegex(
                ValueError, r"RandomPosterization.*\[1, 8\]"
            ):
                RandomPosterization(factor)
