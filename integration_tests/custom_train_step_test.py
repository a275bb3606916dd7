"""A custom `train_step`, written the way each backend's Keras guide
("Customizing what happens in `fit()`") writes it, trains."""

import numpy as np
import pytest
from absl.testing import parameterized

import keras
from keras import ops
from keras.src import backend
from keras.src import testing


def data():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(64, 3)).astype("float32")
    y = x @ np.array([[1.0], [2.0], [-1.0]], "float32")
    return x, y


def make(model_class, jit_compile="auto"):
    inputs = keras.Input((3,))
    outputs = keras.layers.Dense(1)(inputs)
    model = model_class(inputs, outputs)
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse",
                  metrics=["mae"], jit_compile=jit_compile)
    return model


class TorchStyle(keras.Model):
    def train_step(self, data):
        import torch

        x, y = data
        self.zero_grad()
        y_pred = self(x, training=True)
        loss = self.compute_loss(y=y, y_pred=y_pred)
        loss.backward()
        trainable_weights = [v for v in self.trainable_weights]
        gradients = [v.value.grad for v in trainable_weights]
        with torch.no_grad():
            self.optimizer.apply(gradients, trainable_weights)
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss)
            else:
                metric.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}


class TensorFlowStyle(keras.Model):
    def train_step(self, data):
        import tensorflow as tf

        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(y=y, y_pred=y_pred)
        trainable_vars = self.trainable_variables
        gradients = tape.gradient(loss, trainable_vars)
        self.optimizer.apply(gradients, trainable_vars)
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss)
            else:
                metric.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}


class JaxStyle(keras.Model):
    def compute_loss_and_updates(self, trainable_variables,
                                 non_trainable_variables, x, y,
                                 training=False):
        y_pred, non_trainable_variables = self.stateless_call(
            trainable_variables, non_trainable_variables, x,
            training=training,
        )
        loss = self.compute_loss(y=y, y_pred=y_pred)
        return loss, (y_pred, non_trainable_variables)

    def train_step(self, state, data):
        import jax

        (trainable_variables, non_trainable_variables,
         optimizer_variables, metrics_variables) = state
        x, y = data
        grad_fn = jax.value_and_grad(self.compute_loss_and_updates,
                                     has_aux=True)
        (loss, (y_pred, non_trainable_variables)), grads = grad_fn(
            trainable_variables, non_trainable_variables, x, y,
            training=True,
        )
        trainable_variables, optimizer_variables = (
            self.optimizer.stateless_apply(
                optimizer_variables, grads, trainable_variables
            )
        )
        new_metrics_vars = []
        logs = {}
        for metric in self.metrics:
            this_vars = metrics_variables[
                len(new_metrics_vars):len(new_metrics_vars)
                + len(metric.variables)
            ]
            if metric.name == "loss":
                this_vars = metric.stateless_update_state(this_vars, loss)
            else:
                this_vars = metric.stateless_update_state(this_vars, y,
                                                          y_pred)
            logs[metric.name] = metric.stateless_result(this_vars)
            new_metrics_vars += this_vars
        state = (trainable_variables, non_trainable_variables,
                 optimizer_variables, new_metrics_vars)
        return logs, state


STYLES = {"torch": TorchStyle, "tensorflow": TensorFlowStyle,
          "jax": JaxStyle}


@pytest.mark.skipif(backend.backend() not in STYLES,
                    reason="a guide-style train_step exists per backend")
class CustomTrainStepTest(testing.TestCase):
    @parameterized.parameters("auto", True)
    def test_guide_style_train_step_trains(self, jit_compile):
        model = make(STYLES[backend.backend()], jit_compile)
        x, y = data()
        before = float(ops.convert_to_numpy(
            ops.mean(ops.square(ops.subtract(model(x), y)))))
        graphs = _dynamo_graphs()
        model.fit(x, y, epochs=1, batch_size=16, verbose=0)
        first_epoch_graphs = graphs()
        history = model.fit(x, y, epochs=4, batch_size=16, verbose=0)
        later_graphs = graphs()
        after = model.evaluate(x, y, verbose=0)[0]
        self.assertLess(after, before * 0.5)
        self.assertLen(history.history["loss"], 4)
        if backend.backend() == "torch" and jit_compile is True:
            # Dynamo compiles the user's step as it is: one graph before
            # `loss.backward()` (which it does not trace), one after, and
            # one more for the second batch, whose `.grad`s are no longer
            # None. Nothing compiles after the first epoch.
            self.assertLessEqual(first_epoch_graphs, 3)
            self.assertEqual(later_graphs, first_epoch_graphs)


def _dynamo_graphs():
    """A function giving the number of graphs Dynamo compiled since this
    call (0 off torch)."""
    if backend.backend() != "torch":
        return lambda: 0
    import torch._dynamo.utils as dynamo_utils

    dynamo_utils.counters.clear()
    return lambda: dynamo_utils.counters["stats"]["unique_graphs"]
