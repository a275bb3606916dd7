"""`BaseConvTranspose`: the N-D transposed convolution behind
`Conv1DTranspose`, `Conv2DTranspose` and `Conv3DTranspose`."""

from keras.src import activations
from keras.src import backend
from keras.src import constraints
from keras.src import initializers
from keras.src import ops
from keras.src import regularizers
from keras.src.layers import convolutional as conv_utils
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.ops import nn_shapes


class BaseConvTranspose(Layer):
    """An N-D transposed convolution layer (the gradient of a convolution
    with respect to its input), used to upsample:
    `activation(conv_transpose(inputs, kernel) + bias)`.

    The kernel has shape `(*kernel_size, filters, input_channels)`. Along
    each spatial dim of size `n`, with `k` the dilated kernel size and `s`
    the stride, the output size is `n * s` (`"same"`) or
    `n * s + max(k - s, 0)` (`"valid"`); with `output_padding` `p` it is
    `(n - 1) * s + k - 2 * pad + p`, where `pad` is 0 (`"valid"`) or
    `k // 2` (`"same"`).

    Args:
        rank: the number of spatial dims (1, 2 or 3).
        filters: the number of output channels, a positive integer.
        kernel_size: an int or `rank` ints, the window's size.
        strides: an int or `rank` ints, the upsampling factor.
        padding: `"valid"` or `"same"`.
        output_padding: `None`, or an int or `rank` ints, each smaller
            than the stride: the extra size added to the output.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        dilation_rate: an int or `rank` ints (above 1, `strides` must
            be 1).
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

    >>> from keras.src.layers.convolutional import base_conv_transpose
    >>> layer = base_conv_transpose.BaseConvTranspose(1, 4, 3, strides=2)
    >>> layer(keras.ops.ones((2, 5, 3))).shape
    (2, 11, 4)
    """

    def __init__(
        self,
        rank,
        filters,
        kernel_size,
        strides=1,
        padding="valid",
        output_padding=None,
        data_format=None,
        dilation_rate=1,
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
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        self.rank = rank
        self.filters = conv_utils.check_positive_int("filters", filters)
        self.kernel_size = conv_utils.int_tuple(
            "kernel_size", kernel_size, rank
        )
        self.strides = conv_utils.int_tuple("strides", strides, rank)
        self.dilation_rate = conv_utils.int_tuple(
            "dilation_rate", dilation_rate, rank
        )
        conv_utils.check_strides_and_dilation(
            self.strides, self.dilation_rate
        )
        self.output_padding = self._check_output_padding(output_padding)
        self.padding = conv_utils.standardize_padding(padding)
        self.data_format = backend.standardize_data_format(data_format)
        self.activation = activations.get(activation)
        self.use_bias = bool(use_bias)
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self.input_spec = InputSpec(ndim=rank + 2)

    def _check_output_padding(self, output_padding):
        if output_padding is None:
            return None
        values = conv_utils.int_tuple(
            "output_padding", output_padding, self.rank, allow_zero=True
        )
        if any(p >= s for p, s in zip(values, self.strides)):
            raise ValueError(
                "Each `output_padding` must be smaller than the stride of "
                f"its dim. Received: output_padding={values}, "
                f"strides={self.strides}"
            )
        return values

    def build(self, input_shape):
        conv_utils.check_input_rank(self, input_shape, self.rank)
        channels = conv_utils.known_channels(
            self, input_shape, self.data_format
        )
        self.kernel = self.add_weight(
            name="kernel",
            shape=self.kernel_size + (self.filters, channels),
            initializer=self.kernel_initializer,
            regularizer=self.kernel_regularizer,
            constraint=self.kernel_constraint,
        )
        self.bias = None
        if self.use_bias:
            self.bias = self.add_weight(
                name="bias",
                shape=(self.filters,),
                initializer=self.bias_initializer,
                regularizer=self.bias_regularizer,
                constraint=self.bias_constraint,
            )
        axis = conv_utils.channel_axis(self.data_format)
        self.input_spec = InputSpec(ndim=self.rank + 2, axes={axis: channels})

    def call(self, inputs):
        x = ops.conv_transpose(
            inputs,
            self.kernel.value,
            strides=self.strides,
            padding=self.padding,
            output_padding=self.output_padding,
            data_format=self.data_format,
            dilation_rate=self.dilation_rate,
        )
        if self.bias is not None:
            x = conv_utils.add_bias(x, self.bias.value, self.data_format)
        if self.activation is not None:
            x = self.activation(x)
        return x

    def compute_output_shape(self, input_shape):
        conv_utils.check_input_rank(self, input_shape, self.rank)
        batch, _, spatial = conv_utils.split_shape(
            input_shape, self.data_format
        )
        output_padding = self.output_padding or (None,) * self.rank
        out = [
            nn_shapes.transpose_length(size, k, s, d, self.padding, p)
            for size, k, s, d, p in zip(
                spatial, self.kernel_size, self.strides,
                self.dilation_rate, output_padding,
            )
        ]
        return conv_utils.join_shape(
            batch, self.filters, out, self.data_format
        )

    def get_config(self):
        config = super().get_config()
        config.update({
            "filters": self.filters,
            "kernel_size": self.kernel_size,
            "strides": self.strides,
            "padding": self.padding,
            "output_padding": self.output_padding,
            "data_format": self.data_format,
            "dilation_rate": self.dilation_rate,
            "activation": activations.serialize(self.activation),
            "use_bias": self.use_bias,
            "kernel_initializer": initializers.serialize(
                self.kernel_initializer
            ),
            "bias_initializer": initializers.serialize(
                self.bias_initializer
            ),
            "kernel_regularizer": regularizers.serialize(
                self.kernel_regularizer
            ),
            "bias_regularizer": regularizers.serialize(
                self.bias_regularizer
            ),
            "activity_regularizer": regularizers.serialize(
                self.activity_regularizer
            ),
            "kernel_constraint": constraints.serialize(
                self.kernel_constraint
            ),
            "bias_constraint": constraints.serialize(self.bias_constraint),
        })
        return config
