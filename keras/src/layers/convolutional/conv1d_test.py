import numpy as np
from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.convolutional.base_conv_test import np_conv
from keras.src.layers.convolutional.base_conv_test import random_input
from keras.src.layers.convolutional.base_conv_test import weights_of
from keras.src.layers.convolutional.conv1d import Conv1D


class Conv1DTest(testing.TestCase):
    @parameterized.named_parameters(
        ("valid", {"filters": 4, "kernel_size": 3}, (2, 7, 2), (2, 5, 4)),
        ("causal_dilated", {"filters": 2, "kernel_size": 3,
                            "padding": "causal", "dilation_rate": 2},
         (2, 7, 2), (2, 7, 2)),
        ("grouped_first", {"filters": 4, "kernel_size": 2, "groups": 2,
                           "strides": 2, "padding": "same",
                           "data_format": "channels_first"},
         (2, 4, 5), (2, 4, 3)),
    )
    def test_run_layer_test(self, init_kwargs, input_shape, output_shape):
        self.run_layer_test(
            Conv1D,
            init_kwargs=init_kwargs,
            input_shape=input_shape,
            expected_output_shape=output_shape,
            expected_num_trainable_weights=2,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=False,
        )

    @parameterized.parameters(
        (2, "valid", 1, 1, "channels_last"),
        (2, "same", 1, 1, "channels_first"),
        (1, "same", 2, 1, "channels_last"),
        (1, "causal", 2, 2, "channels_first"),
        (3, "causal", 1, 1, "channels_last"),
    )
    def test_values(self, strides, padding, dilation, groups, data_format):
        layer = Conv1D(
            4, 3, strides=strides, padding=padding, dilation_rate=dilation,
            groups=groups, data_format=data_format, activation="relu",
            bias_initializer="random_normal",
        )
        x = random_input((2, 8, 4), data_format)
        y = layer(x)
        kernel, bias = weights_of(layer)
        self.assertEqual(kernel.shape, (3, 4 // groups, 4))
        expected = np_conv(x, kernel, strides, padding, dilation,
                           data_format, bias=bias)
        bias_axis = 1 if data_format == "channels_first" else -1
        self.assertEqual(expected.shape[bias_axis], 4)
        self.assertAllClose(y, np.maximum(expected, 0), atol=1e-4)

    def test_causal_output_ignores_the_future(self):
        layer = Conv1D(1, 3, padding="causal", use_bias=False,
                       kernel_initializer="ones")
        x = np.zeros((1, 6, 1), "float32")
        x[0, 3, 0] = 1.0
        y = layer(x)
        self.assertAllClose(y[0, :, 0], [0, 0, 0, 1, 1, 1])
