"""`DepthwiseConv2D`: 2D depthwise convolution."""

from keras.src.api_export import keras_export
from keras.src.layers.convolutional.base_depthwise_conv import (
    BaseDepthwiseConv,
)


@keras_export("keras.layers.DepthwiseConv2D")
class DepthwiseConv2D(BaseDepthwiseConv):
    """A 2D depthwise convolution layer: each input channel is
    convolved separately with its own `depth_multiplier` filters.

    It computes `activation(depthwise_conv(inputs, kernel) + bias)` with a
    kernel of shape `(*kernel_size, channels, depth_multiplier)`. Output channel
    `c * depth_multiplier + m` comes from input channel `c` and filter
    `m`: inputs `(batch, height, width, channels)` give outputs with
    `channels * depth_multiplier` channels.

    Args:
        kernel_size: an int or 2 ints, the window's size.
        strides: an int or 2 ints, the window's step.
        padding: `"valid"` (none) or `"same"` (output size
            `ceil(size / stride)`).
        depth_multiplier: the number of filters per input channel.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        dilation_rate: an int or 2 ints, the spacing of the window's
            taps (above 1, `strides` must be 1).
        activation: the activation applied to the output (default: none).
        use_bias: whether to add a bias vector.
        depthwise_initializer: the initializer of the kernel.
        bias_initializer: the initializer of `bias`.
        depthwise_regularizer: a regularizer applied to the kernel.
        bias_regularizer: a regularizer applied to `bias`.
        activity_regularizer: a regularizer applied to the output.
        depthwise_constraint: a constraint applied to the kernel.
        bias_constraint: a constraint applied to `bias`.
        **kwargs: base layer arguments (`name`, `dtype`, `trainable`, ...).

    Example:

    >>> x = keras.ops.ones((2, 8, 8, 3))
    >>> keras.layers.DepthwiseConv2D(3, depth_multiplier=2)(x).shape
    (2, 6, 6, 6)
    """

    def __init__(
        self,
        kernel_size,
        strides=(1, 1),
        padding="valid",
        depth_multiplier=1,
        data_format=None,
        dilation_rate=(1, 1),
        activation=None,
        use_bias=True,
        depthwise_initializer="glorot_uniform",
        bias_initializer="zeros",
        depthwise_regularizer=None,
        bias_regularizer=None,
        activity_regularizer=None,
        depthwise_constraint=None,
        bias_constraint=None,
        **kwargs,
    ):
        super().__init__(
            rank=2,
            depth_multiplier=depth_multiplier,
            kernel_size=kernel_size,
            strides=strides,
            padding=padding,
            data_format=data_format,
            dilation_rate=dilation_rate,
            activation=activation,
            use_bias=use_bias,
            depthwise_initializer=depthwise_initializer,
            bias_initializer=bias_initializer,
            depthwise_regularizer=depthwise_regularizer,
            bias_regularizer=bias_regularizer,
            activity_regularizer=activity_regularizer,
            depthwise_constraint=depthwise_constraint,
            bias_constraint=bias_constraint,
            **kwargs,
        )
