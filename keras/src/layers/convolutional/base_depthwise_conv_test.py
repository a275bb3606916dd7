import numpy as np
from absl.testing import parameterized

import keras
from keras.src import testing
from keras.src.layers.convolutional.base_conv_test import np_depthwise_conv
from keras.src.layers.convolutional.base_conv_test import random_input
from keras.src.layers.convolutional.base_conv_test import weights_of
from keras.src.layers.convolutional.depthwise_conv2d import DepthwiseConv2D


class BaseDepthwiseConvTest(testing.TestCase):
    @parameterized.named_parameters(
        ("zero_multiplier", {"depth_multiplier": 0}, "depth_multiplier",
         "depth_multiplier=0"),
        ("kernel_length", {"kernel_size": (3,)}, "kernel_size",
         "kernel_size=(3,)"),
        ("causal", {"padding": "causal"}, "padding", "padding='causal'"),
        ("strides_and_dilation", {"strides": 2, "dilation_rate": 2},
         "strides", "dilation_rate=(2, 2)"),
        ("bad_data_format", {"data_format": "x"}, "data_format",
         "data_format='x'"),
    )
    def test_invalid_arguments(self, overrides, argument, received):
        with self.assertRaises(ValueError) as ctx:
            DepthwiseConv2D(**{"kernel_size": 3, **overrides})
        message = str(ctx.exception)
        self.assertIn("DepthwiseConv2D", message)
        self.assertIn(f"`{argument}`", message)
        self.assertIn(received, message)

    def test_wrong_input_rank(self):
        with self.assertRaisesRegex(ValueError, "DepthwiseConv2D.*rank 4"):
            DepthwiseConv2D(3)(np.ones((1, 5, 5), "float32"))

    def test_config(self):
        config = DepthwiseConv2D(3, depth_multiplier=2).get_config()
        self.assertEqual(
            list(config)[3:],
            ["depth_multiplier", "kernel_size", "strides", "padding",
             "data_format", "dilation_rate", "activation", "use_bias",
             "depthwise_initializer", "bias_initializer",
             "depthwise_regularizer", "bias_regularizer",
             "activity_regularizer", "depthwise_constraint",
             "bias_constraint"],
        )
        self.assertEqual(config["kernel_size"], (3, 3))
        self.assertEqual(config["activation"], "linear")

    def test_weights_and_symbolic_call(self):
        layer = DepthwiseConv2D(2, depth_multiplier=3, padding="same")
        inputs = keras.Input((None, 4, 2))
        outputs = layer(inputs)
        self.assertEqual(outputs.shape, (None, None, 4, 6))
        self.assertEqual(
            [(w.path.split("/")[-1], tuple(w.shape)) for w in layer.weights],
            [("kernel", (2, 2, 2, 3)), ("bias", (6,))],
        )
        self.assertEqual(layer.input_spec.axes, {-1: 2})
        model = keras.Model(inputs, outputs)
        x = random_input((2, 3, 4, 2))
        kernel, bias = weights_of(layer)
        self.assertAllClose(
            model(x),
            np_depthwise_conv(x, kernel, padding="same", bias=bias),
            atol=1e-5,
        )
