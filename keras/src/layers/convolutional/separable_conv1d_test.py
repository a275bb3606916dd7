from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.convolutional.base_conv_test import random_input
from keras.src.layers.convolutional.base_conv_test import weights_of
from keras.src.layers.convolutional.base_separable_conv_test import (
    np_separable_conv,
)
from keras.src.layers.convolutional.separable_conv1d import SeparableConv1D


class SeparableConv1DTest(testing.TestCase):
    @parameterized.named_parameters(
        ("valid", {"filters": 4, "kernel_size": 3, "depth_multiplier": 2},
         (2, 6, 3), (2, 4, 4)),
        ("same_first", {"filters": 2, "kernel_size": 2, "strides": 2,
                        "padding": "same", "data_format": "channels_first"},
         (2, 3, 5), (2, 2, 3)),
    )
    def test_run_layer_test(self, init_kwargs, input_shape, output_shape):
        self.run_layer_test(
            SeparableConv1D,
            init_kwargs=init_kwargs,
            input_shape=input_shape,
            expected_output_shape=output_shape,
            expected_num_trainable_weights=3,
            expected_num_non_trainable_weights=0,
            supports_masking=False,
        )

    @parameterized.parameters(
        (2, "valid", 1, 2, "channels_last"),
        (1, "same", 2, 1, "channels_first"),
    )
    def test_values(self, strides, padding, dilation, multiplier,
                    data_format):
        layer = SeparableConv1D(
            3, 3, strides=strides, padding=padding, dilation_rate=dilation,
            depth_multiplier=multiplier, data_format=data_format,
            bias_initializer="random_normal",
        )
        x = random_input((2, 8, 2), data_format)
        y = layer(x)
        depthwise, pointwise, bias = weights_of(layer)
        self.assertEqual(pointwise.shape, (1, 2 * multiplier, 3))
        expected = np_separable_conv(
            x, depthwise, pointwise, bias=bias, strides=strides,
            padding=padding, dilation_rate=dilation, data_format=data_format,
        )
        self.assertAllClose(y, expected, atol=1e-4)
