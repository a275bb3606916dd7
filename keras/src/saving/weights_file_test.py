import os

import h5py
import numpy as np
import pytest

import keras
from keras.src import testing


def functional_model():
    inputs = keras.Input((3,))
    hidden = keras.layers.Dense(4, name="d1")(inputs)
    return keras.Model(inputs, keras.layers.Dense(2, name="d2")(hidden))


class WeightsFileTest(testing.TestCase):
    def test_round_trip_and_layout(self):
        model = functional_model()
        directory = self.get_temp_dir()
        path = os.path.join(directory, "m.weights.h5")
        model.save_weights(path)
        with h5py.File(path) as file:
            self.assertEqual(sorted(file["layers"]),
                             ["dense", "dense_1", "input_layer"])
            self.assertEqual(file["layers/dense/vars"].attrs["name"], "d1")
            self.assertEqual(file["layers/dense_1/vars/0"].shape, (4, 2))
        other = functional_model()
        other.load_weights(path)
        for a, b in zip(model.get_weights(), other.get_weights()):
            self.assertAllClose(a, b)
        # No temporary file left behind.
        self.assertEqual(os.listdir(directory), ["m.weights.h5"])

    def test_errors(self):
        model = functional_model()
        with self.assertRaisesRegex(ValueError, "weights.h5"):
            model.save_weights(os.path.join(self.get_temp_dir(), "m.h5"))
        path = os.path.join(self.get_temp_dir(), "m.weights.h5")
        model.save_weights(path)
        with self.assertRaisesRegex(FileExistsError, "overwrite"):
            model.save_weights(path, overwrite=False)
        bigger = keras.Sequential([keras.Input((3,)),
                                   keras.layers.Dense(5)])
        bigger.save_weights(path)
        with self.assertRaisesRegex(ValueError, "shape"):
            keras.Sequential([keras.Input((3,)),
                              keras.layers.Dense(2)]).load_weights(path)

    def test_loading_reads_into_variables_or_converts(self):
        # Same dtype: read straight into the variable's memory where the
        # backend allows it; float64 in the file: converted by assign.
        model = functional_model()
        path = os.path.join(self.get_temp_dir(), "m.weights.h5")
        model.save_weights(path)
        with h5py.File(path, "r+") as file:
            kernel = file["layers/dense/vars/0"][()]
            del file["layers/dense/vars/0"]
            file["layers/dense/vars/0"] = kernel.astype("float64") + 1.0
        other = functional_model()
        other.load_weights(path)
        self.assertAllClose(other.get_weights()[0], kernel + 1.0)
        self.assertEqual(other.weights[0].dtype, "float32")
        for a, b in zip(model.get_weights()[1:], other.get_weights()[1:]):
            self.assertAllClose(a, b)
        model_path = os.path.join(self.get_temp_dir(), "m.keras")
        model.save(model_path)
        reloaded = keras.saving.load_model(model_path)
        for a, b in zip(model.get_weights(), reloaded.get_weights()):
            self.assertAllClose(a, b)

    @pytest.mark.requires_trainable_backend
    def test_optimizer_state_round_trip(self):
        model = functional_model()
        model.compile(optimizer="adam", loss="mse")
        model.fit(np.ones((4, 3)), np.ones((4, 2)), verbose=0)
        path = os.path.join(self.get_temp_dir(), "m.weights.h5")
        model.save_weights(path)
        other = functional_model()
        other.compile(optimizer="adam", loss="mse")
        other.load_weights(path)
        for a, b in zip(model.optimizer.variables, other.optimizer.variables):
            self.assertAllClose(a, b)


@pytest.mark.requires_trainable_backend
class BackupAndRestoreTest(testing.TestCase):
    def test_interrupted_fit_resumes_at_the_right_epoch(self):
        backup_dir = os.path.join(self.get_temp_dir(), "backup")
        x = np.random.rand(16, 3).astype("float32")
        y = np.random.rand(16, 2).astype("float32")

        class Interrupt(keras.callbacks.Callback):
            def on_epoch_end(self, epoch, logs=None):
                if epoch == 2:
                    raise RuntimeError("interrupted")

        model = functional_model()
        model.compile(optimizer="sgd", loss="mse")
        with self.assertRaisesRegex(RuntimeError, "interrupted"):
            model.fit(x, y, epochs=6, verbose=0, callbacks=[
                keras.callbacks.BackupAndRestore(backup_dir), Interrupt()])
        saved = [w.copy() for w in model.get_weights()]

        seen = []

        class Record(keras.callbacks.Callback):
            def on_epoch_begin(self, epoch, logs=None):
                if not seen:
                    seen.append([w.copy() for w in self.model.get_weights()])
                seen.append(epoch)

        resumed = functional_model()
        resumed.compile(optimizer="sgd", loss="mse")
        resumed.fit(x, y, epochs=6, verbose=0, callbacks=[
            keras.callbacks.BackupAndRestore(backup_dir), Record()])
        # Epoch 2 ended (and was backed up) before the interruption.
        self.assertEqual(seen[1:], [3, 4, 5])
        for a, b in zip(seen[0], saved):
            self.assertAllClose(a, b, atol=1e-6)
