"""`Conv2DTranspose`: 2D transposed convolution."""

from keras.src.api_export import keras_export
from keras.src.layers.convolutional.base_conv_transpose import (
    BaseConvTranspose,
)


@keras_export(
    [
        "keras.layers.Conv2DTranspose",
        "keras.layers.Convolution2DTranspose",
    ]
)
class Conv2DTranspose(BaseConvTranspose):
    """A 2D transposed convolution layer (sometimes called
    deconvolution): the gradient of `Conv2D` with respect to its input,
    used to upsample.

    It computes `activation(conv_transpose(inputs, kernel) + bias)` with a
    kernel of shape `(*kernel_size, filters, input_channels)`. Along
    each spatial dim of size `n`, with `k` the dilated kernel size and
    `s` the stride, the output size is `n * s` with `"same"` padding
    and `n * s + max(k - s, 0)` with `"valid"`; with `output_padding`
    `p` it is `(n - 1) * s + k - 2 * pad + p`, where `pad` is 0
    (`"valid"`) or `k // 2` (`"same"`).

    Args:
        filters: the number of output channels, a positive integer.
        kernel_size: an int or 2 ints, the window's size.
        strides: an int or 2 ints, the upsampling factor.
        padding: `"valid"` or `"same"`.
        output_padding: `None`, or an int or 2 ints, each smaller than
            the stride: the extra size added to the output.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        dilation_rate: an int or 2 ints, the spacing of the window's
            taps (above 1, `strides` must be 1).
        activation: the activation applied to the output (default: none).
        use_bias: whether to add a bias vector.
        kernel_initializer: the initializer of `kernel`.
        bias_initializer: the initializer of `bias`.
        kernel_regularizer: a regularizer applied to `kernel`.
        bias_regularizer: a regularizer applied to `bias`.
        activity_regularizer: a regularizer applied to the output.
        kernel_constraint: a constraint applied to `kernel`.
        bias_constraint: a constraint applied to `bias`.
        **kwargs: base layer arguments (`name`, `dtype`, `trainable`, ...).

    Example:

    >>> x = keras.ops.ones((2, 4, 4, 3))
    >>> layer = keras.layers.Conv2DTranspose(4, 3, strides=2, padding="same")
    >>> layer(x).shape
    (2, 8, 8, 4)
    """

    def __init__(
        self,
        filters,
        kernel_size,
        strides=(1, 1),
        padding="valid",
        output_padding=None,
        data_format=None,
        dilation_rate=(1, 1),
        activation=None,
        use_bias=True,
        kernel_initializer="glorot_uniform",
        bias_initializer="zeros",
        kernel_regularizer=None,
        bias_regularizer=None,
        activity_regularizer=None,
        kernel_constraint=None,
        bias_constraint=None,
        **kwargs,
    ):
        super().__init__(
            rank=2,
            filters=filters,
            kernel_size=kernel_size,
            strides=strides,
            padding=padding,
            output_padding=output_padding,
            data_format=data_format,
            dilation_rate=dilation_rate,
            activation=activation,
            use_bias=use_bias,
            kernel_initializer=kernel_initializer,
            bias_initializer=bias_initializer,
            kernel_regularizer=kernel_regularizer,
            bias_regularizer=bias_regularizer,
            activity_regularizer=activity_regularizer,
            kernel_constraint=kernel_constraint,
            bias_constraint=bias_constraint,
            **kwargs,
        )
