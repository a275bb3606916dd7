"""Data from one framework feeds `fit` on any backend: NumPy arrays,
`tf.data.Dataset`, `torch.utils.data.DataLoader`, JAX arrays, a Python
generator and a `keras.utils.PyDataset`."""

import numpy as np
import pytest
from absl.testing import parameterized

import keras
from keras.src import testing

pytestmark = pytest.mark.requires_trainable_backend

X = np.random.default_rng(0).normal(size=(24, 3)).astype("float32")
Y = (X.sum(axis=1, keepdims=True) > 0).astype("float32")


def numpy_data():
    return (X, Y), {"batch_size": 8}


def tf_dataset():
    import torch  # noqa: F401  (torch before tensorflow)
    import tensorflow as tf

    return (tf.data.Dataset.from_tensor_slices((X, Y)).batch(8),), {}


def torch_loader():
    import torch

    dataset = torch.utils.data.TensorDataset(torch.from_numpy(X),
                                             torch.from_numpy(Y))
    return (torch.utils.data.DataLoader(dataset, batch_size=8),), {}


def jax_arrays():
    import jax.numpy as jnp

    return (jnp.asarray(X), jnp.asarray(Y)), {"batch_size": 8}


def generator():
    def batches():
        while True:
            for start in range(0, 24, 8):
                yield X[start:start + 8], Y[start:start + 8]

    return (batches(),), {"steps_per_epoch": 3}


class Batches(keras.utils.PyDataset):
    def __len__(self):
        return 3

    def __getitem__(self, index):
        return X[index * 8:(index + 1) * 8], Y[index * 8:(index + 1) * 8]


def py_dataset():
    return (Batches(),), {}


class CrossFrameworkDataTest(testing.TestCase):
    @parameterized.named_parameters(
        ("numpy", numpy_data), ("tf_data", tf_dataset),
        ("torch_dataloader", torch_loader), ("jax_arrays", jax_arrays),
        ("generator", generator), ("py_dataset", py_dataset),
    )
    def test_fit_evaluate_predict(self, make_data):
        args, kwargs = make_data()
        model = keras.Sequential([keras.Input((3,)),
                                  keras.layers.Dense(1, activation="sigmoid")])
        model.compile(optimizer="adam", loss="binary_crossentropy",
                      metrics=["accuracy"])
        history = model.fit(*args, epochs=2, verbose=0, **kwargs)
        self.assertLen(history.history["loss"], 2)
        self.assertEqual(model.predict(X, verbose=0).shape, (24, 1))
