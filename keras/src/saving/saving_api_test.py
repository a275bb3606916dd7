import os

import numpy as np
import pytest

import keras
from keras.src import testing
from keras.src.saving import saving_api

DATA = np.random.default_rng(0).normal(size=(8, 3)).astype("float32")
TARGET = np.random.default_rng(1).normal(size=(8, 1)).astype("float32")


def small_model():
    return keras.Sequential([keras.Input((3,)), keras.layers.Dense(4),
                             keras.layers.Dense(1)])


class SavingApiTest(testing.TestCase):
    def setUp(self):
        super().setUp()
        self.folder = self.get_temp_dir()

    def test_public_names(self):
        self.assertIs(keras.saving.save_model, saving_api.save_model)
        self.assertIs(keras.models.save_model, saving_api.save_model)
        self.assertIs(keras.models.load_model, saving_api.load_model)
        self.assertIs(keras.saving.save_weights, saving_api.save_weights)
        self.assertIs(keras.saving.load_weights, saving_api.load_weights)

    def test_save_weights_and_load_weights_functions(self):
        model = small_model()
        path = os.path.join(self.folder, "m.weights.h5")
        keras.saving.save_weights(model, path)
        other = small_model()
        keras.saving.load_weights(other, path)
        for a, b in zip(model.get_weights(), other.get_weights()):
            self.assertAllClose(a, b)
        with self.assertRaisesRegex(ValueError, "weights.h5"):
            keras.saving.save_weights(model, os.path.join(self.folder, "m"))
        with self.assertRaisesRegex(FileExistsError, "overwrite"):
            keras.saving.save_weights(model, path, overwrite=False)
        with self.assertRaisesRegex(ValueError, "not supported"):
            keras.saving.load_weights(model, os.path.join(self.folder, "m"))
        with self.assertRaisesRegex(FileNotFoundError, "missing"):
            keras.saving.load_weights(
                model, os.path.join(self.folder, "missing.weights.h5"))

    def test_load_weights_from_keras_file(self):
        model = small_model()
        path = os.path.join(self.folder, "m.keras")
        model.save(path)
        other = small_model()
        other.load_weights(path)
        for a, b in zip(model.get_weights(), other.get_weights()):
            self.assertAllClose(a, b)

    def test_skip_mismatch_warns(self):
        model = small_model()
        path = os.path.join(self.folder, "m.weights.h5")
        model.save_weights(path)
        other = keras.Sequential([keras.Input((3,)), keras.layers.Dense(5),
                                  keras.layers.Dense(1)])
        with self.assertWarnsRegex(UserWarning, "skip_mismatch"):
            other.load_weights(path, skip_mismatch=True)

    @pytest.mark.requires_trainable_backend
    def test_model_checkpoint_writes_keras_files(self):
        model = small_model()
        model.compile(optimizer="sgd", loss="mse", jit_compile=False)
        pattern = os.path.join(self.folder, "ckpt-{epoch:02d}.keras")
        model.fit(DATA, TARGET, epochs=2, verbose=0, callbacks=[
            keras.callbacks.ModelCheckpoint(pattern)])
        self.assertEqual(
            sorted(f for f in os.listdir(self.folder)
                   if not f.startswith(".")),
            ["ckpt-01.keras", "ckpt-02.keras"],
        )
        loaded = keras.saving.load_model(
            os.path.join(self.folder, "ckpt-02.keras"))
        self.assertAllClose(loaded.predict(DATA, verbose=0),
                            model.predict(DATA, verbose=0))
        self.assertTrue(loaded.compiled)
