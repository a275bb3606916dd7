"""A GRU layer's recurrence (`reset_after=True`) in few torch calls per step.

`torch.gru` on CPU is composite: each time step is a dozen ATen calls
whose autograd nodes `loss.backward()` then walks one by one, and it
computes the recurrent weights' gradient with one small matrix product
per step. Inside a captured `jit_compile` step `fused_rnn.py` kept that
tape alive across a custom op, and the compiled GRU(128) step of
`benchmarks/rnn_speed.py` ran 1.17x slower than the eager one. Here the
recurrence is written out instead (used on CPU where gradients are
recorded; on one thread the compiled step now takes ~0.7x the CPU time
of the eager one and of plain PyTorch's `nn.GRU`):

- forward, per step: `gh = h @ recurrent_kernel + b`, then
  `sigmoid(gi + gh)` for both gates, `tanh(gi_n + r * gh_n)`, and
  `h = lerp(n, h, z)` (six calls, where `torch.gru` makes about twelve);
  the gates are kept for the backward;
- backward, per step: three calls (`dgh = dh * factors`, `dh * z`, and
  `dh += dgh @ recurrent_kernel.T`), the per-step factors of the gates'
  derivatives computed for all steps at once beforehand;
- everything that does not depend on the previous step (the input
  projection, the factors, the weights' gradients as one matrix product
  over all steps) runs outside the loops, as ordinary ops that a captured
  step hands to Inductor to fuse.

The two loops are custom ops (`keras::gru_scan`,
`keras::gru_scan_backward`), so `make_fx` records each as one call
instead of unrolling the sequence into the graph (compile time does not
grow with the length). Eagerly the same functions run, with the same
numbers as the shared maths in `backend/common/rnn.py` (up to float
rounding), in Keras's gate order (update, reset, candidate) and weight
layout, so no weight is reordered per call.

Example (what `backend/torch/rnn.py` does):

```python
outputs, h = gru(inputs, h0, kernel, recurrent_kernel, bias)
```
"""

import torch


def gru(inputs, initial_state, kernel, recurrent_kernel, bias):
    """A GRU (`reset_after=True`, tanh and sigmoid) over `inputs`.

    Args:
        inputs: `(batch, time, features)`.
        initial_state: `(batch, units)`.
        kernel: `(features, 3 * units)`, Keras's gate order.
        recurrent_kernel: `(units, 3 * units)`.
        bias: `(2, 3 * units)` (input and recurrent biases) or `None`.

    Returns:
        `(outputs, last_state)`: `(batch, time, units)` (a transposed
        view of time-major memory) and `(batch, units)`.
    """
    batch, steps = inputs.shape[0], inputs.shape[1]
    # The input projection of every step as one matrix product.
    x = inputs.transpose(0, 1).reshape(-1, inputs.shape[-1])
    if bias is None:
        projected = torch.mm(x, kernel)
        recurrent_bias = None
    else:
        projected = torch.addmm(bias[0], x, kernel)
        recurrent_bias = bias[1]
    projected = projected.unflatten(0, (steps, batch))
    outputs, last = _GRUScan.apply(projected, initial_state,
                                   recurrent_kernel, recurrent_bias)[:2]
    return outputs.transpose(0, 1), last


def _forward_loop(projected, h, recurrent_kernel, recurrent_bias):
    steps, batch, width = projected.shape
    units = width // 3
    outputs = projected.new_empty((steps, batch, units))
    gates = projected.new_empty((steps, batch, 2 * units))
    candidates = projected.new_empty((steps, batch, units))
    recurrent = projected.new_empty((steps, batch, width))
    for t in range(steps):
        x_t, g_t, rec_t = projected[t], gates[t], recurrent[t]
        if recurrent_bias is None:
            torch.mm(h, recurrent_kernel, out=rec_t)
        else:
            torch.addmm(recurrent_bias, h, recurrent_kernel, out=rec_t)
        # Update and reset gates, side by side.
        torch.add(x_t[:, :2 * units], rec_t[:, :2 * units],
                  out=g_t).sigmoid_()
        n_t = torch.addcmul(x_t[:, 2 * units:], g_t[:, units:],
                            rec_t[:, 2 * units:], out=candidates[t])
        n_t.tanh_()
        # z * h + (1 - z) * n
        h = torch.lerp(n_t, h, g_t[:, :units], out=outputs[t])
    return outputs, gates, candidates, recurrent


@torch.library.custom_op("keras::gru_scan", mutates_args=())
def _scan(projected: torch.Tensor, initial_state: torch.Tensor,
          recurrent_kernel: torch.Tensor,
          recurrent_bias: torch.Tensor | None) -> list[torch.Tensor]:
    """`[outputs, last_state, gates, candidates, recurrent]`, time major:
    the states, the update and reset gates, the candidates `n` and the
    recurrent products `h @ recurrent_kernel + b` of every step."""
    with torch.no_grad():
        outputs, gates, candidates, recurrent = _forward_loop(
            projected, initial_state, recurrent_kernel, recurrent_bias)
    return [outputs, outputs[-1].clone(), gates, candidates, recurrent]


@_scan.register_fake
def _(projected, initial_state, recurrent_kernel, recurrent_bias):
    steps, batch, width = projected.shape
    units = width // 3
    new = projected.new_empty
    return [new((steps, batch, units)), new((batch, units)),
            new((steps, batch, 2 * units)), new((steps, batch, units)),
            new((steps, batch, width))]


@torch.library.custom_op("keras::gru_scan_backward", mutates_args=())
def _scan_backward(factors: torch.Tensor, gates: torch.Tensor,
                   recurrent_kernel: torch.Tensor,
                   output_grads: torch.Tensor | None,
                   last_grad: torch.Tensor | None) -> list[torch.Tensor]:
    """`[recurrent_grads, state_grads, initial_state_grad]`: the
    gradients of every step's recurrent product and output state, and of
    the initial state, from those of the outputs and of the last state
    (either may be missing). `factors[t]` turns step `t`'s state gradient
    into its recurrent product's: `dgh = dh * factors` per gate block."""
    steps, batch, width = factors.shape
    units = width // 3
    new = factors.new_empty
    recurrent_grads = new((steps, batch, width))
    state_grads = new((steps, batch, units))
    initial_grad = new((batch, units))
    with torch.no_grad():
        if output_grads is None:
            state_grads[-1].copy_(last_grad)
        elif last_grad is None:
            state_grads[-1].copy_(output_grads[-1])
        else:
            torch.add(output_grads[-1], last_grad, out=state_grads[-1])
        transposed = recurrent_kernel.T
        for t in range(steps - 1, -1, -1):
            dh, dgh = state_grads[t], recurrent_grads[t]
            torch.mul(dh.unsqueeze(1), factors[t].view(batch, 3, units),
                      out=dgh.view(batch, 3, units))
            previous = state_grads[t - 1] if t else initial_grad
            torch.mul(dh, gates[t, :, :units], out=previous)
            previous.addmm_(dgh, transposed)
            if output_grads is not None and t:
                previous.add_(output_grads[t - 1])
    return [recurrent_grads, state_grads, initial_grad]


@_scan_backward.register_fake
def _(factors, gates, recurrent_kernel, output_grads, last_grad):
    steps, batch, width = factors.shape
    new = factors.new_empty
    return [new((steps, batch, width)), new((steps, batch, width // 3)),
            new((batch, width // 3))]


class _GRUScan(torch.autograd.Function):
    """Autograd of `keras::gru_scan` (`setup_context` style, so that
    `torch.func.grad` in a captured step differentiates it); the
    backward's loop is `keras::gru_scan_backward`, the rest ordinary ops
    over all steps at once."""

    @staticmethod
    def forward(projected, initial_state, recurrent_kernel, recurrent_bias):
        return tuple(torch.ops.keras.gru_scan(
            projected, initial_state, recurrent_kernel, recurrent_bias))

    @staticmethod
    def setup_context(ctx, inputs, output):
        _, initial_state, recurrent_kernel, _ = inputs
        outputs, _, gates, candidates, recurrent = output
        # An unused result gets no gradient rather than zeros: a GRU whose
        # sequence output is dropped backpropagates from its last state
        # only, without a zero-filled sequence gradient.
        ctx.set_materialize_grads(False)
        ctx.mark_non_differentiable(gates, candidates, recurrent)
        ctx.save_for_backward(initial_state, recurrent_kernel, outputs,
                              gates, candidates, recurrent)

    @staticmethod
    def backward(ctx, output_grads, last_grad, *_):
        (initial_state, recurrent_kernel, outputs, gates, candidates,
         recurrent) = ctx.saved_tensors
        if output_grads is None and last_grad is None:
            return None, None, None, None
        units = initial_state.shape[-1]
        z, r = gates[..., :units], gates[..., units:]
        n = candidates
        previous = torch.cat([initial_state[None], outputs[:-1]])
        # h' = z * h + (1 - z) * n, n = tanh(x_n + r * gh_n): the
        # derivatives of h' by each gate's pre-activation, per unit.
        dn = (1 - z) * (1 - n * n)
        factors = torch.cat([
            (previous - n) * z * (1 - z),
            dn * recurrent[..., 2 * units:] * r * (1 - r),
            dn * r,
        ], dim=-1)
        # Outside autograd (no gradient of the gradient): a custom op
        # without its own autograd formula refuses tracked inputs.
        with torch.no_grad():
            recurrent_grads, state_grads, initial_grad = (
                torch.ops.keras.gru_scan_backward(*(
                    None if t is None else t.detach() for t in (
                        factors, gates, recurrent_kernel, output_grads,
                        last_grad))))
        needs = ctx.needs_input_grad
        projected_grad = kernel_grad = bias_grad = None
        if needs[0]:
            # The input projection's gradient equals the recurrent
            # product's for the update and reset gates.
            projected_grad = torch.cat(
                [recurrent_grads[..., :2 * units], state_grads * dn], dim=-1)
        if needs[2]:
            kernel_grad = torch.mm(previous.reshape(-1, units).T,
                                   recurrent_grads.reshape(-1, 3 * units))
        if needs[3]:
            bias_grad = recurrent_grads.sum((0, 1))
        return (projected_grad, initial_grad if needs[1] else None,
                kernel_grad, bias_grad)
