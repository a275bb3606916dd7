import numpy as np
import pytest

import keras
from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.layers.rnn.rnn import RNN
from keras.src.layers.rnn.simple_rnn import SimpleRNNCell
from keras.src.layers.rnn.stacked_rnn_cells import StackedRNNCells


class OneCell(keras.layers.Layer):
    """A cell written as Keras's guide writes them: `h = tanh(x W + h U)`,
    one state."""

    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.state_size = units

    def build(self, input_shape):
        self.kernel = self.add_weight(
            shape=(input_shape[-1], self.units), initializer="ones",
            name="kernel")
        self.recurrent_kernel = self.add_weight(
            shape=(self.units, self.units), initializer="ones",
            name="recurrent_kernel")

    def call(self, inputs, states):
        h = ops.tanh(ops.matmul(inputs, self.kernel)
                     + ops.matmul(states[0], self.recurrent_kernel))
        return h, [h]

    def get_config(self):
        return {**super().get_config(), "units": self.units}


class CountingCell(keras.layers.Layer):
    """Nested states: a running sum `(batch, 2)` and a pair
    `[count (batch, 1), last input (batch, 2)]`; outputs the sum."""

    state_size = [2, [1, 2]]
    output_size = 2

    def call(self, inputs, states):
        total, (count, _) = states[0], states[1]
        total = total + inputs
        return total, [total, [count + 1.0, inputs]]


def _x(shape, seed=0):
    return np.random.RandomState(seed).uniform(
        -1, 1, size=shape).astype("float32")


def _reference(x, kernel, recurrent_kernel, mask=None, backwards=False,
               zero_output=False):
    """The recurrence of `OneCell` written out step by step."""
    batch, steps, _ = x.shape
    h = np.zeros((batch, kernel.shape[1]))
    previous = np.zeros_like(h)
    outputs = []
    order = range(steps - 1, -1, -1) if backwards else range(steps)
    for t in order:
        new = np.tanh(x[:, t] @ kernel + h @ recurrent_kernel)
        keep = np.ones((batch, 1), bool) if mask is None else mask[:, t:t + 1]
        h = np.where(keep, new, h)
        out = np.where(keep, new, 0.0 if zero_output else previous)
        previous = out
        outputs.append(out)
    return np.stack(outputs, 1), h


class RNNTest(testing.TestCase):
    def test_run_layer_test(self):
        self.run_layer_test(
            RNN,
            init_kwargs={"cell": SimpleRNNCell(3), "return_sequences": True},
            input_shape=(2, 4, 5),
            expected_output_shape=(2, 4, 3),
            expected_num_trainable_weights=3,
            expected_num_non_trainable_variables=1,
            supports_masking=True,
            # The cell, made outside, keeps its own float32 policy: the
            # mixed precision check runs in `simple_rnn_test.py`.
            run_mixed_precision_check=False,
        )

    def test_custom_cell_matches_reference(self):
        x = _x((2, 4, 3)) * 0.3
        layer = RNN(OneCell(2), return_sequences=True, return_state=True)
        outputs, state = layer(x)
        expected, h = _reference(x, np.ones((3, 2)), np.ones((2, 2)))
        self.assertAllClose(outputs, expected, atol=1e-5)
        self.assertAllClose(state, h, atol=1e-5)

    @pytest.mark.skipif(backend.backend() == "numpy",
                        reason="the same loop as eager on numpy")
    def test_go_backwards_and_unroll(self):
        x = _x((2, 5, 3)) * 0.3
        expected, _ = _reference(x, np.ones((3, 2)), np.ones((2, 2)),
                                 backwards=True)
        for unroll in (False, True):
            layer = RNN(OneCell(2), return_sequences=True,
                        go_backwards=True, unroll=unroll)
            self.assertAllClose(layer(x), expected, atol=1e-5)

    def test_masking_padded_batch(self):
        # Sequences of lengths 4, 2 and 3 (right-padded), and one with a
        # gap in the middle.
        x = _x((4, 4, 3)) * 0.3
        mask = np.array([[1, 1, 1, 1], [1, 1, 0, 0], [1, 1, 1, 0],
                         [1, 0, 1, 1]], bool)
        for zero_output in (False, True):
            for backwards in (False, True):
                layer = RNN(OneCell(2), return_sequences=True,
                            return_state=True, go_backwards=backwards,
                            zero_output_for_mask=zero_output)
                outputs, state = layer(x, mask=mask)
                expected, h = _reference(
                    x, np.ones((3, 2)), np.ones((2, 2)), mask, backwards,
                    zero_output)
                self.assertAllClose(outputs, expected, atol=1e-5)
                self.assertAllClose(state, h, atol=1e-5)

    def test_mask_from_masking_layer(self):
        x = _x((2, 3, 2))
        x[1, 2] = 0.0
        inputs = keras.Input((3, 2))
        masked = keras.layers.Masking(0.0)(inputs)
        outputs = RNN(OneCell(2), return_sequences=True)(masked)
        model = keras.Model(inputs, outputs)
        expected, _ = _reference(x, np.ones((2, 2)), np.ones((2, 2)),
                                 mask=np.any(x != 0, axis=-1))
        self.assertAllClose(model(x), expected, atol=1e-5)
        layer = RNN(OneCell(2), return_sequences=True, return_state=True)
        mask = np.ones((2, 3), bool)
        self.assertEqual(len(layer.compute_mask(x, mask)), 2)
        self.assertIsNone(RNN(OneCell(2)).compute_mask(x, mask))

    def test_initial_state(self):
        x = _x((2, 3, 2)) * 0.3
        h0 = _x((2, 2), seed=1)
        layer = RNN(OneCell(2), return_state=True)
        output, state = layer(x, initial_state=[h0])
        h = h0.astype("float64")
        for t in range(3):
            h = np.tanh(x[:, t] @ np.ones((2, 2)) + h @ np.ones((2, 2)))
        self.assertAllClose(output, h, atol=1e-5)
        self.assertAllClose(state, h, atol=1e-5)
        # Symbolic initial state in a functional model.
        seq, init = keras.Input((3, 2)), keras.Input((2,))
        outputs = RNN(OneCell(2))(seq, initial_state=init)
        model = keras.Model([seq, init], outputs)
        self.assertAllClose(model([x, h0]), h, atol=1e-5)

    def test_nested_states(self):
        x = _x((2, 3, 2))
        layer = RNN(CountingCell(), return_state=True)
        output, total, (count, last) = layer(x)
        self.assertAllClose(output, x.sum(axis=1), atol=1e-6)
        self.assertAllClose(total, x.sum(axis=1), atol=1e-6)
        self.assertAllClose(count, np.full((2, 1), 3.0))
        self.assertAllClose(last, x[:, -1])
        shapes = layer.compute_output_shape((None, 3, 2))
        self.assertEqual(shapes, ((None, 2), (None, 2), [(None, 1), (None, 2)]))
        symbolic = layer(keras.Input((3, 2)))
        self.assertEqual(symbolic[2][1].shape, (None, 2))

    def test_list_of_cells_is_stacked(self):
        layer = RNN([SimpleRNNCell(3), SimpleRNNCell(2)], return_state=True)
        self.assertIsInstance(layer.cell, StackedRNNCells)
        # Each cell's states come back as that cell returns them.
        output, [s1], [s2] = layer(_x((2, 4, 5)))
        self.assertEqual(tuple(output.shape), (2, 2))
        self.assertEqual(tuple(s1.shape), (2, 3))
        self.assertAllClose(output, s2)

    def test_stateful(self):
        x = _x((2, 3, 2)) * 0.3
        layer = RNN(OneCell(2), stateful=True)
        first = layer(x)
        second = layer(x)
        expected, _ = _reference(np.concatenate([x, x], 1), np.ones((2, 2)),
                                 np.ones((2, 2)))
        self.assertAllClose(first, expected[:, 2], atol=1e-5)
        self.assertAllClose(second, expected[:, 5], atol=1e-5)
        self.assertEqual(len(layer.weights), 2)  # The states are not weights.
        layer.reset_state()
        self.assertAllClose(layer(x), first, atol=1e-6)
        layer.reset_states()
        self.assertAllClose(layer.states[0], np.zeros((2, 2)))
        with self.assertRaisesRegex(ValueError, "batch size must be static"):
            RNN(OneCell(2), stateful=True)(keras.Input((3, 2)))

    def test_unknown_time_dimension(self):
        inputs = keras.Input((None, 2))
        model = keras.Model(inputs, RNN(OneCell(2))(inputs))
        for steps in (2, 5):
            self.assertEqual(tuple(model(_x((3, steps, 2))).shape), (3, 2))
        with self.assertRaisesRegex(ValueError, "unroll"):
            RNN(OneCell(2), unroll=True)(keras.Input((None, 2)))

    def test_serialization_of_custom_cell(self):
        layer = RNN(OneCell(2), return_sequences=True, go_backwards=True)
        config = layer.get_config()
        self.assertEqual(config["cell"]["class_name"], "OneCell")
        restored = RNN.from_config(
            config, custom_objects={"OneCell": OneCell})
        self.assertEqual(restored.cell.units, 2)
        self.assertTrue(restored.go_backwards)

    def test_invalid_cells(self):
        with self.assertRaisesRegex(ValueError, "should have a `call`"):
            RNN(object())
        with self.assertRaisesRegex(ValueError, "`state_size`"):
            RNN(keras.layers.Dense(2))
        with self.assertRaisesRegex(ValueError, "batch, time, features"):
            RNN(OneCell(2))(np.ones((2, 3), "float32"))

    @pytest.mark.requires_trainable_backend
    def test_stateful_fit(self):
        # The states carry over between batches and are updated in the
        # step; no gradient flows into past batches.
        layer = RNN(OneCell(2), stateful=True)
        model = keras.Sequential([keras.Input((3, 2), batch_size=2), layer])
        model.compile("sgd", "mse", jit_compile=False)
        model.fit(_x((4, 3, 2)), _x((4, 2), seed=1), batch_size=2,
                  epochs=1, verbose=0, shuffle=False)
        if backend.backend() == "jax":
            # JAX steps are pure functions of the model's variables, and
            # the states are not among them: upstream Keras leaves them
            # at zero through `fit` too (checked with Keras 3.15.1).
            self.assertAllClose(layer.states[0], np.zeros((2, 2)))
        else:
            self.assertNotAllClose(layer.states[0], np.zeros((2, 2)))
