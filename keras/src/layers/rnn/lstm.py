"""`LSTMCell` and `LSTM`: long short-term memory (Hochreiter &
Schmidhuber, 1997), gates in Keras's order: input, forget, cell, output."""

from keras.src import backend
from keras.src import initializers
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.layers.rnn import cell_arguments as args
from keras.src.layers.rnn.dropout_rnn_cell import DropoutRNNCell
from keras.src.layers.rnn.rnn import RNN

_CELL_CONFIG = (
    "units", "activation", "recurrent_activation", "use_bias",
    "unit_forget_bias", *args.weight_config_names(), "dropout",
    "recurrent_dropout", "seed",
)


@keras_export("keras.layers.LSTMCell")
class LSTMCell(Layer, DropoutRNNCell):
    """The cell of `LSTM`: one step of

    ```
    z = x @ kernel + h_prev @ recurrent_kernel + bias
    i, f, g, o = split(z, 4)     # input, forget, cell, output
    c = ra(f) * c_prev + ra(i) * a(g)
    h = ra(o) * a(c)
    ```

    with `a` the activation and `ra` the recurrent activation.

    Args:
        units: the size of the output and of each state.
        activation: the activation (default `"tanh"`).
        recurrent_activation: the gates' activation (default
            `"sigmoid"`).
        use_bias: whether to add a bias.
        kernel_initializer: the initializer of `kernel` (inputs).
        recurrent_initializer: the initializer of `recurrent_kernel`.
        bias_initializer: the initializer of `bias`.
        unit_forget_bias: whether the forget gate's bias starts at 1
            (the rest from `bias_initializer`).
        kernel_regularizer: the regularizer of `kernel`.
        recurrent_regularizer: the regularizer of `recurrent_kernel`.
        bias_regularizer: the regularizer of `bias`.
        kernel_constraint: the constraint of `kernel`.
        recurrent_constraint: the constraint of `recurrent_kernel`.
        bias_constraint: the constraint of `bias`.
        dropout: the fraction of the inputs to drop in training.
        recurrent_dropout: the fraction of `h` to drop in the recurrent
            product.
        seed: an int, for reproducible dropout.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Call arguments:
        inputs: one step's inputs `(batch, features)`.
        states: `[h, c]`, each `(batch, units)`.
        training: whether dropout applies.

    Example:

    >>> cell = keras.layers.LSTMCell(4)
    >>> zeros = np.zeros((2, 4), "float32")
    >>> h, [h2, c] = cell(np.ones((2, 3), "float32"), [zeros, zeros])
    >>> h.shape, c.shape
    ((2, 4), (2, 4))
    """

    def __init__(self, units, activation="tanh",
                 recurrent_activation="sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform",
                 recurrent_initializer="orthogonal",
                 bias_initializer="zeros", unit_forget_bias=True,
                 kernel_regularizer=None, recurrent_regularizer=None,
                 bias_regularizer=None, kernel_constraint=None,
                 recurrent_constraint=None, bias_constraint=None,
                 dropout=0.0, recurrent_dropout=0.0, seed=None, **kwargs):
        super().__init__(**kwargs)
        args.set_cell_arguments(
            self, units, activation, use_bias, dropout, recurrent_dropout,
            seed, recurrent_activation=recurrent_activation,
            kernel_initializer=kernel_initializer,
            recurrent_initializer=recurrent_initializer,
            bias_initializer=bias_initializer,
            kernel_regularizer=kernel_regularizer,
            recurrent_regularizer=recurrent_regularizer,
            bias_regularizer=bias_regularizer,
            kernel_constraint=kernel_constraint,
            recurrent_constraint=recurrent_constraint,
            bias_constraint=bias_constraint,
        )
        self.unit_forget_bias = unit_forget_bias
        self.state_size = [self.units, self.units]
        self.output_size = self.units

    def build(self, input_shape):
        units = self.units
        self.kernel = self.add_weight(
            shape=(input_shape[-1], 4 * units), name="kernel",
            initializer=self.kernel_initializer,
            regularizer=self.kernel_regularizer,
            constraint=self.kernel_constraint,
        )
        self.recurrent_kernel = self.add_weight(
            shape=(units, 4 * units), name="recurrent_kernel",
            initializer=self.recurrent_initializer,
            regularizer=self.recurrent_regularizer,
            constraint=self.recurrent_constraint,
        )
        self.bias = None
        if self.use_bias:
            initializer = self.bias_initializer
            if self.unit_forget_bias:
                initializer = _ForgetBiasOne(self.bias_initializer, units)
            self.bias = self.add_weight(
                shape=(4 * units,), name="bias", initializer=initializer,
                regularizer=self.bias_regularizer,
                constraint=self.bias_constraint,
            )
        self.built = True

    def call(self, inputs, states, training=False):
        h_prev = ops.convert_to_tensor(states[0])
        c_prev = ops.convert_to_tensor(states[1])
        if training and self.dropout:
            inputs = inputs * self.get_dropout_mask(inputs)
        if training and self.recurrent_dropout:
            h_prev = h_prev * self.get_recurrent_dropout_mask(h_prev)
        z = ops.matmul(inputs, self.kernel)
        z = z + ops.matmul(h_prev, self.recurrent_kernel)
        if self.bias is not None:
            z = z + self.bias
        z_i, z_f, z_g, z_o = ops.split(z, 4, axis=-1)
        i = self.recurrent_activation(z_i)
        f = self.recurrent_activation(z_f)
        c = f * c_prev + i * self.activation(z_g)
        h = self.recurrent_activation(z_o) * self.activation(c)
        return h, [h, c]

    def get_initial_state(self, batch_size=None):
        """`[h, c]`, zeros of shape `(batch_size, units)`."""
        return [
            ops.zeros((batch_size, self.units), dtype=self.compute_dtype)
            for _ in range(2)
        ]

    def get_config(self):
        config = super().get_config()
        config.update(args.cell_config(self, *_CELL_CONFIG))
        return config


class _ForgetBiasOne:
    """A bias initializer: `bias_initializer` everywhere but the forget
    gate's block, which is ones."""

    def __init__(self, bias_initializer, units):
        self.bias_initializer = bias_initializer
        self.units = units

    def __call__(self, shape, dtype=None):
        units = self.units
        ones = initializers.get("ones")
        return ops.concatenate([
            self.bias_initializer((units,), dtype=dtype),
            ones((units,), dtype=dtype),
            self.bias_initializer((2 * units,), dtype=dtype),
        ])


@keras_export("keras.layers.LSTM")
class LSTM(RNN):
    """Long short-term memory layer (Hochreiter & Schmidhuber, 1997).

    Runs an `LSTMCell` over the sequence. On PyTorch, with the default
    activations, no mask, no recurrent dropout and `unroll=False`, it uses
    torch's fused LSTM kernel (eagerly and in compiled steps); elsewhere
    it loops over the cell with the backend's loop.

    Args:
        units: the size of the output, a positive integer.
        activation: the activation (default `"tanh"`).
        recurrent_activation: the gates' activation (default
            `"sigmoid"`).
        use_bias: whether to add a bias.
        kernel_initializer: the initializer of `kernel` (inputs).
        recurrent_initializer: the initializer of `recurrent_kernel`.
        bias_initializer: the initializer of `bias`.
        unit_forget_bias: whether the forget gate's bias starts at 1.
        kernel_regularizer: the regularizer of `kernel`.
        recurrent_regularizer: the regularizer of `recurrent_kernel`.
        bias_regularizer: the regularizer of `bias`.
        activity_regularizer: the regularizer of the layer's output.
        kernel_constraint: the constraint of `kernel`.
        recurrent_constraint: the constraint of `recurrent_kernel`.
        bias_constraint: the constraint of `bias`.
        dropout: the fraction of the inputs to drop in training.
        recurrent_dropout: the fraction of `h` to drop in the recurrent
            product.
        seed: an int, for reproducible dropout.
        return_sequences: whether to return every step's output.
        return_state: whether to return `h` and `c` after the output.
        go_backwards: whether to process the sequence from its end.
        stateful: whether each batch continues the previous batch's
            states.
        unroll: whether to loop in Python instead of the backend's loop.
        use_cudnn: `"auto"` (use a fused kernel where one applies),
            `True` (require one: a `ValueError` where none applies) or
            `False` (never).
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Call arguments:
        sequences: a tensor `(batch, time, features)`.
        initial_state: `[h, c]` (default: zeros).
        mask: a boolean `(batch, time)` tensor of the steps to use.
        training: whether dropout applies.

    Example:

    >>> layer = keras.layers.LSTM(4, return_sequences=True)
    >>> layer(np.ones((2, 5, 3), "float32")).shape
    (2, 5, 4)
    """

    def __init__(self, units, activation="tanh",
                 recurrent_activation="sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform",
                 recurrent_initializer="orthogonal",
                 bias_initializer="zeros", unit_forget_bias=True,
                 kernel_regularizer=None, recurrent_regularizer=None,
                 bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, recurrent_constraint=None,
                 bias_constraint=None, dropout=0.0, recurrent_dropout=0.0,
                 seed=None, return_sequences=False, return_state=False,
                 go_backwards=False, stateful=False, unroll=False,
                 use_cudnn="auto", **kwargs):
        cell = LSTMCell(
            units, activation=activation,
            recurrent_activation=recurrent_activation, use_bias=use_bias,
            kernel_initializer=kernel_initializer,
            recurrent_initializer=recurrent_initializer,
            bias_initializer=bias_initializer,
            unit_forget_bias=unit_forget_bias,
            kernel_regularizer=kernel_regularizer,
            recurrent_regularizer=recurrent_regularizer,
            bias_regularizer=bias_regularizer,
            kernel_constraint=kernel_constraint,
            recurrent_constraint=recurrent_constraint,
            bias_constraint=bias_constraint, dropout=dropout,
            recurrent_dropout=recurrent_dropout, seed=seed,
            dtype=kwargs.get("dtype"),
            trainable=kwargs.get("trainable", True), name="lstm_cell",
        )
        super().__init__(
            cell, return_sequences=return_sequences,
            return_state=return_state, go_backwards=go_backwards,
            stateful=stateful, unroll=unroll,
            activity_regularizer=activity_regularizer, **kwargs,
        )
        self.input_spec = InputSpec(ndim=3)
        self.use_cudnn = args.check_use_cudnn(use_cudnn)

    def inner_loop(self, sequences, initial_state, mask, training=False):
        if self.use_cudnn in ("auto", True):
            cell = self.cell
            if (not cell.recurrent_dropout and mask is None
                    and backend.cudnn_ok(
                        cell.activation, cell.recurrent_activation,
                        self.unroll, cell.use_bias)):
                if training and cell.dropout:
                    mask_x = cell.get_dropout_mask(sequences[:, 0])
                    sequences = sequences * ops.expand_dims(mask_x, 1)
                weights = args.compute_weights(cell, sequences.dtype)
                return backend.lstm(
                    sequences, initial_state[0], initial_state[1], None,
                    *weights,
                    cell.activation, cell.recurrent_activation,
                    return_sequences=self.return_sequences,
                    go_backwards=self.go_backwards, unroll=self.unroll,
                )
            if self.use_cudnn is True:
                raise args.no_fused_kernel_error()
        return super().inner_loop(
            sequences, initial_state, mask, training=training)

    units = args.cell_property("units")
    activation = args.cell_property("activation")
    recurrent_activation = args.cell_property("recurrent_activation")
    use_bias = args.cell_property("use_bias")
    unit_forget_bias = args.cell_property("unit_forget_bias")
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
        names = args.weight_config_names(with_activity_regularizer=True)
        # Keras lists `unit_forget_bias` after the initializers.
        names.insert(3, "unit_forget_bias")
        config.update(args.cell_config(
            self, "units", "activation", "recurrent_activation", "use_bias",
            *names, "dropout", "recurrent_dropout",
        ))
        config["seed"] = self.cell.seed
        return config

    @classmethod
    def from_config(cls, config):
        return cls(**config)
