import numpy as np
import pytest

from keras.src import testing
from keras.src.layers.preprocessing.image_preprocessing import color_testing
from keras.src.layers.preprocessing.image_preprocessing.equalization import (  # noqa: E501
    Equalization,
)


def equalize(x, bins=256, low=0.0, high=255.0):
    """Histogram equalization per channel over the whole batch."""
    out = np.empty_like(x)
    for c in range(x.shape[-1]):
        ch = x[..., c]
        idx = np.floor(np.clip((ch - low) / (high - low), 0, 1)
                       * (bins - 1)).astype(int)
        counts = np.bincount(idx.ravel(), minlength=bins)
        cdf = np.cumsum(counts)
        first = cdf[counts > 0][0]
        lut = np.round((cdf - first) / (ch.size - first) * 255)
        out[..., c] = lut[idx] / 255 * (high - low) + low
    return out


class EqualizationTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            Equalization,
            init_kwargs={},
            # check_common's shape: JAX reuses the ops it compiled there.
            input_shape=(2, 6, 5, 3),
            expected_output_shape=(2, 6, 5, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            supports_masking=False,
        )

    def test_common(self):
        color_testing.check_common(self, Equalization, {})

    def test_known_image(self):
        x = np.array([[64, 64, 48, 48], [80, 16, 96, 96],
                      [16, 128, 32, 80], [80, 80, 96, 80]], "float32")
        out = color_testing.run(Equalization(), x[None, :, :, None])
        want = [[91, 91, 55, 55], [182, 0, 237, 237],
                [0, 255, 18, 182], [182, 182, 237, 182]]
        self.assertAllClose(out[0, :, :, 0], want)
        out = color_testing.run(Equalization(bins=8), x[None, :, :, None])
        self.assertAllClose(out[0, 0, :, 0], [78, 78, 78, 78])

    def test_matches_reference(self):
        x = np.round(color_testing.images() / 16) * 16
        x = np.minimum(x, 255)
        for bins in (256, 32):
            out = color_testing.run(Equalization(bins=bins), x)
            self.assertAllClose(out, equalize(x, bins), atol=1e-3)
        out = color_testing.run(Equalization(value_range=(0, 1)), x / 255)
        self.assertAllClose(out, equalize(x) / 255, atol=1e-5)

    def test_constant_channel_is_kept(self):
        x = np.full((1, 4, 4, 1), 9.0, "float32")  # test_known_image's shape
        self.assertAllClose(color_testing.run(Equalization(), x), x)

    def test_config(self):
        config = Equalization(bins=16).get_config()
        self.assertEqual(config["bins"], 16)
        self.assertEqual(config["value_range"], [0, 255])

    def test_bad_bins(self):
        with self.assertRaisesRegex(ValueError, "Equalization.*bins.*0"):
            Equalization(bins=0)
