import numpy as np
import pytest

from keras.src import testing
from keras.src.layers.preprocessing.image_preprocessing import color_testing
from keras.src.layers.preprocessing.image_preprocessing.random_erasing import (  # noqa: E501
    RandomErasing,
)


class RandomErasingTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            RandomErasing,
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
            self, RandomErasing, {"factor": 0.5, "seed": 1}
        )

    def test_erases_one_box_per_image(self):
        x = np.full((16, 10, 10, 3), 100.0, "float32")
        layer = RandomErasing((1.0, 1.0), scale=(0.1, 0.3), fill_value=0.0,
                              seed=3)
        out = color_testing.run(layer, x)
        for i in range(16):
            erased = out[i, ..., 0] == 0.0
            self.assertTrue(np.all(out[i][~erased] == 100.0))
            self.assertTrue(np.all(out[i, ..., 1][erased] == 0.0))
            rows = np.flatnonzero(erased.any(1))
            cols = np.flatnonzero(erased.any(0))
            # The erased pixels form one full rectangle.
            self.assertEqual(erased.sum(), len(rows) * len(cols))
            self.assertTrue(0 < erased.sum() <= 55)

    def test_random_fill_within_range(self):
        x = np.full((4, 8, 8, 3), 0.5, "float32")
        layer = RandomErasing((1.0, 1.0), value_range=(0, 1), seed=2)
        out = color_testing.run(layer, x)
        self.assertTrue(np.all((out >= 0) & (out <= 1)))
        self.assertTrue(np.any(out != 0.5))

    def test_zero_factor_is_identity(self):
        x = color_testing.images()
        self.assertAllClose(color_testing.run(RandomErasing(0.0), x), x)

    def test_config(self):
        config = RandomErasing(fill_value=3.0).get_config()
        self.assertEqual(config["factor"], (0.0, 1.0))
        self.assertEqual(config["scale"], (0.02, 0.33))
        self.assertEqual(config["fill_value"], 3.0)

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "RandomErasing.*scale"):
            RandomErasing(scale=(0.1, 2.0))
        with self.assertRaisesRegex(ValueError, "fill_value.*'x'"):
            RandomErasing(fill_value="x")
