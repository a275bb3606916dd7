from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.convolutional.base_conv_test import np_conv_transpose
from keras.src.layers.convolutional.base_conv_test import random_input
from keras.src.layers.convolutional.base_conv_test import weights_of
from keras.src.layers.convolutional.conv1d_transpose import Conv1DTranspose


class Conv1DTransposeTest(testing.TestCase):
    @parameterized.named_parameters(
        ("valid", {"filters": 4, "kernel_size": 3, "strides": 2},
         (2, 5, 3), (2, 11, 4)),
        ("same_first", {"filters": 2, "kernel_size": 2, "strides": 3,
                        "padding": "same", "output_padding": 1,
                        "data_format": "channels_first"},
         (2, 3, 4), (2, 2, 10)),
    )
    def test_run_layer_test(self, init_kwargs, input_shape, output_shape):
        self.run_layer_test(
            Conv1DTranspose,
            init_kwargs=init_kwargs,
            input_shape=input_shape,
            expected_output_shape=output_shape,
            expected_num_trainable_weights=2,
            expected_num_non_trainable_weights=0,
            supports_masking=False,
        )

    @parameterized.parameters(
        (2, "valid", None, 1, "channels_last"),
        (3, "same", None, 1, "channels_first"),
        (2, "same", 1, 1, "channels_last"),
        (3, "valid", 2, 1, "channels_first"),
        (1, "same", None, 2, "channels_last"),
        (1, "valid", None, 2, "channels_first"),
    )
    def test_values(self, strides, padding, output_padding, dilation,
                    data_format):
        layer = Conv1DTranspose(
            3, 4, strides=strides, padding=padding,
            output_padding=output_padding, dilation_rate=dilation,
            data_format=data_format, bias_initializer="random_normal",
        )
        x = random_input((2, 5, 2), data_format)
        y = layer(x)
        kernel, bias = weights_of(layer)
        self.assertEqual(kernel.shape, (4, 3, 2))
        expected = np_conv_transpose(x, kernel, strides, padding,
                                     output_padding, dilation, data_format,
                                     bias=bias)
        self.assertEqual(tuple(y.shape), expected.shape)
        self.assertAllClose(y, expected, atol=1e-4)
