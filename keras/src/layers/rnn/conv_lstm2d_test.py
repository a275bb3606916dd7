import numpy as np
import pytest

import keras
from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.layers.rnn.conv_lstm2d import ConvLSTM2D


def np_conv2d(x, kernel, padding):
    """Stride-1 2D convolution of channels-last `x` in NumPy."""
    kh, kw = kernel.shape[:2]
    if padding == "same":
        x = np.pad(x, [(0, 0), ((kh - 1) // 2, kh // 2),
                       ((kw - 1) // 2, kw // 2), (0, 0)])
    rows, cols = x.shape[1] - kh + 1, x.shape[2] - kw + 1
    out = np.zeros((x.shape[0], rows, cols, kernel.shape[-1]), "float32")
    for i in range(kh):
        for j in range(kw):
            out += x[:, i : i + rows, j : j + cols] @ kernel[i, j]
    return out


def np_conv_lstm2d(x, kernel, recurrent_kernel, bias, padding):
    """The ConvLSTM recurrence in NumPy; returns every step's `h` and the
    last `c`."""
    sigmoid = lambda z: 1 / (1 + np.exp(-z))  # noqa: E731
    filters = recurrent_kernel.shape[2]
    h = c = None
    outputs = []
    for t in range(x.shape[1]):
        z = np_conv2d(x[:, t], kernel, padding) + bias
        if h is None:
            h = c = np.zeros(z.shape[:-1] + (filters,), "float32")
        z = z + np_conv2d(h, recurrent_kernel, "same")
        i, f, g, o = np.split(z, 4, axis=-1)
        c = sigmoid(f) * c + sigmoid(i) * np.tanh(g)
        h = sigmoid(o) * np.tanh(c)
        outputs.append(h)
    return np.stack(outputs, axis=1), c


class ConvLSTM2DTest(testing.TestCase):
    def test_run_layer_test(self):
        self.run_layer_test(
            ConvLSTM2D,
            init_kwargs={"filters": 2, "kernel_size": 3, "padding": "same"},
            input_shape=(2, 3, 4, 4, 2),
            expected_output_shape=(2, 4, 4, 2),
            expected_num_trainable_weights=3,
            expected_num_non_trainable_weights=0,
            supports_masking=True,
        )

    def test_run_layer_test_sequences_and_states(self):
        self.run_layer_test(
            ConvLSTM2D,
            init_kwargs={"filters": 2, "kernel_size": 2, "strides": 2,
                         "return_sequences": True, "return_state": True},
            input_shape=(2, 3, 5, 5, 1),
            expected_output_shape=((2, 3, 2, 2, 2), (2, 2, 2, 2),
                                   (2, 2, 2, 2)),
            expected_num_trainable_weights=3,
            supports_masking=True,
            run_training_check=False,
        )

    def test_matches_numpy_recurrence(self):
        rng = np.random.RandomState(0)
        x = rng.randn(2, 3, 5, 4, 2).astype("float32")
        for padding in ("valid", "same"):
            layer = ConvLSTM2D(3, (3, 2), padding=padding,
                               return_sequences=True, return_state=True)
            layer.build(x.shape)
            weights = [
                (rng.randn(*w.shape) * 0.5).astype("float32")
                for w in layer.weights
            ]
            layer.set_weights(weights)
            outputs, h, c = layer(x)
            expected, expected_c = np_conv_lstm2d(x, *weights, padding)
            self.assertAllClose(outputs, expected, atol=1e-5)
            self.assertAllClose(h, expected[:, -1], atol=1e-5)
            self.assertAllClose(c, expected_c, atol=1e-5)

    def test_channels_first_matches_channels_last(self):
        rng = np.random.RandomState(1)
        x = rng.randn(2, 3, 6, 5, 2).astype("float32")
        last = ConvLSTM2D(2, 3, strides=(2, 1), return_sequences=True,
                          data_format="channels_last")
        first = ConvLSTM2D(2, 3, strides=(2, 1), return_sequences=True,
                           data_format="channels_first")
        last.build(x.shape)
        first.build(np.moveaxis(x, -1, 2).shape)
        first.set_weights(last.get_weights())
        expected = ops.convert_to_numpy(last(x))
        y = first(np.moveaxis(x, -1, 2))
        self.assertEqual(
            first.compute_output_shape((2, 3, 2, 6, 5)), (2, 3, 2, 2, 3)
        )
        self.assertAllClose(y, np.moveaxis(expected, -1, 2), atol=1e-5)

    def test_weights_and_unit_forget_bias(self):
        layer = ConvLSTM2D(2, 3)
        layer.build((None, 4, 5, 5, 3))
        self.assertEqual(
            [(w.path, tuple(w.shape)) for w in layer.weights],
            [
                (f"{layer.name}/conv_lstm_cell/kernel", (3, 3, 3, 8)),
                (f"{layer.name}/conv_lstm_cell/recurrent_kernel",
                 (3, 3, 2, 8)),
                (f"{layer.name}/conv_lstm_cell/bias", (8,)),
            ],
        )
        self.assertAllClose(layer.cell.bias, [0, 0, 1, 1, 0, 0, 0, 0])
        plain = ConvLSTM2D(2, 3, unit_forget_bias=False,
                           bias_initializer="ones")
        plain.build((None, 4, 5, 5, 3))
        self.assertAllClose(plain.cell.bias, np.ones(8))

    @pytest.mark.requires_trainable_backend
    def test_fit_with_and_without_jit(self):
        rng = np.random.RandomState(0)
        x = rng.randn(8, 3, 4, 4, 1).astype("float32")
        y = rng.randn(8, 4, 4, 2).astype("float32")
        jits = [False, True]
        if backend.backend() == "torch":
            jits[1] = {"backend": "aot_eager", "fullgraph": True}
        for jit in jits:
            model = keras.Sequential([
                keras.Input((3, 4, 4, 1)),
                ConvLSTM2D(2, 3, padding="same"),
            ])
            model.compile("adam", "mse", jit_compile=jit)
            history = model.fit(x, y, batch_size=4, epochs=2, verbose=0)
            self.assertTrue(np.isfinite(history.history["loss"][-1]))
