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
        # On torch, `jit_compile=True` compiles the user's step as it is,
        # with Dynamo's graph break at `loss.backward()`.
        model = make(STYLES[backend.backend()], jit_compile)
        x, y = data()
        before = float(ops.convert_to_numpy(
            ops.mean(ops.square(ops.subtract(model(x), y)))))
        history = model.fit(x, y, epochs=5, batch_size=16, verbose=0)
        after = model.evaluate(x, y, verbose=0)[0]
        self.assertLess(after, before * 0.5)
        self.assertLen(history.history["loss"], 5)
