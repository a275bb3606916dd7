import json
import os

from keras.src import testing
from keras.src.callbacks.backup_and_restore import BackupAndRestore
from keras.src.callbacks.test_utils import FakeModel
from keras.src.callbacks.test_utils import run_fit


class _Interrupt(Exception):
    pass


def _interrupt_at(stop_epoch, stop_batch):
    def on_step(epoch, batch):
        if (epoch, batch) == (stop_epoch, stop_batch):
            raise _Interrupt()

    return on_step


def _metadata(directory):
    with open(os.path.join(directory, "training_metadata.json")) as file:
        return json.load(file)


class BackupAndRestoreTest(testing.TestCase):
    def test_resumes_after_the_last_completed_epoch(self):
        directory = os.path.join(self.get_temp_dir(), "backup")
        logs = [{"loss": 1.0}] * 5
        model = FakeModel()
        with self.assertRaises(_Interrupt):
            run_fit(
                model,
                [BackupAndRestore(directory)],
                logs,
                steps=2,
                on_step=_interrupt_at(2, 1),
            )
        self.assertEqual(_metadata(directory), {"epoch": 2, "batch": 0})
        self.assertEqual(
            sorted(os.listdir(directory)),
            ["latest.weights.h5", "training_metadata.json"],
        )
        # A new process: a fresh model resumes from the backup.
        resumed = FakeModel()
        ran = run_fit(resumed, [BackupAndRestore(directory)], logs, steps=2)
        self.assertEqual(ran, [2, 3, 4])
        # 2 epochs restored (4 steps) plus 3 epochs run (6 steps).
        self.assertEqual(resumed.optimizer.iterations, 10)
        self.assertAllClose(resumed.weights_values[0], [10.0, 10.0])
        # Completed: the backup is gone, and so is the resume point.
        self.assertFalse(os.path.exists(directory))
        self.assertIsNone(resumed._initial_epoch)

    def test_batch_level_backups_rerun_the_interrupted_epoch(self):
        directory = self.get_temp_dir()
        logs = [{"loss": 1.0}] * 3
        with self.assertRaises(_Interrupt):
            run_fit(
                FakeModel(),
                [BackupAndRestore(directory, save_freq=3)],
                logs,
                steps=2,
                on_step=_interrupt_at(2, 0),
            )
        # The third batch (epoch 1, batch 0) was the last backed up.
        self.assertEqual(_metadata(directory), {"epoch": 1, "batch": 0})
        resumed = FakeModel()
        ran = run_fit(resumed, [BackupAndRestore(directory)], logs, steps=2)
        self.assertEqual(ran, [1, 2])
        self.assertEqual(resumed.optimizer.iterations, 3 + 4)

    def test_double_checkpoint_falls_back_on_the_previous_backup(self):
        directory = self.get_temp_dir()
        callback = BackupAndRestore(
            directory, double_checkpoint=True, delete_checkpoint=False
        )
        run_fit(FakeModel(), [callback], [{"loss": 1.0}] * 3, steps=1)
        self.assertEqual(
            sorted(os.listdir(directory)),
            [
                "latest.weights.h5",
                "previous.weights.h5",
                "previous_training_metadata.json",
                "training_metadata.json",
            ],
        )
        with open(os.path.join(directory, "latest.weights.h5"), "w") as f:
            f.write("damaged")
        resumed = FakeModel()
        callback = BackupAndRestore(directory, double_checkpoint=True)
        with self.assertWarnsRegex(UserWarning, "unreadable backup"):
            ran = run_fit(resumed, [callback], [{"loss": 1.0}] * 4, steps=1)
        # The previous backup is from the end of epoch 1.
        self.assertEqual(ran, [2, 3])
        self.assertEqual(resumed.optimizer.iterations, 4)

    def test_damaged_backup_without_fallback_raises(self):
        directory = self.get_temp_dir()
        callback = BackupAndRestore(directory, delete_checkpoint=False)
        run_fit(FakeModel(), [callback], [{"loss": 1.0}], steps=1)
        with open(os.path.join(directory, "latest.weights.h5"), "w") as f:
            f.write("damaged")
        with self.assertRaisesRegex(ValueError, "could not restore"):
            run_fit(FakeModel(), [BackupAndRestore(directory)], [{}])

    def test_keeps_checkpoint_and_foreign_files(self):
        directory = self.get_temp_dir()
        with open(os.path.join(directory, "notes.txt"), "w") as file:
            file.write("mine")
        run_fit(
            FakeModel(), [BackupAndRestore(directory)], [{"loss": 1.0}]
        )
        self.assertEqual(os.listdir(directory), ["notes.txt"])
        run_fit(
            FakeModel(),
            [BackupAndRestore(directory, delete_checkpoint=False)],
            [{"loss": 1.0}],
        )
        self.assertIn("latest.weights.h5", os.listdir(directory))

    def test_no_backup_starts_from_the_beginning(self):
        model = FakeModel()
        directory = self.get_temp_dir()
        ran = run_fit(model, [BackupAndRestore(directory)], [{}] * 2)
        self.assertEqual(ran, [0, 1])
        self.assertFalse(hasattr(model, "_initial_epoch"))

    def test_unbuilt_model_and_invalid_arguments(self):
        model = FakeModel()
        model.built = False
        with self.assertRaisesRegex(ValueError, "built"):
            run_fit(model, [BackupAndRestore(self.get_temp_dir())], [{}])
        with self.assertRaisesRegex(ValueError, "backup_dir=''"):
            BackupAndRestore("")
        with self.assertRaisesRegex(ValueError, "backup_dir=None"):
            BackupAndRestore(None)
        with self.assertRaisesRegex(ValueError, "save_freq='batch'"):
            BackupAndRestore("dir", save_freq="batch")
        with self.assertRaisesRegex(ValueError, "save_freq=0"):
            BackupAndRestore("dir", save_freq=0)
