import numpy as np
import pytest

import keras
from keras.src import backend
from keras.src import testing
from keras.src.layers.rnn.lstm import LSTM
from keras.src.layers.rnn.lstm import LSTMCell


def _sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def lstm_reference(x, kernel, recurrent_kernel, bias, mask=None,
                   backwards=False):
    """Keras's LSTM written out step by step in float64 (gates i, f, c,
    o; masked steps keep the states and repeat the previous output).
    Returns `(outputs, h, c)`."""
    batch, steps, _ = x.shape
    units = recurrent_kernel.shape[0]
    h = np.zeros((batch, units))
    c = np.zeros((batch, units))
    previous = np.zeros((batch, units))
    outputs = []
    order = range(steps - 1, -1, -1) if backwards else range(steps)
    for t in order:
        z = x[:, t] @ kernel + h @ recurrent_kernel + bias
        i = _sigmoid(z[:, :units])
        f = _sigmoid(z[:, units:2 * units])
        g = np.tanh(z[:, 2 * units:3 * units])
        o = _sigmoid(z[:, 3 * units:])
        new_c = f * c + i * g
        new_h = o * np.tanh(new_c)
        keep = np.ones((batch, 1), bool) if mask is None else mask[:, t:t + 1]
        c = np.where(keep, new_c, c)
        h = np.where(keep, new_h, h)
        previous = np.where(keep, new_h, previous)
        outputs.append(previous)
    return np.stack(outputs, 1), h, c


# The model of `test_embedding_mask_matches_reference`: fixed weights.
TOKENS = np.array([[1, 2, 3, 0], [4, 1, 0, 0], [2, 0, 0, 0]], "int32")
EMBEDDINGS = np.linspace(-1.0, 1.0, 10).reshape(5, 2)
KERNEL = np.linspace(-0.6, 0.6, 16).reshape(2, 8)
RECURRENT = np.cos(np.arange(16.0)).reshape(2, 8) * 0.5
BIAS = np.linspace(-0.2, 0.3, 8)
LEARNING_RATE = 0.5


def embedding_lstm_loss(embeddings, kernel, recurrent, bias):
    """The mean squared final output of the embedding -> LSTM model."""
    x = embeddings[TOKENS]
    _, h, _ = lstm_reference(x, kernel, recurrent, bias, mask=TOKENS != 0)
    return np.mean(h ** 2)


def numeric_gradient(fn, weights, index, eps=1e-6):
    """Central finite differences of `fn(*weights)` w.r.t. one weight."""
    grad = np.zeros_like(weights[index])
    for position in np.ndindex(grad.shape):
        plus = [w.copy() for w in weights]
        minus = [w.copy() for w in weights]
        plus[index][position] += eps
        minus[index][position] -= eps
        grad[position] = (fn(*plus) - fn(*minus)) / (2 * eps)
    return grad


# Computed once with `lstm_reference` (float64) and the finite differences
# above, then written here so that every backend meets the same numbers:
# the final outputs, and the weights after one SGD step on the loss.
EXPECTED_OUTPUT = np.array([
    [0.0838177477, 0.1499383924],
    [0.0650721920, 0.0933103983],
    [0.0417233787, 0.0642225545],
])
EXPECTED_KERNEL = np.array([
    [-0.6000661916, -0.5205166864, -0.4400058282, -0.3599953223,
     -0.2791482176, -0.1986602937, -0.1199485185, -0.0400613883],
    [0.0396685831, 0.1187216976, 0.1999031083, 0.2797704572,
     0.3581011293, 0.4364350713, 0.5198497529, 0.5993784610],
])
EXPECTED_EMBEDDINGS = np.array([
    [-1.0000000000, -0.7777777778],
    [-0.5522617871, -0.3387970576],
    [-0.1078182949, 0.1061047008],
    [0.3368270271, 0.5503824679],
    [0.7788452871, 0.9986554467],
])


class LSTMTest(testing.TestCase):
    def test_run_layer_test(self):
        self.run_layer_test(
            LSTM,
            init_kwargs={"units": 3, "dropout": 0.5,
                         "recurrent_dropout": 0.5},
            input_shape=(2, 4, 5),
            call_kwargs={"training": True},
            expected_output_shape=(2, 3),
            expected_num_trainable_weights=3,
            expected_num_non_trainable_variables=1,
            expected_num_seed_generators=1,
            supports_masking=True,
        )

    def test_return_state_and_sequences_shapes(self):
        layer = LSTM(3, return_sequences=True, return_state=True)
        outputs, h, c = layer(np.ones((2, 4, 5), "float32"))
        self.assertEqual(tuple(outputs.shape), (2, 4, 3))
        self.assertEqual(tuple(h.shape), (2, 3))
        self.assertEqual(tuple(c.shape), (2, 3))
        self.assertAllClose(outputs[:, -1], h)
        self.assertEqual(layer.compute_output_shape((None, 4, 5)),
                         ((None, 4, 3), (None, 3), (None, 3)))

    @pytest.mark.skipif(backend.backend() == "numpy",
                        reason="go_backwards/unroll loops are numpy's "
                        "plain loop already")
    def test_matches_numpy_reference_backwards_unrolled(self):
        rng = np.random.RandomState(0)
        x = rng.uniform(-1, 1, (2, 4, 3)).astype("float32")
        for unroll in (False, True):
            layer = LSTM(2, return_sequences=True, go_backwards=True,
                         unroll=unroll, bias_initializer="random_normal")
            outputs = layer(x)
            weights = [np.asarray(w, "float64") for w in layer.get_weights()]
            expected, _, _ = lstm_reference(x, *weights, backwards=True)
            self.assertAllClose(outputs, expected, atol=1e-5)

    def test_matches_numpy_reference(self):
        rng = np.random.RandomState(0)
        x = rng.uniform(-1, 1, (3, 5, 4)).astype("float32")
        mask = np.array([[1] * 5, [1, 1, 1, 0, 0], [1, 0, 1, 1, 0]], bool)
        layer = LSTM(3, return_sequences=True, return_state=True)
        outputs, h, c = layer(x, mask=mask)
        weights = [np.asarray(w, "float64") for w in layer.get_weights()]
        expected, eh, ec = lstm_reference(x, *weights, mask=mask)
        self.assertAllClose(outputs, expected, atol=1e-5)
        self.assertAllClose(h, eh, atol=1e-5)
        self.assertAllClose(c, ec, atol=1e-5)
        # Without a mask (on torch: the fused kernel).
        outputs, h, c = layer(x)
        expected, eh, ec = lstm_reference(x, *weights)
        self.assertAllClose(outputs, expected, atol=1e-5)
        self.assertAllClose(c, ec, atol=1e-5)

    def test_weights_match_keras(self):
        layer = LSTM(3)
        layer.build((None, 4, 2))
        self.assertEqual(
            [(w.path, tuple(w.shape)) for w in layer.weights],
            [("lstm/lstm_cell/kernel", (2, 12)),
             ("lstm/lstm_cell/recurrent_kernel", (3, 12)),
             ("lstm/lstm_cell/bias", (12,))])
        bias = np.asarray(layer.cell.bias)
        self.assertAllClose(bias, [0.0] * 3 + [1.0] * 3 + [0.0] * 6)
        layer = LSTM(3, unit_forget_bias=False, bias_initializer="ones")
        layer.build((None, 4, 2))
        self.assertAllClose(layer.cell.bias, np.ones(12))

    def test_initial_state_and_stateful(self):
        rng = np.random.RandomState(2)
        x = rng.uniform(-1, 1, (2, 3, 2)).astype("float32")
        h0 = rng.uniform(-1, 1, (2, 2)).astype("float32")
        c0 = rng.uniform(-1, 1, (2, 2)).astype("float32")
        layer = LSTM(2, return_state=True)
        _, h, c = layer(x, initial_state=[h0, c0])
        _, h2, c2 = layer(x[:, 1:], initial_state=[
            *layer(x[:, :1], initial_state=[h0, c0])[1:]])
        self.assertAllClose(h, h2, atol=1e-5)
        self.assertAllClose(c, c2, atol=1e-5)
        stateful = LSTM(2, stateful=True)
        stateful.build((2, 3, 2))
        stateful.set_weights(layer.get_weights())
        stateful(x[:, :1])
        self.assertAllClose(stateful(x[:, 1:]), layer(x)[0], atol=1e-5)
        self.assertEqual(len(stateful.states), 2)

    def test_use_cudnn(self):
        with self.assertRaisesRegex(ValueError, "use_cudnn"):
            LSTM(2, use_cudnn="yes")
        x = np.ones((2, 3, 2), "float32")
        if backend.backend() != "torch":
            with self.assertRaisesRegex(ValueError, "cuDNN is not supported"):
                LSTM(2, use_cudnn=True)(x)
        with self.assertRaisesRegex(ValueError, "cuDNN is not supported"):
            LSTM(2, use_cudnn=True, activation="relu")(x)
        self.assertEqual(tuple(LSTM(2, use_cudnn=False)(x).shape), (2, 2))

    def test_embedding_mask_matches_reference(self):
        embedding = keras.layers.Embedding(5, 2, mask_zero=True)
        lstm = LSTM(2)
        model = keras.Sequential([keras.Input((4,), dtype="int32"),
                                  embedding, lstm])
        embedding.set_weights([EMBEDDINGS])
        lstm.set_weights([KERNEL, RECURRENT, BIAS])
        self.assertAllClose(model(TOKENS), EXPECTED_OUTPUT, atol=1e-5)
        # The constants are the reference's numbers.
        x = EMBEDDINGS[TOKENS]
        _, h, _ = lstm_reference(x, KERNEL, RECURRENT, BIAS, TOKENS != 0)
        self.assertAllClose(h, EXPECTED_OUTPUT, atol=1e-9)

    @pytest.mark.requires_trainable_backend
    def test_embedding_mask_gradients_match_reference(self):
        # One SGD step on `mean(output ** 2)`: the updated weights are
        # `w - lr * gradient`, the gradients of every backend compared to
        # the same finite-difference numbers.
        embedding = keras.layers.Embedding(5, 2, mask_zero=True)
        lstm = LSTM(2)
        model = keras.Sequential([keras.Input((4,), dtype="int32"),
                                  embedding, lstm])
        embedding.set_weights([EMBEDDINGS])
        lstm.set_weights([KERNEL, RECURRENT, BIAS])
        model.compile(keras.optimizers.SGD(LEARNING_RATE), "mse")
        model.fit(TOKENS, np.zeros((3, 2), "float32"), batch_size=3,
                  epochs=1, verbose=0, shuffle=False)
        self.assertAllClose(lstm.cell.kernel, EXPECTED_KERNEL, atol=1e-5)
        self.assertAllClose(embedding.embeddings, EXPECTED_EMBEDDINGS,
                            atol=1e-5)

    @pytest.mark.requires_trainable_backend
    def test_fit_jit_and_eager(self):
        rng = np.random.RandomState(1)
        x = rng.normal(size=(8, 4, 3)).astype("float32")
        y = rng.normal(size=(8, 2)).astype("float32")
        # Torch's compiled step: `TorchFusedLSTMTest` (fused and generic).
        modes = (False,) if backend.backend() == "torch" else (False, True)
        for jit in modes:
            model = keras.Sequential([keras.Input((4, 3)), LSTM(2)])
            model.compile("sgd", "mse", jit_compile=jit)
            # Copies: torch's CPU arrays share the variables' memory.
            before = [w.copy() for w in model.get_weights()]
            model.fit(x, y, batch_size=4, epochs=1, verbose=0)
            self.assertNotAllClose(before[1], model.get_weights()[1])


@pytest.mark.skipif(backend.backend() != "torch",
                    reason="torch's fused LSTM kernel")
class TorchFusedLSTMTest(testing.TestCase):
    def _pair(self, **kwargs):
        fused = LSTM(3, return_sequences=True, **kwargs)
        generic = LSTM(3, return_sequences=True, use_cudnn=False, **kwargs)
        fused.build((2, 5, 4))
        generic.build((2, 5, 4))
        generic.set_weights(fused.get_weights())
        return fused, generic

    def test_fused_equals_generic_with_gradients(self):
        import torch

        x = torch.tensor(np.random.RandomState(0).uniform(
            -1, 1, (2, 5, 4)).astype("float32"), requires_grad=True)
        for backwards in (False, True):
            fused, generic = self._pair(go_backwards=backwards,
                                        bias_initializer="random_normal")
            grads = []
            for layer in (fused, generic):
                out = layer(x)
                loss = (out ** 2).sum()
                weights = [w.value for w in layer.trainable_weights]
                grads.append(torch.autograd.grad(loss, [x] + weights))
                grads[-1] = (out,) + grads[-1]
            for a, b in zip(*grads):
                self.assertAllClose(a.detach(), b.detach(), atol=1e-5)

    def test_fused_kernel_is_used(self):
        import torch

        fused, generic = self._pair()
        x = np.ones((2, 5, 4), "float32")
        calls = []
        original = torch.lstm

        def spy(*args, **kwargs):
            calls.append(1)
            return original(*args, **kwargs)

        torch.lstm = spy
        try:
            fused(x)
            self.assertEqual(len(calls), 1)
            generic(x)
            fused(x, mask=np.ones((2, 5), bool))
            self.assertEqual(len(calls), 1)
        finally:
            torch.lstm = original

    def test_compiled_fit_fused_equals_generic(self):
        rng = np.random.RandomState(3)
        x = rng.normal(size=(4, 5, 4)).astype("float32")
        y = rng.normal(size=(4, 5, 3)).astype("float32")
        fused, generic = self._pair()
        results = []
        # The fused kernel inside the captured compiled step against the
        # generic loop run eagerly (one compile: they cost ~10 s each).
        for layer, jit in ((fused, {"backend": "aot_eager",
                                    "fullgraph": True}),
                           (generic, False)):
            model = keras.Sequential([keras.Input((5, 4)), layer])
            model.compile("sgd", "mse", jit_compile=jit)
            model.fit(x, y, batch_size=4, epochs=1, verbose=0)
            results.append(model.get_weights())
        for a, b in zip(*results):
            self.assertAllClose(a, b, atol=1e-5)
