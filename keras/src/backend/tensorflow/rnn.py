"""Recurrent loops on TensorFlow: the shared recurrence of
`keras/src/backend/common/rnn.py` over a `tf.while_loop` (compiles under XLA).

No fused recurrent kernel is used on this backend (`cudnn_ok` is False):
`lstm` and `gru` compute the layers' maths with the input projection of
every step done in one matmul before the loop; `bidirectional_lstm` and
`bidirectional_gru` run both directions in one loop.
"""

import tensorflow as tf

from keras.src import tree
from keras.src.backend.common import rnn as common
from keras.src.backend.tensorflow import core
from keras.src.backend.tensorflow import numpy as xnp
from keras.src.backend.tensorflow.core import unstack  # noqa: F401


def rnn(step_function, inputs, initial_states, go_backwards=False,
        mask=None, constants=None, unroll=False, input_length=None,
        time_major=False, zero_output_for_mask=False,
        return_all_outputs=True):
    """Runs `step_function` over the time axis of `inputs`; see
    `keras.src.backend.common.rnn.rnn`. Returns
    `(last_output, outputs, new_states)`."""
    return common.rnn(
        _scan, xnp, core.convert_to_tensor, step_function, inputs,
        initial_states,
        go_backwards=go_backwards, mask=mask, constants=constants,
        unroll=unroll, input_length=input_length, time_major=time_major,
        zero_output_for_mask=zero_output_for_mask,
        return_all_outputs=return_all_outputs,
    )


def _scan(f, init, xs):
    """`carry, y = f(carry, x)` over the leading axis of `xs` in a
    `tf.while_loop`. `maximum_iterations` is set: XLA cannot compile the
    loop's gradient without it (its accumulators need a fixed size). The
    first step runs before the loop, to learn the outputs' structure."""
    flat = [tf.convert_to_tensor(x) for x in tree.flatten(xs)]
    length = flat[0].shape[0]
    if length is None:
        length = tf.shape(flat[0])[0]

    def step_input(i):
        return tree.pack_sequence_as(xs, [x[i] for x in flat])

    carry, y = f(init, step_input(0))
    carry = tree.pack_sequence_as(init, tree.flatten(carry))
    y_flat = [tf.convert_to_tensor(v) for v in tree.flatten(y)]
    arrays = [
        tf.TensorArray(v.dtype, size=length, element_shape=v.shape)
        .write(0, v) for v in y_flat
    ]

    def body(i, carry, arrays):
        new_carry, y = f(carry, step_input(i))
        new_carry = tree.pack_sequence_as(carry, tree.flatten(new_carry))
        arrays = [a.write(i, v) for a, v in zip(arrays, tree.flatten(y))]
        return i + 1, new_carry, arrays

    _, carry, arrays = tf.while_loop(
        lambda i, *_: i < length, body, (tf.constant(1), carry, arrays),
        maximum_iterations=length - 1,
    )
    return carry, tree.pack_sequence_as(y, [a.stack() for a in arrays])


def cudnn_ok(activation, recurrent_activation, unroll, use_bias=True):
    """Whether a fused recurrent kernel applies: never on this backend."""
    del activation, recurrent_activation, unroll, use_bias
    return False


def lstm(inputs, initial_state_h, initial_state_c, mask, kernel,
         recurrent_kernel, bias, activation, recurrent_activation,
         return_sequences=False, go_backwards=False, unroll=False):
    """An LSTM layer's recurrence; returns
    `(last_output, outputs, [h, c])`."""
    return common.lstm(
        rnn, xnp, *_tensors(inputs, initial_state_h, initial_state_c),
        mask, *_tensors(kernel, recurrent_kernel, bias), activation,
        recurrent_activation, return_sequences=return_sequences,
        go_backwards=go_backwards, unroll=unroll,
    )


def gru(inputs, initial_state, mask, kernel, recurrent_kernel, bias,
        activation, recurrent_activation, return_sequences=False,
        go_backwards=False, unroll=False, reset_after=True):
    """A GRU layer's recurrence; returns `(last_output, outputs, [h])`."""
    return common.gru(
        rnn, xnp, *_tensors(inputs, initial_state), mask,
        *_tensors(kernel, recurrent_kernel, bias), activation,
        recurrent_activation, return_sequences=return_sequences,
        go_backwards=go_backwards, unroll=unroll, reset_after=reset_after,
    )


bidirectional_lstm, bidirectional_gru = common.bidirectional_functions(
    rnn, xnp, core.convert_to_tensor
)


def _tensors(*values):
    return [None if v is None else core.convert_to_tensor(v)
            for v in values]
