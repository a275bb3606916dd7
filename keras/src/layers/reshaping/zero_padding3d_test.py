import numpy as np
from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.reshaping.zero_padding2d_test import _pad_ref
from keras.src.layers.reshaping.zero_padding3d import ZeroPadding3D


class ZeroPadding3DTest(testing.TestCase):
    def test_layer(self):
        self.run_layer_test(
            ZeroPadding3D,
            init_kwargs={"padding": (1, (0, 2), 0)},
            input_shape=(2, 2, 2, 2, 1),
            expected_output_shape=(2, 4, 4, 2, 1),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            supports_masking=False,
        )

    @parameterized.product(
        padding=[1, (1, 0, 2), ((0, 2), (1, 1), (2, 0))],
        data_format=["channels_last", "channels_first"],
    )
    def test_values(self, padding, data_format):
        x = np.random.rand(1, 2, 3, 2, 2).astype("float32")
        layer = ZeroPadding3D(padding, data_format=data_format)
        self.assertAllClose(
            layer(x), _pad_ref(x, layer.padding, data_format)
        )
