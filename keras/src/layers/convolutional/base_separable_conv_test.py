import numpy as np
from absl.testing import parameterized

import keras
from keras.src import testing
from keras.src.layers.convolutional.base_conv_test import np_conv
from keras.src.layers.convolutional.base_conv_test import np_depthwise_conv
from keras.src.layers.convolutional.base_conv_test import random_input
from keras.src.layers.convolutional.base_conv_test import weights_of
from keras.src.layers.convolutional.separable_conv2d import SeparableConv2D


def np_separable_conv(x, depthwise, pointwise, bias=None, **kwargs):
    """Depthwise convolution, then a 1x1 convolution."""
    data_format = kwargs.get("data_format", "channels_last")
    middle = np_depthwise_conv(x, depthwise, **kwargs)
    return np_conv(middle, pointwise, data_format=data_format, bias=bias)


class BaseSeparableConvTest(testing.TestCase):
    @parameterized.named_parameters(
        ("zero_filters", {"filters": 0}, "filters", "filters=0"),
        ("zero_multiplier", {"depth_multiplier": 0}, "depth_multiplier",
         "depth_multiplier=0"),
        ("strides_length", {"strides": (1, 1, 1)}, "strides",
         "strides=(1, 1, 1)"),
        ("causal", {"padding": "causal"}, "padding", "padding='causal'"),
    )
    def test_invalid_arguments(self, overrides, argument, received):
        with self.assertRaises(ValueError) as ctx:
            SeparableConv2D(**{"filters": 4, "kernel_size": 3, **overrides})
        message = str(ctx.exception)
        self.assertIn("SeparableConv2D", message)
        self.assertIn(f"`{argument}`", message)
        self.assertIn(received, message)

    def test_wrong_input_rank(self):
        with self.assertRaisesRegex(ValueError, "SeparableConv2D.*rank 4"):
            SeparableConv2D(2, 3)(np.ones((1, 5, 5, 2, 1), "float32"))

    def test_config(self):
        layer = SeparableConv2D(4, 3, pointwise_regularizer="l2")
        config = layer.get_config()
        self.assertEqual(
            list(config)[3:],
            ["depth_multiplier", "filters", "kernel_size", "strides",
             "padding", "data_format", "dilation_rate", "activation",
             "use_bias", "depthwise_initializer", "pointwise_initializer",
             "bias_initializer", "depthwise_regularizer",
             "pointwise_regularizer", "bias_regularizer",
             "activity_regularizer", "depthwise_constraint",
             "pointwise_constraint", "bias_constraint"],
        )
        self.assertEqual(config["pointwise_regularizer"]["class_name"],
                         "L2")
        self.run_class_serialization_test(layer)

    def test_weights_and_symbolic_call(self):
        layer = SeparableConv2D(5, 2, depth_multiplier=2, strides=2)
        inputs = keras.Input((4, None, 3))
        outputs = layer(inputs)
        self.assertEqual(outputs.shape, (None, 2, None, 5))
        self.assertEqual(
            [(w.path.split("/")[-1], tuple(w.shape)) for w in layer.weights],
            [("depthwise_kernel", (2, 2, 3, 2)),
             ("pointwise_kernel", (1, 1, 6, 5)), ("bias", (5,))],
        )
        model = keras.Model(inputs, outputs)
        x = random_input((2, 4, 5, 3))
        depthwise, pointwise, bias = weights_of(layer)
        expected = np_separable_conv(x, depthwise, pointwise, bias=bias,
                                     strides=2)
        self.assertAllClose(model(x), expected, atol=1e-4)
