import numpy as np
from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.reshaping.cropping2d_test import _crop_ref
from keras.src.layers.reshaping.cropping3d import Cropping3D


class Cropping3DTest(testing.TestCase):
    def test_layer(self):
        self.run_layer_test(
            Cropping3D,
            init_kwargs={"cropping": (1, (0, 1), 2)},
            input_shape=(2, 4, 4, 5, 2),
            expected_output_shape=(2, 2, 3, 1, 2),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            supports_masking=False,
        )

    @parameterized.product(
        cropping=[1, (1, 0, 2), ((0, 2), (1, 1), (2, 0))],
        data_format=["channels_last", "channels_first"],
    )
    def test_values(self, cropping, data_format):
        x = np.random.rand(1, 5, 6, 5, 5).astype("float32")
        layer = Cropping3D(cropping, data_format=data_format)
        self.assertAllClose(
            layer(x), _crop_ref(x, layer.cropping, data_format)
        )

    def test_config(self):
        layer = Cropping3D(2, data_format="channels_first")
        config = layer.get_config()
        self.assertEqual(config["cropping"], ((2, 2),) * 3)
        self.assertEqual(config["data_format"], "channels_first")
        self.run_class_serialization_test(layer)
