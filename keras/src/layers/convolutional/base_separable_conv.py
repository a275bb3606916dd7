"""`BaseSeparableConv`: the N-D depthwise separable convolution behind
`SeparableConv1D` and `SeparableConv2D`."""

from keras.src import activations
from keras.src import backend
from keras.src import constraints
from keras.src import initializers
from keras.src import ops
from keras.src import regularizers
from keras.src.layers import convolutional as conv_utils
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer


class BaseSeparableConv(Layer):
    """An N-D depthwise separable convolution layer: a depthwise
    convolution (each input channel convolved with its own
    `depth_multiplier` filters) followed by a pointwise (`1 x ... x 1`)
    convolution that mixes the channels into `filters` outputs.

    Args:
        rank: the number of spatial dims (1 or 2).
        depth_multiplier: the number of depthwise filters per input
            channel.
        filters: the number of output channels, a positive integer.
        kernel_size: an int or `rank` ints, the depthwise window's size.
        strides: an int or `rank` ints, the depthwise window's step.
        padding: `"valid"` or `"same"`.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        dilation_rate: an int or `rank` ints (above 1, `strides` must
            be 1).
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

    >>> from keras.src.layers.convolutional import base_separable_conv
    >>> layer = base_separable_conv.BaseSeparableConv(1, 1, 4, 3)
    >>> layer(keras.ops.ones((2, 8, 3))).shape
    (2, 6, 4)
    """

    def __init__(
        self,
        rank,
        depth_multiplier,
        filters,
        kernel_size,
        strides=1,
        padding="valid",
        data_format=None,
        dilation_rate=1,
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
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        self.rank = rank
        self.depth_multiplier = conv_utils.check_positive_int(
            "depth_multiplier", depth_multiplier
        )
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
        self.padding = conv_utils.standardize_padding(padding)
        self.data_format = backend.standardize_data_format(data_format)
        self.activation = activations.get(activation)
        self.use_bias = bool(use_bias)
        self.depthwise_initializer = initializers.get(depthwise_initializer)
        self.pointwise_initializer = initializers.get(pointwise_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.depthwise_regularizer = regularizers.get(depthwise_regularizer)
        self.pointwise_regularizer = regularizers.get(pointwise_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.depthwise_constraint = constraints.get(depthwise_constraint)
        self.pointwise_constraint = constraints.get(pointwise_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self.input_spec = InputSpec(ndim=rank + 2)

    def build(self, input_shape):
        conv_utils.check_input_rank(self, input_shape, self.rank)
        channels = conv_utils.known_channels(
            self, input_shape, self.data_format
        )
        self.depthwise_kernel = self.add_weight(
            name="depthwise_kernel",
            shape=self.kernel_size + (channels, self.depth_multiplier),
            initializer=self.depthwise_initializer,
            regularizer=self.depthwise_regularizer,
            constraint=self.depthwise_constraint,
        )
        self.pointwise_kernel = self.add_weight(
            name="pointwise_kernel",
            shape=(1,) * self.rank
            + (channels * self.depth_multiplier, self.filters),
            initializer=self.pointwise_initializer,
            regularizer=self.pointwise_regularizer,
            constraint=self.pointwise_constraint,
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
        x = ops.separable_conv(
            inputs,
            self.depthwise_kernel.value,
            self.pointwise_kernel.value,
            strides=self.strides,
            padding=self.padding,
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
        out = [
            conv_utils.output_length(self, size, k, s, d, self.padding)
            for size, k, s, d in zip(
                spatial, self.kernel_size, self.strides, self.dilation_rate
            )
        ]
        return conv_utils.join_shape(
            batch, self.filters, out, self.data_format
        )

    def get_config(self):
        config = super().get_config()
        config.update({
            "depth_multiplier": self.depth_multiplier,
            "filters": self.filters,
            "kernel_size": self.kernel_size,
            "strides": self.strides,
            "padding": self.padding,
            "data_format": self.data_format,
            "dilation_rate": self.dilation_rate,
            "activation": activations.serialize(self.activation),
            "use_bias": self.use_bias,
        })
        for role in ("depthwise", "pointwise", "bias"):
            config[f"{role}_initializer"] = initializers.serialize(
                getattr(self, f"{role}_initializer")
            )
        for role in ("depthwise", "pointwise", "bias", "activity"):
            config[f"{role}_regularizer"] = regularizers.serialize(
                getattr(self, f"{role}_regularizer")
            )
        for role in ("depthwise", "pointwise", "bias"):
            config[f"{role}_constraint"] = constraints.serialize(
                getattr(self, f"{role}_constraint")
            )
        return config
