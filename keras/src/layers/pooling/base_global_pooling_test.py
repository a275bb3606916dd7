import numpy as np
from absl.testing import parameterized

import keras
from keras.src import testing
from keras.src.layers.convolutional.base_conv_test import random_input
from keras.src.layers.pooling.global_average_pooling2d import (
    GlobalAveragePooling2D,
)
from keras.src.layers.pooling.global_max_pooling1d import GlobalMaxPooling1D
from keras.src.layers.pooling.global_max_pooling3d import GlobalMaxPooling3D


class BaseGlobalPoolingTest(testing.TestCase):
    def test_invalid_data_format(self):
        with self.assertRaisesRegex(
            ValueError, "GlobalMaxPooling1D.*`data_format`.*'nwc'"
        ):
            GlobalMaxPooling1D(data_format="nwc")

    def test_wrong_input_rank(self):
        with self.assertRaisesRegex(ValueError, "expected ndim=3"):
            GlobalMaxPooling1D()(np.ones((2, 3), "float32"))
        with self.assertRaisesRegex(ValueError, "rank 5"):
            GlobalMaxPooling3D().compute_output_shape((None, 2, 3))

    def test_config(self):
        layer = GlobalAveragePooling2D(data_format="channels_first",
                                       keepdims=True)
        self.assertTrue(layer.built)
        config = layer.get_config()
        self.assertEqual(
            {k: v for k, v in config.items() if k != "dtype"},
            {"name": layer.name, "trainable": True,
             "data_format": "channels_first", "keepdims": True},
        )
        self.run_class_serialization_test(layer)

    @parameterized.parameters(
        ("channels_last", False, (None, 4)),
        ("channels_last", True, (None, 1, 1, 4)),
        ("channels_first", False, (None, 5)),
        ("channels_first", True, (None, 5, 1, 1)),
    )
    def test_compute_output_shape(self, data_format, keepdims, expected):
        layer = GlobalAveragePooling2D(data_format=data_format,
                                       keepdims=keepdims)
        self.assertEqual(layer.compute_output_shape((None, 5, None, 4)),
                         expected)

    def test_output_dtypes(self):
        x = np.arange(6, dtype="int32").reshape(1, 3, 2)
        y = GlobalMaxPooling1D()(x)
        self.assertDType(y, "int32")
        self.assertAllEqual(y, [[4, 5]])
        inputs = keras.Input((3, 2), dtype="int32")
        self.assertDType(GlobalMaxPooling1D()(inputs), "int32")
        z = GlobalAveragePooling2D()(x.reshape(1, 3, 1, 2))
        self.assertDType(z, "float32")
        self.assertAllClose(z, [[2.0, 3.0]])

    def test_symbolic_none_dims(self):
        inputs = keras.Input((None, None, 3))
        outputs = GlobalAveragePooling2D(keepdims=True)(inputs)
        self.assertEqual(outputs.shape, (None, 1, 1, 3))
        model = keras.Model(inputs, outputs)
        x = random_input((2, 3, 4, 3))
        self.assertAllClose(model(x), x.mean(axis=(1, 2), keepdims=True),
                            atol=1e-6)
