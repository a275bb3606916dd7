"""`keras.callbacks.BackupAndRestore`: resumes an interrupted `fit`.

Files in `backup_dir`:

- `latest.weights.h5`: `model.save_weights` (model and optimizer state);
- `training_metadata.json`: `{"epoch": E, "batch": B}`, where `E` is the
  epoch `fit` must start from when resuming (the epoch after the last one
  completed, or the epoch in progress for saves every `save_freq`
  batches, which is then run again from its first batch) and `B` the
  index of the last batch done (0 for saves at epoch ends);
- with `double_checkpoint=True`, the previous pair as
  `previous.weights.h5` and `previous_training_metadata.json`, used when
  the latest pair cannot be read.

Each file is written under a temporary name and renamed into place, the
weights before the metadata, so the metadata never points at a partial
save.

Protocol with the trainer: `on_train_begin` restores the state and sets
`model._initial_epoch` to the epoch to start from; `fit` reads that
attribute after calling `on_train_begin` and starts its epoch loop there.
`on_train_end` sets it back to `None`.
"""

import json
import os
import warnings

from keras.src.api_export import keras_export
from keras.src.callbacks import chief
from keras.src.callbacks.callback import Callback
from keras.src.callbacks.model_checkpoint import check_save_freq
from keras.src.callbacks.model_checkpoint import save_atomically

_WEIGHTS = "latest.weights.h5"
_METADATA = "training_metadata.json"
_PREVIOUS_WEIGHTS = "previous.weights.h5"
_PREVIOUS_METADATA = "previous_training_metadata.json"


@keras_export("keras.callbacks.BackupAndRestore")
class BackupAndRestore(Callback):
    """Backs up the training state so that an interrupted `fit` resumes
    where it stopped.

    Pass the same callback (or one with the same `backup_dir`) to the
    `fit` call that resumes: it restores the weights and the optimizer
    state and `fit` starts at the epoch after the last one backed up. When
    `fit` completes, the backup is deleted (unless `delete_checkpoint` is
    `False`). An interruption is any exception that leaves `fit`, a
    process being killed, or a machine failing.

    Args:
        backup_dir: the directory for the backup files. Use one directory
            per training job.
        save_freq: `"epoch"` to back up at the end of every epoch, or a
            number of batches between backups (a resumed job then runs
            the interrupted epoch again from its start).
        double_checkpoint: whether to keep the previous backup too, to
            fall back on if the latest one is damaged.
        delete_checkpoint: whether to delete the backup files when `fit`
            completes.

    Example:

    >>> backup = keras.callbacks.BackupAndRestore("/tmp/backup")
    >>> backup.save_freq, backup.delete_checkpoint
    ('epoch', True)
    """

    def __init__(
        self,
        backup_dir,
        save_freq="epoch",
        double_checkpoint=False,
        delete_checkpoint=True,
    ):
        super().__init__()
        if not backup_dir:
            raise ValueError(
                "BackupAndRestore expects `backup_dir` to be a directory "
                f"path. Received: backup_dir={backup_dir!r}"
            )
        self.backup_dir = os.fspath(backup_dir)
        self.save_freq = check_save_freq(save_freq, "BackupAndRestore")
        self.double_checkpoint = double_checkpoint
        self.delete_checkpoint = delete_checkpoint
        self._weights_path = os.path.join(self.backup_dir, _WEIGHTS)
        self._training_metadata_path = os.path.join(
            self.backup_dir, _METADATA
        )
        self._prev_weights_path = os.path.join(
            self.backup_dir, _PREVIOUS_WEIGHTS
        )
        self._prev_training_metadata_path = os.path.join(
            self.backup_dir, _PREVIOUS_METADATA
        )
        self._batches_seen_since_last_saving = 0
        self._current_epoch = 0

    def on_train_begin(self, logs=None):
        """Restores the backed-up state, if any, and tells `fit` where to
        resume through `model._initial_epoch`.

        Args:
            logs: unused.
        """
        model = self.model
        if not getattr(model, "built", True):
            raise ValueError(
                "BackupAndRestore needs a built model at the start of "
                "`fit`, to restore its weights: build it (call it on data "
                "or call `model.build(input_shape)`) first."
            )
        self._batches_seen_since_last_saving = 0
        metadata = self._restore()
        if metadata is not None:
            self._current_epoch = metadata["epoch"]
            model._initial_epoch = metadata["epoch"]

    def on_epoch_begin(self, epoch, logs=None):
        """Records the epoch in progress.

        Args:
            epoch: the epoch index.
            logs: unused.
        """
        self._current_epoch = epoch

    def on_train_batch_end(self, batch, logs=None):
        """Backs up every `save_freq` batches, when it is an integer.

        Args:
            batch: the batch index.
            logs: unused.
        """
        if self.save_freq == "epoch":
            return
        self._batches_seen_since_last_saving += 1
        if self._batches_seen_since_last_saving >= self.save_freq:
            self._batches_seen_since_last_saving = 0
            self._backup(epoch=self._current_epoch, batch=batch)

    def on_epoch_end(self, epoch, logs=None):
        """Backs up at the end of the epoch, when `save_freq="epoch"`.

        Args:
            epoch: the epoch index.
            logs: unused.
        """
        self._current_epoch = epoch + 1
        if self.save_freq == "epoch":
            self._backup(epoch=epoch + 1, batch=0)

    def on_train_end(self, logs=None):
        """Deletes the backup once `fit` has completed.

        Args:
            logs: unused.
        """
        # Consumed: a later `fit` of the same model starts from its own
        # `initial_epoch` unless a backup says otherwise.
        if getattr(self._model, "_initial_epoch", None) is not None:
            self._model._initial_epoch = None
        if self.delete_checkpoint:
            self._delete()

    def _backup(self, epoch, batch):
        if not chief.is_chief():
            return  # Process 0 of a multi-process run writes alone.
        if self.double_checkpoint and os.path.exists(
            self._training_metadata_path
        ):
            os.replace(self._weights_path, self._prev_weights_path)
            os.replace(
                self._training_metadata_path,
                self._prev_training_metadata_path,
            )
        model = self.model
        save_atomically(
            lambda path: model.save_weights(path, overwrite=True),
            self._weights_path,
        )
        text = json.dumps({"epoch": int(epoch), "batch": int(batch)})
        save_atomically(
            lambda path: _write_text(path, text),
            self._training_metadata_path,
        )

    def _restore(self):
        """Loads the latest readable backup; returns its metadata or
        `None` when there is none."""
        pairs = [(self._weights_path, self._training_metadata_path)]
        if self.double_checkpoint:
            pairs.append(
                (self._prev_weights_path, self._prev_training_metadata_path)
            )
        errors = []
        for weights_path, metadata_path in pairs:
            if not os.path.exists(metadata_path):
                continue
            try:
                metadata = _read_metadata(metadata_path)
                self.model.load_weights(weights_path)
            except Exception as error:  # A damaged backup: try the next.
                errors.append(f"{weights_path}: {error!r}")
                continue
            for message in errors:
                warnings.warn(
                    f"BackupAndRestore skipped an unreadable backup "
                    f"({message}).",
                    stacklevel=3,
                )
            return metadata
        if errors:
            raise ValueError(
                "BackupAndRestore could not restore any backup in "
                f"{self.backup_dir}: {'; '.join(errors)}"
            )
        return None

    def _delete(self):
        if not chief.is_chief():
            return
        for path in (
            self._weights_path,
            self._training_metadata_path,
            self._prev_weights_path,
            self._prev_training_metadata_path,
        ):
            if os.path.exists(path):
                os.remove(path)
        # Only an emptied directory goes: it may hold the user's files.
        try:
            os.rmdir(self.backup_dir)
        except OSError:
            pass


def _write_text(path, text):
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)


def _read_metadata(path):
    with open(path, encoding="utf-8") as file:
        metadata = json.load(file)
    if not isinstance(metadata.get("epoch"), int):
        raise ValueError(f"no integer 'epoch' in {metadata!r}")
    return metadata
