import contextlib
import io
import json
import os
import warnings

from keras.src import backend
from keras.src import testing
from keras.src.callbacks.model_checkpoint import ModelCheckpoint
from keras.src.callbacks.model_checkpoint import save_atomically
from keras.src.callbacks.test_utils import FakeModel
from keras.src.callbacks.test_utils import run_fit


def _read(path):
    with open(path, encoding="utf-8") as file:
        return json.load(file)


class ModelCheckpointTest(testing.TestCase):
    def _fit(self, callback, values, steps=1, key="val_loss"):
        model = FakeModel()
        logs = [{key: v, "loss": 0.25} if v is not None else {}
                for v in values]
        stream = io.StringIO()
        with contextlib.redirect_stdout(stream):
            run_fit(model, [callback], logs, steps=steps)
        return model, stream.getvalue()

    def test_templated_names_one_file_per_epoch(self):
        directory = self.get_temp_dir()
        template = os.path.join(
            directory, "model-{epoch:02d}-{val_loss:.2f}.keras"
        )
        values = [backend.convert_to_tensor(0.5), 0.75]
        model, output = self._fit(ModelCheckpoint(template, verbose=1), values)
        self.assertEqual(
            sorted(os.listdir(directory)),
            ["model-01-0.50.keras", "model-02-0.75.keras"],
        )
        state = _read(os.path.join(directory, "model-02-0.75.keras"))
        self.assertEqual(state["kind"], "model")
        self.assertEqual(state["weights"][0], [2.0, 2.0])
        self.assertIn("Epoch 1: saving model to", output)
        self.assertIn("Epoch 2: finished saving model to", output)

    def test_writes_atomically_through_a_temporary_file(self):
        directory = self.get_temp_dir()
        path = os.path.join(directory, "ckpt.weights.h5")
        model, _ = self._fit(
            ModelCheckpoint(path, save_weights_only=True), [1.0]
        )
        (written,) = model.saved_paths
        self.assertNotEqual(written, path)
        self.assertEqual(os.path.dirname(written), directory)
        self.assertTrue(written.endswith(".weights.h5"))
        self.assertEqual(os.listdir(directory), ["ckpt.weights.h5"])
        self.assertEqual(_read(path)["kind"], "weights")

    def test_failed_save_leaves_previous_file_intact(self):
        directory = self.get_temp_dir()
        path = os.path.join(directory, "model.keras")
        with open(path, "w") as file:
            file.write("previous")

        def failing_write(temporary):
            with open(temporary, "w") as file:
                file.write("partial")
            raise OSError("disk full")

        with self.assertRaisesRegex(OSError, "disk full"):
            save_atomically(failing_write, path)
        with open(path) as file:
            self.assertEqual(file.read(), "previous")
        self.assertEqual(os.listdir(directory), ["model.keras"])

    def test_save_best_only(self):
        directory = self.get_temp_dir()
        path = os.path.join(directory, "best.weights.h5")
        callback = ModelCheckpoint(
            path, save_best_only=True, save_weights_only=True, verbose=1
        )
        model, output = self._fit(callback, [0.5, 0.7, 0.4])
        self.assertLen(model.saved_paths, 2)
        self.assertEqual(_read(path)["weights"][0], [3.0, 3.0])
        self.assertEqual(callback.best, 0.4)
        self.assertIn(
            "Epoch 1: val_loss improved from None to 0.50000, saving model",
            output,
        )
        self.assertIn("Epoch 2: val_loss did not improve from 0.50000", output)

    def test_save_best_only_max_mode_and_threshold(self):
        directory = self.get_temp_dir()
        path = os.path.join(directory, "best.keras")
        callback = ModelCheckpoint(
            path,
            monitor="acc",
            mode="max",
            save_best_only=True,
            initial_value_threshold=0.6,
        )
        model, _ = self._fit(callback, [0.5, 0.7, 0.65], key="acc")
        self.assertLen(model.saved_paths, 1)
        self.assertEqual(_read(path)["weights"][0], [2.0, 2.0])

    def test_save_best_only_without_the_metric_warns_and_saves(self):
        path = os.path.join(self.get_temp_dir(), "m.keras")
        callback = ModelCheckpoint(path, save_best_only=True)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            model, _ = self._fit(callback, [None])
        self.assertLen(model.saved_paths, 1)
        self.assertIn("val_loss", str(caught[0].message))

    def test_save_every_n_batches(self):
        directory = self.get_temp_dir()
        template = os.path.join(directory, "b{epoch}_{batch}.keras")
        self._fit(ModelCheckpoint(template, save_freq=3), [0.5, 0.7], 4)
        # Batches seen: 3 (epoch 1, batch 3) and 6 (epoch 2, batch 2).
        self.assertEqual(
            sorted(os.listdir(directory)), ["b1_3.keras", "b2_2.keras"]
        )

    def test_creates_missing_directories(self):
        directory = self.get_temp_dir()
        template = os.path.join(directory, "a", "b", "m{epoch}.keras")
        self._fit(ModelCheckpoint(template), [0.5])
        self.assertTrue(os.path.exists(os.path.join(directory, "a/b/m1.keras")))

    def test_unknown_template_field(self):
        template = os.path.join(self.get_temp_dir(), "m{missing}.keras")
        with self.assertRaisesRegex(KeyError, "missing"):
            self._fit(ModelCheckpoint(template), [0.5])

    def test_invalid_arguments(self):
        with self.assertRaisesRegex(ValueError, "filepath=a.txt"):
            ModelCheckpoint("a.txt")
        with self.assertRaisesRegex(ValueError, "filepath=a.keras"):
            ModelCheckpoint("a.keras", save_weights_only=True)
        with self.assertRaisesRegex(ValueError, "save_freq='batch'"):
            ModelCheckpoint("a.keras", save_freq="batch")
        with self.assertRaisesRegex(ValueError, "save_freq=0"):
            ModelCheckpoint("a.keras", save_freq=0)
        self.assertEqual(ModelCheckpoint("a.h5").filepath, "a.h5")
