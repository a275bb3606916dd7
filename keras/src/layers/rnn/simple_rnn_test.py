import numpy as np

import keras
from keras.src import testing
from keras.src.layers.rnn.simple_rnn import SimpleRNN
from keras.src.layers.rnn.simple_rnn import SimpleRNNCell


def simple_rnn_reference(x, kernel, recurrent_kernel, bias, h0=None):
    """`h_t = tanh(x_t W + h_{t-1} U + b)`, step by step, in float64."""
    h = np.zeros((x.shape[0], kernel.shape[1])) if h0 is None else h0
    outputs = []
    for t in range(x.shape[1]):
        h = np.tanh(x[:, t] @ kernel + h @ recurrent_kernel + bias)
        outputs.append(h)
    return np.stack(outputs, 1), h


class SimpleRNNTest(testing.TestCase):
    def test_run_layer_test(self):
        self.run_layer_test(
            SimpleRNN,
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

    def test_cell(self):
        cell = SimpleRNNCell(3, seed=2)
        h, [state] = cell(np.ones((2, 4), "float32"),
                          [np.zeros((2, 3), "float32")])
        self.assertEqual(tuple(h.shape), (2, 3))
        self.assertAllClose(h, state)
        self.assertEqual(cell.state_size, 3)
        self.run_class_serialization_test(cell)

    def test_matches_numpy_reference(self):
        rng = np.random.RandomState(0)
        x = rng.uniform(-1, 1, (2, 5, 3)).astype("float32")
        layer = SimpleRNN(4, return_sequences=True, return_state=True,
                          bias_initializer="random_normal")
        outputs, state = layer(x)
        kernel, recurrent, bias = [np.asarray(w, "float64")
                                   for w in layer.get_weights()]
        expected, h = simple_rnn_reference(x, kernel, recurrent, bias)
        self.assertAllClose(outputs, expected, atol=1e-5)
        self.assertAllClose(state, h, atol=1e-5)

    def test_weights_and_config(self):
        layer = SimpleRNN(3, use_bias=False, activation="relu")
        layer.build((None, 4, 2))
        self.assertEqual(
            [w.path for w in layer.weights],
            ["simple_rnn/simple_rnn_cell/kernel",
             "simple_rnn/simple_rnn_cell/recurrent_kernel"])
        self.assertEqual(layer.units, 3)
        config = layer.get_config()
        self.assertNotIn("seed", config)  # As Keras's.
        self.assertEqual(config["activation"], "relu")
        with self.assertRaisesRegex(ValueError, "positive integer"):
            SimpleRNN(0)

    def test_dropout_in_training_only(self):
        x = np.ones((2, 3, 4), "float32")
        layer = SimpleRNN(3, dropout=0.9, seed=1, return_sequences=True)
        self.assertAllClose(layer(x), layer(x))
        trained = layer(x, training=True)
        self.assertNotAllClose(trained, layer(x))
        # One mask per sequence: a cell without recurrence sees the same
        # dropped inputs at every step.
        layer = SimpleRNN(3, dropout=0.5, seed=3, return_sequences=True,
                          recurrent_initializer="zeros")
        y = keras.ops.convert_to_numpy(layer(x, training=True))
        self.assertAllClose(y[:, 0], y[:, 2])
