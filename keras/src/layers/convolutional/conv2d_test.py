from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.convolutional.base_conv_test import np_conv
from keras.src.layers.convolutional.base_conv_test import random_input
from keras.src.layers.convolutional.base_conv_test import weights_of
from keras.src.layers.convolutional.conv2d import Conv2D


class Conv2DTest(testing.TestCase):
    @parameterized.named_parameters(
        ("valid", {"filters": 4, "kernel_size": (3, 2)}, (2, 5, 4, 3),
         (2, 3, 3, 4)),
        ("same_strided_first", {"filters": 2, "kernel_size": 3,
                                "strides": 2, "padding": "same",
                                "data_format": "channels_first"},
         (2, 3, 5, 4), (2, 2, 3, 2)),
        ("grouped_dilated", {"filters": 4, "kernel_size": 2, "groups": 2,
                             "dilation_rate": (2, 1)},
         (1, 5, 5, 2), (1, 3, 4, 4)),
    )
    def test_run_layer_test(self, init_kwargs, input_shape, output_shape):
        self.run_layer_test(
            Conv2D,
            init_kwargs=init_kwargs,
            input_shape=input_shape,
            expected_output_shape=output_shape,
            expected_num_trainable_weights=2,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=False,
        )

    def test_run_layer_test_without_bias(self):
        self.run_layer_test(
            Conv2D,
            init_kwargs={"filters": 3, "kernel_size": 1, "use_bias": False},
            input_shape=(2, 3, 3, 2),
            expected_output_shape=(2, 3, 3, 3),
            expected_num_trainable_weights=1,
        )

    @parameterized.parameters(
        ((2, 1), "valid", 1, 1, "channels_last"),
        ((2, 2), "same", 1, 3, "channels_first"),
        (1, "same", (2, 1), 1, "channels_last"),
        (1, "valid", 2, 3, "channels_first"),
        (3, "same", 1, 1, "channels_last"),
    )
    def test_values(self, strides, padding, dilation, groups, data_format):
        layer = Conv2D(
            6, (3, 2), strides=strides, padding=padding,
            dilation_rate=dilation, groups=groups, data_format=data_format,
            bias_initializer="random_normal",
        )
        x = random_input((2, 7, 6, 3), data_format)
        y = layer(x)
        kernel, bias = weights_of(layer)
        self.assertEqual(kernel.shape, (3, 2, 3 // groups, 6))
        expected = np_conv(x, kernel, strides, padding, dilation,
                           data_format, bias=bias)
        self.assertEqual(tuple(y.shape), expected.shape)
        self.assertAllClose(y, expected, atol=1e-4)
