"""Recurrent loops on PyTorch.

`rnn` is the shared recurrence of `keras/src/backend/common/rnn.py` over
a Python loop on the time axis: it runs eagerly and inside the captured
`jit_compile=True` step (`step_capture.py` traces it with `make_fx` into
one unrolled graph; nothing branches on tensor values).

`lstm` and `gru` use torch's fused kernels (`torch.lstm`/`torch.gru`,
what `torch.nn.LSTM`/`torch.nn.GRU` call) when `cudnn_ok` holds and no
mask is given: the kernels run every step to the end, so a mask (whose
padding could only be inspected by reading it on the host, a graph
break) sends them to the shared maths instead. Keras's weights map onto
torch's as: `weight_ih = kernel.T`, `weight_hh = recurrent_kernel.T`;
LSTM gates (input, forget, cell, output) are in the same order; GRU gates
are reordered from Keras's (update, reset, candidate) to torch's (reset,
update, new), and only `reset_after=True` matches torch's GRU.
"""

import torch

from keras.src.backend.common import rnn as common
from keras.src.backend.torch import core
from keras.src.backend.torch import numpy as xnp
from keras.src.backend.torch.core import unstack  # noqa: F401


def rnn(step_function, inputs, initial_states, go_backwards=False,
        mask=None, constants=None, unroll=False, input_length=None,
        time_major=False, zero_output_for_mask=False,
        return_all_outputs=True):
    """Runs `step_function` over the time axis of `inputs`; see
    `keras.src.backend.common.rnn.rnn`. Returns
    `(last_output, outputs, new_states)`."""
    return common.rnn(
        core.scan, xnp, core.convert_to_tensor, step_function, inputs,
        initial_states,
        go_backwards=go_backwards, mask=mask, constants=constants,
        unroll=unroll, input_length=input_length, time_major=time_major,
        zero_output_for_mask=zero_output_for_mask,
        return_all_outputs=return_all_outputs,
    )


def cudnn_ok(activation, recurrent_activation, unroll, use_bias=True):
    """Whether torch's fused LSTM/GRU kernel computes this configuration:
    tanh and sigmoid activations, not unrolled (with or without bias)."""
    del use_bias
    return (not unroll) and common.is_default_activations(
        activation, recurrent_activation
    )


def lstm(inputs, initial_state_h, initial_state_c, mask, kernel,
         recurrent_kernel, bias, activation, recurrent_activation,
         return_sequences=False, go_backwards=False, unroll=False):
    """An LSTM layer's recurrence; returns
    `(last_output, outputs, [h, c])`. Fused when `cudnn_ok` and no mask."""
    inputs, h, c, kernel, recurrent_kernel, bias = _tensors(
        inputs, initial_state_h, initial_state_c, kernel, recurrent_kernel,
        bias,
    )
    if mask is not None or not cudnn_ok(
            activation, recurrent_activation, unroll):
        return common.lstm(
            rnn, xnp, inputs, h, c, mask, kernel, recurrent_kernel, bias,
            activation, recurrent_activation,
            return_sequences=return_sequences, go_backwards=go_backwards,
            unroll=unroll,
        )
    if go_backwards:
        inputs = torch.flip(inputs, (1,))
    params = [kernel.T, recurrent_kernel.T]
    if bias is not None:
        params += [bias, torch.zeros_like(bias)]
    outputs, h, c = torch.lstm(
        inputs, (h[None], c[None]), params, bias is not None, 1, 0.0,
        False, False, True,
    )
    h, c = h[0], c[0]
    return outputs[:, -1], outputs, [h, c]


def gru(inputs, initial_state, mask, kernel, recurrent_kernel, bias,
        activation, recurrent_activation, return_sequences=False,
        go_backwards=False, unroll=False, reset_after=True):
    """A GRU layer's recurrence; returns `(last_output, outputs, [h])`.
    Fused when `cudnn_ok`, `reset_after` and no mask."""
    inputs, h, kernel, recurrent_kernel, bias = _tensors(
        inputs, initial_state, kernel, recurrent_kernel, bias
    )
    if mask is not None or not reset_after or not cudnn_ok(
            activation, recurrent_activation, unroll):
        return common.gru(
            rnn, xnp, inputs, h, mask, kernel, recurrent_kernel, bias,
            activation, recurrent_activation,
            return_sequences=return_sequences, go_backwards=go_backwards,
            unroll=unroll, reset_after=reset_after,
        )
    if go_backwards:
        inputs = torch.flip(inputs, (1,))
    params = [_gru_order(kernel, -1).T, _gru_order(recurrent_kernel, -1).T]
    if bias is not None:
        params += [_gru_order(bias[0], -1), _gru_order(bias[1], -1)]
    outputs, h = torch.gru(
        inputs, h[None], params, bias is not None, 1, 0.0, False, False,
        True,
    )
    return outputs[:, -1], outputs, [h[0]]


def _gru_order(x, axis):
    """Keras's GRU blocks (update, reset, candidate) in torch's order
    (reset, update, new)."""
    z, r, n = torch.chunk(x, 3, dim=axis)
    return torch.cat([r, z, n], dim=axis)


def _tensors(*values):
    return [None if v is None else core.convert_to_tensor(v)
            for v in values]
