import numpy as np
from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.reshaping.zero_padding1d import ZeroPadding1D


class ZeroPadding1DTest(testing.TestCase):
    def test_layer(self):
        self.run_layer_test(
            ZeroPadding1D,
            init_kwargs={"padding": (1, 2)},
            input_shape=(2, 3, 4),
            expected_output_shape=(2, 6, 4),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            supports_masking=False,
        )

    @parameterized.product(
        padding=[1, (0, 2), (3, 1)],
        data_format=["channels_last", "channels_first"],
    )
    def test_values(self, padding, data_format):
        x = np.random.rand(2, 3, 4).astype("float32")
        pair = (padding, padding) if isinstance(padding, int) else padding
        widths = [(0, 0), pair, (0, 0)]
        if data_format == "channels_first":
            widths = [(0, 0), (0, 0), pair]
        layer = ZeroPadding1D(padding, data_format=data_format)
        self.assertAllClose(layer(x), np.pad(x, widths))

    def test_dtype_and_dynamic_length(self):
        out = ZeroPadding1D(2)(Input((None, 3), dtype="int32"))
        self.assertEqual(out.shape, (None, None, 3))
        self.assertDType(out, "int32")
        self.assertDType(ZeroPadding1D()(np.ones((1, 2, 1), "int32")),
                         "int32")

    def test_config_and_errors(self):
        config = ZeroPadding1D(2).get_config()
        self.assertEqual(config["padding"], (2, 2))
        with self.assertRaisesRegex(ValueError, "padding.*-1"):
            ZeroPadding1D(-1)
        with self.assertRaisesRegex(ValueError, r"padding.*\(1,\)"):
            ZeroPadding1D((1,))
