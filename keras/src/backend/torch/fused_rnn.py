"""torch's fused LSTM/GRU kernels, kept whole inside captured steps.

On CPU `torch.lstm`/`torch.gru` are composite: traced by `make_fx` (the
`jit_compile=True` step, `step_capture.py`) they unroll into a few ops per
time step, forward and backward, and Inductor then compiles thousands of
nodes (minutes for 200 steps) into code no faster than the eager kernel.
Inside a capture, `run` calls them through two custom ops instead, which
the graph keeps as single calls: `keras::fused_rnn` runs the eager kernel
with autograd on and keeps its autograd graph (the "tape") under a key it
returns; `keras::fused_rnn_backward` takes that key and the output
gradients and runs the tape's backward, from the results that received a
gradient to the leaves that need one only (not the data, nor a sequence
output nobody reads: what `loss.backward()` on `nn.GRU` computes). So a
captured step costs what the eager kernel costs, and compile time no
longer grows with the sequence.
Without gradients (evaluation, prediction) `keras::fused_rnn_inference`
runs the kernel and keeps nothing. A GRU trained on CPU runs
`fused_gru.py` instead (a backward without the tape, 0.7x the CPU time).

Example (what `backend/torch/rnn.py` does):

```python
outputs, h, c = run("lstm", inputs, [h0, c0], params, True, False)
```
"""

import contextlib
import itertools

import torch

from keras.src.backend.torch.core import is_capturing

# Tapes of forward calls whose backward has not run yet, by key. A
# captured train step runs each forward and then its backward, so this
# holds at most the tapes of the step in flight.
_TAPES = {}
_KEYS = itertools.count()
_AUTOGRAD_KEYS = (
    torch._C.DispatchKey.AutogradFunctionality,
    torch._C.DispatchKey.AutogradOther,
    torch._C.DispatchKey.AutogradNestedTensor,
    torch._C.DispatchKey.ADInplaceOrView,
)


@contextlib.contextmanager
def _autograd_on():
    """Autograd inside a custom op's body, which the dispatcher runs with
    the autograd keys excluded (`enable_grad` alone does not undo that;
    a worker thread did, but ran the kernel 3-4x slower)."""
    excluded = torch._C._dispatch_tls_local_exclude_set()
    for key in _AUTOGRAD_KEYS:
        excluded = excluded.remove(key)
    included = torch._C._dispatch_tls_local_include_set()
    with torch._C._ForceDispatchKeyGuard(included, excluded):
        with torch.enable_grad():
            yield


def run(kind, inputs, states, params, has_bias, bidirectional):
    """`torch.lstm` (`kind="lstm"`, `states=[h, c]`) or `torch.gru`
    (`states=[h]`), batch first; returns `[outputs, *new_states]`."""
    if not is_capturing():
        return _kernel(kind, inputs, states, params, has_bias, bidirectional)
    if not torch.is_grad_enabled():
        return torch.ops.keras.fused_rnn_inference(
            kind, inputs, states, params, has_bias, bidirectional)
    results = _FusedRNN.apply(kind, len(states), has_bias, bidirectional,
                              inputs, *states, *params)
    return list(results[:-1])


def _kernel(kind, inputs, states, params, has_bias, bidirectional):
    if kind == "lstm":
        return list(torch.lstm(inputs, tuple(states), params, has_bias, 1,
                               0.0, False, bidirectional, True))
    return list(torch.gru(inputs, states[0], params, has_bias, 1, 0.0,
                          False, bidirectional, True))


def _fake_outputs(kind, inputs, states, params, bidirectional):
    units = states[0].shape[-1] * (2 if bidirectional else 1)
    outputs = inputs.new_empty((*inputs.shape[:2], units))
    return [outputs] + [s.new_empty(s.shape) for s in states]


@torch.library.custom_op("keras::fused_rnn_inference", mutates_args=())
def _inference(kind: str, inputs: torch.Tensor, states: list[torch.Tensor],
               params: list[torch.Tensor], has_bias: bool,
               bidirectional: bool) -> list[torch.Tensor]:
    with torch.no_grad():
        results = _kernel(kind, inputs, states, params, has_bias,
                          bidirectional)
    # Contiguous, as the fake outputs say (batch-first outputs come back
    # strided in time-major memory).
    return [r.contiguous() for r in results]


@_inference.register_fake
def _(kind, inputs, states, params, has_bias, bidirectional):
    return _fake_outputs(kind, inputs, states, params, bidirectional)


@torch.library.custom_op("keras::fused_rnn", mutates_args=())
def _forward(kind: str, inputs: torch.Tensor, states: list[torch.Tensor],
             params: list[torch.Tensor], has_bias: bool,
             bidirectional: bool) -> list[torch.Tensor]:
    leaves = [t.detach().requires_grad_(t.is_floating_point())
              for t in [inputs, *states, *params]]
    with _autograd_on():
        results = _kernel(kind, leaves[0], leaves[1:1 + len(states)],
                          leaves[1 + len(states):], has_bias, bidirectional)
    key = next(_KEYS)
    _TAPES[key] = (leaves, results)
    # Contiguous copies: the compiled graph may reuse its outputs' memory,
    # which the tape's backward still reads.
    key_tensor = torch.tensor(key, dtype=torch.int64)
    return [r.detach().clone(memory_format=torch.contiguous_format)
            for r in results] + [key_tensor]


@_forward.register_fake
def _(kind, inputs, states, params, has_bias, bidirectional):
    outputs = _fake_outputs(kind, inputs, states, params, bidirectional)
    return outputs + [inputs.new_empty((), dtype=torch.int64)]


@torch.library.custom_op("keras::fused_rnn_backward", mutates_args=())
def _backward(key: torch.Tensor, grads: list[torch.Tensor], given: list[int],
              wanted: list[int],
              like: list[torch.Tensor]) -> list[torch.Tensor]:
    """Gradients of the leaves numbered in `wanted` from those of the
    results numbered in `given`; the tape is dropped either way."""
    leaves, results = _TAPES.pop(int(key))
    if not given or not wanted:
        return [torch.zeros_like(t) for t in like]
    targets = [leaves[i] for i in wanted]
    with _autograd_on():
        found = torch.autograd.grad([results[i] for i in given], targets,
                                    grads, allow_unused=True)
    return [torch.zeros_like(t) if g is None else g.contiguous()
            for g, t in zip(found, targets)]


@_backward.register_fake
def _(key, grads, given, wanted, like):
    return [t.new_empty(t.shape) for t in like]


class _FusedRNN(torch.autograd.Function):
    """Autograd of `keras::fused_rnn` (an `autograd.Function` with
    `setup_context`, so that `torch.func.grad` in the captured step can
    differentiate it); its backward is `keras::fused_rnn_backward`."""

    @staticmethod
    def forward(kind, n_states, has_bias, bidirectional, inputs, *rest):
        return tuple(torch.ops.keras.fused_rnn(
            kind, inputs, list(rest[:n_states]), list(rest[n_states:]),
            has_bias, bidirectional))

    @staticmethod
    def setup_context(ctx, inputs, output):
        # Unused results get no gradient rather than zeros (a GRU whose
        # sequence output is dropped backpropagates from its last state
        # only, as `nn.GRU` does).
        ctx.set_materialize_grads(False)
        ctx.mark_non_differentiable(output[-1])
        ctx.save_for_backward(output[-1], *inputs[4:])

    @staticmethod
    def backward(ctx, *grads):
        key, *leaves = ctx.saved_tensors
        grads = grads[:-1]
        given = [i for i, g in enumerate(grads) if g is not None]
        # Only the leaves that need a gradient: no gradient of the data
        # (the input sequence) unless something asks for it.
        wanted = [i for i, need in enumerate(ctx.needs_input_grad[4:])
                  if need]
        # No gradient of the gradient: the op runs outside autograd. It
        # runs even when nothing is wanted, to drop the tape.
        with torch.no_grad():
            found = torch.ops.keras.fused_rnn_backward(
                key, [grads[i].detach() for i in given], given, wanted,
                [leaves[i].detach() for i in wanted])
        out = [None] * len(leaves)
        for i, grad in zip(wanted, found):
            out[i] = grad
        return (None, None, None, None, *out)
