import numpy as np
import pytest

import keras
from keras.src import ops
from keras.src import testing
from keras.src.layers.rnn.conv_lstm import ConvLSTM
from keras.src.layers.rnn.conv_lstm import ConvLSTMCell


class ConvLSTMCellTest(testing.TestCase):
    def test_cell_step(self):
        cell = ConvLSTMCell(rank=2, filters=3, kernel_size=3, strides=2)
        cell.build((None, 7, 7, 2))
        self.assertEqual(cell.state_size, -1)
        self.assertEqual(cell.state_shape, (3, 3, 3))
        states = cell.get_initial_state(batch_size=2)
        self.assertEqual([tuple(s.shape) for s in states],
                         [(2, 3, 3, 3)] * 2)
        x = np.random.RandomState(0).randn(2, 7, 7, 2).astype("float32")
        h, (h2, c) = cell(x, states)
        self.assertEqual(tuple(h.shape), (2, 3, 3, 3))
        self.assertAllClose(h, h2)
        # From zero states, c = sigmoid(i) * tanh(g).
        z = ops.convert_to_numpy(cell.input_conv(
            x, cell.kernel, cell.bias, padding="valid"))
        i, _, g, o = np.split(z, 4, axis=-1)
        expected_c = np.tanh(g) / (1 + np.exp(-i))
        self.assertAllClose(c, expected_c, atol=1e-5)
        self.assertAllClose(h, np.tanh(expected_c) / (1 + np.exp(-o)),
                            atol=1e-5)

    def test_cell_config_round_trip(self):
        cell = ConvLSTMCell(rank=1, filters=2, kernel_size=3,
                            recurrent_activation="hard_sigmoid",
                            kernel_regularizer="l2", dropout=0.2, seed=3)
        config = cell.get_config()
        self.assertEqual(config["kernel_size"], (3,))
        self.assertEqual(config["recurrent_activation"], "hard_sigmoid")
        restored = ConvLSTMCell.from_config({**config, "rank": 1})
        self.assertEqual(restored.get_config(), config)

    def test_cell_errors(self):
        with self.assertRaisesRegex(ValueError, "rank"):
            ConvLSTMCell(rank=4, filters=2, kernel_size=3)
        with self.assertRaisesRegex(ValueError, "filters"):
            ConvLSTMCell(rank=2, filters=0, kernel_size=3)
        with self.assertRaisesRegex(ValueError, "padding"):
            ConvLSTMCell(rank=1, filters=2, kernel_size=3, padding="causal")
        with self.assertRaisesRegex(ValueError, "dilation_rate"):
            ConvLSTMCell(rank=2, filters=2, kernel_size=3, strides=2,
                         dilation_rate=2)
        with self.assertRaisesRegex(ValueError, "built"):
            ConvLSTMCell(rank=2, filters=2, kernel_size=3).get_initial_state(
                batch_size=1)


class ConvLSTMTest(testing.TestCase):
    def test_base_with_rank(self):
        layer = ConvLSTM(rank=1, filters=2, kernel_size=3, padding="same",
                         return_sequences=True)
        y = layer(np.ones((2, 4, 6, 3), "float32"))
        self.assertEqual(tuple(y.shape), (2, 4, 6, 2))
        self.assertEqual(layer.filters, 2)
        self.assertEqual(layer.kernel_size, (3,))

    def test_bad_inputs(self):
        layer = ConvLSTM(rank=2, filters=2, kernel_size=3)
        with self.assertRaisesRegex(ValueError, "ndim=5|rank 5"):
            layer(np.ones((1, 2, 5, 3), "float32"))
        with self.assertRaisesRegex(ValueError, "static input shapes"):
            keras.Sequential([
                keras.Input((None, None, 4, 3)),
                ConvLSTM(rank=2, filters=2, kernel_size=3),
            ])

    def test_go_backwards_and_mask(self):
        rng = np.random.RandomState(0)
        x = rng.randn(2, 4, 5, 2).astype("float32")
        forward = ConvLSTM(rank=1, filters=2, kernel_size=3)
        backward = ConvLSTM(rank=1, filters=2, kernel_size=3,
                            go_backwards=True)
        forward.build(x.shape)
        backward.build(x.shape)
        backward.set_weights(forward.get_weights())
        self.assertAllClose(backward(x), forward(x[:, ::-1]), atol=1e-5)
        # Masked final steps leave the state as it was.
        mask = np.array([[True, True, False, False]] * 2)
        self.assertAllClose(forward(x, mask=mask), forward(x[:, :2]),
                            atol=1e-5)

    def test_initial_state_and_stateful(self):
        rng = np.random.RandomState(1)
        x = rng.randn(2, 3, 5, 2).astype("float32")
        layer = ConvLSTM(rank=1, filters=2, kernel_size=3, return_state=True)
        _, h, c = layer(x)
        # Running the second half from the first half's states equals
        # running the whole sequence.
        _, h1, c1 = layer(x[:, :2])
        _, h2, c2 = layer(x[:, 2:], initial_state=[h1, c1])
        self.assertAllClose(h2, h, atol=1e-5)
        self.assertAllClose(c2, c, atol=1e-5)
        stateful = ConvLSTM(rank=1, filters=2, kernel_size=3, stateful=True)
        stateful.build(x.shape)
        stateful.set_weights(layer.get_weights())
        stateful(x[:, :2])
        self.assertAllClose(stateful(x[:, 2:]), h, atol=1e-5)
        stateful.reset_state()
        self.assertAllClose(stateful.states[0], np.zeros((2, 3, 2)))

    @pytest.mark.requires_trainable_backend
    def test_dropout_in_training(self):
        x = np.ones((2, 3, 6, 2), "float32")
        layer = ConvLSTM(rank=1, filters=2, kernel_size=3, dropout=0.5,
                         recurrent_dropout=0.5, seed=1)
        inference = ops.convert_to_numpy(layer(x))
        self.assertAllClose(layer(x, training=False), inference)
        training = ops.convert_to_numpy(layer(x, training=True))
        self.assertFalse(np.allclose(training, inference))
        self.assertIsNone(layer.cell._dropout_mask)

    def test_config_round_trip(self):
        layer = ConvLSTM(rank=2, filters=2, kernel_size=(3, 1),
                         data_format="channels_first", return_state=True,
                         activity_regularizer="l1")
        config = layer.get_config()
        self.assertEqual(config["data_format"], "channels_first")
        self.assertEqual(config["kernel_size"], (3, 1))
        self.assertNotIn("cell", config)
        restored = ConvLSTM.from_config({**config, "rank": 2})
        self.assertEqual(restored.get_config(), config)
