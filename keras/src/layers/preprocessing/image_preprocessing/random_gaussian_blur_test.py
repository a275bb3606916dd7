import numpy as np
import pytest

from keras.src import testing
from keras.src.layers.preprocessing.image_preprocessing import color_testing
from keras.src.layers.preprocessing.image_preprocessing.random_gaussian_blur import (  # noqa: E501
    RandomGaussianBlur,
)


def gaussian_blur(x, size, sigma):
    half = size // 2
    taps = np.exp(-np.arange(-half, half + 1) ** 2 / (2 * sigma ** 2))
    taps = taps / taps.sum()
    padded = np.pad(x, ((0, 0), (half, half), (half, half), (0, 0)))
    h, w = x.shape[1:3]
    out = np.zeros_like(x)
    for i, a in enumerate(taps):
        for j, b in enumerate(taps):
            out += a * b * padded[:, i:i + h, j:j + w]
    return out


class RandomGaussianBlurTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            RandomGaussianBlur,
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
            self, RandomGaussianBlur, {"factor": 0.5, "seed": 1}
        )

    def test_fixed_sigma(self):
        x = color_testing.images((2, 7, 6, 3))
        for size, sigma in ((3, 1.0), (5, 0.7)):
            layer = RandomGaussianBlur(factor=(1.0, 1.0), kernel_size=size,
                                       sigma=(sigma, sigma))
            out = color_testing.run(layer, x)
            self.assertAllClose(out, gaussian_blur(x, size, sigma),
                                atol=1e-3)

    def test_spike(self):
        x = np.zeros((1, 5, 5, 1), "float32")
        x[0, 2, 2, 0] = 255.0
        layer = RandomGaussianBlur(factor=(1.0, 1.0), sigma=(1.0, 1.0))
        out = color_testing.run(layer, x)[0, :, :, 0]
        self.assertAllClose(out[1:4, 1:4], [[19.154, 31.58, 19.154],
                                            [31.58, 52.066, 31.58],
                                            [19.154, 31.58, 19.154]],
                            atol=1e-2)

    def test_zero_factor_is_identity(self):
        x = color_testing.images()
        out = color_testing.run(RandomGaussianBlur(factor=0.0), x)
        self.assertAllClose(out, x)

    def test_config(self):
        config = RandomGaussianBlur().get_config()
        self.assertEqual(config["factor"], (0.0, 1.0))
        self.assertEqual(config["kernel_size"], (3, 3))
        self.assertEqual(config["sigma"], (0, 1.0))

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "kernel_size.*odd.*2"):
            RandomGaussianBlur(kernel_size=2)
        with self.assertRaisesRegex(ValueError, "sigma.*-1"):
            RandomGaussianBlur(sigma=-1)
        with self.assertRaisesRegex(ValueError, r"RandomGaussianBlur.*\[0, 1"):
            RandomGaussianBlur(factor=2)
