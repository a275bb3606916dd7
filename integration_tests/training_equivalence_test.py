"""The same MLP and the same convnet, from the same weights and data,
reach the same loss after 3 epochs of SGD on every trainable backend,
with `jit_compile` off and on.

The MLP's expected losses come from a NumPy implementation of the same
training (forward, backward and SGD written out below); the convnet's
were computed once (torch, eager) and are stored.
"""

import numpy as np
import pytest
from absl.testing import parameterized

import keras
from keras.src import testing

pytestmark = pytest.mark.requires_trainable_backend

LEARNING_RATE = 0.1
BATCH_SIZE = 8
EPOCHS = 3


def mlp_data():
    rng = np.random.default_rng(1)
    x = rng.normal(size=(40, 6)).astype("float32")
    y = (x[:, :2].sum(axis=1, keepdims=True) > 0).astype("float32")
    return x, y


def mlp_weights():
    rng = np.random.default_rng(2)
    return [
        (rng.normal(size=(6, 8)) * 0.4).astype("float32"),
        np.zeros((8,), "float32"),
        (rng.normal(size=(8, 1)) * 0.4).astype("float32"),
        np.zeros((1,), "float32"),
    ]


def build_mlp():
    return keras.Sequential([
        keras.Input((6,)),
        keras.layers.Dense(8, activation="tanh"),
        keras.layers.Dense(1),
    ])


def numpy_mlp_losses():
    """Per-epoch mean training loss (MSE) of the MLP trained with plain
    SGD, batches in order, written out in NumPy (float64)."""
    x, y = mlp_data()
    k1, b1, k2, b2 = [w.astype("float64") for w in mlp_weights()]
    losses = []
    for _ in range(EPOCHS):
        total, count = 0.0, 0
        for start in range(0, len(x), BATCH_SIZE):
            xb, yb = x[start:start + BATCH_SIZE], y[start:start + BATCH_SIZE]
            h = np.tanh(xb @ k1 + b1)
            out = h @ k2 + b2
            diff = out - yb
            total += float(np.mean(diff ** 2)) * len(xb)
            count += len(xb)
            d_out = 2 * diff / diff.size
            d_k2, d_b2 = h.T @ d_out, d_out.sum(0)
            d_h = d_out @ k2.T * (1 - h ** 2)
            d_k1, d_b1 = xb.T @ d_h, d_h.sum(0)
            k1 -= LEARNING_RATE * d_k1
            b1 -= LEARNING_RATE * d_b1
            k2 -= LEARNING_RATE * d_k2
            b2 -= LEARNING_RATE * d_b2
        losses.append(total / count)
    return losses


def convnet_data():
    rng = np.random.default_rng(3)
    x = rng.uniform(size=(24, 6, 6, 1)).astype("float32")
    y = rng.integers(0, 3, size=(24,)).astype("int32")
    return x, y


def build_convnet():
    model = keras.Sequential([
        keras.Input((6, 6, 1)),
        keras.layers.Conv2D(4, 3, activation="relu"),
        keras.layers.MaxPooling2D(2),
        keras.layers.Flatten(),
        keras.layers.Dense(3, activation="softmax"),
    ])
    rng = np.random.default_rng(4)
    model.set_weights([
        (rng.normal(size=w.shape) * 0.3).astype("float32")
        for w in model.get_weights()
    ])
    return model


# Per-epoch losses of the convnet, computed once (torch backend, eager)
# and checked on every backend.
CONVNET_LOSSES = [1.0873980522155762, 1.0734888315200806, 1.0665351152420044]


class TrainingEquivalenceTest(testing.TestCase):
    @parameterized.named_parameters(("eager", False), ("jit", True))
    def test_mlp_matches_numpy(self, jit_compile):
        model = build_mlp()
        model.set_weights(mlp_weights())
        model.compile(optimizer=keras.optimizers.SGD(LEARNING_RATE),
                      loss="mse", jit_compile=jit_compile)
        x, y = mlp_data()
        history = model.fit(x, y, batch_size=BATCH_SIZE, epochs=EPOCHS,
                            shuffle=False, verbose=0)
        self.assertAllClose(history.history["loss"], numpy_mlp_losses(),
                            rtol=1e-4, atol=1e-6)

    @parameterized.named_parameters(("eager", False), ("jit", True))
    def test_convnet_same_loss(self, jit_compile):
        model = build_convnet()
        model.compile(optimizer=keras.optimizers.SGD(LEARNING_RATE),
                      loss="sparse_categorical_crossentropy",
                      jit_compile=jit_compile)
        x, y = convnet_data()
        history = model.fit(x, y, batch_size=BATCH_SIZE, epochs=EPOCHS,
                            shuffle=False, verbose=0)
        self.assertAllClose(history.history["loss"], CONVNET_LOSSES,
                            rtol=1e-4)
