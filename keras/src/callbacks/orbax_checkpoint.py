"""`keras.callbacks.OrbaxCheckpoint`: checkpoints with Orbax during `fit`.

The checkpoint format (a directory of numbered steps, each holding the
model's variables and optimizer state, its config and assets) is described
in `keras/src/saving/orbax_util.py`, which also reads it back
(`keras.saving.load_model` and `model.load_weights` accept the directory).

Steps are numbered by the optimizer's `iterations` (the training steps
taken so far), so a model restored from a checkpoint and trained on with a
new callback over the same directory carries on with higher step numbers
instead of colliding with the saved ones.
"""

import os
import warnings

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.callbacks.model_checkpoint import check_save_freq
from keras.src.callbacks.monitor_callback import MonitorCallback
from keras.src.saving import orbax_util
from keras.src.utils import io_utils
from keras.src.utils.module_utils import ocp


@keras_export("keras.callbacks.OrbaxCheckpoint")
class OrbaxCheckpoint(MonitorCallback):
    """Saves the model's state with Orbax at the end of epochs or every
    few batches, like `ModelCheckpoint` but into an Orbax checkpoint
    directory.

    Each save is one step directory `<directory>/<step>/` (the step is
    the optimizer's `iterations`) holding the variables of the model and
    of its optimizer, and, unless `save_weights_only`, the model's config
    and assets. Only the `max_to_keep` most recent steps are kept. With
    `save_on_background=True`, the values are copied to host memory and
    written by a background thread while training goes on; the callback
    waits for pending writes when training ends.

    Restore with `keras.saving.load_model(directory)` (config, weights and
    optimizer state of the latest step) or `model.load_weights(directory)`
    into a model of the same architecture. Requires the `orbax-checkpoint`
    package. With the JAX backend on several hosts, Orbax coordinates the
    hosts; the other backends save from one process.

    Args:
        directory: the directory of the checkpoints (created if needed).
        monitor: the metric compared when `save_best_only` is set.
        verbose: 1 prints a message at each save; 0 is silent.
        save_best_only: whether to save only when the monitored metric
            improves on the best value so far.
        mode: `"min"`, `"max"` or `"auto"`: whether the monitored metric
            should go down or up (`"auto"` tells from its name).
        save_freq: `"epoch"` to save at the end of each epoch, or a number
            of batches between saves.
        initial_value_threshold: a value the monitored metric must beat
            for the first save with `save_best_only`.
        max_to_keep: how many recent checkpoints to keep (`None`: all).
        save_on_background: whether to write in a background thread.
        save_weights_only: whether to save the variables only (no config
            or assets; restore with `model.load_weights`).

    Example:

    ```python
    checkpoint = keras.callbacks.OrbaxCheckpoint(
        "/tmp/ckpt", monitor="val_loss", save_best_only=True)
    model.fit(x, y, validation_split=0.2, epochs=10,
              callbacks=[checkpoint])
    # The latest (here: best) checkpoint, config and optimizer included.
    model = keras.saving.load_model("/tmp/ckpt")
    ```

    >>> import tempfile
    >>> checkpoint = keras.callbacks.OrbaxCheckpoint(
    ...     tempfile.mkdtemp(), save_freq=100, max_to_keep=3)
    >>> checkpoint.save_freq, checkpoint.max_to_keep
    (100, 3)
    """

    def __init__(
        self,
        directory,
        monitor="val_loss",
        verbose=0,
        save_best_only=False,
        mode="auto",
        save_freq="epoch",
        initial_value_threshold=None,
        max_to_keep=1,
        save_on_background=True,
        save_weights_only=False,
    ):
        super().__init__(monitor, mode)
        # Fails early, naming `pip install orbax-checkpoint`.
        ocp.initialize()
        self.directory = os.path.abspath(os.fspath(directory))
        self.verbose = verbose
        self.save_best_only = save_best_only
        self.save_freq = check_save_freq(save_freq, "OrbaxCheckpoint")
        self.best = initial_value_threshold
        self.max_to_keep = _check_max_to_keep(max_to_keep)
        self.save_on_background = bool(save_on_background)
        self.save_weights_only = bool(save_weights_only)
        self._manager = None
        self._batches_seen_since_last_saving = 0
        self._current_epoch = 0

    # -- hosts ----------------------------------------------------------------

    def is_multihost_enabled(self):
        """Whether training runs on several JAX processes (hosts).

        Returns:
            `True` with the JAX backend and more than one process.
        """
        if backend.backend() != "jax":
            return False
        from keras.src.utils import module_utils

        return module_utils.jax.process_count() > 1

    def is_primary_host(self):
        """Whether this process is the one that reports (process 0).

        Returns:
            `True` on a single host, or on JAX's process 0.
        """
        if not self.is_multihost_enabled():
            return True
        from keras.src.utils import module_utils

        return module_utils.jax.process_index() == 0

    # -- hooks ----------------------------------------------------------------

    def on_train_begin(self, logs=None):
        """Opens the checkpoint directory.

        Args:
            logs: unused.
        """
        self._open()

    def on_epoch_begin(self, epoch, logs=None):
        """Records the epoch index for the messages.

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
            self._save_checkpoint(self._current_epoch, logs)

    def on_epoch_end(self, epoch, logs=None):
        """Saves at the end of the epoch, when `save_freq="epoch"`.

        Args:
            epoch: the epoch index.
            logs: the epoch's metric values.
        """
        if self.save_freq == "epoch":
            self._save_checkpoint(epoch, logs)

    def on_train_end(self, logs=None):
        """Waits for the writes still in flight, so that the checkpoints
        are complete when `fit` returns, and releases Orbax's manager (its
        threads); the next `fit` opens the directory again.

        Args:
            logs: unused.
        """
        manager, self._manager = self._manager, None
        if manager is not None:
            manager.wait_until_finished()
            manager.close()

    def wait_until_finished(self):
        """Blocks until every checkpoint write in flight has finished (on
        every host)."""
        if self._manager is not None:
            self._manager.wait_until_finished()

    # -- saving ---------------------------------------------------------------

    def _open(self):
        if self._manager is None:
            options = ocp.CheckpointManagerOptions(
                max_to_keep=self.max_to_keep,
                enable_async_checkpointing=self.save_on_background,
                create=True,
            )
            self._manager = ocp.CheckpointManager(
                self.directory, options=options
            )
        return self._manager

    def _save_checkpoint(self, epoch, logs):
        logs = logs or {}
        if self.save_best_only and not self._improved(epoch, logs):
            return
        manager = self._open()
        model = self.model
        step = self._step(model)
        if step in manager.all_steps():
            warnings.warn(
                f"OrbaxCheckpoint: step {step} already exists in "
                f"{self.directory}; not overwriting it. Steps are numbered "
                "by the optimizer's `iterations`: restore the model from "
                "the checkpoint to carry on, or use a new directory.",
                stacklevel=3,
            )
            return
        if self.verbose > 0 and self.is_primary_host():
            io_utils.print_msg(
                f"\nEpoch {epoch + 1}: saving checkpoint (step {step}) to "
                f"{self.directory}"
            )
        manager.save(
            step,
            args=orbax_util.save_args(model, self.save_weights_only),
            force=True,
        )

    def _step(self, model):
        optimizer = getattr(model, "optimizer", None)
        if optimizer is not None and getattr(optimizer, "built", False):
            return int(backend.convert_to_numpy(optimizer.iterations))
        # No optimizer state to count from: count the saves.
        steps = self._open().all_steps()
        return max(steps) + 1 if steps else 0

    def _improved(self, epoch, logs):
        return self._improves_best(
            epoch, logs, self.verbose > 0 and self.is_primary_host())


def _check_max_to_keep(max_to_keep):
    if max_to_keep is None:
        return None
    if (
        isinstance(max_to_keep, bool)
        or not isinstance(max_to_keep, int)
        or max_to_keep < 1
    ):
        raise ValueError(
            "OrbaxCheckpoint expects `max_to_keep` to be a positive number "
            "of checkpoints or None (keep all). Received: "
            f"max_to_keep={max_to_keep!r}"
        )
    return max_to_keep
