"""The backends' `rnn.py` modules: the same functions and parameters, and
the same numbers as the numpy backend's plain loops."""

import importlib
import inspect

import numpy as np
from absl.testing import parameterized

from keras.src import activations
from keras.src import backend
from keras.src import ops
from keras.src import testing

BACKENDS = ("numpy", "jax", "tensorflow", "torch")


def _rnn_module(name):
    # `keras.src.backend.<name>.rnn` is the function; the module is in
    # `sys.modules` once imported.
    return importlib.import_module(f"keras.src.backend.{name}.rnn")


def _np_sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


# The numpy backend's loops compute the reference with NumPy's functions
# (Keras's activations would return the active backend's tensors).
NUMPY_ACTIVATIONS = (np.tanh, _np_sigmoid)


def _numpy(x):
    return None if x is None else backend.convert_to_numpy(x)


def grads_of(fn, args):
    """The gradients of the scalar `fn(*args)` with respect to each array
    of `args`, as NumPy arrays, with the active backend's autodiff."""
    name = backend.backend()
    if name == "jax":
        import jax

        grads = jax.grad(fn, argnums=tuple(range(len(args))))(*args)
        return [np.asarray(g) for g in grads]
    if name == "tensorflow":
        import tensorflow as tf

        tensors = [tf.constant(a) for a in args]
        with tf.GradientTape() as tape:
            tape.watch(tensors)
            loss = fn(*tensors)
        return [g.numpy() for g in tape.gradient(loss, tensors)]
    if name == "torch":
        import torch

        tensors = [ops.convert_to_tensor(a).detach().requires_grad_()
                   for a in args]
        grads = torch.autograd.grad(fn(*tensors), tensors)
        return [g.cpu().numpy() for g in grads]
    raise ValueError(f"No gradients on the {name} backend.")


def scalar_loss(tensors):
    """A loss that reaches every element of every tensor, differently."""
    total = 0.0
    for t in tensors:
        total = total + ops.sum(ops.sin(t * 1.3) + t)
    return total


def _bidirectional_weights(rng, kind, units=(2, 2), bias=(True, True)):
    """Random `(kernel, recurrent_kernel, bias)` per direction (GRU
    biases for `reset_after=True` when `kind == "gru"`)."""
    gates = 4 if kind == "lstm" else 3
    weights = []
    for u, b in zip(units, bias):
        k = rng.uniform(-1, 1, (3, gates * u)).astype("float32")
        r = rng.uniform(-1, 1, (u, gates * u)).astype("float32")
        shape = (2, gates * u) if kind == "gru" else (gates * u,)
        weights.append([k, r, rng.uniform(-1, 1, shape).astype("float32")
                        if b else None])
    return weights


class BackendRNNTest(testing.TestCase):
    def setUp(self):
        super().setUp()
        active = backend.numpy
        self.reference = _rnn_module("numpy")
        # Importing a numpy-backend module rebinds `backend.numpy`.
        backend.numpy = active

    def test_same_functions_and_parameters(self):
        expected = {
            name: list(inspect.signature(fn).parameters)
            for name, fn in vars(self.reference).items()
            if inspect.isfunction(fn) and not name.startswith("_")
            and fn.__module__ == self.reference.__name__
        }
        self.assertEqual(sorted(expected), [
            "bidirectional_gru", "bidirectional_lstm", "cudnn_ok", "gru",
            "lstm", "rnn"])
        module = _rnn_module(backend.backend())
        for name, parameters in expected.items():
            self.assertEqual(
                list(inspect.signature(getattr(module, name)).parameters),
                parameters, name)
        self.assertTrue(callable(module.unstack))

    @parameterized.product(
        masked=(False, True), go_backwards=(False, True),
        unroll=(False, True))
    def test_lstm_and_gru_match_numpy_loops(self, masked, go_backwards,
                                            unroll):
        rng = np.random.RandomState(0)
        x = rng.uniform(-1, 1, (3, 4, 2)).astype("float32")
        h = rng.uniform(-1, 1, (3, 2)).astype("float32")
        c = rng.uniform(-1, 1, (3, 2)).astype("float32")
        mask = None
        if masked:
            mask = np.array([[1, 1, 1, 1], [1, 1, 0, 0], [0, 1, 0, 1]],
                            bool)
        kernel = rng.uniform(-1, 1, (2, 8)).astype("float32")
        recurrent = rng.uniform(-1, 1, (2, 8)).astype("float32")
        bias = rng.uniform(-1, 1, (8,)).astype("float32")
        acts = (activations.tanh, activations.sigmoid)
        options = {"go_backwards": go_backwards, "unroll": unroll}
        got = backend.lstm(x, h, c, mask, kernel, recurrent, bias, *acts,
                           **options)
        want = self.reference.lstm(x, h, c, mask, kernel, recurrent, bias,
                                   *NUMPY_ACTIVATIONS, **options)
        for a, b in zip(got[:2] + tuple(got[2]), want[:2] + tuple(want[2])):
            self.assertAllClose(_numpy(a), b, atol=1e-5)
        k3, r3 = kernel[:, :6], recurrent[:, :6]
        for reset_after, b3 in ((True, bias[:6].reshape(1, 6).repeat(2, 0)),
                                (False, bias[:6])):
            got = backend.gru(x, h, mask, k3, r3, b3, *acts,
                              reset_after=reset_after, **options)
            want = self.reference.gru(x, h, mask, k3, r3, b3,
                                      *NUMPY_ACTIVATIONS,
                                      reset_after=reset_after, **options)
            self.assertAllClose(_numpy(got[1]), want[1], atol=1e-5)
            self.assertAllClose(_numpy(got[2][0]), want[2][0], atol=1e-5)

    def test_rnn_options(self):
        x = np.arange(24, dtype="float32").reshape(2, 4, 3) / 24.0
        mask = np.array([[1, 0, 1, 1], [1, 1, 0, 0]], bool)
        bonus = np.full((2, 3), 0.5, "float32")

        def step(inputs, states):
            # `states` is the state followed by the constant.
            total = ops.add(states[0], ops.multiply(inputs, states[1]))
            return ops.multiply(total, 2.0), [total]

        def np_step(inputs, states):
            total = states[0] + inputs * states[1]
            return total * 2.0, [total]

        for zero_output in (False, True):
            for time_major in (False, True):
                inputs = np.swapaxes(x, 0, 1) if time_major else x
                options = {
                    "mask": mask, "constants": [bonus],
                    "zero_output_for_mask": zero_output,
                    "time_major": time_major, "return_all_outputs": True,
                }
                got = backend.rnn(step, inputs, [np.zeros((2, 3),
                                                          "float32")],
                                  **options)
                want = self.reference.rnn(np_step, inputs,
                                          [np.zeros((2, 3), "float32")],
                                          **options)
                self.assertAllClose(_numpy(got[0]), want[0])
                self.assertAllClose(_numpy(got[1]), want[1])
                self.assertAllClose(_numpy(got[2][0]), want[2][0])
        # Written out: sample 1 stops after step 1.
        last, outputs, [state] = self.reference.rnn(
            np_step, x, [np.zeros((2, 3), "float32")], mask=mask,
            constants=[bonus])
        self.assertAllClose(state[1], (x[1, 0] + x[1, 1]) * 0.5)
        self.assertAllClose(outputs[1, 3], outputs[1, 1])
        self.assertAllClose(outputs[0, 1], outputs[0, 0])
        # Only the last output.
        got = backend.rnn(step, x, [np.zeros((2, 3), "float32")],
                          constants=[bonus], return_all_outputs=False)
        self.assertEqual(tuple(got[1].shape), (2, 1, 3))

    def test_cudnn_ok(self):
        module = _rnn_module(backend.backend())
        fused = backend.backend() == "torch"
        self.assertEqual(
            module.cudnn_ok(activations.tanh, activations.sigmoid, False),
            fused)
        self.assertFalse(
            module.cudnn_ok(activations.relu, activations.sigmoid, False))
        self.assertFalse(
            module.cudnn_ok(activations.tanh, activations.sigmoid, True))

    @parameterized.parameters("lstm", "gru", "gru_reset_before")
    def test_bidirectional_equals_two_directions(self, kind):
        # On torch, unmasked and not unrolled: ONE fused bidirectional
        # kernel call; otherwise both directions in one generic loop. Both
        # must give what two single-direction runs give, with the
        # backward outputs flipped into forward time order, and the same
        # gradients (checked where the paths differ: the scan loop with a
        # mask, and torch's fused kernel).
        rng = np.random.RandomState(1)
        x = rng.uniform(-1, 1, (3, 4, 3)).astype("float32")
        reset_after = kind != "gru_reset_before"
        base = "lstm" if kind == "lstm" else "gru"
        (fk, fr, fb), (bk, br, bb) = _bidirectional_weights(rng, base)
        if not reset_after:
            fb, bb = fb[0], bb[0]
        n_states = 2 if base == "lstm" else 1
        states = [rng.uniform(-1, 1, (3, 2)).astype("float32")
                  for _ in range(2 * n_states)]
        args = [x, *states, fk, fr, fb, bk, br, bb]
        acts = (activations.tanh, activations.sigmoid)
        padded = np.array([[1, 1, 1, 1], [1, 1, 0, 0], [0, 1, 1, 0]], bool)
        cases = [(None, False), (padded, False), (padded, True)]
        if backend.backend() == "jax":
            # Eager JAX loops in Python either way: `unroll` changes
            # nothing there, and each new case costs seconds of XLA
            # compilation of eager ops.
            cases = cases[:2]
        for mask, unroll in cases:
            options = {"unroll": unroll}
            if base == "gru":
                options["reset_after"] = reset_after

            def fused(x, *rest, mask=mask, options=options):
                s, (fk, fr, fb, bk, br, bb) = rest[:-6], rest[-6:]
                fn = getattr(backend, f"bidirectional_{base}")
                out = fn(x, *s, mask, fk, fr, fb, bk, br, bb, *acts,
                         **options)
                return out[:4] + tuple(out[4]) + tuple(out[5])

            def two_runs(x, *rest, mask=mask, options=options):
                s, (fk, fr, fb, bk, br, bb) = rest[:-6], rest[-6:]
                fn = getattr(backend, base)
                f = fn(x, *s[:n_states], mask, fk, fr, fb, *acts, **options)
                b = fn(x, *s[n_states:], mask, bk, br, bb, *acts,
                       go_backwards=True, **options)
                return (f[0], b[0], f[1], ops.flip(b[1], axis=1),
                        *f[2], *b[2])

            got, want = fused(*args), two_runs(*args)
            self.assertEqual(len(got), len(want))
            for a, b in zip(got, want):
                self.assertAllClose(_numpy(a), _numpy(b), atol=1e-5)
            check_grads = not unroll and (
                mask is not None or backend.backend() == "torch")
            if backend.backend() == "jax":
                # Each eager JAX gradient of a `lax.scan` compiles it
                # anew (3-8 s per check on 2 busy cores, measured). Its
                # autodiff of the same ops is not what is tested here.
                check_grads = False
            if backend.backend() == "numpy" or not check_grads:
                continue
            got = grads_of(lambda *a: scalar_loss(fused(*a)), args)
            want = grads_of(lambda *a: scalar_loss(two_runs(*a)), args)
            for a, b in zip(got, want):
                self.assertAllClose(a, b, atol=1e-5)

    def test_bidirectional_uneven_directions(self):
        # Directions of different units cannot share one batched loop (two
        # loops then); a direction without bias shares it (zeros added).
        rng = np.random.RandomState(2)
        x = rng.uniform(-1, 1, (3, 4, 3)).astype("float32")
        acts = (activations.tanh, activations.sigmoid)
        for kind, units, bias in (("lstm", (2, 3), (True, False)),
                                  ("gru", (2, 2), (False, True))):
            (fk, fr, fb), (bk, br, bb) = _bidirectional_weights(
                rng, kind, units, bias)
            n = 2 if kind == "lstm" else 1
            fs = [np.zeros((3, units[0]), "float32")] * n
            bs = [np.zeros((3, units[1]), "float32")] * n
            got = getattr(backend, f"bidirectional_{kind}")(
                x, *fs, *bs, None, fk, fr, fb, bk, br, bb, *acts)
            single = getattr(backend, kind)
            f = single(x, *fs, None, fk, fr, fb, *acts)
            b = single(x, *bs, None, bk, br, bb, *acts,
                       go_backwards=True)
            self.assertAllClose(_numpy(got[2]), _numpy(f[1]),
                                atol=1e-5)
            self.assertAllClose(_numpy(got[3]),
                                np.flip(_numpy(b[1]), 1), atol=1e-5)
            self.assertAllClose(_numpy(got[1]), _numpy(b[0]),
                                atol=1e-5)
            self.assertAllClose(_numpy(got[5][0]), _numpy(b[2][0]),
                                atol=1e-5)
