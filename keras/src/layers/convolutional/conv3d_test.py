from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.convolutional.base_conv_test import np_conv
from keras.src.layers.convolutional.base_conv_test import random_input
from keras.src.layers.convolutional.base_conv_test import weights_of
from keras.src.layers.convolutional.conv3d import Conv3D


class Conv3DTest(testing.TestCase):
    @parameterized.named_parameters(
        ("valid", {"filters": 2, "kernel_size": 2}, (1, 3, 4, 3, 2),
         (1, 2, 3, 2, 2)),
        ("same_first", {"filters": 2, "kernel_size": (2, 1, 2),
                        "strides": (1, 2, 1), "padding": "same",
                        "data_format": "channels_first", "groups": 2},
         (1, 2, 3, 4, 3), (1, 2, 3, 2, 3)),
    )
    def test_run_layer_test(self, init_kwargs, input_shape, output_shape):
        self.run_layer_test(
            Conv3D,
            init_kwargs=init_kwargs,
            input_shape=input_shape,
            expected_output_shape=output_shape,
            expected_num_trainable_weights=2,
            expected_num_non_trainable_weights=0,
            supports_masking=False,
        )

    @parameterized.parameters(
        ((1, 2, 1), "valid", 1, 1, "channels_last"),
        (1, "same", (1, 2, 1), 2, "channels_first"),
    )
    def test_values(self, strides, padding, dilation, groups, data_format):
        layer = Conv3D(
            2, (2, 2, 3), strides=strides, padding=padding,
            dilation_rate=dilation, groups=groups, data_format=data_format,
            bias_initializer="random_normal",
        )
        x = random_input((2, 3, 5, 4, 2), data_format)
        y = layer(x)
        kernel, bias = weights_of(layer)
        expected = np_conv(x, kernel, strides, padding, dilation,
                           data_format, bias=bias)
        self.assertAllClose(y, expected, atol=1e-4)
