import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import activations
from keras.src import backend
from keras.src import testing

pytestmark = pytest.mark.skipif(
    backend.backend() != "torch", reason="torch's written-out GRU"
)


def _gru_loss(fused, go_backwards, sequence, x, kernel, recurrent, bias, h):
    """A loss of the last output, plus of every output when `sequence`
    (without it the scan gets a gradient for its last state only)."""
    from keras.src.backend.common import rnn as common
    from keras.src.backend.torch import numpy as xnp
    from keras.src.backend.torch.rnn import gru
    from keras.src.backend.torch.rnn import rnn

    args = (x, h, None, kernel, recurrent, bias, activations.tanh,
            activations.sigmoid)
    if fused:
        last, outputs, _ = gru(*args, go_backwards=go_backwards)
    else:
        last, outputs, _ = common.gru(rnn, xnp, *args,
                                      go_backwards=go_backwards)
    loss = (last * last).sum()
    if sequence:
        loss = loss + (outputs * outputs * outputs).sum()
    return loss


class FusedGRUTest(testing.TestCase):
    @parameterized.parameters(
        (False, False, True), (True, True, True), (False, True, False))
    def test_gradients_match_generic(self, backwards, sequence, use_bias):
        # Eagerly and captured by `make_fx` (the `jit_compile` step's
        # tracer), against the shared GRU maths: loss and the gradients of
        # the data, the weights and the initial state.
        import torch
        from torch.fx.experimental.proxy_tensor import make_fx

        rng = np.random.RandomState(1)
        args = [
            torch.tensor(rng.normal(size=s).astype("float32") * 0.5)
            for s in [(2, 9, 3), (3, 12), (4, 12), (2, 12), (2, 4)]
        ]
        if not use_bias:
            args[3] = None

        def grads(fused):
            def fn(*a):
                return torch.func.grad_and_value(
                    lambda *b: _gru_loss(fused, backwards, sequence, *b),
                    argnums=(0, 1, 2, 4) if a[3] is None else (0, 1, 2, 3,
                                                               4))(*a)
            return fn

        graph = make_fx(grads(True), tracing_mode="fake")(*args)
        targets = [str(node.target) for node in graph.graph.nodes]
        self.assertEqual(targets.count("keras.gru_scan.default"), 1)
        self.assertEqual(targets.count("keras.gru_scan_backward.default"),
                         1)
        # Nine steps unrolled would be several hundred nodes.
        self.assertLess(len(targets), 120)
        expected_grads, expected_loss = grads(False)(*args)
        for got_grads, got_loss in (graph(*args), grads(True)(*args)):
            self.assertAllClose(got_loss, expected_loss, atol=1e-5)
            self.assertEqual(len(got_grads), len(expected_grads))
            for got, expected in zip(got_grads, expected_grads):
                self.assertAllClose(got, expected, atol=1e-5)

    def test_without_gradients_runs_torch_kernel(self):
        # Prediction and export keep `torch.gru` (through
        # `keras::fused_rnn_inference` when captured), which export
        # decomposes into ATen ops.
        import torch
        from torch.fx.experimental.proxy_tensor import make_fx

        rng = np.random.RandomState(2)
        args = [
            torch.tensor(rng.normal(size=s).astype("float32") * 0.5)
            for s in [(2, 5, 3), (3, 12), (4, 12), (2, 12), (2, 4)]
        ]

        def loss(*a):
            return _gru_loss(True, False, True, *a)

        with torch.no_grad():
            graph = make_fx(loss, tracing_mode="fake")(*args)
            got = graph(*args)
        targets = {str(node.target) for node in graph.graph.nodes}
        self.assertIn("keras.fused_rnn_inference.default", targets)
        self.assertNotIn("keras.gru_scan.default", targets)
        self.assertAllClose(got, loss(*args), atol=1e-5)
