"""`ConvLSTM1D`: a convolutional LSTM over sequences of 1D inputs."""

from keras.src.api_export import keras_export
from keras.src.layers.rnn.conv_lstm import ConvLSTM


@keras_export("keras.layers.ConvLSTM1D")
class ConvLSTM1D(ConvLSTM):
    """A 1D convolutional LSTM: an LSTM whose input and recurrent
    transformations are 1D convolutions, over a sequence.

    Inputs have shape `(batch, time, steps, channels)` with
    `"channels_last"` or `(batch, time, channels, steps)` with
    `"channels_first"` (static spatial dims). The states `h` and `c`
    have `filters` channels, the size of the input
    convolution's output. The gates are computed as in `LSTM`, with
    `conv(x_t, kernel) + conv(h_{t-1}, recurrent_kernel) + bias` in place
    of the matrix products (the recurrent convolution has stride 1 and
    `"same"` padding).

    Args:
        filters: the number of channels of the output, a positive
            integer.
        kernel_size: an int or a tuple of 1 int, the window's size.
        strides: an int or a tuple of 1 int, the input window's step.
        padding: `"valid"` or `"same"` (for the input convolution).
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        dilation_rate: an int or a tuple of 1 int, the spacing of the input
            window's taps (above 1, `strides` must be 1).
        activation: the activation of the candidate and output (default
            `"tanh"`).
        recurrent_activation: the activation of the gates (default
            `"sigmoid"`).
        use_bias: whether to add a bias.
        kernel_initializer: the initializer of `kernel`.
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
        recurrent_dropout: the fraction of the state to drop in the
            recurrent convolution, in training.
        seed: an int, for reproducible dropout.
        return_sequences: whether to return every step's output
            `(batch, time, ...)` or only the last.
        return_state: whether to return the final states `h` and `c`
            after the output.
        go_backwards: whether to process the sequence from its end.
        stateful: whether each batch continues the previous batch's
            states (needs a fixed batch size).
        **kwargs: `unroll`, `zero_output_for_mask`, and base layer
            arguments (`name`, `dtype`, ...).

    Call arguments:
        inputs: a 4D tensor.
        initial_state: optional list `[h, c]` of initial states.
        mask: optional boolean `(batch, time)` tensor of the steps to use.
        training: whether dropout applies.

    Example:

    >>> layer = keras.layers.ConvLSTM1D(4, 3, padding="same",
    ...                                 return_sequences=True)
    >>> layer(np.ones((2, 5, 8, 3), "float32")).shape
    (2, 5, 8, 4)
    """

    def __init__(
        self,
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
        activity_regularizer=None,
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
        super().__init__(
            rank=1,
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
            activity_regularizer=activity_regularizer,
            kernel_constraint=kernel_constraint,
            recurrent_constraint=recurrent_constraint,
            bias_constraint=bias_constraint,
            dropout=dropout,
            recurrent_dropout=recurrent_dropout,
            seed=seed,
            return_sequences=return_sequences,
            return_state=return_state,
            go_backwards=go_backwards,
            stateful=stateful,
            **kwargs,
        )
