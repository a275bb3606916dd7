from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.convolutional.base_conv_test import np_depthwise_conv
from keras.src.layers.convolutional.base_conv_test import random_input
from keras.src.layers.convolutional.base_conv_test import weights_of
from keras.src.layers.convolutional.depthwise_conv1d import DepthwiseConv1D


class DepthwiseConv1DTest(testing.TestCase):
    @parameterized.named_parameters(
        ("valid", {"kernel_size": 3, "depth_multiplier": 2}, (2, 6, 3),
         (2, 4, 6)),
        ("same_first", {"kernel_size": 2, "strides": 2, "padding": "same",
                        "data_format": "channels_first"},
         (2, 3, 5), (2, 3, 3)),
    )
    def test_run_layer_test(self, init_kwargs, input_shape, output_shape):
        self.run_layer_test(
            DepthwiseConv1D,
            init_kwargs=init_kwargs,
            input_shape=input_shape,
            expected_output_shape=output_shape,
            expected_num_trainable_weights=2,
            expected_num_non_trainable_weights=0,
            supports_masking=False,
        )

    @parameterized.parameters(
        (2, "valid", 1, 2, "channels_last"),
        (1, "same", 2, 1, "channels_first"),
        (3, "same", 1, 3, "channels_last"),
    )
    def test_values(self, strides, padding, dilation, multiplier,
                    data_format):
        layer = DepthwiseConv1D(
            3, strides=strides, padding=padding, dilation_rate=dilation,
            depth_multiplier=multiplier, data_format=data_format,
            bias_initializer="random_normal",
        )
        x = random_input((2, 8, 3), data_format)
        y = layer(x)
        kernel, bias = weights_of(layer)
        self.assertEqual(kernel.shape, (3, 3, multiplier))
        expected = np_depthwise_conv(
            x, kernel, strides=strides, padding=padding,
            dilation_rate=dilation, data_format=data_format, bias=bias,
        )
        self.assertAllClose(y, expected, atol=1e-4)
