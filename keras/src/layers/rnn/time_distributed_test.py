import numpy as np
import pytest

import keras

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.layers.rnn.time_distributed import TimeDistributed


class TimeDistributedTest(testing.TestCase):
    def test_run_layer_test(self):
        self.run_layer_test(
            TimeDistributed,
            init_kwargs={"layer": keras.layers.Dense(3)},
            input_shape=(2, 4, 5),
            expected_output_shape=(2, 4, 3),
            expected_num_trainable_weights=2,
            expected_num_non_trainable_weights=0,
            supports_masking=True,
        )

    def test_conv_inside(self):
        self.run_layer_test(
            TimeDistributed,
            init_kwargs={"layer": keras.layers.Conv2D(2, 3)},
            input_shape=(2, 3, 5, 5, 1),
            expected_output_shape=(2, 3, 3, 3, 2),
            expected_num_trainable_weights=2,
            run_training_check=False,
        )

    def test_dense_matches_per_step_matmul(self):
        rng = np.random.RandomState(0)
        x = rng.randn(2, 4, 5).astype("float32")
        layer = TimeDistributed(keras.layers.Dense(3, activation="tanh"))
        y = layer(x)
        kernel = ops.convert_to_numpy(layer.layer.kernel)
        bias = ops.convert_to_numpy(layer.layer.bias)
        expected = np.stack(
            [np.tanh(x[:, t] @ kernel + bias) for t in range(4)], axis=1
        )
        self.assertAllClose(y, expected, atol=1e-5)

    def test_unknown_time_axis(self):
        inputs = keras.layers.Input((None, 5))
        outputs = TimeDistributed(keras.layers.Dense(3))(inputs)
        self.assertEqual(outputs.shape, (None, None, 3))
        model = keras.Model(inputs, outputs)
        for steps in (2, 6):
            x = np.ones((3, steps, 5), "float32")
            self.assertEqual(tuple(model(x).shape), (3, steps, 3))
        self.assertEqual(
            TimeDistributed(keras.layers.Dense(3)).compute_output_shape(
                (None, None, 5)
            ),
            (None, None, 3),
        )

    def test_mask_reaches_inner_layer_and_output(self):
        class MaskSum(keras.layers.Layer):
            """Sums the features of each row whose mask is True."""

            def call(self, inputs, mask=None):
                mask = ops.cast(mask, inputs.dtype)
                return ops.sum(inputs, axis=-1) * mask

            def compute_output_shape(self, input_shape):
                return input_shape[:-1]

        x = np.arange(12, dtype="float32").reshape(1, 3, 2, 2)
        mask = np.array([[[True, False], [True, True], [False, False]]])
        y = TimeDistributed(MaskSum())(x, mask=mask)
        self.assertAllClose(y, x.sum(-1) * mask)

        step_mask = np.array([[True, False, True]])
        layer = TimeDistributed(keras.layers.Dense(2))
        self.assertAllEqual(
            layer.compute_mask(np.ones((1, 3, 2), "float32"), step_mask),
            step_mask,
        )
        symbolic = TimeDistributed(keras.layers.Dense(2))(
            keras.layers.Masking()(keras.layers.Input((3, 2)))
        )
        self.assertEqual(symbolic._keras_mask.shape, (None, 3))

    def test_training_flag_reaches_inner_layer(self):
        layer = TimeDistributed(keras.layers.Dropout(0.5, seed=1))
        x = np.ones((2, 3, 50), "float32")
        self.assertAllClose(layer(x, training=False), x)
        dropped = ops.convert_to_numpy(layer(x, training=True))
        self.assertTrue(np.any(dropped == 0.0))

    def test_bad_inputs(self):
        with self.assertRaisesRegex(ValueError, "keras.layers.Layer"):
            TimeDistributed(3)
        with self.assertRaisesRegex(ValueError, "at least 3 dimensions"):
            TimeDistributed(keras.layers.Dense(2))(np.ones((2, 3), "float32"))

    def test_config_round_trip(self):
        layer = TimeDistributed(keras.layers.Dense(3, name="d"), name="td")
        config = layer.get_config()
        self.assertEqual(config["layer"]["config"]["name"], "d")
        restored = TimeDistributed.from_config(config)
        self.assertEqual(restored.get_config(), config)

    @pytest.mark.requires_trainable_backend
    def test_fit_with_and_without_jit(self):
        rng = np.random.RandomState(0)
        x = rng.randn(16, 4, 3).astype("float32")
        y = x @ rng.randn(3, 2).astype("float32")
        jits = [False, True]
        if backend.backend() == "torch":
            jits[1] = {"backend": "aot_eager", "fullgraph": True}
        for jit in jits:
            model = keras.Sequential([
                keras.layers.Input((4, 3)),
                TimeDistributed(keras.layers.Dense(2)),
            ])
            model.compile("adam", "mse", jit_compile=jit)
            history = model.fit(x, y, batch_size=8, epochs=2, verbose=0)
            self.assertTrue(np.isfinite(history.history["loss"][-1]))
