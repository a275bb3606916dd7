"""Recurrent loops on JAX: the shared recurrence of
`keras/src/backend/common/rnn.py`.

Inside a trace (`jax.jit`, the compiled train step) the loop is
`jax.lax.scan`: one compiled body whatever the length. Eagerly it is a
Python loop: an eager `lax.scan` traces and compiles its body on every
call (~1 s per call of a small LSTM on 2 CPU cores, measured), while
dispatching a few ops per step costs microseconds.

No fused recurrent kernel is used on this backend (`cudnn_ok` is False):
`lstm` and `gru` compute the layers' maths with the input projection of
every step done in one matmul before the loop; `bidirectional_lstm` and
`bidirectional_gru` run both directions in one loop.
"""

import jax

from keras.src import tree
from keras.src.backend.common import rnn as common
from keras.src.backend.jax import core
from keras.src.backend.jax import numpy as xnp
from keras.src.backend.jax.core import unstack  # noqa: F401


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
    if any(isinstance(x, jax.core.Tracer) for x in tree.flatten(xs)):
        return core.scan(f, init, xs)
    return common.python_scan(xnp, f, init, xs)


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
