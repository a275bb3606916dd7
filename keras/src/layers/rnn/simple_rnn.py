"""`SimpleRNNCell` and `SimpleRNN`: the fully-connected recurrence
`h_t = activation(x_t @ kernel + h_{t-1} @ recurrent_kernel + bias)`."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.layers.rnn import cell_arguments as args
from keras.src.layers.rnn.dropout_rnn_cell import DropoutRNNCell
from keras.src.layers.rnn.rnn import RNN

_CELL_CONFIG = ("units", "activation", "use_bias", *args.weight_config_names(),
                "dropout", "recurrent_dropout", "seed")


@keras_export("keras.layers.SimpleRNNCell")
class SimpleRNNCell(Layer, DropoutRNNCell):
    """The cell of `SimpleRNN`: one step of
    `h = activation(x @ kernel + h_prev @ recurrent_kernel + bias)`.

    Args:
        units: the size of the output and state, a positive integer.
        activation: the activation (default `"tanh"`; `None`: linear).
        use_bias: whether to add a bias.
        kernel_initializer: the initializer of `kernel` (inputs).
        recurrent_initializer: the initializer of `recurrent_kernel`.
        bias_initializer: the initializer of `bias`.
        kernel_regularizer: the regularizer of `kernel`.
        recurrent_regularizer: the regularizer of `recurrent_kernel`.
        bias_regularizer: the regularizer of `bias`.
        kernel_constraint: the constraint of `kernel`.
        recurrent_constraint: the constraint of `recurrent_kernel`.
        bias_constraint: the constraint of `bias`.
        dropout: the fraction of the inputs to drop in training, in
            `[0, 1]` (one mask per sequence).
        recurrent_dropout: the fraction of the state to drop in the
            recurrent product, in `[0, 1]`.
        seed: an int, for reproducible dropout.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Call arguments:
        inputs: one step's inputs `(batch, features)`.
        states: a list holding the previous output `(batch, units)`.
        training: whether dropout applies.

    Example:

    >>> cell = keras.layers.SimpleRNNCell(4)
    >>> x = np.ones((2, 3), "float32")
    >>> h, [state] = cell(x, [np.zeros((2, 4), "float32")])
    >>> h.shape, state.shape
    ((2, 4), (2, 4))
    """

    def __init__(self, units, activation="tanh", use_bias=True,
                 kernel_initializer="glorot_uniform",
                 recurrent_initializer="orthogonal",
                 bias_initializer="zeros", kernel_regularizer=None,
                 recurrent_regularizer=None, bias_regularizer=None,
                 kernel_constraint=None, recurrent_constraint=None,
                 bias_constraint=None, dropout=0.0, recurrent_dropout=0.0,
                 seed=None, **kwargs):
        super().__init__(**kwargs)
        args.set_cell_arguments(
            self, units, activation, use_bias, dropout, recurrent_dropout,
            seed, kernel_initializer=kernel_initializer,
            recurrent_initializer=recurrent_initializer,
            bias_initializer=bias_initializer,
            kernel_regularizer=kernel_regularizer,
            recurrent_regularizer=recurrent_regularizer,
            bias_regularizer=bias_regularizer,
            kernel_constraint=kernel_constraint,
            recurrent_constraint=recurrent_constraint,
            bias_constraint=bias_constraint,
        )
        self.state_size = self.units
        self.output_size = self.units

    def build(self, input_shape):
        self.kernel = self.add_weight(
            shape=(input_shape[-1], self.units), name="kernel",
            initializer=self.kernel_initializer,
            regularizer=self.kernel_regularizer,
            constraint=self.kernel_constraint,
        )
        self.recurrent_kernel = self.add_weight(
            shape=(self.units, self.units), name="recurrent_kernel",
            initializer=self.recurrent_initializer,
            regularizer=self.recurrent_regularizer,
            constraint=self.recurrent_constraint,
        )
        self.bias = None
        if self.use_bias:
            self.bias = self.add_weight(
                shape=(self.units,), name="bias",
                initializer=self.bias_initializer,
                regularizer=self.bias_regularizer,
                constraint=self.bias_constraint,
            )
        self.built = True

    def call(self, inputs, states, training=False):
        nested = isinstance(states, (list, tuple))
        previous = ops.convert_to_tensor(states[0] if nested else states)
        if training and self.dropout:
            inputs = inputs * self.get_dropout_mask(inputs)
        if training and self.recurrent_dropout:
            previous = previous * self.get_recurrent_dropout_mask(previous)
        h = ops.matmul(inputs, self.kernel)
        if self.bias is not None:
            h = h + self.bias
        h = h + ops.matmul(previous, self.recurrent_kernel)
        if self.activation is not None:
            h = self.activation(h)
        return h, ([h] if nested else h)

    def get_initial_state(self, batch_size=None):
        """Zeros of shape `(batch_size, units)`, in a list."""
        return [ops.zeros((batch_size, self.units), dtype=self.compute_dtype)]

    def get_config(self):
        config = super().get_config()
        config.update(args.cell_config(self, *_CELL_CONFIG))
        return config


@keras_export("keras.layers.SimpleRNN")
class SimpleRNN(RNN):
    """A fully-connected recurrent layer: the output is fed back as the
    next step's state, `h_t = activation(x_t @ W + h_{t-1} @ U + b)`.

    Args:
        units: the size of the output, a positive integer.
        activation: the activation (default `"tanh"`; `None`: linear).
        use_bias: whether to add a bias.
        kernel_initializer: the initializer of `kernel` (inputs).
        recurrent_initializer: the initializer of `recurrent_kernel`.
        bias_initializer: the initializer of `bias`.
        kernel_regularizer: the regularizer of `kernel`.
        recurrent_regularizer: the regularizer of `recurrent_kernel`.
        bias_regularizer: the regularizer of `bias`.
        activity_regularizer: the regularizer of the layer's output.
        kernel_constraint: the constraint of `kernel`.
        recurrent_constraint: the constraint of `recurrent_kernel`.
        bias_constraint: the constraint of `bias`.
        dropout: the fraction of the inputs to drop in training.
        recurrent_dropout: the fraction of the state to drop in the
            recurrent product.
        return_sequences: whether to return every step's output.
        return_state: whether to return the final state after the output.
        go_backwards: whether to process the sequence from its end.
        stateful: whether each batch continues the previous batch's
            states.
        unroll: whether to loop in Python instead of the backend's loop.
        seed: an int, for reproducible dropout.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Call arguments:
        sequences: a tensor `(batch, time, features)`.
        initial_state: the initial state (default: zeros).
        mask: a boolean `(batch, time)` tensor of the steps to use.
        training: whether dropout applies.

    Example:

    >>> layer = keras.layers.SimpleRNN(4, return_state=True)
    >>> output, state = layer(np.ones((2, 5, 3), "float32"))
    >>> output.shape, state.shape
    ((2, 4), (2, 4))
    """

    def __init__(self, units, activation="tanh", use_bias=True,
                 kernel_initializer="glorot_uniform",
                 recurrent_initializer="orthogonal",
                 bias_initializer="zeros", kernel_regularizer=None,
                 recurrent_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None,
                 recurrent_constraint=None, bias_constraint=None,
                 dropout=0.0, recurrent_dropout=0.0, return_sequences=False,
                 return_state=False, go_backwards=False, stateful=False,
                 unroll=False, seed=None, **kwargs):
        cell = SimpleRNNCell(
            units, activation=activation, use_bias=use_bias,
            kernel_initializer=kernel_initializer,
            recurrent_initializer=recurrent_initializer,
            bias_initializer=bias_initializer,
            kernel_regularizer=kernel_regularizer,
            recurrent_regularizer=recurrent_regularizer,
            bias_regularizer=bias_regularizer,
            kernel_constraint=kernel_constraint,
            recurrent_constraint=recurrent_constraint,
            bias_constraint=bias_constraint, dropout=dropout,
            recurrent_dropout=recurrent_dropout, seed=seed,
            dtype=kwargs.get("dtype"),
            trainable=kwargs.get("trainable", True),
            name="simple_rnn_cell",
        )
        super().__init__(
            cell, return_sequences=return_sequences,
            return_state=return_state, go_backwards=go_backwards,
            stateful=stateful, unroll=unroll,
            activity_regularizer=activity_regularizer, **kwargs,
        )
        self.input_spec = InputSpec(ndim=3)

    units = args.cell_property("units")
    activation = args.cell_property("activation")
    use_bias = args.cell_property("use_bias")
    kernel_initializer = args.cell_property("kernel_initializer")
    recurrent_initializer = args.cell_property("recurrent_initializer")
    bias_initializer = args.cell_property("bias_initializer")
    kernel_regularizer = args.cell_property("kernel_regularizer")
    recurrent_regularizer = args.cell_property("recurrent_regularizer")
    bias_regularizer = args.cell_property("bias_regularizer")
    kernel_constraint = args.cell_property("kernel_constraint")
    recurrent_constraint = args.cell_property("recurrent_constraint")
    bias_constraint = args.cell_property("bias_constraint")
    dropout = args.cell_property("dropout")
    recurrent_dropout = args.cell_property("recurrent_dropout")

    def get_config(self):
        config = super().get_config()
        del config["cell"]
        config.update(args.cell_config(
            self, "units", "activation", "use_bias",
            *args.weight_config_names(with_activity_regularizer=True),
            "dropout", "recurrent_dropout",
        ))
        return config

    @classmethod
    def from_config(cls, config):
        return cls(**config)
