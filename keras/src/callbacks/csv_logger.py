"""`keras.callbacks.CSVLogger`: writes each epoch's logs to a CSV file."""

import csv
import os

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.callbacks.callback import Callback


@keras_export("keras.callbacks.CSVLogger")
class CSVLogger(Callback):
    """Streams each epoch's results to a CSV file, one row per epoch.

    The columns are `epoch` (counted from 0) and the metrics of the first
    epoch in sorted order; when that epoch has no validation metrics,
    `val_` columns are added for each metric, since later epochs may
    validate (`validation_freq`). Missing values are written as
    `NA`. Each row is flushed at once, so the file can be read while
    training runs.

    Args:
        filename: the CSV file.
        separator: the character between values.
        append: whether to append to an existing file (the header is then
            written only if the file is empty) instead of overwriting it.

    Example:

    >>> logger = keras.callbacks.CSVLogger("/tmp/training.log", append=True)
    >>> logger.sep, logger.append
    (',', True)
    """

    def __init__(self, filename, separator=",", append=False):
        super().__init__()
        if not isinstance(separator, str) or len(separator) != 1:
            raise ValueError(
                "CSVLogger expects `separator` to be one character. "
                f"Received: separator={separator!r}"
            )
        self.filename = os.fspath(filename)
        self.sep = separator
        self.append = append
        self.keys = None
        self.writer = None
        self.csv_file = None
        self.append_header = True

    def on_train_begin(self, logs=None):
        """Opens the file.

        Args:
            logs: unused.
        """
        self.append_header = not (
            self.append
            and os.path.exists(self.filename)
            and os.path.getsize(self.filename) > 0
        )
        directory = os.path.dirname(os.path.abspath(self.filename))
        os.makedirs(directory, exist_ok=True)
        mode = "a" if self.append else "w"
        self.csv_file = open(self.filename, mode, newline="", encoding="utf-8")
        self.keys = None
        self.writer = None

    def on_epoch_end(self, epoch, logs=None):
        """Writes the epoch's row.

        Args:
            epoch: the epoch index.
            logs: the epoch's metric values.
        """
        logs = logs or {}
        if self.csv_file is None:
            self.on_train_begin()
        if self.keys is None:
            self.keys = self._columns(logs)
            self.writer = csv.DictWriter(
                self.csv_file,
                fieldnames=["epoch"] + self.keys,
                delimiter=self.sep,
            )
            if self.append_header:
                self.writer.writeheader()
        row = {"epoch": epoch}
        for key in self.keys:
            row[key] = _cell(logs[key]) if key in logs else "NA"
        self.writer.writerow(row)
        self.csv_file.flush()

    def on_train_end(self, logs=None):
        """Closes the file.

        Args:
            logs: unused.
        """
        if self.csv_file is not None:
            self.csv_file.close()
        self.csv_file = None
        self.writer = None

    def _columns(self, logs):
        keys = set(logs)
        if not any(key.startswith("val_") for key in keys):
            keys |= {f"val_{key}" for key in keys}
        return sorted(keys)


def _cell(value):
    """A log value as CSV text: scalars as numbers, arrays as lists."""
    if isinstance(value, str):
        return value
    if not isinstance(value, (int, float, list, tuple)):
        value = backend.convert_to_numpy(value)
    array = np.asarray(value)
    if array.ndim == 0:
        # NumPy scalars print their shortest repr: float32 0.3 as 0.3.
        return str(array[()])
    return f"[{', '.join(str(v) for v in array.ravel().tolist())}]"
