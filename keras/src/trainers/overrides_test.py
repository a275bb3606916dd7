import numpy as np
import pytest
from absl.testing import parameterized

import keras
from keras.src import backend
from keras import layers
from keras.src import ops
from keras.src import testing
from keras.src.trainers import overrides

X = np.linspace(-1.0, 1.0, 24, dtype="float32").reshape(8, 3)
Y = np.ones((8, 1), dtype="float32")


def _jit(jit_compile):
    # Inductor's C++ code generation costs tens of seconds per model on
    # CI's two cores; the cheap aot_eager Dynamo backend captures the same
    # steps (Inductor itself is tested in integration_tests/).
    if jit_compile and backend.backend() == "torch":
        return {"backend": "aot_eager"}
    return jit_compile


class LossWithoutTraining(keras.Model):
    """The keras.io knowledge-distillation signature: no `training`."""

    def __init__(self):
        super().__init__()
        self.dense = layers.Dense(1)

    def call(self, x):
        return self.dense(x)

    def compute_loss(self, x, y, y_pred, sample_weight, allow_empty=False):
        return ops.mean(ops.square(y - y_pred))


class LossRecordingTraining(LossWithoutTraining):
    seen = []

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None,
                     training=True):
        # A Python side effect: recorded once per trace when compiled.
        LossRecordingTraining.seen.append(training)
        return ops.mean(ops.square(y - y_pred))


class MetricsOverride(LossWithoutTraining):
    def compute_metrics(self, x, y, y_pred, sample_weight=None):
        return {"mean_pred": ops.mean(y_pred)}


class Encoder(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = layers.Dense(2)

    def call(self, x):
        return self.dense(x)


class StepsOnly(keras.Model):
    """Defines `train_step` but no `call` (the keras.io VAE pattern)."""

    def __init__(self):
        super().__init__()
        self.encoder = Encoder()
        self.encoder(X[:1])
        self.tracker = keras.metrics.Mean(name="loss")

    @property
    def metrics(self):
        return [self.tracker]

    def train_step(self, data):
        loss = self._step_loss(data)
        self.tracker.update_state(loss)
        return {"loss": self.tracker.result()}

    def _step_loss(self, data):
        if backend.backend() == "tensorflow":
            import tensorflow as tf

            with tf.GradientTape() as tape:
                loss = ops.mean(ops.square(self.encoder(data)))
            grads = tape.gradient(loss, self.trainable_weights)
            self.optimizer.apply(grads, self.trainable_weights)
            return loss
        import torch

        self.zero_grad()
        loss = ops.mean(ops.square(self.encoder(data)))
        loss.backward()
        grads = [v.value.grad for v in self.trainable_weights]
        with torch.no_grad():
            self.optimizer.apply(grads, self.trainable_weights)
        return loss


@pytest.mark.requires_trainable_backend
class OverridesTest(testing.TestCase):
    def test_takes_training(self):
        self.assertFalse(overrides.takes_training(
            LossWithoutTraining.compute_loss))
        self.assertTrue(overrides.takes_training(
            LossRecordingTraining.compute_loss))
        self.assertTrue(overrides.takes_training(lambda **kwargs: None))

    @parameterized.named_parameters(("eager", False), ("jit", True))
    def test_compute_loss_without_training(self, jit_compile):
        model = LossWithoutTraining()
        model.compile("sgd", jit_compile=_jit(jit_compile))
        history = model.fit(X, Y, epochs=2, batch_size=4, verbose=0)
        losses = history.history["loss"]
        self.assertLess(losses[1], losses[0])
        self.assertAllClose(
            model.evaluate(X, Y, verbose=0),
            np.mean((Y - model.predict(X, verbose=0)) ** 2),
            atol=1e-5,
        )

    @parameterized.named_parameters(("eager", False), ("jit", True))
    def test_compute_loss_gets_training_flag(self, jit_compile):
        LossRecordingTraining.seen = []
        model = LossRecordingTraining()
        model.compile("sgd", jit_compile=_jit(jit_compile))
        model.fit(X, Y, batch_size=8, verbose=0)
        self.assertIn(True, LossRecordingTraining.seen)
        self.assertNotIn(False, LossRecordingTraining.seen)
        model.evaluate(X, Y, batch_size=8, verbose=0)
        self.assertIn(False, LossRecordingTraining.seen)

    @parameterized.named_parameters(("eager", False), ("jit", True))
    def test_compute_metrics_override(self, jit_compile):
        model = MetricsOverride()
        model.compile("sgd", jit_compile=_jit(jit_compile))
        logs = model.evaluate(X, Y, batch_size=8, return_dict=True,
                              verbose=0)
        self.assertAllClose(logs["mean_pred"],
                            np.mean(model.predict(X, verbose=0)), atol=1e-5)

    @parameterized.named_parameters(("eager", False), ("jit", True))
    def test_call_without_training_argument(self, jit_compile):
        model = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
        model.compile("sgd", "mse", jit_compile=_jit(jit_compile))
        history = model.fit(X, Y, epochs=2, verbose=0)
        self.assertEqual(len(history.history["loss"]), 2)

    @pytest.mark.skipif(backend.backend() == "jax",
                        reason="JAX custom steps take (state, data)")
    def test_train_step_without_call(self):
        model = StepsOnly()
        model.compile("sgd", jit_compile=False)
        before = model.encoder.dense.kernel.numpy().copy()
        history = model.fit(X, epochs=2, batch_size=4, verbose=0)
        self.assertEqual(len(history.history["loss"]), 2)
        self.assertNotAllClose(before, model.encoder.dense.kernel.numpy())


class StepsCallingSuper(keras.Sequential):
    """Overrides the three steps with Keras's per-backend signature,
    each calling the default one."""

    seen = []

    if backend.backend() == "jax":

        def train_step(self, state, data):
            self.seen.append("train")
            return super().train_step(state, data)

        def test_step(self, state, data):
            self.seen.append("test")
            return super().test_step(state, data)

        def predict_step(self, state, data):
            self.seen.append("predict")
            return super().predict_step(state, data)

    else:

        def train_step(self, data):
            self.seen.append("train")
            return super().train_step(data)

        def test_step(self, data):
            self.seen.append("test")
            return super().test_step(data)

        def predict_step(self, data):
            self.seen.append("predict")
            return super().predict_step(data)


@pytest.mark.requires_trainable_backend
class StepSignatureTest(testing.TestCase):
    def test_overrides_with_keras_signature(self):
        StepsCallingSuper.seen = []
        model = StepsCallingSuper([keras.Input((3,)), layers.Dense(1)])
        # Run eagerly: a traced step records its Python side effects once.
        model.compile("sgd", "mse", run_eagerly=True)
        history = model.fit(X, Y, epochs=2, batch_size=4, verbose=0)
        losses = history.history["loss"]
        self.assertLess(losses[1], losses[0])
        model.evaluate(X, Y, batch_size=4, verbose=0)
        self.assertEqual(model.predict(X, batch_size=4, verbose=0).shape,
                         (8, 1))
        self.assertEqual(StepsCallingSuper.seen,
                         ["train"] * 4 + ["test"] * 2 + ["predict"] * 2)


class RaisesWhenTraining(layers.Layer):
    def call(self, x, training=False):
        if training:
            raise KeyError("an error of the user's own code")
        return x


@pytest.mark.skipif(backend.backend() != "torch",
                    reason="step capture is torch's jit_compile")
class CapturedStepErrorTest(testing.TestCase):
    def test_user_error_surfaces_as_itself(self):
        model = keras.Sequential(
            [keras.Input((3,)), layers.Dense(2), RaisesWhenTraining()]
        )
        model.compile("sgd", "mse", jit_compile=True)
        kernel = model.layers[0].kernel.numpy().copy()
        with self.assertRaisesRegex(KeyError, "user's own code"):
            model.fit(X, np.ones((8, 2)), verbose=0)
        self.assertAllClose(kernel, model.layers[0].kernel.numpy())
