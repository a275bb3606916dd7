from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.convolutional.base_conv_test import random_input
from keras.src.layers.pooling.base_pooling_test import np_pool
from keras.src.layers.pooling.max_pooling1d import MaxPooling1D


class MaxPooling1DTest(testing.TestCase):
    @parameterized.named_parameters(
        ("valid", {"pool_size": 2}, (2, 5, 3), (2, 2, 3)),
        ("same_first", {"pool_size": 3, "strides": 2, "padding": "same",
                        "data_format": "channels_first"},
         (2, 3, 5), (2, 3, 3)),
    )
    def test_run_layer_test(self, init_kwargs, input_shape, output_shape):
        self.run_layer_test(
            MaxPooling1D,
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
        (3, 2, "same", "channels_first"),
        (2, 1, "same", "channels_last"),
        (3, 1, "valid", "channels_first"),
    )
    def test_values(self, pool_size, strides, padding, data_format):
        layer = MaxPooling1D(
            pool_size, strides=strides, padding=padding,
            data_format=data_format,
        )
        x = random_input((2, 7, 3), data_format)
        expected = np_pool(x, pool_size, strides, padding, data_format,
                           mode="max")
        self.assertAllClose(layer(x), expected, atol=1e-6)
