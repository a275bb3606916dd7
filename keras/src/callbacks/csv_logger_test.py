import csv
import os

import numpy as np

from keras.src import backend
from keras.src import testing
from keras.src.callbacks.csv_logger import CSVLogger
from keras.src.callbacks.test_utils import FakeModel
from keras.src.callbacks.test_utils import run_fit


def _read(path):
    with open(path, newline="", encoding="utf-8") as file:
        return file.read()


class CSVLoggerTest(testing.TestCase):
    def test_writes_one_row_per_epoch(self):
        path = os.path.join(self.get_temp_dir(), "log.csv")
        logs = [
            {"loss": 0.5, "acc": np.float32(0.3), "val_loss": 1.5},
            {"loss": backend.convert_to_tensor(0.125), "acc": 0.25,
             "val_loss": 2},
        ]
        run_fit(FakeModel(), [CSVLogger(path)], logs)
        self.assertEqual(
            _read(path),
            "epoch,acc,loss,val_loss\r\n0,0.3,0.5,1.5\r\n"
            "1,0.25,0.125,2\r\n",
        )

    def test_append_separator_and_missing_values(self):
        path = os.path.join(self.get_temp_dir(), "log.csv")
        run_fit(FakeModel(), [CSVLogger(path, append=True)], [{"loss": 0.5}])
        logger = CSVLogger(path, separator=";", append=True)
        run_fit(
            FakeModel(),
            [logger],
            [{"loss": 0.25, "val_loss": 1.0}, {"loss": float("nan")}],
        )
        rows = list(csv.reader(_read(path).splitlines()))
        self.assertEqual(rows[0], ["epoch", "loss", "val_loss"])
        self.assertEqual(rows[1], ["0", "0.5", "NA"])
        self.assertEqual(rows[2], ["0;0.25;1.0"])
        self.assertEqual(rows[3], ["1;nan;NA"])

    def test_overwrites_without_append(self):
        path = os.path.join(self.get_temp_dir(), "log.csv")
        run_fit(FakeModel(), [CSVLogger(path)], [{"loss": 0.5}])
        run_fit(FakeModel(), [CSVLogger(path)], [{"loss": 0.25}])
        self.assertEqual(
            _read(path), "epoch,loss,val_loss\r\n0,0.25,NA\r\n"
        )

    def test_arrays_strings_and_quoting(self):
        path = os.path.join(self.get_temp_dir(), "log.csv")
        logs = [{"vec": np.array([1, 2]), "name": "a,b", "tiny": 1e-9}]
        run_fit(FakeModel(), [CSVLogger(path)], logs)
        rows = list(csv.reader(_read(path).splitlines()))
        self.assertEqual(
            rows[0],
            ["epoch", "name", "tiny", "val_name", "val_tiny", "val_vec",
             "vec"],
        )
        self.assertEqual(rows[1], ["0", "a,b", "1e-09", "NA", "NA", "NA",
                                   "[1, 2]"])

    def test_rows_are_flushed_during_training(self):
        path = os.path.join(self.get_temp_dir(), "log.csv")
        seen = []

        def read_during(epoch, batch):
            seen.append(_read(path).count("\n"))

        run_fit(
            FakeModel(),
            [CSVLogger(path)],
            [{"loss": 1.0}] * 3,
            steps=1,
            on_step=read_during,
        )
        self.assertEqual(seen, [0, 2, 3])

    def test_invalid_separator(self):
        with self.assertRaisesRegex(ValueError, "separator=';;'"):
            CSVLogger("log.csv", separator=";;")
