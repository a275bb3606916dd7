"""`GRUCell` and `GRU`: the gated recurrent unit (Cho et al., 2014),
gates in Keras's order: update, reset, candidate."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.layers.rnn import cell_arguments as args
from keras.src.layers.rnn.dropout_rnn_cell import DropoutRNNCell
from keras.src.layers.rnn.rnn import RNN

_CELL_CONFIG = (
    "units", "activation", "recurrent_activation", "use_bias",
    *args.weight_config_names(), "dropout", "recurrent_dropout",
    "reset_after", "seed",
)


@keras_export("keras.layers.GRUCell")
class GRUCell(Layer, DropoutRNNCell):
    """The cell of `GRU`: one step of

    ```
    z = ra(x @ W_z + h_prev @ U_z + b_z)              # update gate
    r = ra(x @ W_r + h_prev @ U_r + b_r)              # reset gate
    g = a(x @ W_h + r * (h_prev @ U_h + b'_h) + b_h)  # reset_after=True
    g = a(x @ W_h + (r * h_prev) @ U_h + b_h)         # reset_after=False
    h = z * h_prev + (1 - z) * g
    ```

    with `a` the activation and `ra` the recurrent activation. With
    `reset_after=True` (the default, cuDNN's and torch's variant) the
    bias has shape `(2, 3 * units)`: input and recurrent biases.

    Args:
        units: the size of the output and state.
        activation: the activation (default `"tanh"`).
        recurrent_activation: the gates' activation (default
            `"sigmoid"`).
        use_bias: whether to add biases.
        kernel_initializer: the initializer of `kernel` (inputs).
        recurrent_initializer: the initializer of `recurrent_kernel`.
        bias_initializer: the initializer of `bias`.
        kernel_regularizer: the regularizer of `kernel`.
        recurrent_regularizer: the regularizer of `recurrent_kernel`.
        bias_regularizer: the regularizer of `bias`.
        kernel_constraint: the constraint of `kernel`.
        recurrent_constraint: the constraint of `recurrent_kernel`.
        bias_constraint: the constraint of `bias`.
        dropout: the fraction of the inputs to drop in training.
        recurrent_dropout: the fraction of the state to drop in the
            recurrent product.
        reset_after: whether the reset gate applies after the recurrent
            product (True) or before it (False).
        seed: an int, for reproducible dropout.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Call arguments:
        inputs: one step's inputs `(batch, features)`.
        states: the previous state `(batch, units)`, alone or in a list.
        training: whether dropout applies.

    Example:

    >>> cell = keras.layers.GRUCell(4)
    >>> h, [state] = cell(np.ones((2, 3), "float32"),
    ...                   [np.zeros((2, 4), "float32")])
    >>> h.shape
    (2, 4)
    """

    def __init__(self, units, activation="tanh",
                 recurrent_activation="sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform",
                 recurrent_initializer="orthogonal",
                 bias_initializer="zeros", kernel_regularizer=None,
                 recurrent_regularizer=None, bias_regularizer=None,
                 kernel_constraint=None, recurrent_constraint=None,
                 bias_constraint=None, dropout=0.0, recurrent_dropout=0.0,
                 reset_after=True, seed=None, **kwargs):
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
        self.reset_after = reset_after
        self.state_size = self.units
        self.output_size = self.units

    def build(self, input_shape):
        units = self.units
        self.kernel = self.add_weight(
            shape=(input_shape[-1], 3 * units), name="kernel",
            initializer=self.kernel_initializer,
            regularizer=self.kernel_regularizer,
            constraint=self.kernel_constraint,
        )
        self.recurrent_kernel = self.add_weight(
            shape=(units, 3 * units), name="recurrent_kernel",
            initializer=self.recurrent_initializer,
            regularizer=self.recurrent_regularizer,
            constraint=self.recurrent_constraint,
        )
        self.bias = None
        if self.use_bias:
            shape = (2, 3 * units) if self.reset_after else (3 * units,)
            self.bias = self.add_weight(
                shape=shape, name="bias",
                initializer=self.bias_initializer,
                regularizer=self.bias_regularizer,
                constraint=self.bias_constraint,
            )
        self.built = True

    def call(self, inputs, states, training=False):
        nested = isinstance(states, (list, tuple))
        # States given as NumPy arrays (a cell called directly) become
        # tensors; only the first argument is converted by `Layer`.
        h_prev = ops.convert_to_tensor(states[0] if nested else states)
        h_rec = h_prev
        if training and self.dropout:
            inputs = inputs * self.get_dropout_mask(inputs)
        if training and self.recurrent_dropout:
            h_rec = h_prev * self.get_recurrent_dropout_mask(h_prev)
        units = self.units
        input_bias = recurrent_bias = None
        if self.bias is not None:
            if self.reset_after:
                input_bias, recurrent_bias = self.bias[0], self.bias[1]
            else:
                input_bias = self.bias
        x = ops.matmul(inputs, self.kernel)
        if input_bias is not None:
            x = x + input_bias
        x_z, x_r, x_h = ops.split(x, 3, axis=-1)
        kernel = self.recurrent_kernel
        if self.reset_after:
            inner = ops.matmul(h_rec, kernel)
            if recurrent_bias is not None:
                inner = inner + recurrent_bias
            r_z, r_r, r_h = ops.split(inner, 3, axis=-1)
            z = self.recurrent_activation(x_z + r_z)
            r = self.recurrent_activation(x_r + r_r)
            candidate = self.activation(x_h + r * r_h)
        else:
            gates = ops.matmul(h_rec, kernel[:, : 2 * units])
            r_z, r_r = ops.split(gates, 2, axis=-1)
            z = self.recurrent_activation(x_z + r_z)
            r = self.recurrent_activation(x_r + r_r)
            candidate = self.activation(
                x_h + ops.matmul(r * h_rec, kernel[:, 2 * units:])
            )
        h = z * h_prev + (1 - z) * candidate
        return h, ([h] if nested else h)

    def get_initial_state(self, batch_size=None):
        """Zeros of shape `(batch_size, units)`, in a list."""
        return [ops.zeros((batch_size, self.units), dtype=self.compute_dtype)]

    def get_config(self):
        config = super().get_config()
        config.update(args.cell_config(self, *_CELL_CONFIG))
        return config


@keras_export("keras.layers.GRU")
class GRU(RNN):
    """Gated recurrent unit layer (Cho et al., 2014).

    Runs a `GRUCell` over the sequence. On PyTorch, with the default
    activations, `reset_after=True`, no mask, no recurrent dropout and
    `unroll=False`, it uses torch's fused GRU kernel (eagerly and in
    compiled steps); elsewhere it loops over the cell with the backend's
    loop.

    Args:
        units: the size of the output, a positive integer.
        activation: the activation (default `"tanh"`).
        recurrent_activation: the gates' activation (default
            `"sigmoid"`).
        use_bias: whether to add biases.
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
        seed: an int, for reproducible dropout.
        return_sequences: whether to return every step's output.
        return_state: whether to return the final state after the output.
        go_backwards: whether to process the sequence from its end.
        stateful: whether each batch continues the previous batch's
            states.
        unroll: whether to loop in Python instead of the backend's loop.
        reset_after: whether the reset gate applies after the recurrent
            product (True, torch's and cuDNN's variant) or before it.
        use_cudnn: `"auto"` (use a fused kernel where one applies),
            `True` (require one: a `ValueError` where none applies) or
            `False` (never).
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Call arguments:
        sequences: a tensor `(batch, time, features)`.
        initial_state: the initial state (default: zeros).
        mask: a boolean `(batch, time)` tensor of the steps to use.
        training: whether dropout applies.

    Example:

    >>> layer = keras.layers.GRU(4)
    >>> layer(np.ones((2, 5, 3), "float32")).shape
    (2, 4)
    """

    def __init__(self, units, activation="tanh",
                 recurrent_activation="sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform",
                 recurrent_initializer="orthogonal",
                 bias_initializer="zeros", kernel_regularizer=None,
                 recurrent_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None,
                 recurrent_constraint=None, bias_constraint=None,
                 dropout=0.0, recurrent_dropout=0.0, seed=None,
                 return_sequences=False, return_state=False,
                 go_backwards=False, stateful=False, unroll=False,
                 reset_after=True, use_cudnn="auto", **kwargs):
        cell = GRUCell(
            units, activation=activation,
            recurrent_activation=recurrent_activation, use_bias=use_bias,
            kernel_initializer=kernel_initializer,
            recurrent_initializer=recurrent_initializer,
            bias_initializer=bias_initializer,
            kernel_regularizer=kernel_regularizer,
            recurrent_regularizer=recurrent_regularizer,
            bias_regularizer=bias_regularizer,
            kernel_constraint=kernel_constraint,
            recurrent_constraint=recurrent_constraint,
            bias_constraint=bias_constraint, dropout=dropout,
            recurrent_dropout=recurrent_dropout, reset_after=reset_after,
            seed=seed, dtype=kwargs.get("dtype"),
            trainable=kwargs.get("trainable", True), name="gru_cell",
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
                    and cell.reset_after
                    and backend.cudnn_ok(
                        cell.activation, cell.recurrent_activation,
                        self.unroll, cell.use_bias)):
                if training and cell.dropout:
                    mask_x = cell.get_dropout_mask(sequences[:, 0])
                    sequences = sequences * ops.expand_dims(mask_x, 1)
                weights = args.compute_weights(cell, sequences.dtype)
                return backend.gru(
                    sequences, initial_state[0], None, *weights,
                    cell.activation, cell.recurrent_activation,
                    return_sequences=self.return_sequences,
                    go_backwards=self.go_backwards, unroll=self.unroll,
                    reset_after=True,
                )
            if self.use_cudnn is True:
                raise args.no_fused_kernel_error()
        return super().inner_loop(
            sequences, initial_state, mask, training=training)

    units = args.cell_property("units")
    activation = args.cell_property("activation")
    recurrent_activation = args.cell_property("recurrent_activation")
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
    reset_after = args.cell_property("reset_after")

    def get_config(self):
        config = super().get_config()
        del config["cell"]
        config.update(args.cell_config(
            self, "units", "activation", "recurrent_activation", "use_bias",
            *args.weight_config_names(with_activity_regularizer=True),
            "dropout", "recurrent_dropout", "reset_after",
        ))
        config["seed"] = self.cell.seed
        return config

    @classmethod
    def from_config(cls, config):
        return cls(**config)
