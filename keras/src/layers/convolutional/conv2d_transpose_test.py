import numpy as np
from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.convolutional.base_conv_test import np_conv_transpose
from keras.src.layers.convolutional.base_conv_test import random_input
from keras.src.layers.convolutional.base_conv_test import weights_of
from keras.src.layers.convolutional.conv2d_transpose import Conv2DTranspose


class Conv2DTransposeTest(testing.TestCase):
    @parameterized.named_parameters(
        ("valid", {"filters": 4, "kernel_size": 3, "strides": 2},
         (2, 3, 2, 3), (2, 7, 5, 4)),
        ("same_first", {"filters": 2, "kernel_size": (2, 3),
                        "strides": (2, 1), "padding": "same",
                        "data_format": "channels_first",
                        "use_bias": False},
         (2, 3, 3, 4), (2, 2, 6, 4)),
    )
    def test_run_layer_test(self, init_kwargs, input_shape, output_shape):
        self.run_layer_test(
            Conv2DTranspose,
            init_kwargs=init_kwargs,
            input_shape=input_shape,
            expected_output_shape=output_shape,
            expected_num_trainable_weights=1 + init_kwargs.get(
                "use_bias", True),
            expected_num_non_trainable_weights=0,
            supports_masking=False,
        )

    @parameterized.parameters(
        ((2, 3), "valid", None, 1, "channels_last"),
        (2, "same", (1, 0), 1, "channels_first"),
        (1, "same", None, (2, 1), "channels_last"),
    )
    def test_values(self, strides, padding, output_padding, dilation,
                    data_format):
        layer = Conv2DTranspose(
            3, (3, 2), strides=strides, padding=padding,
            output_padding=output_padding, dilation_rate=dilation,
            data_format=data_format, activation="relu",
            bias_initializer="random_normal",
        )
        x = random_input((2, 3, 4, 2), data_format)
        y = layer(x)
        kernel, bias = weights_of(layer)
        expected = np_conv_transpose(x, kernel, strides, padding,
                                     output_padding, dilation, data_format,
                                     bias=bias)
        self.assertAllClose(y, np.maximum(expected, 0), atol=1e-4)
