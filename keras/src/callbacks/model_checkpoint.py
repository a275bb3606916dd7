"""`keras.callbacks.ModelCheckpoint`: saves the model during `fit`.

Every file is written to a temporary name in its destination directory
and renamed into place (`os.replace`, atomic on POSIX and Windows), so an
interrupted save never leaves a truncated checkpoint under the final name.
"""

import os
import uuid

from keras.src.api_export import keras_export
from keras.src.callbacks import chief
from keras.src.callbacks.monitor_callback import MonitorCallback
from keras.src.callbacks.monitor_callback import to_float
from keras.src.utils import io_utils

_WEIGHTS_SUFFIX = ".weights.h5"
_MODEL_SUFFIXES = (".keras", ".h5")


@keras_export("keras.callbacks.ModelCheckpoint")
class ModelCheckpoint(MonitorCallback):
    """Saves the model (or its weights) at the end of epochs or every few
    batches.

    `filepath` may hold `str.format` fields filled from the epoch number
    (`{epoch}`, counted from 1), the batch number (`{batch}`, from 1, when
    saving every `save_freq` batches) and the logs: with
    `"model.{epoch:02d}-{val_loss:.2f}.keras"` each epoch gets its own
    file. With `save_best_only`, a save happens only when the monitored
    metric improves on the best value so far (a save without the metric in
    the logs warns and saves).

    Args:
        filepath: where to save: a `.keras` file (the whole model, via
            `model.save`), or a `.weights.h5` file with
            `save_weights_only=True` (via `model.save_weights`).
        monitor: the metric compared when `save_best_only` is set.
        verbose: 1 prints a message at each save; 0 is silent.
        save_best_only: whether to save only on improvements.
        save_weights_only: whether to save the weights only.
        mode: `"min"`, `"max"` or `"auto"` (see `EarlyStopping`).
        save_freq: `"epoch"` to save at the end of each epoch, or a number
            of batches between saves.
        initial_value_threshold: a value the monitored metric must beat
            for the first save with `save_best_only`.

    Example:

    >>> checkpoint = keras.callbacks.ModelCheckpoint(
    ...     "/tmp/ckpt/model-{epoch:02d}.keras", save_best_only=True)
    >>> checkpoint.monitor, checkpoint.save_freq
    ('val_loss', 'epoch')
    """

    def __init__(
        self,
        filepath,
        monitor="val_loss",
        verbose=0,
        save_best_only=False,
        save_weights_only=False,
        mode="auto",
        save_freq="epoch",
        initial_value_threshold=None,
    ):
        super().__init__(monitor, mode)
        self.filepath = _check_filepath(os.fspath(filepath), save_weights_only)
        self.save_freq = check_save_freq(save_freq, "ModelCheckpoint")
        self.verbose = verbose
        self.save_best_only = save_best_only
        self.save_weights_only = save_weights_only
        self.best = initial_value_threshold
        self._batches_seen_since_last_saving = 0
        self._current_epoch = 0

    def on_epoch_begin(self, epoch, logs=None):
        """Records the epoch index for saves every `save_freq` batches.

        Args:
            epoch: the epoch index.
            logs: unused.
        """
        self._current_epoch = epoch

    def on_train_batch_end(self, batch, logs=None):
        """Saves every `save_freq` batches, when it is an integer.

        Args:
            batch: the batch index.
            logs: the metric values so far.
        """
        if self.save_freq == "epoch":
            return
        self._batches_seen_since_last_saving += 1
        if self._batches_seen_since_last_saving >= self.save_freq:
            self._batches_seen_since_last_saving = 0
            self._save(self._current_epoch, batch, logs)

    def on_epoch_end(self, epoch, logs=None):
        """Saves at the end of the epoch, when `save_freq="epoch"`.

        Args:
            epoch: the epoch index.
            logs: the epoch's metric values.
        """
        if self.save_freq == "epoch":
            self._save(epoch, None, logs)

    def _save(self, epoch, batch, logs):
        logs = logs or {}
        filepath = self._format_filepath(epoch, batch, logs)
        if self.save_best_only and not self._improved(epoch, logs, filepath):
            return
        if not chief.is_chief():
            return  # Process 0 of a multi-process run writes alone.
        if self.verbose > 0 and not self.save_best_only:
            io_utils.print_msg(
                f"\nEpoch {epoch + 1}: saving model to {filepath}"
            )
        model = self.model
        save = model.save_weights if self.save_weights_only else model.save
        save_atomically(lambda path: save(path, overwrite=True), filepath)
        if self.verbose > 0:
            io_utils.print_msg(
                f"\nEpoch {epoch + 1}: finished saving model to {filepath}"
            )

    def _improved(self, epoch, logs, filepath):
        return self._improves_best(epoch, logs, self.verbose > 0,
                                   f", saving model to {filepath}")

    def _format_filepath(self, epoch, batch, logs):
        fields = {name: _formattable(value) for name, value in logs.items()}
        fields["epoch"] = epoch + 1
        if batch is not None:
            fields["batch"] = batch + 1
        try:
            return self.filepath.format(**fields)
        except (KeyError, IndexError, ValueError) as error:
            raise KeyError(
                f'Failed to format this callback filepath: "{self.filepath}"'
                f". Reason: {error!r}. Available fields: {sorted(fields)}"
            ) from error


def save_atomically(write, filepath):
    """Calls `write(temporary_path)` then renames the file to `filepath`.

    The temporary file sits in the destination directory (so the rename is
    atomic) and keeps `filepath`'s suffix (savers check it).

    Args:
        write: a function writing a file at the path it receives.
        filepath: the final path.
    """
    directory, name = os.path.split(os.path.abspath(filepath))
    os.makedirs(directory, exist_ok=True)
    stem, suffix = _split_suffix(name)
    temporary = os.path.join(
        directory, f".{stem}.tmp-{uuid.uuid4().hex[:12]}{suffix}"
    )
    try:
        write(temporary)
        os.replace(temporary, filepath)
    finally:
        if os.path.exists(temporary):
            os.remove(temporary)


def check_save_freq(save_freq, owner):
    """`save_freq` if it is `"epoch"` or a positive integer."""
    if save_freq == "epoch":
        return save_freq
    if (
        isinstance(save_freq, int)
        and not isinstance(save_freq, bool)
        and save_freq > 0
    ):
        return save_freq
    raise ValueError(
        f"{owner} expects `save_freq` to be 'epoch' or a positive number "
        f"of batches. Received: save_freq={save_freq!r}"
    )


def _check_filepath(filepath, save_weights_only):
    if save_weights_only and not filepath.endswith(_WEIGHTS_SUFFIX):
        raise ValueError(
            "With `save_weights_only=True`, ModelCheckpoint expects a "
            f"`filepath` ending in `{_WEIGHTS_SUFFIX}` (the Keras weights "
            f"format). Received: filepath={filepath}"
        )
    if not save_weights_only and not filepath.endswith(_MODEL_SUFFIXES):
        raise ValueError(
            "ModelCheckpoint expects a `filepath` ending in `.keras` (the "
            "Keras model format), or in `.weights.h5` with "
            f"`save_weights_only=True`. Received: filepath={filepath}"
        )
    return filepath


def _split_suffix(name):
    for suffix in (_WEIGHTS_SUFFIX,) + _MODEL_SUFFIXES:
        if name.endswith(suffix):
            return name[: -len(suffix)], suffix
    return os.path.splitext(name)


def _formattable(value):
    """Log values as numbers, so that `{val_loss:.2f}` works on tensors."""
    if isinstance(value, (int, float, str)):
        return value
    try:
        return to_float(value)
    except (TypeError, ValueError):
        return value
