"""`Conv3D`: 3D (volumetric) convolution."""

from keras.src.api_export import keras_export
from keras.src.layers.convolutional.base_conv import BaseConv


@keras_export(["keras.layers.Conv3D", "keras.layers.Convolution3D"])
class Conv3D(BaseConv):
    """A 3D convolution layer (e.g. over volumes or videos).

    It computes `activation(conv(inputs, kernel) + bias)` with a kernel of
    shape `(*kernel_size, input_channels // groups, filters)`. Inputs have
    shape `(batch, depth, height, width, channels)` with `"channels_last"`
    and `(batch, channels, depth, height, width)` with `"channels_first"`;
    outputs have `filters` channels.

    Args:
        filters: the number of output channels, a positive integer.
        kernel_size: an int or 3 ints, the window's size.
        strides: an int or 3 ints, the window's step.
        padding: `"valid"` (none) or `"same"` (output size
            `ceil(size / stride)`).
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        dilation_rate: an int or 3 ints, the spacing of the window's
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

    >>> x = keras.ops.ones((1, 5, 6, 7, 2))
    >>> keras.layers.Conv3D(4, 3)(x).shape
    (1, 3, 4, 5, 4)
    """

    def __init__(
        self,
        filters,
        kernel_size,
        strides=(1, 1, 1),
        padding="valid",
        data_format=None,
        dilation_rate=(1, 1, 1),
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
            rank=3,
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
