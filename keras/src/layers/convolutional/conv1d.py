"""`Conv1D`: 1D (temporal) convolution."""

from keras.src.api_export import keras_export
from keras.src.layers.convolutional.base_conv import BaseConv


@keras_export(["keras.layers.Conv1D", "keras.layers.Convolution1D"])
class Conv1D(BaseConv):
    """A 1D convolution layer (e.g. over time steps).

    It computes `activation(conv(inputs, kernel) + bias)` with a kernel of
    shape `(kernel_size, input_channels // groups, filters)`. Inputs have
    shape `(batch, steps, channels)` with `"channels_last"`
    and `(batch, channels, steps)` with `"channels_first"`;
    outputs have `filters` channels.

    Args:
        filters: the number of output channels, a positive integer.
        kernel_size: an int or a 1-tuple, the window's size.
        strides: an int or a 1-tuple, the window's step.
        padding: `"valid"` (none), `"same"` (output length
            `ceil(steps / stride)`) or `"causal"` (left padding only, so
            that output step `t` depends only on inputs up to `t`).
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        dilation_rate: an int or a 1-tuple, the spacing of the window's
            taps (above 1, `strides` must be 1).
        groups: the number of channel groups; it divides `filters` and the
            number of input channels. Each group of input channels is
            convolved with its own `filters // groups` filters.
        activation: the activation applied to the output (default: none).
        use_bias: whether to add a bias vector.
        kernel_initializer: the initializer of `kernel`.
        bias_initializer: the initializer of `bias`.
        kernel_regularizer: a regularizer applied to `kernel`.
        bias_regularizer: a regularizer applied to `bias`.
        activity_regularizer: a regularizer applied to the output.
        kernel_constraint: a constraint applied to `kernel`.
        bias_constraint: a constraint applied to `bias`.
        **kwargs: base layer arguments (`name`, `dtype`, `trainable`, ...),
            and `lora_rank`/`lora_alpha` to enable LoRA when the layer is
            built (see `enable_lora`).

    Example:

    >>> x = keras.ops.ones((2, 10, 3))
    >>> keras.layers.Conv1D(4, 3, padding="causal")(x).shape
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
        groups=1,
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
            rank=1,
            filters=filters,
            kernel_size=kernel_size,
            strides=strides,
            padding=padding,
            data_format=data_format,
            dilation_rate=dilation_rate,
            groups=groups,
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
