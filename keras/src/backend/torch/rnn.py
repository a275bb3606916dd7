"""Recurrent loops on PyTorch.

`rnn` is the shared recurrence of `keras/src/backend/common/rnn.py` over
a Python loop on the time axis: it runs eagerly and inside the captured
`jit_compile=True` step (`step_capture.py` traces it with `make_fx` into
one unrolled graph; nothing branches on tensor values).

`lstm` and `gru` use torch's fused kernels (`torch.lstm`/`torch.gru`,
what `torch.nn.LSTM`/`torch.nn.GRU` call) when `cudnn_ok` holds and no
mask is given: the kernels run every step to the end, so a mask (whose
padding could only be inspected by reading it on the host, a graph
break) sends them to the shared maths instead. Inside a captured step the
kernels stay single calls (`fused_rnn.py`) rather than unrolling into the
graph. Keras's weights map onto
torch's as: `weight_ih = kernel.T`, `weight_hh = recurrent_kernel.T`;
LSTM gates (input, forget, cell, output) are in the same order; GRU gates
are reordered from Keras's (update, reset, candidate) to torch's (reset,
update, new), and only `reset_after=True` matches torch's GRU.

On CPU, where gradients are recorded, a GRU runs `fused_gru.py` instead
of `torch.gru`: the same recurrence written out in half the calls per
step, with a backward of three calls per step (eager and captured; the
captured GRU(128) step of `benchmarks/rnn_speed.py` went from 1.17x to
~0.65x the eager one's CPU time). Without gradients (prediction, export)
it keeps `torch.gru`, which `export.py` knows how to decompose, and on
CUDA cuDNN's kernel.

`bidirectional_lstm`/`bidirectional_gru` make ONE call of the same
kernels with `bidirectional=True` (what `nn.LSTM(bidirectional=True)`
calls) under the same conditions (a GRU with gradients: one `fused_gru`
call per direction); otherwise they run both directions in one loop of
the shared maths.
"""

import torch

from keras.src.backend.common import rnn as common
from keras.src.backend.torch import core
from keras.src.backend.torch import fused_gru
from keras.src.backend.torch import fused_rnn
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
    outputs, h, c = fused_rnn.run(
        "lstm", inputs, [h[None], c[None]], params, bias is not None, False
    )
    h, c = h[0], c[0]
    # The last output is the last state: taking it from `h` leaves
    # `outputs` without a gradient when only the last output is used.
    return h, outputs, [h, c]


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
    if _written_out_gru(inputs):
        outputs, h = fused_gru.gru(inputs, h, kernel, recurrent_kernel, bias)
        # The last output is the last state (see `lstm`).
        return h, outputs, [h]
    params = [_gru_order(kernel, -1).T, _gru_order(recurrent_kernel, -1).T]
    if bias is not None:
        params += [_gru_order(bias[0], -1), _gru_order(bias[1], -1)]
    outputs, h = fused_rnn.run(
        "gru", inputs, [h[None]], params, bias is not None, False
    )
    return h[0], outputs, [h[0]]


def bidirectional_lstm(inputs, fwd_initial_state_h, fwd_initial_state_c,
                       bwd_initial_state_h, bwd_initial_state_c, mask,
                       fwd_kernel, fwd_recurrent_kernel, fwd_bias,
                       bwd_kernel, bwd_recurrent_kernel, bwd_bias,
                       activation, recurrent_activation,
                       return_sequences=False, unroll=False):
    """Both directions of a bidirectional LSTM; returns `(fwd_last,
    bwd_last, fwd_outputs, bwd_outputs, [fwd_h, fwd_c], [bwd_h, bwd_c])`,
    the backward outputs in forward time order. One
    `torch.lstm(..., bidirectional=True)` call when `cudnn_ok`, no mask
    and both directions have the same units; else both directions in
    one loop of the shared maths."""
    tensors = _tensors(
        inputs, fwd_initial_state_h, fwd_initial_state_c,
        bwd_initial_state_h, bwd_initial_state_c, mask, fwd_kernel,
        fwd_recurrent_kernel, fwd_bias, bwd_kernel, bwd_recurrent_kernel,
        bwd_bias,
    )
    (inputs, fwd_h, fwd_c, bwd_h, bwd_c, mask, fwd_kernel,
     fwd_recurrent_kernel, fwd_bias, bwd_kernel, bwd_recurrent_kernel,
     bwd_bias) = tensors
    if not _fused_bidirectional(mask, activation, recurrent_activation,
                                unroll, fwd_recurrent_kernel,
                                bwd_recurrent_kernel):
        return common.bidirectional_lstm(
            rnn, xnp, *tensors, activation, recurrent_activation,
            return_sequences=return_sequences, unroll=unroll,
        )
    fwd_bias, bwd_bias, has_bias = _both_biases(fwd_bias, bwd_bias)
    params = [fwd_kernel.T, fwd_recurrent_kernel.T]
    if has_bias:
        params += [fwd_bias, torch.zeros_like(fwd_bias)]
    params += [bwd_kernel.T, bwd_recurrent_kernel.T]
    if has_bias:
        params += [bwd_bias, torch.zeros_like(bwd_bias)]
    # torch stacks the directions' states on axis 0 and concatenates
    # their outputs on the last axis, both already in input time order.
    outputs, h, c = fused_rnn.run(
        "lstm", inputs, [torch.stack([fwd_h, bwd_h]),
                         torch.stack([fwd_c, bwd_c])], params, has_bias, True
    )
    fwd_outputs, bwd_outputs = torch.chunk(outputs, 2, dim=-1)
    # Each direction's last output is its last state (see `lstm`).
    return (h[0], h[1], fwd_outputs, bwd_outputs, [h[0], c[0]],
            [h[1], c[1]])


def bidirectional_gru(inputs, fwd_initial_state, bwd_initial_state, mask,
                      fwd_kernel, fwd_recurrent_kernel, fwd_bias,
                      bwd_kernel, bwd_recurrent_kernel, bwd_bias,
                      activation, recurrent_activation,
                      return_sequences=False, unroll=False,
                      reset_after=True):
    """Both directions of a bidirectional GRU; returns `(fwd_last,
    bwd_last, fwd_outputs, bwd_outputs, [fwd_h], [bwd_h])`, the backward
    outputs in forward time order. One `torch.gru(...,
    bidirectional=True)` call when `cudnn_ok`, `reset_after`, no mask and
    both directions have the same units; else both directions in one
    loop of the shared maths."""
    tensors = _tensors(
        inputs, fwd_initial_state, bwd_initial_state, mask, fwd_kernel,
        fwd_recurrent_kernel, fwd_bias, bwd_kernel, bwd_recurrent_kernel,
        bwd_bias,
    )
    (inputs, fwd_h, bwd_h, mask, fwd_kernel, fwd_recurrent_kernel,
     fwd_bias, bwd_kernel, bwd_recurrent_kernel, bwd_bias) = tensors
    if not reset_after or not _fused_bidirectional(
            mask, activation, recurrent_activation, unroll,
            fwd_recurrent_kernel, bwd_recurrent_kernel):
        return common.bidirectional_gru(
            rnn, xnp, *tensors, activation, recurrent_activation,
            return_sequences=return_sequences, unroll=unroll,
            reset_after=reset_after,
        )
    if _written_out_gru(inputs):
        fwd_outputs, fwd_h = fused_gru.gru(inputs, fwd_h, fwd_kernel,
                                           fwd_recurrent_kernel, fwd_bias)
        bwd_outputs, bwd_h = fused_gru.gru(
            torch.flip(inputs, (1,)), bwd_h, bwd_kernel,
            bwd_recurrent_kernel, bwd_bias)
        bwd_outputs = torch.flip(bwd_outputs, (1,))
        # Each direction's last output is its last state (see `lstm`).
        return (fwd_h, bwd_h, fwd_outputs, bwd_outputs, [fwd_h], [bwd_h])
    fwd_bias, bwd_bias, has_bias = _both_biases(fwd_bias, bwd_bias)
    params = []
    for kernel, recurrent_kernel, bias in (
            (fwd_kernel, fwd_recurrent_kernel, fwd_bias),
            (bwd_kernel, bwd_recurrent_kernel, bwd_bias)):
        params += [_gru_order(kernel, -1).T,
                   _gru_order(recurrent_kernel, -1).T]
        if has_bias:
            params += [_gru_order(bias[0], -1), _gru_order(bias[1], -1)]
    outputs, h = fused_rnn.run(
        "gru", inputs, [torch.stack([fwd_h, bwd_h])], params, has_bias, True
    )
    fwd_outputs, bwd_outputs = torch.chunk(outputs, 2, dim=-1)
    return (h[0], h[1], fwd_outputs, bwd_outputs, [h[0]], [h[1]])


def _fused_bidirectional(mask, activation, recurrent_activation, unroll,
                         fwd_recurrent_kernel, bwd_recurrent_kernel):
    # torch's bidirectional kernels give both directions one hidden size.
    return (mask is None
            and cudnn_ok(activation, recurrent_activation, unroll)
            and fwd_recurrent_kernel.shape == bwd_recurrent_kernel.shape)


def _written_out_gru(inputs):
    """Whether a GRU runs `fused_gru.py` rather than `torch.gru`: with
    gradients on CPU, where `torch.gru` is composite. CUDA's `torch.gru`
    is cuDNN's kernel, and prediction and export keep torch's kernel."""
    return torch.is_grad_enabled() and inputs.device.type == "cpu"


def _both_biases(fwd_bias, bwd_bias):
    """Both directions' biases, zeros standing for a missing one (torch's
    kernel takes biases for both or neither)."""
    if fwd_bias is None and bwd_bias is None:
        return None, None, False
    if fwd_bias is None:
        fwd_bias = torch.zeros_like(bwd_bias)
    if bwd_bias is None:
        bwd_bias = torch.zeros_like(fwd_bias)
    return fwd_bias, bwd_bias, True


def _gru_order(x, axis):
    """Keras's GRU blocks (update, reset, candidate) in torch's order
    (reset, update, new)."""
    z, r, n = torch.chunk(x, 3, dim=axis)
    return torch.cat([r, z, n], dim=axis)


def _tensors(*values):
    return [None if v is None else core.convert_to_tensor(v)
            for v in values]
