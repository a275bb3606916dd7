import numpy as np
from absl.testing import parameterized

import keras
from keras.src import testing
from keras.src.layers.convolutional.base_conv_test import np_conv_transpose
from keras.src.layers.convolutional.base_conv_test import random_input
from keras.src.layers.convolutional.base_conv_test import weights_of
from keras.src.layers.convolutional.conv2d_transpose import Conv2DTranspose


class BaseConvTransposeTest(testing.TestCase):
    @parameterized.named_parameters(
        ("zero_filters", {"filters": 0}, "filters", "filters=0"),
        ("output_padding_too_big", {"strides": 2, "output_padding": 2},
         "output_padding", "output_padding=(2, 2)"),
        ("output_padding_without_stride", {"output_padding": (0, 1)},
         "output_padding", "strides=(1, 1)"),
        ("negative_output_padding", {"strides": 2, "output_padding": -1},
         "output_padding", "output_padding=-1"),
        ("output_padding_length", {"strides": 2, "output_padding": (1,)},
         "output_padding", "output_padding=(1,)"),
        ("causal", {"padding": "causal"}, "padding", "padding='causal'"),
        ("strides_and_dilation", {"strides": 2, "dilation_rate": 2},
         "strides", "strides=(2, 2)"),
    )
    def test_invalid_arguments(self, overrides, argument, received):
        with self.assertRaises(ValueError) as ctx:
            Conv2DTranspose(**{"filters": 4, "kernel_size": 3, **overrides})
        message = str(ctx.exception)
        self.assertIn("Conv2DTranspose", message)
        self.assertIn(f"`{argument}`", message)
        self.assertIn(received, message)

    def test_groups_are_not_an_argument(self):
        with self.assertRaisesRegex(ValueError, "Unrecognized keyword"):
            Conv2DTranspose(4, 3, groups=2)

    def test_wrong_input_rank(self):
        with self.assertRaisesRegex(ValueError, "Conv2DTranspose.*rank 4"):
            Conv2DTranspose(2, 3)(np.ones((1, 5, 5), "float32"))

    def test_config(self):
        layer = Conv2DTranspose(4, 3, strides=2, output_padding=[1, 0])
        config = layer.get_config()
        self.assertEqual(
            list(config)[3:],
            ["filters", "kernel_size", "strides", "padding",
             "output_padding", "data_format", "dilation_rate",
             "activation", "use_bias", "kernel_initializer",
             "bias_initializer", "kernel_regularizer", "bias_regularizer",
             "activity_regularizer", "kernel_constraint",
             "bias_constraint"],
        )
        self.assertEqual(config["output_padding"], (1, 0))
        self.assertIsNone(Conv2DTranspose(4, 3).get_config()[
            "output_padding"])
        self.run_class_serialization_test(layer)

    @parameterized.parameters(
        ("same", None, (None, 10, None, 4)),
        ("valid", None, (None, 11, None, 4)),
        ("valid", 1, (None, 12, None, 4)),
        ("same", 1, (None, 10, None, 4)),
    )
    def test_compute_output_shape(self, padding, output_padding, expected):
        layer = Conv2DTranspose(4, 3, strides=2, padding=padding,
                                output_padding=output_padding)
        self.assertEqual(layer.compute_output_shape((None, 5, None, 2)),
                         expected)

    def test_weights_and_symbolic_call(self):
        layer = Conv2DTranspose(3, (2, 3), strides=(2, 1), padding="same")
        inputs = keras.Input((None, 4, 2))
        outputs = layer(inputs)
        self.assertEqual(outputs.shape, (None, None, 4, 3))
        self.assertEqual(
            [(w.path.split("/")[-1], tuple(w.shape)) for w in layer.weights],
            [("kernel", (2, 3, 3, 2)), ("bias", (3,))],
        )
        self.assertEqual(layer.input_spec.axes, {-1: 2})
        model = keras.Model(inputs, outputs)
        x = random_input((2, 3, 4, 2))
        kernel, bias = weights_of(layer)
        expected = np_conv_transpose(x, kernel, (2, 1), "same", bias=bias)
        self.assertAllClose(model(x), expected, atol=1e-4)
