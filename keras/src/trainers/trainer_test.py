import numpy as np
import pytest
from absl.testing import parameterized

import keras
from keras.src import backend
from keras.src import testing

trainable = pytest.mark.requires_trainable_backend


def regression_data(n=32):
    rng = np.random.default_rng(0)
    x = rng.normal(size=(n, 4)).astype("float32")
    y = (x @ np.array([[1.0], [-2.0], [0.5], [0.0]], "float32")) + 0.3
    return x, y


def small_model(units=1):
    return keras.Sequential([
        keras.Input((4,)),
        keras.layers.Dense(8, activation="relu"),
        keras.layers.Dense(units),
    ])


def two_output_model():
    inputs = keras.Input((4,), name="in")
    hidden = keras.layers.Dense(8, activation="relu")(inputs)
    value = keras.layers.Dense(1, name="value")(hidden)
    label = keras.layers.Dense(3, activation="softmax", name="label")(hidden)
    return keras.Model(inputs, {"value": value, "label": label})


class CompileTest(testing.TestCase):
    def test_unknown_optimizer(self):
        with self.assertRaisesRegex(ValueError, "nope"):
            small_model().compile(optimizer="nope", loss="mse")

    def test_bad_jit_compile(self):
        with self.assertRaisesRegex(ValueError, "jit_compile"):
            small_model().compile(loss="mse", jit_compile="sometimes")

    def test_fit_before_compile(self):
        # On numpy nothing trains, compiled or not (as in Keras).
        error = (
            NotImplementedError if backend.backend() == "numpy"
            else ValueError
        )
        with self.assertRaisesRegex(error, "compile|numpy backend"):
            small_model().fit(*regression_data(), verbose=0)

    def test_metrics_names(self):
        model = small_model()
        model.compile(loss="mse", metrics=["mae"])
        self.assertEqual(model.metrics_names, ["loss", "compile_metrics"])
        self.assertEqual(model.get_compile_config()["loss"], "mse")

    def test_jit_compile_auto_resolution(self):
        model = small_model()
        model.compile(loss="mse")
        expected = backend.backend() in ("jax", "tensorflow")
        self.assertEqual(model.jit_compile, expected)

    @trainable
    def test_explicit_jit_with_a_layer_that_does_not_support_it(self):
        model = small_model()
        model.layers[0].supports_jit = {backend.backend(): False}
        with self.assertWarnsRegex(UserWarning, "Dense 'dense'"):
            model.compile(optimizer="sgd", loss="mse", jit_compile=True)
        # torch compiles around the layer; XLA and jax.jit compile a whole
        # step or nothing.
        self.assertEqual(model.jit_compile, backend.backend() == "torch")
        history = model.fit(*regression_data(), epochs=2, verbose=0)
        self.assertLen(history.history["loss"], 2)

    def test_auto_jit_with_a_layer_that_does_not_support_it(self):
        model = small_model()
        model.layers[0].supports_jit = False
        model.compile(loss="mse")
        self.assertFalse(model.jit_compile)

    @pytest.mark.skipif(backend.backend() != "numpy", reason="numpy only")
    def test_numpy_backend_cannot_fit(self):
        model = small_model()
        model.compile(loss="mse")
        with self.assertRaisesRegex(NotImplementedError, "numpy backend"):
            model.fit(*regression_data(), verbose=0)
        loss = model.evaluate(*regression_data(), verbose=0)
        self.assertGreater(loss, 0.0)


class CallCounter(keras.layers.Layer):
    """Counts its calls in a non-trainable variable."""

    def build(self, input_shape):
        self.calls = self.add_weight(shape=(), initializer="zeros",
                                     trainable=False, name="calls")

    def call(self, x):
        self.calls.assign(self.calls + 1.0)
        return x


def _jit_option(jit_compile):
    # Inductor's code generation costs seconds per graph: on torch the
    # captured steps compile with the cheap `aot_eager` Dynamo backend.
    if jit_compile and backend.backend() == "torch":
        return {"backend": "aot_eager"}
    return jit_compile


@trainable
class StateUpdatesTest(testing.TestCase):
    @parameterized.named_parameters(("eager", False), ("jit", True))
    def test_each_step_updates_state_once(self, jit_compile):
        # Building the model on the first batch runs no stateful forward
        # pass, and inference writes its state updates back (JAX holds
        # them outside the variables), as Keras does: 4 train steps and
        # 3 predict steps, then (eagerly) 2 test steps and one of each
        # kind on a single batch.
        counter = CallCounter()
        model = keras.Sequential([counter, keras.layers.Dense(1)])
        model.compile(optimizer="sgd", loss="mse",
                      jit_compile=_jit_option(jit_compile))
        x, y = regression_data(8)
        model.fit(x, y, batch_size=2, epochs=1, verbose=0)
        self.assertEqual(float(counter.calls.numpy()), 4.0)
        model.predict(x[:6], batch_size=2, verbose=0)
        self.assertEqual(float(counter.calls.numpy()), 7.0)
        if jit_compile:
            return  # Each further step kind costs a compilation.
        model.evaluate(x[:4], y[:4], batch_size=2, verbose=0)
        self.assertEqual(float(counter.calls.numpy()), 9.0)
        model.train_on_batch(x[:2], y[:2])
        model.predict_on_batch(x[:2])
        model.test_on_batch(x[:2], y[:2])
        self.assertEqual(float(counter.calls.numpy()), 12.0)


@trainable
class FitTest(testing.TestCase):
    @parameterized.named_parameters(("eager", False), ("jit", True))
    def test_fit_reduces_loss(self, jit_compile):
        model = small_model()
        model.compile(optimizer=keras.optimizers.Adam(0.05), loss="mse",
                      metrics=["mae"], jit_compile=_jit_option(jit_compile))
        x, y = regression_data()
        history = model.fit(x, y, epochs=8, batch_size=8, verbose=0)
        losses = history.history["loss"]
        self.assertLess(losses[-1], losses[0] * 0.5)
        self.assertEqual(set(history.history), {"loss", "mae"})
        results = model.evaluate(x, y, verbose=0, return_dict=True)
        self.assertEqual(set(results), {"loss", "mae"})
        self.assertEqual(model.predict(x, verbose=0).shape, (32, 1))

    def test_max_epochs_caps_fit(self):
        model = small_model()
        model.compile(optimizer="sgd", loss="mse")
        x, y = regression_data(8)
        keras.config.set_max_epochs(2)
        try:
            with self.assertWarnsRegex(UserWarning, "Limiting epochs to 2"):
                history = model.fit(x, y, epochs=5, verbose=0)
        finally:
            keras.config.set_max_epochs(None)
        self.assertLen(history.history["loss"], 2)

    def test_validation_and_partial_last_batch(self):
        model = small_model()
        model.compile(optimizer="sgd", loss="mse")
        x, y = regression_data(30)
        history = model.fit(x, y, epochs=2, batch_size=7,
                            validation_split=0.2, verbose=0)
        self.assertEqual(set(history.history), {"loss", "val_loss"})
        history = model.fit(x, y, epochs=2, batch_size=7, verbose=0,
                            validation_data=(x[:5], y[:5]),
                            validation_freq=2)
        self.assertLen(history.history["val_loss"], 1)

    def test_multi_output_losses_and_metrics(self):
        model = two_output_model()
        model.compile(
            optimizer="adam",
            loss={"value": "mse", "label": "sparse_categorical_crossentropy"},
            loss_weights={"value": 1.0, "label": 0.5},
            metrics={"label": ["accuracy"]},
        )
        x, _ = regression_data()
        y = {"value": x[:, :1], "label": np.arange(32) % 3}
        logs = model.fit(x, y, epochs=1, verbose=0).history
        self.assertEqual(
            set(logs), {"loss", "value_loss", "label_loss", "label_accuracy"}
        )
        total = logs["value_loss"][0] + 0.5 * logs["label_loss"][0]
        self.assertAllClose(logs["loss"][0], total, rtol=1e-3)

    def test_predict_before_training_with_batch_norm(self):
        # The compiled JAX predict state is read before the compiled
        # metrics exist; building them must not mix up the variables.
        inputs = keras.Input((4,))
        hidden = keras.layers.BatchNormalization()(inputs)
        model = keras.Model(inputs, keras.layers.Dense(1)(hidden))
        model.compile("adam", "mse", metrics=["mae"])
        x, y = regression_data(8)
        model.predict(x, verbose=0)
        loss, mae = model.train_on_batch(x, y)
        self.assertTrue(np.isfinite(loss) and np.isfinite(mae))
        model.fit(x, y, epochs=1, verbose=0)
        self.assertEqual(model.predict(x, verbose=0).shape, (8, 1))

    def test_loss_list_on_a_single_output(self):
        model = small_model()
        model.compile("sgd", loss=["mse"], metrics=[["mae"]])
        x, y = regression_data()
        logs = model.fit(x, y, epochs=1, verbose=0).history
        self.assertEqual(set(logs), {"loss", "mae"})

    def test_nested_losses_follow_nested_outputs(self):
        inputs = keras.Input((4,))
        a, b, c = (keras.layers.Dense(1, name=n)(inputs) for n in "abc")
        model = keras.Model(inputs, [a, [b, c]])
        model.compile("sgd", loss=["mse", ["mae", "mse"]],
                      loss_weights=[1.0, [0.5, 0.0]])
        x, y = regression_data()
        logs = model.evaluate(x, [y, [y, y]], verbose=0, return_dict=True)
        self.assertAllClose(
            logs["loss"], logs["a_loss"] + 0.5 * logs["b_loss"], rtol=1e-4
        )

    def test_sample_and_class_weights(self):
        keras.utils.set_random_seed(1)
        model = small_model(units=2)
        model.compile(optimizer="sgd", loss="sparse_categorical_crossentropy")
        x, _ = regression_data()
        labels = np.arange(32) % 2
        model.fit(x, labels, class_weight={0: 1.0, 1: 3.0}, verbose=0)
        self.assertTrue(np.isfinite(model.evaluate(x, labels, verbose=0)))
        zero = model.evaluate(x, labels, sample_weight=np.zeros(32),
                              verbose=0)
        self.assertAllClose(zero, 0.0)

    def test_on_batch_methods(self):
        model = small_model()
        model.compile(optimizer="sgd", loss="mse", metrics=["mae"])
        x, y = regression_data(8)
        logs = model.train_on_batch(x, y, return_dict=True)
        self.assertEqual(set(logs), {"loss", "mae"})
        loss, mae = model.test_on_batch(x, y)
        self.assertGreater(loss, 0.0)
        self.assertEqual(model.predict_on_batch(x).shape, (8, 1))

    def test_mismatched_lengths(self):
        model = small_model()
        model.compile(loss="mse")
        x, y = regression_data()
        with self.assertRaisesRegex(ValueError, "32.*10|10.*32"):
            model.fit(x, y[:10], verbose=0)

    def test_loss_that_does_not_fit_the_output(self):
        model = small_model(units=3)
        model.compile(loss="categorical_crossentropy")
        x, _ = regression_data()
        with self.assertRaisesRegex(ValueError, "shape"):
            model.fit(x, np.ones((32, 5), "float32"), verbose=0)

    def test_terminate_on_nan_stops_cleanly(self):
        model = small_model()
        model.compile(optimizer=keras.optimizers.SGD(1e30), loss="mse")
        x, y = regression_data()
        history = model.fit(
            x * 1e10, y, epochs=5, verbose=0,
            callbacks=[keras.callbacks.TerminateOnNaN()],
        )
        self.assertLess(len(history.history["loss"]), 5)

    def test_early_stopping_and_lr_scheduler(self):
        model = small_model()
        model.compile(optimizer=keras.optimizers.SGD(0.01), loss="mse")
        x, y = regression_data()
        history = model.fit(
            x, y, epochs=20, verbose=0,
            callbacks=[
                keras.callbacks.EarlyStopping(monitor="loss", patience=0,
                                              min_delta=1e9),
                keras.callbacks.LearningRateScheduler(lambda e, lr: lr / 2),
            ],
        )
        # Epoch 1 sets the reference, epoch 2 does not improve on it.
        self.assertLen(history.history["loss"], 2)
        self.assertAllClose(model.optimizer.learning_rate, 0.0025)

    def test_generator_and_steps_per_epoch(self):
        model = small_model()
        model.compile(optimizer="sgd", loss="mse")
        x, y = regression_data()

        def batches():
            while True:
                for start in range(0, 32, 8):
                    yield x[start:start + 8], y[start:start + 8]

        history = model.fit(batches(), steps_per_epoch=3, epochs=2,
                            verbose=0)
        self.assertLen(history.history["loss"], 2)
