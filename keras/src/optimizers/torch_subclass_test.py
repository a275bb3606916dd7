"""On torch, shared optimizers are created as Keras's torch subclasses, so
saved files name the modules Keras's torch backend names and load both
ways."""

import os

import numpy as np
import pytest

import keras
from keras.src import backend
from keras.src import testing

HERE = os.path.dirname(os.path.abspath(__file__))
# Saved by upstream Keras 3.15.1 on torch: Dense(2) on (3,), SGD(0.1,
# momentum=0.9), one step of `fit` on ones -> zeros.
UPSTREAM_FILE = os.path.join(HERE, "testdata", "upstream_torch_sgd.keras")


@pytest.mark.skipif(backend.backend() != "torch", reason="torch layout")
class TorchSubclassTest(testing.TestCase):
    def test_shared_optimizers_become_torch_subclasses(self):
        sgd = keras.optimizers.SGD(0.1)
        self.assertIsInstance(sgd, keras.optimizers.SGD)
        self.assertEqual(
            type(sgd).__module__,
            "keras.src.backend.torch.optimizers.torch_sgd",
        )
        config = keras.optimizers.serialize(sgd)
        self.assertEqual(config["module"], type(sgd).__module__)
        self.assertIs(type(keras.optimizers.deserialize(config)), type(sgd))
        # Without a torch subclass in Keras, the shared class itself.
        self.assertIs(type(keras.optimizers.Ftrl()), keras.optimizers.Ftrl)

    def test_user_subclass_is_kept(self):
        class MySGD(keras.optimizers.SGD):
            pass

        self.assertIs(type(MySGD()), MySGD)

    def test_loads_upstream_torch_file(self):
        model = keras.saving.load_model(UPSTREAM_FILE)
        self.assertIsInstance(model.optimizer, keras.optimizers.SGD)
        self.assertEqual(model.optimizer.momentum, 0.9)
        self.assertEqual(int(model.optimizer.iterations), 1)
        self.assertAllClose(
            model.predict(np.ones((1, 3)), verbose=0),
            [[0.6075134, 0.56000555]],
            atol=1e-6,
        )
