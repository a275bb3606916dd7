from unittest import mock

import numpy as np
import pytest
from absl.testing import parameterized

import keras
from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.backend.common.rnn_test import grads_of
from keras.src.backend.common.rnn_test import scalar_loss
from keras.src.layers.rnn.bidirectional import Bidirectional


class TinyRNN(keras.layers.Layer):
    """A test-only recurrent layer: `h_t = tanh(x_t @ w + h_{t-1} @ u)`.

    Masked steps keep the previous state and output it again.
    """

    def __init__(self, units, return_sequences=False, return_state=False,
                 go_backwards=False, stateful=False, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.return_sequences = return_sequences
        self.return_state = return_state
        self.go_backwards = go_backwards
        self.stateful = stateful
        self.state_size = units

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], self.units),
                                 name="w")
        self.u = self.add_weight(shape=(self.units, self.units), name="u")

    def call(self, inputs, initial_state=None, mask=None, training=None):
        steps = inputs.shape[1]
        if initial_state is None:
            h = ops.zeros((ops.shape(inputs)[0], self.units), inputs.dtype)
        else:
            h = initial_state
        order = range(steps - 1, -1, -1) if self.go_backwards else range(
            steps
        )
        outputs = []
        for t in order:
            new = ops.tanh(ops.matmul(inputs[:, t], self.w) +
                           ops.matmul(h, self.u))
            if mask is not None:
                keep = ops.expand_dims(mask[:, t], -1)
                new = ops.where(keep, new, h)
            h = new
            outputs.append(h)
        output = ops.stack(outputs, axis=1) if self.return_sequences else h
        return (output, h) if self.return_state else output

    def compute_output_shape(self, input_shape):
        if self.return_sequences:
            output = tuple(input_shape[:2]) + (self.units,)
        else:
            output = (input_shape[0], self.units)
        if self.return_state:
            return output, (input_shape[0], self.units)
        return output

    def get_config(self):
        config = super().get_config()
        config.update({
            "units": self.units,
            "return_sequences": self.return_sequences,
            "return_state": self.return_state,
            "go_backwards": self.go_backwards,
            "stateful": self.stateful,
        })
        return config


def np_tiny_rnn(x, w, u, h=None, backwards=False, mask=None):
    """NumPy reference of `TinyRNN`: the per-step outputs, in the order
    they are computed, and the last state."""
    h = np.zeros((x.shape[0], w.shape[1]), "float32") if h is None else h
    steps = range(x.shape[1])
    outputs = []
    for t in reversed(steps) if backwards else steps:
        new = np.tanh(x[:, t] @ w + h @ u)
        if mask is not None:
            new = np.where(mask[:, t : t + 1], new, h)
        h = new
        outputs.append(h)
    return np.stack(outputs, axis=1), h


CUSTOM = {"TinyRNN": TinyRNN}


def weights_of(layer):
    return [ops.convert_to_numpy(w) for w in layer.weights]


class BidirectionalTest(testing.TestCase):
    def test_run_layer_test(self):
        self.run_layer_test(
            Bidirectional,
            init_kwargs={"layer": TinyRNN(3)},
            input_shape=(2, 4, 5),
            expected_output_shape=(2, 6),
            expected_num_trainable_weights=4,
            expected_num_non_trainable_weights=0,
            supports_masking=True,
            custom_objects=CUSTOM,
        )

    def test_merge_modes_match_numpy(self):
        rng = np.random.RandomState(0)
        x = rng.randn(2, 4, 3).astype("float32")
        merges = {
            "concat": lambda f, b: np.concatenate([f, b], -1),
            "sum": lambda f, b: f + b,
            "mul": lambda f, b: f * b,
            "ave": lambda f, b: (f + b) / 2,
        }
        for mode, merge in merges.items():
            for sequences in (False, True):
                layer = Bidirectional(
                    TinyRNN(2, return_sequences=sequences), merge_mode=mode
                )
                y = layer(x)
                fw, fu, bw, bu = weights_of(layer)
                f_seq, f_last = np_tiny_rnn(x, fw, fu)
                b_seq, b_last = np_tiny_rnn(x, bw, bu, backwards=True)
                if sequences:
                    # The backward run is put back in forward order.
                    expected = merge(f_seq, b_seq[:, ::-1])
                else:
                    expected = merge(f_last, b_last)
                self.assertAllClose(y, expected, atol=1e-5)
        layer = Bidirectional(TinyRNN(2), merge_mode=None)
        forward, backward = layer(x)
        fw, fu, bw, bu = weights_of(layer)
        self.assertAllClose(forward, np_tiny_rnn(x, fw, fu)[1], atol=1e-5)
        self.assertAllClose(
            backward, np_tiny_rnn(x, bw, bu, backwards=True)[1], atol=1e-5
        )

    def test_copies_and_weight_order(self):
        template = TinyRNN(2, name="tiny")
        layer = Bidirectional(template)
        self.assertIsNot(layer.forward_layer, template)
        self.assertEqual(layer.forward_layer.name, "forward_tiny")
        self.assertEqual(layer.backward_layer.name, "backward_tiny")
        self.assertFalse(layer.forward_layer.go_backwards)
        self.assertTrue(layer.backward_layer.go_backwards)
        layer.build((None, 3, 4))
        self.assertEqual(
            [w.path for w in layer.weights],
            [
                f"{layer.name}/forward_tiny/w",
                f"{layer.name}/forward_tiny/u",
                f"{layer.name}/backward_tiny/w",
                f"{layer.name}/backward_tiny/u",
            ],
        )

    def test_initial_weights(self):
        values = [np.full((4, 2), 0.1), np.eye(2), np.zeros((4, 2)),
                  np.zeros((2, 2))]
        layer = Bidirectional(TinyRNN(2), weights=values)
        x = np.ones((1, 3, 4), "float32")
        y = layer(x)
        expected, _ = np_tiny_rnn(x, values[0], values[1])
        self.assertAllClose(y, np.concatenate(
            [expected[:, -1], np.zeros((1, 2))], -1), atol=1e-5)

    def test_return_state_and_initial_state(self):
        rng = np.random.RandomState(1)
        x = rng.randn(2, 3, 4).astype("float32")
        h_f = rng.randn(2, 2).astype("float32")
        h_b = rng.randn(2, 2).astype("float32")
        layer = Bidirectional(TinyRNN(2, return_state=True))
        output, state_f, state_b = layer(x, initial_state=[h_f, h_b])
        fw, fu, bw, bu = weights_of(layer)
        _, f_last = np_tiny_rnn(x, fw, fu, h=h_f)
        _, b_last = np_tiny_rnn(x, bw, bu, h=h_b, backwards=True)
        self.assertAllClose(state_f, f_last, atol=1e-5)
        self.assertAllClose(state_b, b_last, atol=1e-5)
        self.assertAllClose(output, np.concatenate([f_last, b_last], -1),
                            atol=1e-5)
        self.assertEqual(layer.compute_output_shape((2, 3, 4)),
                         ((2, 4), (2, 2), (2, 2)))
        unmerged = Bidirectional(
            TinyRNN(2, return_state=True), merge_mode=None
        )
        self.assertLen(unmerged(x), 4)
        self.assertEqual(unmerged.compute_output_shape((2, 3, 4)),
                         ((2, 2), (2, 2), (2, 2), (2, 2)))
        with self.assertRaisesRegex(ValueError, "even number"):
            layer(x, initial_state=[h_f])

    def test_symbolic_call(self):
        inputs = keras.Input((3, 4))
        layer = Bidirectional(TinyRNN(2, return_sequences=True,
                                      return_state=True))
        outputs = layer(inputs)
        self.assertEqual([tuple(t.shape) for t in outputs],
                         [(None, 3, 4), (None, 2), (None, 2)])
        model = keras.Model(inputs, outputs)
        x = np.ones((2, 3, 4), "float32")
        self.assertEqual(tuple(model(x)[0].shape), (2, 3, 4))

    def test_masking(self):
        rng = np.random.RandomState(2)
        x = rng.randn(2, 4, 3).astype("float32")
        mask = np.array([[True, True, False, True], [True, False, True,
                                                     True]])
        layer = Bidirectional(TinyRNN(2, return_sequences=True))
        y = layer(x, mask=mask)
        fw, fu, bw, bu = weights_of(layer)
        f_seq, _ = np_tiny_rnn(x, fw, fu, mask=mask)
        b_seq, _ = np_tiny_rnn(x, bw, bu, backwards=True, mask=mask)
        self.assertAllClose(
            y, np.concatenate([f_seq, b_seq[:, ::-1]], -1), atol=1e-5
        )
        masked = keras.layers.Masking()(keras.Input((4, 3)))
        self.assertEqual(layer(masked)._keras_mask.shape, (None, 4))
        last = Bidirectional(TinyRNN(2))(masked)
        self.assertIsNone(getattr(last, "_keras_mask", None))
        states = Bidirectional(
            TinyRNN(2, return_sequences=True, return_state=True),
            merge_mode=None,
        )(masked)
        self.assertEqual(states[0]._keras_mask.shape, (None, 4))
        self.assertEqual(states[1]._keras_mask.shape, (None, 4))
        self.assertIsNone(getattr(states[2], "_keras_mask", None))

    def test_backward_layer(self):
        backward = TinyRNN(3, go_backwards=True, name="mine")
        layer = Bidirectional(TinyRNN(2), backward_layer=backward)
        self.assertIs(layer.backward_layer, backward)
        self.assertEqual(tuple(layer(np.ones((2, 3, 4), "float32")).shape),
                         (2, 5))
        self.assertEqual(layer.compute_output_shape((2, 3, 4)), (2, 5))
        with self.assertRaisesRegex(ValueError, "go_backwards"):
            Bidirectional(TinyRNN(2), backward_layer=TinyRNN(2))
        with self.assertRaisesRegex(ValueError, "return_sequences"):
            Bidirectional(TinyRNN(2), backward_layer=TinyRNN(
                2, go_backwards=True, return_sequences=True))
        with self.assertRaisesRegex(ValueError, "return_state"):
            Bidirectional(TinyRNN(2), backward_layer=TinyRNN(
                2, go_backwards=True, return_state=True))
        with self.assertRaisesRegex(ValueError, "backward_layer"):
            Bidirectional(TinyRNN(2), backward_layer=3)

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "keras.layers.Layer"):
            Bidirectional(3)
        with self.assertRaisesRegex(ValueError, "recurrent layer"):
            Bidirectional(keras.layers.Dense(2))
        with self.assertRaisesRegex(ValueError, "merge_mode='foo'"):
            Bidirectional(TinyRNN(2), merge_mode="foo")

    def test_config_round_trip(self):
        layer = Bidirectional(TinyRNN(2, name="tiny"), merge_mode="sum",
                              name="bi")
        config = layer.get_config()
        self.assertEqual(config["merge_mode"], "sum")
        self.assertEqual(config["layer"]["config"]["name"], "forward_tiny")
        self.assertEqual(config["backward_layer"]["config"]["name"],
                         "backward_tiny")
        with keras.saving.custom_object_scope(CUSTOM):
            restored = Bidirectional.from_config(config)
        self.assertEqual(restored.forward_layer.name, "forward_tiny")
        self.assertEqual(restored.get_config(), config)

    def test_run_layer_test_lstm(self):
        self.run_layer_test(
            Bidirectional,
            init_kwargs={"layer": keras.layers.LSTM(2,
                                                    return_sequences=True)},
            input_shape=(2, 3, 4),
            expected_output_shape=(2, 3, 4),
            expected_num_trainable_weights=6,
            expected_num_non_trainable_weights=0,
            supports_masking=True,
        )

    def test_lstm_and_gru_equal_two_runs(self):
        rng = np.random.RandomState(3)
        x = rng.randn(2, 4, 3).astype("float32")
        for rnn in (keras.layers.LSTM, keras.layers.GRU):
            layer = Bidirectional(rnn(2, return_sequences=True))
            y = layer(x)
            forward = rnn(2, return_sequences=True)
            backward = rnn(2, return_sequences=True, go_backwards=True)
            forward.build(x.shape)
            backward.build(x.shape)
            forward.set_weights(layer.forward_layer.get_weights())
            backward.set_weights(layer.backward_layer.get_weights())
            expected = np.concatenate([
                ops.convert_to_numpy(forward(x)),
                ops.convert_to_numpy(backward(x))[:, ::-1],
            ], axis=-1)
            self.assertAllClose(y, expected, atol=1e-5)

    def test_lstm_masked_sequences_match_keras(self):
        # Numbers from Keras 3.15.1 for the same weights: masked steps
        # output zeros in both directions.
        x = np.linspace(-1, 1, 6, dtype="float32").reshape(1, 3, 2)
        layer = Bidirectional(keras.layers.LSTM(1, return_sequences=True),
                              merge_mode="sum")
        layer.build(x.shape)
        self.assertTrue(layer.forward_layer.zero_output_for_mask)
        self.assertTrue(layer.backward_layer.zero_output_for_mask)
        values = []
        for i, w in enumerate(layer.weights):
            size = int(np.prod(w.shape))
            sign = 1.0 if i < 3 else -1.0
            values.append(sign * np.linspace(-0.5, 0.5, size).reshape(
                w.shape).astype("float32"))
        layer.set_weights(values)
        y = layer(x, mask=np.array([[True, True, False]]))
        self.assertAllClose(y, [[[-0.0227416], [0.0415089], [0.0]]],
                            atol=1e-6)

    def test_lstm_states_and_config(self):
        x = np.random.RandomState(4).randn(2, 3, 4).astype("float32")
        layer = Bidirectional(keras.layers.LSTM(2, return_state=True,
                                                name="lstm"))
        outputs = layer(x, initial_state=[np.zeros((2, 2), "float32")] * 4)
        self.assertEqual([tuple(t.shape) for t in outputs],
                         [(2, 4)] + [(2, 2)] * 4)
        self.assertEqual(layer.compute_output_shape((2, 3, 4)),
                         ((2, 4),) + ((2, 2),) * 4)
        config = layer.get_config()
        self.assertEqual(config["layer"]["config"]["name"], "forward_lstm")
        self.assertTrue(config["backward_layer"]["config"]["go_backwards"])
        restored = Bidirectional.from_config(config)
        self.assertEqual(restored.get_config(), config)

    def test_saved_model_round_trip(self):
        x = np.random.RandomState(6).randn(2, 3, 4).astype("float32")
        inputs = keras.Input((3, 4))
        hidden = keras.layers.TimeDistributed(keras.layers.Dense(3))(inputs)
        outputs = Bidirectional(keras.layers.GRU(2))(hidden)
        model = keras.Model(inputs, outputs)
        path = self.get_temp_dir() + "/bidirectional.keras"
        model.save(path)
        restored = keras.models.load_model(path)
        self.assertAllClose(restored(x), model(x), atol=1e-6)

    def test_stateful(self):
        x = np.random.RandomState(5).randn(2, 4, 3).astype("float32")
        layer = Bidirectional(keras.layers.SimpleRNN(2, stateful=True))
        layer(x)
        self.assertLen(layer.states, 2)
        self.assertFalse(np.allclose(
            ops.convert_to_numpy(layer.states[0]), 0.0))
        layer.reset_state()
        for state in layer.states:
            self.assertAllClose(state, np.zeros((2, 2)))
        with self.assertRaisesRegex(AttributeError, "stateful"):
            Bidirectional(keras.layers.SimpleRNN(2)).reset_state()

    @pytest.mark.requires_trainable_backend
    def test_fit_with_and_without_jit(self):
        rng = np.random.RandomState(0)
        x = rng.randn(16, 4, 3).astype("float32")
        y = rng.randn(16, 4).astype("float32")
        jits = [False, True]
        if backend.backend() == "torch":
            jits[1] = {"backend": "aot_eager", "fullgraph": True}
        for jit in jits:
            model = keras.Sequential([
                keras.Input((4, 3)),
                Bidirectional(keras.layers.LSTM(2, return_sequences=True)),
                Bidirectional(TinyRNN(2)),
            ])
            model.compile("adam", "mse", jit_compile=jit)
            history = model.fit(x, y, batch_size=8, epochs=2, verbose=0)
            self.assertTrue(np.isfinite(history.history["loss"][-1]))

    def test_fused_path_rule(self):
        # Both directions run as one backend call under the single layers'
        # own fused-kernel rule (`cudnn_ok`: torch only), a mask allowed.
        fused = backend.backend() == "torch"
        mask = np.ones((2, 3), bool)

        def kind(layer, mask=None, training=None, **kwargs):
            return Bidirectional(layer, **kwargs)._fused_kind(mask, training)

        lstm, gru = keras.layers.LSTM, keras.layers.GRU
        self.assertEqual(kind(lstm(2)), "lstm" if fused else None)
        self.assertEqual(kind(gru(2), mask), "gru" if fused else None)
        self.assertEqual(kind(lstm(2, dropout=0.5), training=False),
                         "lstm" if fused else None)
        unfused = [
            (lstm(2, dropout=0.5), None, True),
            (lstm(2, recurrent_dropout=0.5), None, None),
            (lstm(2, stateful=True), None, None),
            (lstm(2, use_cudnn=False), None, None),
            (lstm(2, use_cudnn=True), mask, None),
            (lstm(2, activation="relu"), None, None),
            (lstm(2, unroll=True), None, None),
            (lstm(2, activity_regularizer="l2"), None, None),
            (gru(2, reset_after=False), None, None),
            (keras.layers.SimpleRNN(2), None, None),
        ]
        for layer, m, training in unfused:
            self.assertIsNone(kind(layer, m, training), layer.get_config())
        self.assertIsNone(
            kind(lstm(2), backward_layer=gru(2, go_backwards=True)))

    @parameterized.parameters("LSTM", "GRU")
    @pytest.mark.skipif(backend.backend() != "torch",
                        reason="The fused path applies where `cudnn_ok` "
                        "holds: on torch only.")
    def test_fused_path_equals_layers(self, rnn):
        # The fused path (ONE torch.lstm call with bidirectional=True, or
        # one fused_gru.gru call per direction, without a mask; one
        # generic loop for both directions with one) against the two
        # layers' own calls (`use_cudnn=False`): outputs and gradients,
        # for every merge mode, masks, `return_state` and `initial_state`.
        import torch

        rng = np.random.RandomState(7)
        x = rng.randn(2, 4, 3).astype("float32")
        padded = np.array([[1, 1, 1, 0], [0, 1, 1, 1]], bool)
        n_states = 2 if rnn == "LSTM" else 1
        states = [rng.randn(2, 2).astype("float32")
                  for _ in range(2 * n_states)]
        cases = [
            ({"return_sequences": True}, "concat", None, False),
            ({"return_sequences": True}, "sum", padded, True),
            ({"return_state": True, "zero_output_for_mask": True},
             None, padded, True),
            ({"return_sequences": True, "return_state": True}, "mul", None,
             True),
            ({"return_state": True}, "ave", padded, False),
        ]
        from keras.src.backend.torch import fused_gru

        owner, name, fused_calls = ((torch, "lstm", 1) if rnn == "LSTM"
                                    else (fused_gru, "gru", 2))
        for options, merge_mode, mask, with_states in cases:
            layers = []
            for use_cudnn in ("auto", False):
                layer = Bidirectional(
                    getattr(keras.layers, rnn)(2, use_cudnn=use_cudnn,
                                               **options),
                    merge_mode=merge_mode)
                layer.build(x.shape)
                layers.append(layer)
            fused, generic = layers
            self.assertIsNotNone(fused._fused_kind(mask, None))
            weights = [ops.convert_to_numpy(w)
                       for w in fused.trainable_variables]
            generic.set_weights(fused.get_weights())

            n = 2 * n_states if with_states else 0

            def run(layer, x, *rest, mask=mask, n=n):
                outputs, _ = layer.stateless_call(
                    list(rest[n:]),
                    [v.value for v in layer.non_trainable_variables], x,
                    initial_state=list(rest[:n]) or None, mask=mask)
                return keras.tree.flatten(outputs)

            args = [x, *states[:n], *weights]
            with mock.patch.object(owner, name,
                                   wraps=getattr(owner, name)) as calls:
                got = run(fused, *args)
            # A GRU with gradients runs `fused_gru.gru` once per direction.
            self.assertEqual(calls.call_count,
                             0 if mask is not None else fused_calls)
            if mask is None and rnn == "LSTM":
                self.assertTrue(calls.call_args.args[7])  # bidirectional
            want = run(generic, *args)
            self.assertEqual(len(got), len(want))
            for a, b in zip(got, want):
                self.assertAllClose(a, b, atol=1e-5)
            got = grads_of(lambda *a: scalar_loss(run(fused, *a)), args)
            want = grads_of(lambda *a: scalar_loss(run(generic, *a)), args)
            for a, b in zip(got, want):
                self.assertAllClose(a, b, atol=1e-5)
