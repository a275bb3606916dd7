import numpy as np
from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.convolutional.base_conv_test import np_depthwise_conv
from keras.src.layers.convolutional.base_conv_test import random_input
from keras.src.layers.convolutional.base_conv_test import weights_of
from keras.src.layers.convolutional.depthwise_conv2d import DepthwiseConv2D


class DepthwiseConv2DTest(testing.TestCase):
    @parameterized.named_parameters(
        ("valid", {"kernel_size": 3, "depth_multiplier": 2}, (2, 5, 4, 3),
         (2, 3, 2, 6)),
        ("same_first", {"kernel_size": (2, 3), "strides": 2,
                        "padding": "same", "data_format": "channels_first",
                        "use_bias": False},
         (2, 2, 5, 4), (2, 2, 3, 2)),
    )
    def test_run_layer_test(self, init_kwargs, input_shape, output_shape):
        self.run_layer_test(
            DepthwiseConv2D,
            init_kwargs=init_kwargs,
            input_shape=input_shape,
            expected_output_shape=output_shape,
            expected_num_trainable_weights=1 + init_kwargs.get(
                "use_bias", True),
            expected_num_non_trainable_weights=0,
            supports_masking=False,
        )

    @parameterized.parameters(
        ((2, 1), "valid", 1, 2, "channels_last"),
        (1, "same", (1, 2), 1, "channels_first"),
        (2, "same", 1, 2, "channels_first"),
    )
    def test_values(self, strides, padding, dilation, multiplier,
                    data_format):
        layer = DepthwiseConv2D(
            (3, 2), strides=strides, padding=padding,
            dilation_rate=dilation, depth_multiplier=multiplier,
            data_format=data_format, activation="tanh",
            bias_initializer="random_normal",
        )
        x = random_input((2, 6, 5, 3), data_format)
        y = layer(x)
        kernel, bias = weights_of(layer)
        expected = np_depthwise_conv(
            x, kernel, strides=strides, padding=padding,
            dilation_rate=dilation, data_format=data_format, bias=bias,
        )
        self.assertAllClose(y, np.tanh(expected), atol=1e-4)
