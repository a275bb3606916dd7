import numpy as np
import pytest

from keras.src import testing
from keras.src.layers.preprocessing.image_preprocessing import color_testing
from keras.src.layers.preprocessing.image_preprocessing.auto_contrast import (  # noqa: E501
    AutoContrast,
)


def stretch(x, low=0.0, high=255.0):
    lo = x.min(axis=(1, 2), keepdims=True)
    hi = x.max(axis=(1, 2), keepdims=True)
    return (x - lo) / (hi - lo) * (high - low) + low


class AutoContrastTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            AutoContrast,
            init_kwargs={},
            input_shape=(2, 4, 4, 3),
            expected_output_shape=(2, 4, 4, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            supports_masking=False,
        )

    def test_common(self):
        color_testing.check_common(self, AutoContrast, {})

    def test_matches_formula(self):
        x = color_testing.images()
        out = color_testing.run(AutoContrast(), x, training=False)
        self.assertAllClose(out, stretch(x), atol=1e-3)
        x = x / 127.5 - 1
        out = color_testing.run(AutoContrast(value_range=(-1, 1)), x)
        self.assertAllClose(out, stretch(x, -1, 1), atol=1e-5)

    def test_constant_channel_is_kept(self):
        x = color_testing.images()
        x[0, ..., 1] = 7.0
        out = color_testing.run(AutoContrast(), x)
        self.assertAllClose(out[0, ..., 1], x[0, ..., 1])

    def test_integer_input_gives_float(self):
        x = np.array([[[[0], [10], [20]]]], "uint8")
        out = AutoContrast()(x)
        self.assertDType(out, "float32")
        self.assertAllClose(out, [[[[0.0], [127.5], [255.0]]]])

    def test_config(self):
        config = AutoContrast(value_range=(1, 0)).get_config()
        self.assertEqual(config["value_range"], [0, 1])
        self.assertNotIn("seed", config)

    def test_bad_value_range(self):
        with self.assertRaisesRegex(
            ValueError, "AutoContrast.*value_range.*two numbers"
        ):
            AutoContrast(value_range="x")
