from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.convolutional.base_conv_test import random_input
from keras.src.layers.pooling.base_pooling_test import np_pool
from keras.src.layers.pooling.average_pooling3d import AveragePooling3D


class AveragePooling3DTest(testing.TestCase):
    @parameterized.named_parameters(
        ("valid", {"pool_size": (2, 2, 2)}, (1, 4, 4, 5, 2),
         (1, 2, 2, 2, 2)),
        ("same_first", {"pool_size": 2, "strides": (1, 2, 1),
                        "padding": "same", "data_format": "channels_first"},
         (1, 2, 3, 5, 2), (1, 2, 3, 3, 2)),
    )
    def test_run_layer_test(self, init_kwargs, input_shape, output_shape):
        self.run_layer_test(
            AveragePooling3D,
            init_kwargs=init_kwargs,
            input_shape=input_shape,
            expected_output_shape=output_shape,
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            supports_masking=False,
            assert_built_after_instantiation=True,
        )

    @parameterized.parameters(
        (2, None, "valid", "channels_last"),
        ((2, 3, 2), (1, 2, 2), "same", "channels_first"),
    )
    def test_values(self, pool_size, strides, padding, data_format):
        layer = AveragePooling3D(
            pool_size, strides=strides, padding=padding,
            data_format=data_format,
        )
        x = random_input((1, 4, 5, 3, 2), data_format)
        expected = np_pool(x, pool_size, strides, padding, data_format,
                           mode="average")
        self.assertAllClose(layer(x), expected, atol=1e-6)
