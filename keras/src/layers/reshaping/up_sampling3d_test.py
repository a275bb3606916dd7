import numpy as np
from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.reshaping.up_sampling3d import UpSampling3D


class UpSampling3DTest(testing.TestCase):
    def test_layer(self):
        self.run_layer_test(
            UpSampling3D,
            init_kwargs={"size": (2, 1, 3)},
            input_shape=(2, 1, 2, 2, 3),
            expected_output_shape=(2, 2, 2, 6, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            supports_masking=False,
        )

    @parameterized.product(
        size=[2, (1, 2, 3)],
        data_format=["channels_last", "channels_first"],
    )
    def test_values(self, size, data_format):
        x = np.random.rand(1, 2, 3, 2, 2).astype("float32")
        layer = UpSampling3D(size, data_format=data_format)
        first = 2 if data_format == "channels_first" else 1
        expected = x
        for i, factor in enumerate(layer.size):
            expected = np.repeat(expected, factor, first + i)
        self.assertAllClose(layer(x), expected)
        self.assertEqual(layer.get_config()["size"], layer.size)
