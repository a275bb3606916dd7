import numpy as np
from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.reshaping.zero_padding2d import ZeroPadding2D


def _pad_ref(x, pairs, data_format):
    """NumPy reference: zeros `(before, after)` around each spatial
    dim."""
    widths = [(0, 0)] * x.ndim
    first = 2 if data_format == "channels_first" else 1
    for i, pair in enumerate(pairs):
        widths[first + i] = pair
    return np.pad(x, widths)


class ZeroPadding2DTest(testing.TestCase):
    def test_layer(self):
        self.run_layer_test(
            ZeroPadding2D,
            init_kwargs={"padding": ((1, 0), (2, 3))},
            input_shape=(2, 3, 3, 2),
            expected_output_shape=(2, 4, 8, 2),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            supports_masking=False,
        )

    @parameterized.product(
        padding=[1, (2, 0), ((0, 2), (1, 3))],
        data_format=["channels_last", "channels_first"],
    )
    def test_values(self, padding, data_format):
        x = np.random.rand(2, 3, 4, 3).astype("float32")
        layer = ZeroPadding2D(padding, data_format=data_format)
        expected = _pad_ref(x, layer.padding, data_format)
        self.assertAllClose(layer(x), expected)
        self.assertEqual(layer.compute_output_shape(x.shape),
                         expected.shape)

    def test_config_and_errors(self):
        layer = ZeroPadding2D((1, 2), data_format="channels_first")
        self.assertEqual(layer.get_config()["padding"], ((1, 1), (2, 2)))
        self.run_class_serialization_test(layer)
        with self.assertRaisesRegex(ValueError, r"padding.*\(1, 2, 3\)"):
            ZeroPadding2D((1, 2, 3))
        with self.assertRaisesRegex(ValueError, "padding.*1.5"):
            ZeroPadding2D(1.5)
