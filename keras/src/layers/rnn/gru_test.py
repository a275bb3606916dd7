import numpy as np
import pytest
from absl.testing import parameterized

import keras
from keras.src import backend
from keras.src import testing
from keras.src.layers.rnn.gru import GRU
from keras.src.layers.rnn.gru import GRUCell


def _sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def gru_reference(x, kernel, recurrent_kernel, bias, reset_after=True,
                  mask=None):
    """Keras's GRU written out step by step in float64 (gates z, r, h).
    Returns `(outputs, h)`."""
    batch, steps, _ = x.shape
    units = recurrent_kernel.shape[0]
    if reset_after:
        input_bias, recurrent_bias = bias[0], bias[1]
    else:
        input_bias, recurrent_bias = bias, np.zeros(3 * units)
    w_z, w_r, w_h = np.split(kernel, 3, axis=1)
    u_z, u_r, u_h = np.split(recurrent_kernel, 3, axis=1)
    b_z, b_r, b_h = np.split(input_bias, 3)
    c_z, c_r, c_h = np.split(recurrent_bias, 3)
    h = np.zeros((batch, units))
    previous = np.zeros((batch, units))
    outputs = []
    for t in range(steps):
        x_t = x[:, t]
        z = _sigmoid(x_t @ w_z + b_z + h @ u_z + c_z)
        r = _sigmoid(x_t @ w_r + b_r + h @ u_r + c_r)
        if reset_after:
            candidate = np.tanh(x_t @ w_h + b_h + r * (h @ u_h + c_h))
        else:
            candidate = np.tanh(x_t @ w_h + b_h + (r * h) @ u_h)
        new_h = z * h + (1 - z) * candidate
        keep = np.ones((batch, 1), bool) if mask is None else mask[:, t:t + 1]
        h = np.where(keep, new_h, h)
        previous = np.where(keep, new_h, previous)
        outputs.append(previous)
    return np.stack(outputs, 1), h


class GRUTest(testing.TestCase):
    def test_run_layer_test(self):
        self.run_layer_test(
            GRU,
            init_kwargs={"units": 3, "dropout": 0.5,
                         "recurrent_dropout": 0.5, "reset_after": False},
            input_shape=(2, 4, 5),
            call_kwargs={"training": True},
            expected_output_shape=(2, 3),
            expected_num_trainable_weights=3,
            expected_num_non_trainable_variables=1,
            expected_num_seed_generators=1,
            supports_masking=True,
        )

    @parameterized.named_parameters(
        ("reset_after", True), ("reset_before", False))
    def test_matches_numpy_reference(self, reset_after):
        rng = np.random.RandomState(0)
        x = rng.uniform(-1, 1, (3, 4, 2)).astype("float32")
        mask = np.array([[1] * 4, [1, 1, 0, 0], [1, 0, 1, 0]], bool)
        layer = GRU(3, return_sequences=True, return_state=True,
                    reset_after=reset_after,
                    bias_initializer="random_normal")
        for m in (None, mask):
            outputs, h = layer(x, mask=m)
            weights = [np.asarray(w, "float64") for w in layer.get_weights()]
            expected, eh = gru_reference(x, *weights, reset_after, m)
            self.assertAllClose(outputs, expected, atol=1e-5)
            self.assertAllClose(h, eh, atol=1e-5)

    def test_weights_match_keras(self):
        for reset_after, bias_shape in ((True, (2, 9)), (False, (9,))):
            layer = GRU(3, reset_after=reset_after)
            layer.build((None, 5, 4))
            self.assertEqual(
                [(w.path, tuple(w.shape)) for w in layer.weights],
                [(f"{layer.name}/gru_cell/kernel", (4, 9)),
                 (f"{layer.name}/gru_cell/recurrent_kernel", (3, 9)),
                 (f"{layer.name}/gru_cell/bias", bias_shape)])

    def test_cell_states_as_given(self):
        cell = GRUCell(2)
        x = np.ones((2, 3), "float32")
        h0 = np.zeros((2, 2), "float32")
        _, state = cell(x, h0)
        self.assertEqual(tuple(state.shape), (2, 2))
        _, [state] = cell(x, [h0])
        self.assertEqual(tuple(state.shape), (2, 2))
        self.run_class_serialization_test(GRUCell(2, reset_after=False))

    def test_use_cudnn(self):
        x = np.ones((2, 3, 2), "float32")
        with self.assertRaisesRegex(ValueError, "cuDNN is not supported"):
            GRU(2, use_cudnn=True, reset_after=False)(x)
        if backend.backend() != "torch":
            with self.assertRaisesRegex(ValueError, "cuDNN is not supported"):
                GRU(2, use_cudnn=True)(x)


@pytest.mark.skipif(backend.backend() != "torch",
                    reason="torch's fused GRU kernel")
class TorchFusedGRUTest(testing.TestCase):
    def test_fused_equals_generic_with_gradients(self):
        import torch

        x = torch.tensor(np.random.RandomState(0).uniform(
            -1, 1, (2, 5, 4)).astype("float32"), requires_grad=True)
        for backwards in (False, True):
            fused = GRU(3, return_sequences=True, go_backwards=backwards,
                        bias_initializer="random_normal")
            generic = GRU(3, return_sequences=True, go_backwards=backwards,
                          use_cudnn=False)
            fused.build((2, 5, 4))
            generic.build((2, 5, 4))
            generic.set_weights(fused.get_weights())
            results = []
            for layer in (fused, generic):
                out = layer(x)
                weights = [w.value for w in layer.trainable_weights]
                grads = torch.autograd.grad((out ** 2).sum(), [x] + weights)
                results.append((out,) + grads)
            for a, b in zip(*results):
                self.assertAllClose(a.detach(), b.detach(), atol=1e-5)

    def test_fused_kernel_is_used_and_compiles(self):
        from unittest import mock

        from keras.src.backend.torch import fused_gru

        rng = np.random.RandomState(3)
        x = rng.normal(size=(4, 5, 4)).astype("float32")
        y = rng.normal(size=(4, 3)).astype("float32")
        results = []
        with mock.patch.object(fused_gru, "gru",
                               wraps=fused_gru.gru) as calls:
            # The fused recurrence compiled against the generic loop run
            # eagerly (one compile: they cost ~10 s each).
            for use_cudnn in ("auto", False):
                keras.utils.set_random_seed(1)
                model = keras.Sequential(
                    [keras.Input((5, 4)), GRU(3, use_cudnn=use_cudnn)])
                jit = use_cudnn == "auto" and {
                    "backend": "aot_eager", "fullgraph": True}
                model.compile("sgd", "mse", jit_compile=jit)
                model.fit(x, y, batch_size=4, epochs=1, verbose=0)
                results.append(model.get_weights())
                if use_cudnn == "auto":
                    self.assertTrue(calls.called)
                    count = calls.call_count
            self.assertEqual(calls.call_count, count)
        for a, b in zip(*results):
            self.assertAllClose(a, b, atol=1e-5)
