"""`ConvLSTMCell` and `ConvLSTM`: the LSTM recurrence with convolutions
in place of matrix products, behind `ConvLSTM1D`, `ConvLSTM2D` and
`ConvLSTM3D`."""

from keras.src import activations
from keras.src import backend
from keras.src import initializers
from keras.src import ops
from keras.src import regularizers
from keras.src import tree
from keras.src.layers import convolutional as conv_utils
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.layers.rnn import cell_arguments as args
from keras.src.layers.rnn.dropout_rnn_cell import DropoutRNNCell
from keras.src.layers.rnn.rnn import RNN
from keras.src.random.seed_generator import SeedGenerator

# The cell's arguments, in Keras's config order.
_CELL_ARGUMENTS = (
    "filters", "kernel_size", "strides", "padding", "data_format",
    "dilation_rate", "activation", "recurrent_activation", "use_bias",
    "kernel_initializer", "recurrent_initializer", "bias_initializer",
    "unit_forget_bias", "kernel_regularizer", "recurrent_regularizer",
    "bias_regularizer", "kernel_constraint", "recurrent_constraint",
    "bias_constraint", "dropout", "recurrent_dropout", "seed",
)


class ConvLSTMCell(Layer, DropoutRNNCell):
    """One step of a convolutional LSTM over `rank` spatial dims.

    With `x` one step's input and `(h, c)` the states (images of
    `filters` channels), the four gates are
    `conv(x, kernel) + conv_same(h, recurrent_kernel) + bias`, split along
    the channels into input `i`, forget `f`, candidate `g` and output `o`:
    `c' = sigmoid(f) * c + sigmoid(i) * tanh(g)` and
    `h' = sigmoid(o) * tanh(c')` (with the default activations). The input
    convolution uses the layer's strides, padding and dilation; the
    recurrent one uses stride 1 and `"same"` padding, so the states keep
    the input convolution's output size.

    Args:
        rank: the number of spatial dims (1, 2 or 3).
        filters: the number of channels of the output and states.
        kernel_size: an int or `rank` ints, the window's size.
        strides: an int or `rank` ints, the input window's step.
        padding: `"valid"` or `"same"`, for the input convolution.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        dilation_rate: an int or `rank` ints, the spacing of the input
            window's taps.
        activation: the activation of the candidate and the output
            (default `"tanh"`).
        recurrent_activation: the activation of the gates (default
            `"sigmoid"`).
        use_bias: whether to add a bias.
        kernel_initializer: the initializer of `kernel`.
        recurrent_initializer: the initializer of `recurrent_kernel`.
        bias_initializer: the initializer of `bias`.
        unit_forget_bias: whether the forget gate's bias starts at 1
            (then `bias_initializer` sets the other gates').
        kernel_regularizer: the regularizer of `kernel`.
        recurrent_regularizer: the regularizer of `recurrent_kernel`.
        bias_regularizer: the regularizer of `bias`.
        kernel_constraint: the constraint of `kernel`.
        recurrent_constraint: the constraint of `recurrent_kernel`.
        bias_constraint: the constraint of `bias`.
        dropout: the fraction of the inputs to drop in training.
        recurrent_dropout: the fraction of the state `h` to drop in the
            recurrent convolution, in training.
        seed: an int, for reproducible dropout.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Call arguments:
        inputs: one step's input `(batch, *spatial, channels)` (or
            channels first).
        states: the list `[h, c]`.
        training: whether dropout applies.

    Example:

    >>> from keras.src.layers.rnn.conv_lstm import ConvLSTMCell
    >>> cell = ConvLSTMCell(rank=2, filters=4, kernel_size=3)
    >>> x = np.ones((2, 8, 8, 3), "float32")
    >>> cell.build(x.shape)
    >>> h, [h, c] = cell(x, cell.get_initial_state(batch_size=2))
    >>> h.shape, c.shape
    ((2, 6, 6, 4), (2, 6, 6, 4))
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
        activation="tanh",
        recurrent_activation="sigmoid",
        use_bias=True,
        kernel_initializer="glorot_uniform",
        recurrent_initializer="orthogonal",
        bias_initializer="zeros",
        unit_forget_bias=True,
        kernel_regularizer=None,
        recurrent_regularizer=None,
        bias_regularizer=None,
        kernel_constraint=None,
        recurrent_constraint=None,
        bias_constraint=None,
        dropout=0.0,
        recurrent_dropout=0.0,
        seed=None,
        **kwargs,
    ):
        super().__init__(**kwargs)
        if rank not in (1, 2, 3):
            raise ValueError(
                "`rank` must be 1, 2 or 3 (the number of spatial dims). "
                f"Received: rank={rank!r}"
            )
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
        self.padding = conv_utils.standardize_padding(padding)
        self.data_format = backend.standardize_data_format(data_format)
        self.activation = activations.get(activation)
        self.recurrent_activation = activations.get(recurrent_activation)
        self.use_bias = bool(use_bias)
        self.unit_forget_bias = bool(unit_forget_bias)
        weights = {
            "kernel_initializer": kernel_initializer,
            "recurrent_initializer": recurrent_initializer,
            "bias_initializer": bias_initializer,
            "kernel_regularizer": kernel_regularizer,
            "recurrent_regularizer": recurrent_regularizer,
            "bias_regularizer": bias_regularizer,
            "kernel_constraint": kernel_constraint,
            "recurrent_constraint": recurrent_constraint,
            "bias_constraint": bias_constraint,
        }
        for name, family in args.WEIGHT_ARGUMENTS:
            setattr(self, name, family.get(weights[name]))
        # Rates outside [0, 1] are clipped, as Keras does.
        self.dropout = min(1.0, max(0.0, float(dropout)))
        self.recurrent_dropout = min(1.0, max(0.0, float(recurrent_dropout)))
        self.seed = seed
        self.seed_generator = SeedGenerator(seed=seed)
        # The states are images whose size depends on the input: Keras
        # marks that with -1 (`state_shape` holds the size once built).
        self.state_size = -1
        self.state_shape = None
        self.input_spec = InputSpec(ndim=rank + 2)

    def build(self, input_shape):
        conv_utils.check_input_rank(self, input_shape, self.rank)
        batch, channels, spatial = conv_utils.split_shape(
            input_shape, self.data_format
        )
        if channels is None:
            raise ValueError(
                f"ConvLSTMCell '{self.name}': the channel axis of the input "
                "must be defined to build the cell "
                f"(data_format={self.data_format!r}). Received: "
                f"input_shape={tuple(input_shape)}"
            )
        out = [
            conv_utils.output_length(self, size, k, s, d, self.padding)
            for size, k, s, d in zip(
                spatial, self.kernel_size, self.strides, self.dilation_rate
            )
        ]
        self.state_shape = conv_utils.join_shape(
            None, self.filters, out, self.data_format
        )[1:]
        gates = 4 * self.filters
        self.kernel = self.add_weight(
            shape=self.kernel_size + (channels, gates),
            name="kernel",
            initializer=self.kernel_initializer,
            regularizer=self.kernel_regularizer,
            constraint=self.kernel_constraint,
        )
        self.recurrent_kernel = self.add_weight(
            shape=self.kernel_size + (self.filters, gates),
            name="recurrent_kernel",
            initializer=self.recurrent_initializer,
            regularizer=self.recurrent_regularizer,
            constraint=self.recurrent_constraint,
        )
        self.bias = None
        if self.use_bias:
            initializer = self.bias_initializer
            if self.unit_forget_bias:
                initializer = _ForgetBiasOnes(self.bias_initializer,
                                              self.filters)
            self.bias = self.add_weight(
                shape=(gates,),
                name="bias",
                initializer=initializer,
                regularizer=self.bias_regularizer,
                constraint=self.bias_constraint,
            )
        self.built = True

    def input_conv(self, x, kernel, bias=None, padding="valid"):
        """Convolves one step's input `x` with (one gate's slice of) the
        kernel, with the layer's strides and dilation, and adds `bias`."""
        y = ops.conv(
            x,
            kernel,
            strides=self.strides,
            padding=padding,
            data_format=self.data_format,
            dilation_rate=self.dilation_rate,
        )
        if bias is not None:
            y = conv_utils.add_bias(y, bias, self.data_format)
        return y

    def recurrent_conv(self, h, kernel):
        """Convolves the state `h` with (one gate's slice of) the
        recurrent kernel: stride 1, `"same"` padding."""
        return ops.conv(
            h, kernel, strides=1, padding="same",
            data_format=self.data_format,
        )

    def call(self, inputs, states, training=False):
        h_prev, c_prev = states[0], states[1]
        if training and self.dropout:
            inputs = inputs * self.get_dropout_mask(inputs)
        if training and self.recurrent_dropout:
            h_prev = h_prev * self.get_recurrent_dropout_mask(h_prev)
        # All four gates in one convolution each for the input and the
        # state (4x fewer conv calls than one per gate).
        bias = self.bias.value if self.bias is not None else None
        z = self.input_conv(inputs, self.kernel.value, bias,
                            padding=self.padding)
        z = z + self.recurrent_conv(h_prev, self.recurrent_kernel.value)
        axis = conv_utils.channel_axis(self.data_format)
        z_i, z_f, z_g, z_o = ops.split(z, 4, axis=axis)
        i = self.recurrent_activation(z_i)
        f = self.recurrent_activation(z_f)
        o = self.recurrent_activation(z_o)
        c = f * c_prev + i * self.activation(z_g)
        h = o * self.activation(c)
        return h, [h, c]

    def get_initial_state(self, batch_size=None):
        """Zero states `[h, c]` of shape `(batch_size, *state_shape)`
        (the cell must be built)."""
        if self.state_shape is None:
            raise ValueError(
                f"ConvLSTMCell '{self.name}' must be built before its "
                "initial state is known (the state's spatial size follows "
                "from the input's)."
            )
        shape = (batch_size,) + tuple(self.state_shape)
        return [
            ops.zeros(shape, dtype=self.compute_dtype),
            ops.zeros(shape, dtype=self.compute_dtype),
        ]

    def get_config(self):
        config = super().get_config()
        config.update(_serialized(self, _CELL_ARGUMENTS))
        return config


class ConvLSTM(RNN):
    """The base of `ConvLSTM1D`, `ConvLSTM2D` and `ConvLSTM3D`: an `RNN`
    over a `ConvLSTMCell` of `rank` spatial dims.

    Inputs have shape `(batch, time, *spatial, channels)` (or
    `(batch, time, channels, *spatial)` with `"channels_first"`), with
    static spatial dims. The output is the last state `h` (or all of
    them with `return_sequences=True`), an image of `filters` channels
    whose spatial size is that of the input convolution.

    Args:
        rank: the number of spatial dims (1, 2 or 3).
        filters, kernel_size, strides, padding, data_format,
        dilation_rate, activation, recurrent_activation, use_bias,
        kernel_initializer, recurrent_initializer, bias_initializer,
        unit_forget_bias, kernel_regularizer, recurrent_regularizer,
        bias_regularizer, kernel_constraint, recurrent_constraint,
        bias_constraint, dropout, recurrent_dropout, seed: the cell's
            arguments (see `ConvLSTMCell`).
        return_sequences: whether to return every step's output.
        return_state: whether to return the final states `h` and `c`
            after the output.
        go_backwards: whether to process the sequence from its end.
        stateful: whether each batch continues the previous batch's
            states.
        **kwargs: `RNN` arguments (`unroll`, `zero_output_for_mask`) and
            base layer arguments (`name`, `dtype`, `activity_regularizer`,
            ...).

    Example:

    >>> from keras.src.layers.rnn.conv_lstm import ConvLSTM
    >>> layer = ConvLSTM(rank=1, filters=4, kernel_size=3)
    >>> layer(np.ones((2, 5, 8, 3), "float32")).shape
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
        activation="tanh",
        recurrent_activation="sigmoid",
        use_bias=True,
        kernel_initializer="glorot_uniform",
        recurrent_initializer="orthogonal",
        bias_initializer="zeros",
        unit_forget_bias=True,
        kernel_regularizer=None,
        recurrent_regularizer=None,
        bias_regularizer=None,
        kernel_constraint=None,
        recurrent_constraint=None,
        bias_constraint=None,
        dropout=0.0,
        recurrent_dropout=0.0,
        seed=None,
        return_sequences=False,
        return_state=False,
        go_backwards=False,
        stateful=False,
        **kwargs,
    ):
        cell = ConvLSTMCell(
            rank=rank,
            filters=filters,
            kernel_size=kernel_size,
            strides=strides,
            padding=padding,
            data_format=data_format,
            dilation_rate=dilation_rate,
            activation=activation,
            recurrent_activation=recurrent_activation,
            use_bias=use_bias,
            kernel_initializer=kernel_initializer,
            recurrent_initializer=recurrent_initializer,
            bias_initializer=bias_initializer,
            unit_forget_bias=unit_forget_bias,
            kernel_regularizer=kernel_regularizer,
            recurrent_regularizer=recurrent_regularizer,
            bias_regularizer=bias_regularizer,
            kernel_constraint=kernel_constraint,
            recurrent_constraint=recurrent_constraint,
            bias_constraint=bias_constraint,
            dropout=dropout,
            recurrent_dropout=recurrent_dropout,
            seed=seed,
            name="conv_lstm_cell",
            dtype=kwargs.get("dtype"),
            trainable=kwargs.get("trainable", True),
        )
        super().__init__(
            cell,
            return_sequences=return_sequences,
            return_state=return_state,
            go_backwards=go_backwards,
            stateful=stateful,
            **kwargs,
        )
        self.rank = rank
        self.input_spec = InputSpec(ndim=rank + 3)

    filters = args.cell_property("filters")
    kernel_size = args.cell_property("kernel_size")
    strides = args.cell_property("strides")
    padding = args.cell_property("padding")
    data_format = args.cell_property("data_format")
    dilation_rate = args.cell_property("dilation_rate")
    activation = args.cell_property("activation")
    recurrent_activation = args.cell_property("recurrent_activation")
    use_bias = args.cell_property("use_bias")
    kernel_initializer = args.cell_property("kernel_initializer")
    recurrent_initializer = args.cell_property("recurrent_initializer")
    bias_initializer = args.cell_property("bias_initializer")
    unit_forget_bias = args.cell_property("unit_forget_bias")
    kernel_regularizer = args.cell_property("kernel_regularizer")
    recurrent_regularizer = args.cell_property("recurrent_regularizer")
    bias_regularizer = args.cell_property("bias_regularizer")
    kernel_constraint = args.cell_property("kernel_constraint")
    recurrent_constraint = args.cell_property("recurrent_constraint")
    bias_constraint = args.cell_property("bias_constraint")
    dropout = args.cell_property("dropout")
    recurrent_dropout = args.cell_property("recurrent_dropout")

    def _check_shape(self, sequences_shape):
        sequences_shape = tuple(sequences_shape)
        if len(sequences_shape) != self.rank + 3:
            raise ValueError(
                f"{type(self).__name__} '{self.name}' expects inputs of "
                f"rank {self.rank + 3} (batch, time, {self.rank} spatial "
                "dims and channels). Received: "
                f"input_shape={sequences_shape}"
            )
        spatial = conv_utils.split_shape(
            sequences_shape[1:], self.data_format
        )[2]
        if any(size is None for size in spatial):
            raise ValueError(
                f"{type(self).__name__} '{self.name}': ConvLSTM layers "
                "only support static input shapes for the spatial "
                f"dimensions. Received: input_shape={sequences_shape}"
            )
        return sequences_shape

    def build(self, sequences_shape, initial_state_shape=None):
        super().build(self._check_shape(sequences_shape))

    def compute_output_shape(self, sequences_shape,
                             initial_state_shape=None):
        sequences_shape = self._check_shape(sequences_shape)
        step_shape = sequences_shape[:1] + sequences_shape[2:]
        _, _, spatial = conv_utils.split_shape(step_shape, self.data_format)
        cell = self.cell
        out = [
            conv_utils.output_length(self, size, k, s, d, cell.padding)
            for size, k, s, d in zip(
                spatial, cell.kernel_size, cell.strides, cell.dilation_rate
            )
        ]
        state_shape = conv_utils.join_shape(
            sequences_shape[0], cell.filters, out, cell.data_format
        )
        if self.return_sequences:
            output_shape = (
                state_shape[:1] + (sequences_shape[1],) + state_shape[1:]
            )
        else:
            output_shape = state_shape
        if self.return_state:
            return (output_shape, state_shape, state_shape)
        return output_shape

    def compute_mask(self, _, mask):
        if isinstance(mask, (list, tuple)):
            mask = mask[0]
        output_mask = mask if self.return_sequences else None
        if self.return_state:
            return [output_mask, None, None]
        return output_mask

    def _prepare_dropout_masks(self, step_input, states):
        # The recurrent mask is shaped like the state image, which the
        # base class cannot infer from `state_size` (-1).
        cell = self.cell
        cell.reset_dropout_mask()
        cell.reset_recurrent_dropout_mask()
        cell.get_dropout_mask(step_input)
        cell.get_recurrent_dropout_mask(tree.flatten(states)[0])

    def get_config(self):
        config = super().get_config()
        del config["cell"]
        cell_config = _serialized(self.cell, _CELL_ARGUMENTS)
        # Keras lists `activity_regularizer` after `bias_regularizer`
        # (`update` keeps the place the base config gave it, if any).
        config.update(_insert_after(
            cell_config, "bias_regularizer", "activity_regularizer",
            regularizers.serialize(self.activity_regularizer),
        ))
        return config

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class _ForgetBiasOnes(initializers.Initializer):
    """The bias initializer of `unit_forget_bias=True`: `initializer`'s
    values, with ones for the forget gate (the second quarter)."""

    def __init__(self, initializer, filters):
        self.initializer = initializer
        self.filters = filters

    def __call__(self, shape, dtype=None):
        n = self.filters
        return ops.concatenate([
            self.initializer((n,), dtype=dtype),
            ops.ones((n,), dtype=dtype),
            self.initializer((2 * n,), dtype=dtype),
        ])


def _serialized(cell, names):
    config = args.cell_config(
        cell, *[n for n in names if n not in _PLAIN]
    )
    ordered = {}
    for name in names:
        ordered[name] = (
            getattr(cell, name) if name in _PLAIN else config[name]
        )
    return ordered


# Arguments stored and saved as they are.
_PLAIN = frozenset((
    "filters", "kernel_size", "strides", "padding", "data_format",
    "dilation_rate", "use_bias", "unit_forget_bias", "dropout",
    "recurrent_dropout", "seed",
))


def _insert_after(config, after, key, value):
    """`config` with `key: value` placed right after `after`."""
    ordered = {}
    for name, item in config.items():
        ordered[name] = item
        if name == after:
            ordered[key] = value
    return ordered
