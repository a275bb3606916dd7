"""The recurrence every backend's `rnn.py` shares.

One copy of the loop's logic (time-major layout, `go_backwards`, masking,
constants, collecting outputs) and of the LSTM and GRU maths, written
over two things each backend hands in: its numpy module (`xnp`: `where`,
`flip`, `matmul`, ...) and its `scan(f, init, xs)` (JAX `jax.lax.scan`,
TensorFlow a `tf.while_loop` that XLA compiles, torch and NumPy a Python
loop). `unroll=True` runs the same body in a Python loop on any backend.

Masked steps keep the previous states; their output is the previous
output (zeros before the first unmasked step), or zeros with
`zero_output_for_mask=True`, as Keras does.

`bidirectional_lstm`/`bidirectional_gru` run both directions of a
`Bidirectional` layer in one loop: the time-reversed sequence is appended
to the batch and each step does one batched matmul with both directions'
recurrent kernels, so a Python loop (torch, NumPy, eager JAX) dispatches
half the steps' ops and a compiled one holds one loop instead of two.
"""

from keras.src import tree


def rnn(scan, xnp, convert, step_function, inputs, initial_states,
        go_backwards=False, mask=None, constants=None, unroll=False,
        input_length=None, time_major=False, zero_output_for_mask=False,
        return_all_outputs=True):
    """Runs `step_function` over the time axis of `inputs`.

    Args:
        scan: the backend's `scan(f, init, xs)`.
        xnp: the backend's numpy module.
        convert: the backend's `convert_to_tensor` (NumPy inputs, states
            and constants become tensors).
        step_function: `(step_input, states) -> (output, new_states)`,
            `states` being the states followed by `constants`.
        inputs: a tensor `(batch, time, ...)` (`(time, batch, ...)` when
            `time_major`).
        initial_states: the initial states (a list, possibly nested).
        go_backwards: whether to run from the last step to the first
            (the outputs are then in processing order).
        mask: `None` or a boolean `(batch, time)` tensor.
        constants: tensors passed to every step after the states.
        unroll: whether to loop in Python instead of `scan`.
        input_length: unused (the time axis's length is read from
            `inputs`); kept for Keras's signature.
        time_major: whether `inputs` is time-major; outputs follow it.
        zero_output_for_mask: whether masked steps output zeros instead
            of the previous output.
        return_all_outputs: whether to return every step's output or only
            the last one (with a time axis of length 1).

    Returns:
        `(last_output, outputs, new_states)`.
    """
    del input_length
    inputs = convert(inputs)
    constants = tuple(convert(c) for c in constants or ())
    initial_states = tree.map_structure(convert, initial_states)
    if not time_major:
        inputs = _swap_batch_time(xnp, inputs)
    if mask is not None:
        mask = xnp.transpose(xnp.not_equal(convert(mask), 0), (1, 0))
    if go_backwards:
        inputs = xnp.flip(inputs, axis=0)
        if mask is not None:
            mask = xnp.flip(mask, axis=0)
    states = _as_list(initial_states)

    def call_step(x, states):
        output, new_states = step_function(x, list(states) + list(constants))
        if not tree.is_nested(new_states):
            new_states = [new_states]
        new_states = tree.pack_sequence_as(states, tree.flatten(new_states))
        return output, new_states

    if unroll:
        def loop(f, init, xs):
            return python_scan(xnp, f, init, xs)
    else:
        loop = scan
    if mask is None:
        def body(states, x):
            output, new_states = call_step(x, states)
            return new_states, output

        states, outputs = loop(body, states, inputs)
    elif zero_output_for_mask:
        def body(states, xs):
            x, m = xs
            output, new_states = call_step(x, states)
            new_states = _keep_masked(xnp, m, new_states, states)
            output = xnp.where(_expand(xnp, m, output), output,
                               xnp.zeros_like(output))
            return new_states, output

        states, outputs = loop(body, states, (inputs, mask))
    else:
        # The carry holds the previous output, so its shape is needed
        # before the loop: the first step runs outside it.
        output, new_states = call_step(inputs[0], states)
        states = _keep_masked(xnp, mask[0], new_states, states)
        first = xnp.where(_expand(xnp, mask[0], output), output,
                          xnp.zeros_like(output))

        def body(carry, xs):
            states, previous = carry
            x, m = xs
            output, new_states = call_step(x, states)
            new_states = _keep_masked(xnp, m, new_states, states)
            output = xnp.where(_expand(xnp, m, output), output, previous)
            return (new_states, output), output

        (states, _), rest = loop(body, (states, first),
                                 (inputs[1:], mask[1:]))
        first = xnp.expand_dims(first, 0)
        outputs = first if rest is None else xnp.concatenate(
            [first, rest], axis=0)
    last_output = outputs[-1]
    if not return_all_outputs:
        outputs = xnp.expand_dims(last_output, 0)
    if not time_major:
        outputs = _swap_batch_time(xnp, outputs)
    return last_output, outputs, states


def lstm(rnn_fn, xnp, inputs, initial_state_h, initial_state_c, mask,
         kernel, recurrent_kernel, bias, activation, recurrent_activation,
         return_sequences=False, go_backwards=False, unroll=False):
    """An LSTM layer's recurrence (gates in Keras's order: input, forget,
    cell, output), with the input projection of every step computed in
    one matmul before the loop. Returns `(last_output, outputs, [h, c])`.
    """
    del return_sequences
    step = _lstm_step(
        xnp, lambda h: xnp.matmul(h, recurrent_kernel), activation,
        recurrent_activation,
    )
    return rnn_fn(step, _project(xnp, inputs, kernel, bias),
                  [initial_state_h, initial_state_c],
                  go_backwards=go_backwards, mask=mask, unroll=unroll)


def gru(rnn_fn, xnp, inputs, initial_state, mask, kernel, recurrent_kernel,
        bias, activation, recurrent_activation, return_sequences=False,
        go_backwards=False, unroll=False, reset_after=True):
    """A GRU layer's recurrence (gates in Keras's order: update, reset,
    candidate; `bias` of shape `(2, 3 * units)` with `reset_after`, else
    `(3 * units,)`). Returns `(last_output, outputs, [h])`."""
    del return_sequences
    input_bias, recurrent_bias = _gru_biases(bias, reset_after)

    def product(h, k, b=None):
        y = xnp.matmul(h, k)
        return y if b is None else y + b

    step = _gru_step(xnp, product, recurrent_kernel, recurrent_bias,
                     activation, recurrent_activation, reset_after)
    return rnn_fn(step, _project(xnp, inputs, kernel, input_bias),
                  [initial_state], go_backwards=go_backwards, mask=mask,
                  unroll=unroll)


def bidirectional_lstm(rnn_fn, xnp, inputs, fwd_initial_state_h,
                       fwd_initial_state_c, bwd_initial_state_h,
                       bwd_initial_state_c, mask, fwd_kernel,
                       fwd_recurrent_kernel, fwd_bias, bwd_kernel,
                       bwd_recurrent_kernel, bwd_bias, activation,
                       recurrent_activation, return_sequences=False,
                       unroll=False):
    """Two LSTM recurrences over `inputs`, forwards and backwards, in ONE
    loop (see `_run_both_directions`).

    Returns `(fwd_last, bwd_last, fwd_outputs, bwd_outputs, [fwd_h,
    fwd_c], [bwd_h, bwd_c])`: `bwd_outputs` is in forward time order
    (`bwd_outputs[:, t]` is the backward output at input step `t`), and
    `bwd_last` the backward output after the whole sequence (at step 0,
    where unmasked). Masked steps keep each direction's states and repeat
    its previous output, as `lstm` does.
    """
    del return_sequences
    if not _stackable(fwd_recurrent_kernel, bwd_recurrent_kernel):
        forward = lstm(
            rnn_fn, xnp, inputs, fwd_initial_state_h, fwd_initial_state_c,
            mask, fwd_kernel, fwd_recurrent_kernel, fwd_bias, activation,
            recurrent_activation, unroll=unroll,
        )
        backward = lstm(
            rnn_fn, xnp, inputs, bwd_initial_state_h, bwd_initial_state_c,
            mask, bwd_kernel, bwd_recurrent_kernel, bwd_bias, activation,
            recurrent_activation, go_backwards=True, unroll=unroll,
        )
        return _pair(xnp, forward, backward)
    kernels = xnp.stack([fwd_recurrent_kernel, bwd_recurrent_kernel])
    step = _lstm_step(
        xnp, lambda h: _per_direction(xnp, h, kernels), activation,
        recurrent_activation,
    )
    return _run_both_directions(
        rnn_fn, xnp, step, mask,
        _project(xnp, inputs, fwd_kernel, fwd_bias),
        _project(xnp, inputs, bwd_kernel, bwd_bias),
        [fwd_initial_state_h, fwd_initial_state_c],
        [bwd_initial_state_h, bwd_initial_state_c], unroll,
    )


def bidirectional_gru(rnn_fn, xnp, inputs, fwd_initial_state,
                      bwd_initial_state, mask, fwd_kernel,
                      fwd_recurrent_kernel, fwd_bias, bwd_kernel,
                      bwd_recurrent_kernel, bwd_bias, activation,
                      recurrent_activation, return_sequences=False,
                      unroll=False, reset_after=True):
    """Two GRU recurrences over `inputs`, forwards and backwards, in ONE
    loop. Returns `(fwd_last, bwd_last, fwd_outputs, bwd_outputs, [fwd_h],
    [bwd_h])`, laid out as `bidirectional_lstm`'s."""
    del return_sequences
    if not _stackable(fwd_recurrent_kernel, bwd_recurrent_kernel):
        forward = gru(
            rnn_fn, xnp, inputs, fwd_initial_state, mask, fwd_kernel,
            fwd_recurrent_kernel, fwd_bias, activation,
            recurrent_activation, unroll=unroll, reset_after=reset_after,
        )
        backward = gru(
            rnn_fn, xnp, inputs, bwd_initial_state, mask, bwd_kernel,
            bwd_recurrent_kernel, bwd_bias, activation,
            recurrent_activation, go_backwards=True, unroll=unroll,
            reset_after=reset_after,
        )
        return _pair(xnp, forward, backward)
    fwd_input_bias, fwd_recurrent_bias = _gru_biases(fwd_bias, reset_after)
    bwd_input_bias, bwd_recurrent_bias = _gru_biases(bwd_bias, reset_after)
    recurrent_bias = None
    if fwd_recurrent_bias is not None or bwd_recurrent_bias is not None:
        # One direction without bias adds zeros: the same numbers.
        recurrent_bias = xnp.stack([
            xnp.zeros_like(bwd_recurrent_bias) if fwd_recurrent_bias is None
            else fwd_recurrent_bias,
            xnp.zeros_like(fwd_recurrent_bias) if bwd_recurrent_bias is None
            else bwd_recurrent_bias,
        ])
    kernels = xnp.stack([fwd_recurrent_kernel, bwd_recurrent_kernel])

    def product(h, k, b=None):
        return _per_direction(xnp, h, k, b)

    step = _gru_step(xnp, product, kernels, recurrent_bias, activation,
                     recurrent_activation, reset_after)
    return _run_both_directions(
        rnn_fn, xnp, step, mask,
        _project(xnp, inputs, fwd_kernel, fwd_input_bias),
        _project(xnp, inputs, bwd_kernel, bwd_input_bias),
        [fwd_initial_state], [bwd_initial_state], unroll,
    )


def bidirectional_functions(rnn_fn, xnp, convert):
    """A backend's `bidirectional_lstm` and `bidirectional_gru` over its
    `rnn_fn`, array module `xnp` and `convert` (to its tensors), for
    backends without a fused bidirectional kernel.

    Example, in a backend's `rnn.py`:

    ```python
    bidirectional_lstm, bidirectional_gru = common.bidirectional_functions(
        rnn, xnp, core.convert_to_tensor)
    ```
    """

    def tensors(*values):
        return [None if v is None else convert(v) for v in values]

    def backend_bidirectional_lstm(
            inputs, fwd_initial_state_h, fwd_initial_state_c,
            bwd_initial_state_h, bwd_initial_state_c, mask, fwd_kernel,
            fwd_recurrent_kernel, fwd_bias, bwd_kernel, bwd_recurrent_kernel,
            bwd_bias, activation, recurrent_activation,
            return_sequences=False, unroll=False):
        """Both directions of a bidirectional LSTM in one loop; returns
        `(fwd_last, bwd_last, fwd_outputs, bwd_outputs, [fwd_h, fwd_c],
        [bwd_h, bwd_c])`, the backward outputs in forward time order."""
        return bidirectional_lstm(
            rnn_fn, xnp, *tensors(
                inputs, fwd_initial_state_h, fwd_initial_state_c,
                bwd_initial_state_h, bwd_initial_state_c, mask, fwd_kernel,
                fwd_recurrent_kernel, fwd_bias, bwd_kernel,
                bwd_recurrent_kernel, bwd_bias,
            ), activation, recurrent_activation,
            return_sequences=return_sequences, unroll=unroll,
        )

    def backend_bidirectional_gru(
            inputs, fwd_initial_state, bwd_initial_state, mask, fwd_kernel,
            fwd_recurrent_kernel, fwd_bias, bwd_kernel, bwd_recurrent_kernel,
            bwd_bias, activation, recurrent_activation,
            return_sequences=False, unroll=False, reset_after=True):
        """Both directions of a bidirectional GRU in one loop; returns
        `(fwd_last, bwd_last, fwd_outputs, bwd_outputs, [fwd_h], [bwd_h])`,
        the backward outputs in forward time order."""
        return bidirectional_gru(
            rnn_fn, xnp, *tensors(
                inputs, fwd_initial_state, bwd_initial_state, mask,
                fwd_kernel, fwd_recurrent_kernel, fwd_bias, bwd_kernel,
                bwd_recurrent_kernel, bwd_bias,
            ), activation, recurrent_activation,
            return_sequences=return_sequences, unroll=unroll,
            reset_after=reset_after,
        )

    for fn, name in ((backend_bidirectional_lstm, "bidirectional_lstm"),
                     (backend_bidirectional_gru, "bidirectional_gru")):
        fn.__name__ = fn.__qualname__ = name
        fn.__module__ = rnn_fn.__module__  # The backend's own functions.
    return backend_bidirectional_lstm, backend_bidirectional_gru


def _project(xnp, inputs, kernel, bias):
    """Every step's input product, in one matmul before the loop."""
    projected = xnp.matmul(inputs, kernel)
    return projected if bias is None else projected + bias


def _lstm_step(xnp, recurrent, activation, recurrent_activation):
    """The LSTM step over a projected input; `recurrent(h)` is
    `h @ recurrent_kernel` (per direction in the bidirectional loop)."""
    def step(z_x, states):
        h, c = states[0], states[1]
        z = z_x + recurrent(h)
        z_i, z_f, z_c, z_o = xnp.split(z, 4, axis=-1)
        i = recurrent_activation(z_i)
        f = recurrent_activation(z_f)
        c = f * c + i * activation(z_c)
        h = recurrent_activation(z_o) * activation(c)
        return h, [h, c]

    return step


def _gru_biases(bias, reset_after):
    """`(input_bias, recurrent_bias)` of a GRU's `bias`."""
    if bias is None:
        return None, None
    if reset_after:
        return bias[0], bias[1]
    return bias, None


def _gru_step(xnp, product, recurrent_kernel, recurrent_bias, activation,
              recurrent_activation, reset_after):
    """The GRU step over a projected input. `product(h, kernel, bias)` is
    `h @ kernel + bias`; the kernel's last axis is sliced with `...` so
    that a stack of both directions' kernels slices the same way."""
    units = recurrent_kernel.shape[-2]

    def step(x_proj, states):
        h = states[0]
        x_z, x_r, x_h = xnp.split(x_proj, 3, axis=-1)
        if reset_after:
            inner = product(h, recurrent_kernel, recurrent_bias)
            r_z, r_r, r_h = xnp.split(inner, 3, axis=-1)
            z = recurrent_activation(x_z + r_z)
            r = recurrent_activation(x_r + r_r)
            candidate = activation(x_h + r * r_h)
        else:
            gates = product(h, recurrent_kernel[..., : 2 * units])
            r_z, r_r = xnp.split(gates, 2, axis=-1)
            z = recurrent_activation(x_z + r_z)
            r = recurrent_activation(x_r + r_r)
            candidate = activation(
                x_h + product(r * h, recurrent_kernel[..., 2 * units:])
            )
        h = z * h + (1 - z) * candidate
        return h, [h]

    return step


def _stackable(fwd_recurrent_kernel, bwd_recurrent_kernel):
    return (tuple(fwd_recurrent_kernel.shape)
            == tuple(bwd_recurrent_kernel.shape))


def _per_direction(xnp, h, kernels, bias=None):
    """`h @ kernel (+ bias)` with each direction's own weights: `h` holds
    the forward batch then the backward batch; `kernels` (and `bias`)
    stack the two directions' on a leading axis of 2. One batched matmul
    per step, where two loops would run two."""
    y = xnp.matmul(xnp.reshape(h, (2, -1, kernels.shape[-2])), kernels)
    if bias is not None:
        y = y + xnp.expand_dims(bias, 1)
    return xnp.reshape(y, (-1, kernels.shape[-1]))


def _run_both_directions(rnn_fn, xnp, step, mask, fwd_projected,
                         bwd_projected, fwd_states, bwd_states, unroll):
    """Runs `step` over both directions at once: the backward direction
    is the time-reversed sequence appended to the batch (with its
    reversed mask and its own states), so one loop of `time` steps
    computes both. The backward half's outputs are reversed back into
    forward time order."""
    projected = xnp.concatenate(
        [fwd_projected, xnp.flip(bwd_projected, axis=1)], axis=0)
    if mask is not None:
        mask = xnp.concatenate([mask, xnp.flip(mask, axis=1)], axis=0)
    states = [xnp.concatenate([f, b], axis=0)
              for f, b in zip(fwd_states, bwd_states)]
    last, outputs, states = rnn_fn(step, projected, states, mask=mask,
                                   unroll=unroll)
    fwd_last, bwd_last = xnp.split(last, 2, axis=0)
    fwd_outputs, bwd_outputs = xnp.split(outputs, 2, axis=0)
    halves = [xnp.split(s, 2, axis=0) for s in states]
    return (fwd_last, bwd_last, fwd_outputs, xnp.flip(bwd_outputs, axis=1),
            [h[0] for h in halves], [h[1] for h in halves])


def _pair(xnp, forward, backward):
    """Two single-direction results in `bidirectional_*`'s layout."""
    return (forward[0], backward[0], forward[1],
            xnp.flip(backward[1], axis=1), list(forward[2]),
            list(backward[2]))


def is_default_activations(activation, recurrent_activation):
    """Whether the activations are tanh and sigmoid, the only ones fused
    recurrent kernels (cuDNN, torch's LSTM/GRU) compute."""
    return (_named(activation, "tanh")
            and _named(recurrent_activation, "sigmoid"))


def _named(fn, name):
    # Keras's `activations.tanh` and `ops.tanh` are both accepted; the
    # module check keeps a user's own function named "tanh" out.
    module = getattr(fn, "__module__", "") or ""
    return getattr(fn, "__name__", None) == name and module.startswith(
        "keras.src."
    )


def python_scan(xnp, f, init, xs):
    """`scan` as a Python loop over the (static) leading axis, stacking
    the outputs with `xnp.stack`."""
    flat = tree.flatten(xs)
    length = flat[0].shape[0]
    if length is None:
        raise ValueError(
            "`unroll=True` needs a static number of timesteps; the inputs "
            f"have shape {tuple(flat[0].shape)}."
        )
    carry, outputs = init, []
    for i in range(int(length)):
        carry, y = f(carry, tree.pack_sequence_as(xs, [a[i] for a in flat]))
        outputs.append(y)
    if not outputs:
        # The masked loop peels its first step: nothing is left to stack.
        return carry, None
    return carry, xnp.stack(outputs, axis=0)


def _swap_batch_time(xnp, x):
    axes = (1, 0) + tuple(range(2, len(x.shape)))
    return xnp.transpose(x, axes)


def _as_list(states):
    if isinstance(states, tuple):
        return list(states)
    if isinstance(states, list):
        return states
    return [states]


def _expand(xnp, m, like):
    """The `(batch,)` step mask `m`, reshaped to broadcast against
    `like`."""
    for _ in range(len(like.shape) - 1):
        m = xnp.expand_dims(m, -1)
    return m


def _keep_masked(xnp, m, new_states, states):
    return tree.map_structure(
        lambda new, old: xnp.where(_expand(xnp, m, new), new, old),
        new_states, states,
    )
