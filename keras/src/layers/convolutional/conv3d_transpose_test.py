from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.convolutional.base_conv_test import np_conv_transpose
from keras.src.layers.convolutional.base_conv_test import random_input
from keras.src.layers.convolutional.base_conv_test import weights_of
from keras.src.layers.convolutional.conv3d_transpose import Conv3DTranspose


class Conv3DTransposeTest(testing.TestCase):
    @parameterized.named_parameters(
        ("valid", {"filters": 2, "kernel_size": 2, "strides": 2},
         (1, 2, 3, 2, 2), (1, 4, 6, 4, 2)),
        ("same_first", {"filters": 2, "kernel_size": (2, 1, 3),
                        "strides": (1, 2, 1), "padding": "same",
                        "data_format": "channels_first",
                        "output_padding": (0, 1, 0)},
         (1, 3, 2, 2, 3), (1, 2, 1, 4, 3)),
    )
    def test_run_layer_test(self, init_kwargs, input_shape, output_shape):
        self.run_layer_test(
            Conv3DTranspose,
            init_kwargs=init_kwargs,
            input_shape=input_shape,
            expected_output_shape=output_shape,
            expected_num_trainable_weights=2,
            expected_num_non_trainable_weights=0,
            supports_masking=False,
        )

    @parameterized.parameters(
        ((1, 2, 2), "valid", None, "channels_last"),
        (2, "same", (1, 0, 1), "channels_first"),
    )
    def test_values(self, strides, padding, output_padding, data_format):
        layer = Conv3DTranspose(
            2, (2, 3, 2), strides=strides, padding=padding,
            output_padding=output_padding, data_format=data_format,
            bias_initializer="random_normal",
        )
        x = random_input((1, 2, 3, 2, 2), data_format)
        y = layer(x)
        kernel, bias = weights_of(layer)
        expected = np_conv_transpose(x, kernel, strides, padding,
                                     output_padding, 1, data_format,
                                     bias=bias)
        self.assertAllClose(y, expected, atol=1e-4)
