import numpy as np
import pytest

from keras.src import testing
from keras.src.layers.preprocessing.image_preprocessing import color_testing
from keras.src.layers.preprocessing.image_preprocessing.random_color_degeneration import (  # noqa: E501
    RandomColorDegeneration,
)

GRAY = np.array([0.2989, 0.587, 0.114], "float32")


class RandomColorDegenerationTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            RandomColorDegeneration,
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
            self, RandomColorDegeneration, {"factor": 0.5, "seed": 1}
        )

    def test_fixed_factors(self):
        x = color_testing.images()
        gray = (x * GRAY).sum(-1, keepdims=True)
        for u in (1.0, 0.3, -0.4, 0.0):
            out = color_testing.run(RandomColorDegeneration((u, u)), x)
            want = np.clip(x + u * (gray - x), 0, 255)
            self.assertAllClose(out, want, atol=1e-3)

    def test_config(self):
        config = RandomColorDegeneration(0.2).get_config()
        self.assertEqual(config["factor"], (-0.2, 0.2))
        self.assertEqual(config["value_range"], [0, 255])

    def test_bad_factor(self):
        with self.assertRaisesRegex(
            ValueError, r"RandomColorDegeneration.*\[-1, 1\]"
        ):
            RandomColorDegeneration(1.5)
