"""`SeparableConv1D`: 1D depthwise separable convolution."""

from keras.src.api_export import keras_export
from keras.src.layers.convolutional.base_separable_conv import (
    BaseSeparableConv,
)


@keras_export(
    [
        "keras.layers.SeparableConv1D",
        "keras.layers.SeparableConvolution1D",
    ]
)
class SeparableConv1D(BaseSeparableConv):
    """A 1D depthwise separable convolution layer.

    A depthwise convolution (kernel
    `(kernel_size, channels, depth_multiplier)`: each input channel
    convolved with its own `depth_multiplier` filters) is followed by a
    pointwise convolution (kernel
    `(1, channels * depth_multiplier, filters)`) that mixes the
    channels, then the bias and the activation. It needs far fewer
    weights than a full convolution.

    Args:
        filters: the number of output channels, a positive integer.
        kernel_size: an int or a 1-tuple, the depthwise window's size.
        strides: an int or a 1-tuple, the depthwise window's step.
        padding: `"valid"` (none) or `"same"` (output size
            `ceil(size / stride)`).
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        dilation_rate: an int or a 1-tuple, the spacing of the window's
            taps (above 1, `strides` must be 1).
        depth_multiplier: the number of depthwise filters per input
            channel.
        activation: the activation applied to the output (default: none).
        use_bias: whether to add a bias vector.
        depthwise_initializer: the initializer of `depthwise_kernel`.
        pointwise_initializer: the initializer of `pointwise_kernel`.
        bias_initializer: the initializer of `bias`.
        depthwise_regularizer: a regularizer applied to
            `depthwise_kernel`.
        pointwise_regularizer: a regularizer applied to
            `pointwise_kernel`.
        bias_regularizer: a regularizer applied to `bias`.
        activity_regularizer: a regularizer applied to the output.
        depthwise_constraint: a constraint applied to `depthwise_kernel`.
        pointwise_constraint: a constraint applied to `pointwise_kernel`.
        bias_constraint: a constraint applied to `bias`.
        **kwargs: base layer arguments (`name`, `dtype`, `trainable`, ...).

    Example:

    >>> x = keras.ops.ones((2, 10, 3))
    >>> keras.layers.SeparableConv1D(4, 3, padding="same")(x).shape
    (2, 10, 4)
    """

    def __init__(
        self,
        filters,
        kernel_size,
        strides=1,
        padding="valid",
        data_format=None,
        dilation_rate=1,
        depth_multiplier=1,
        activation=None,
        use_bias=True,
        depthwise_initializer="glorot_uniform",
        pointwise_initializer="glorot_uniform",
        bias_initializer="zeros",
        depthwise_regularizer=None,
        pointwise_regularizer=None,
        bias_regularizer=None,
        activity_regularizer=None,
        depthwise_constraint=None,
        pointwise_constraint=None,
        bias_constraint=None,
        **kwargs,
    ):
        super().__init__(
            rank=1,
            depth_multiplier=depth_multiplier,
            filters=filters,
            kernel_size=kernel_size,
            strides=strides,
            padding=padding,
            data_format=data_format,
            dilation_rate=dilation_rate,
            activation=activation,
            use_bias=use_bias,
            depthwise_initializer=depthwise_initializer,
            pointwise_initializer=pointwise_initializer,
            bias_initializer=bias_initializer,
            depthwise_regularizer=depthwise_regularizer,
            pointwise_regularizer=pointwise_regularizer,
            bias_regularizer=bias_regularizer,
            activity_regularizer=activity_regularizer,
            depthwise_constraint=depthwise_constraint,
            pointwise_constraint=pointwise_constraint,
            bias_constraint=bias_constraint,
            **kwargs,
        )
