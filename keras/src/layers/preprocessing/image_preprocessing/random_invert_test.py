import numpy as np
import pytest

from keras.src import testing
from keras.src.layers.preprocessing.image_preprocessing import color_testing
from keras.src.layers.preprocessing.image_preprocessing.random_invert import (  # noqa: E501
    RandomInvert,
)


class RandomInvertTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            RandomInvert,
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
            self, RandomInvert, {"factor": 0.5, "seed": 1}
        )

    def test_always_and_never(self):
        x = color_testing.images()
        out = color_testing.run(RandomInvert((1.0, 1.0)), x)
        self.assertAllClose(out, 255.0 - x, atol=1e-4)
        layer = RandomInvert((1.0, 1.0), value_range=(-1, 1))
        out = color_testing.run(layer, x / 127.5 - 1)
        self.assertAllClose(out, 1 - x / 127.5, atol=1e-5)
        out = color_testing.run(RandomInvert((0.0, 0.0)), x)
        self.assertAllClose(out, x)

    def test_each_image_inverted_or_kept(self):
        x = color_testing.images((16, 2, 2, 3))
        out = color_testing.run(RandomInvert(seed=5), x)
        inverted = [np.allclose(out[i], 255 - x[i]) for i in range(16)]
        for i in range(16):
            if not inverted[i]:
                self.assertAllClose(out[i], x[i])
        self.assertTrue(any(inverted) and not all(inverted))

    def test_config(self):
        config = RandomInvert().get_config()
        self.assertEqual(config["factor"], (0.0, 1.0))
        self.assertEqual(config["value_range"], (0, 255))

    def test_bad_factor(self):
        with self.assertRaisesRegex(ValueError, r"RandomInvert.*\[0, 1\]"):
            RandomInvert(1.5)
