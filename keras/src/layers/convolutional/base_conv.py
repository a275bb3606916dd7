"""`BaseConv`: the N-D (grouped) convolution behind `Conv1D`, `Conv2D` and
`Conv3D`."""

from keras.src import activations
from keras.src import backend
from keras.src import constraints
from keras.src import initializers
from keras.src import ops
from keras.src import regularizers
from keras.src.layers import convolutional as conv_utils
from keras.src.layers.core.dense import LoraMixin
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer


class BaseConv(LoraMixin, Layer):
    """An N-D convolution layer:
    `activation(conv(inputs, kernel) + bias)`.

    The kernel has shape
    `(*kernel_size, input_channels // groups, filters)`. With `groups > 1`
    the input channels are split into `groups` groups, each convolved with
    its own `filters // groups` filters.

    Args:
        rank: the number of spatial dims (1, 2 or 3).
        filters: the number of output channels, a positive integer.
        kernel_size: an int or `rank` ints, the window's size.
        strides: an int or `rank` ints, the window's step.
        padding: `"valid"` (none), `"same"` (output size
            `ceil(size / stride)`), or, when `rank == 1`, `"causal"` (the
            output at step `t` depends only on inputs up to `t`).
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        dilation_rate: an int or `rank` ints, the spacing of the window's
            taps (above 1, `strides` must be 1).
        groups: the number of channel groups; it divides `filters` and the
            number of input channels.
        activation: the activation applied to the output (default: none).
        use_bias: whether to add a bias vector.
        kernel_initializer: the initializer of `kernel`.
        bias_initializer: the initializer of `bias`.
        kernel_regularizer: a regularizer applied to `kernel`.
        bias_regularizer: a regularizer applied to `bias`.
        activity_regularizer: a regularizer applied to the output.
        kernel_constraint: a constraint applied to `kernel`.
        bias_constraint: a constraint applied to `bias`.
        lora_rank: if set, LoRA is enabled when the layer is built: the
            kernel is frozen and a trainable update of this rank is added
            (see `enable_lora`).
        lora_alpha: the LoRA scale numerator (default: `lora_rank`).
        **kwargs: base layer arguments (`name`, `dtype`, `trainable`, ...).

    Example:

    >>> from keras.src.layers.convolutional.base_conv import BaseConv
    >>> layer = BaseConv(rank=1, filters=4, kernel_size=3)
    >>> layer(keras.ops.ones((2, 8, 3))).shape
    (2, 6, 4)
    """

    def __init__(
        self,
        rank,
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
        lora_rank=None,
        lora_alpha=None,
        **kwargs,
    ):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        self.rank = rank
        self.filters = conv_utils.check_positive_int("filters", filters)
        self.groups = conv_utils.check_positive_int("groups", groups)
        if self.filters % self.groups:
            raise ValueError(
                "`filters` must be a multiple of `groups`. Received: "
                f"filters={self.filters}, groups={self.groups}"
            )
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
        self.padding = conv_utils.standardize_padding(
            padding, allow_causal=rank == 1
        )
        self.data_format = backend.standardize_data_format(data_format)
        self.activation = activations.get(activation)
        self.use_bias = bool(use_bias)
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self._init_lora(lora_rank, lora_alpha)
        self.input_spec = InputSpec(ndim=rank + 2)

    def build(self, input_shape):
        conv_utils.check_input_rank(self, input_shape, self.rank)
        channels = conv_utils.known_channels(
            self, input_shape, self.data_format
        )
        if channels % self.groups:
            raise ValueError(
                f"{type(self).__name__} '{self.name}': the number of input "
                f"channels must be a multiple of groups={self.groups}. "
                f"Received: {channels} channels (input_shape="
                f"{tuple(input_shape)}, data_format={self.data_format!r})"
            )
        self._kernel = self.add_weight(
            name="kernel",
            shape=self.kernel_size + (channels // self.groups, self.filters),
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
        self.built = True
        if self.lora_rank:
            self.enable_lora(self.lora_rank, self.lora_alpha)

    @property
    def kernel(self):
        """The kernel variable; with LoRA enabled, the kernel the layer
        computes with (the frozen variable plus the low-rank update)."""
        if self.lora_enabled:
            return self._lora_weight()
        return self._kernel

    def convolution_op(self, inputs, kernel):
        """Convolves `inputs` with `kernel` using the layer's strides,
        padding, dilation and data format (no bias, no activation).

        Args:
            inputs: the input tensor.
            kernel: a kernel of shape
                `(*kernel_size, input_channels // groups, filters)`.

        Returns:
            The convolution's output.
        """
        padding = self.padding
        if padding == "causal":
            inputs = self._pad_causally(inputs)
            padding = "valid"
        return ops.conv(
            inputs,
            kernel,
            strides=self.strides,
            padding=padding,
            data_format=self.data_format,
            dilation_rate=self.dilation_rate,
        )

    def _pad_causally(self, inputs):
        # Left padding by the dilated window's reach keeps step `t` from
        # seeing inputs after `t`.
        left = self.dilation_rate[0] * (self.kernel_size[0] - 1)
        width = [[0, 0], [0, 0], [0, 0]]
        width[2 if self.data_format == "channels_first" else 1][0] = left
        return ops.pad(inputs, width)

    def call(self, inputs):
        kernel = (
            self._lora_weight() if self.lora_enabled else self._kernel.value
        )
        x = self.convolution_op(inputs, kernel)
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
            "filters": self.filters,
            "kernel_size": self.kernel_size,
            "strides": self.strides,
            "padding": self.padding,
            "data_format": self.data_format,
            "dilation_rate": self.dilation_rate,
            "groups": self.groups,
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
        return self._lora_config(config)
