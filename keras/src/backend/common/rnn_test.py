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


class BackendRNNTest(testing.TestCase):
    def setUp(self):
        super().setUp()
        active = backend.numpy
        self.addCleanup(setattr, backend, "numpy", active)
        self.reference = _rnn_module("numpy")

    def test_same_functions_and_parameters(self):
        expected = {
            name: list(inspect.signature(fn).parameters)
            for name, fn in vars(self.reference).items()
            if inspect.isfunction(fn) and not name.startswith("_")
            and fn.__module__ == self.reference.__name__
        }
        self.assertEqual(sorted(expected), ["cudnn_ok", "gru", "lstm", "rnn"])
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
