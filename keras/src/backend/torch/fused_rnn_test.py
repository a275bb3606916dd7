import numpy as np
import pytest

from keras.src import activations
from keras.src import backend
from keras.src import testing

pytestmark = pytest.mark.skipif(
    backend.backend() != "torch", reason="torch's fused LSTM/GRU kernels"
)


def _lstm_loss(x, kernel, recurrent, bias, h, c):
    from keras.src.backend.torch.rnn import lstm

    _, outputs, states = lstm(
        x, h, c, None, kernel, recurrent, bias, activations.tanh,
        activations.sigmoid,
    )
    return outputs.square().sum() + states[1].sum()


class FusedRNNTest(testing.TestCase):
    def setUp(self):
        import torch

        super().setUp()
        rng = np.random.RandomState(0)
        self.args = [
            torch.tensor(rng.normal(size=s).astype("float32"))
            for s in [(2, 30, 3), (3, 16), (4, 16), (16,), (2, 4), (2, 4)]
        ]

    def test_captured_step_keeps_the_kernel_whole(self):
        import torch
        from torch.fx.experimental.proxy_tensor import make_fx

        from keras.src.backend.torch import fused_rnn

        def grads(*args):
            return torch.func.grad_and_value(_lstm_loss, argnums=(1, 2, 3))(
                *args)

        graph = make_fx(grads, tracing_mode="fake")(*self.args)
        targets = {str(node.target) for node in graph.graph.nodes}
        self.assertIn("keras.fused_rnn.default", targets)
        self.assertIn("keras.fused_rnn_backward.default", targets)
        # 30 steps unrolled would be hundreds of nodes.
        self.assertLess(len(graph.graph.nodes), 80)
        expected_grads, expected_loss = grads(*self.args)
        got_grads, got_loss = graph(*self.args)
        self.assertAllClose(got_loss, expected_loss, atol=1e-5)
        for got, expected in zip(got_grads, expected_grads):
            self.assertAllClose(got, expected, atol=1e-5)
        self.assertEqual(fused_rnn._TAPES, {})

    def test_inference_keeps_no_tape(self):
        import torch
        from torch.fx.experimental.proxy_tensor import make_fx

        from keras.src.backend.torch import fused_rnn

        with torch.no_grad():
            graph = make_fx(_lstm_loss, tracing_mode="fake")(*self.args)
            got = graph(*self.args)
            expected = _lstm_loss(*self.args)
        targets = {str(node.target) for node in graph.graph.nodes}
        self.assertIn("keras.fused_rnn_inference.default", targets)
        self.assertAllClose(got, expected, atol=1e-5)
        self.assertEqual(fused_rnn._TAPES, {})
