"""`keras.callbacks.EarlyStopping`: stops `fit` when a metric stalls."""

from keras.src.api_export import keras_export
from keras.src.callbacks.monitor_callback import MonitorCallback
from keras.src.callbacks.monitor_callback import _check_number
from keras.src.utils import io_utils


@keras_export("keras.callbacks.EarlyStopping")
class EarlyStopping(MonitorCallback):
    """Stops training when a monitored metric has stopped improving.

    At the end of each epoch (from `start_from_epoch` on) the monitored
    value is compared with the best one so far. After `patience` epochs
    without an improvement larger than `min_delta`, the callback sets
    `model.stop_training`, and `fit` ends after that epoch.

    Args:
        monitor: the metric to watch, e.g. `"val_loss"`.
        min_delta: the smallest change that counts as an improvement.
        patience: the number of epochs without improvement to wait.
        verbose: 1 prints when training stops and when weights are
            restored; 0 is silent.
        mode: `"min"` (improving means going down), `"max"`, or `"auto"`:
            down for losses, otherwise the direction declared by the
            model's metric of that name.
        baseline: a value the metric must beat: while it does not, the
            epochs keep counting against `patience` even if it improves.
        restore_best_weights: whether to set the model's weights back to
            those of the best epoch when training ends (whether or not it
            stopped early).
        start_from_epoch: the number of warm-up epochs to ignore.

    Example:

    >>> stopper = keras.callbacks.EarlyStopping(monitor="loss", patience=2)
    >>> stopper.patience, stopper.monitor
    (2, 'loss')
    """

    def __init__(
        self,
        monitor="val_loss",
        min_delta=0,
        patience=0,
        verbose=0,
        mode="auto",
        baseline=None,
        restore_best_weights=False,
        start_from_epoch=0,
    ):
        super().__init__(monitor, mode, min_delta=min_delta)
        _check_count("patience", patience)
        _check_count("start_from_epoch", start_from_epoch)
        if baseline is not None:
            _check_number("baseline", baseline, "EarlyStopping")
        self.patience = patience
        self.verbose = verbose
        self.baseline = baseline
        self.restore_best_weights = restore_best_weights
        self.start_from_epoch = start_from_epoch
        self.wait = 0
        self.stopped_epoch = 0
        self.best_weights = None
        self.best_epoch = 0

    def on_train_begin(self, logs=None):
        """Resets the state, so that the callback can be reused.

        Args:
            logs: unused.
        """
        self.wait = 0
        self.stopped_epoch = 0
        self.best = None
        self.best_weights = None
        self.best_epoch = 0

    def on_epoch_end(self, epoch, logs=None):
        """Compares the epoch's value with the best one; may stop training.

        Args:
            epoch: the epoch index.
            logs: the epoch's metric values.
        """
        self._set_monitor_op()
        current = self.get_monitor_value(logs)
        if current is None or epoch < self.start_from_epoch:
            return
        if self.restore_best_weights and self.best_weights is None:
            self.best_weights = self.model.get_weights()
            self.best_epoch = epoch
        self.wait += 1
        if self._is_improvement(current, self.best):
            self.best = current
            self.best_epoch = epoch
            if self.restore_best_weights:
                self.best_weights = self.model.get_weights()
            if self.baseline is None or self._is_improvement(
                current, self.baseline
            ):
                self.wait = 0
            return
        if self.wait >= self.patience and epoch > 0:
            self.stopped_epoch = epoch
            self.model.stop_training = True

    def on_train_end(self, logs=None):
        """Reports the stop and restores the best weights if asked.

        Args:
            logs: unused.
        """
        if self.stopped_epoch > 0 and self.verbose > 0:
            io_utils.print_msg(
                f"Epoch {self.stopped_epoch + 1}: early stopping"
            )
        if self.restore_best_weights and self.best_weights is not None:
            if self.verbose > 0:
                io_utils.print_msg(
                    "Restoring model weights from the end of the best "
                    f"epoch: {self.best_epoch + 1}."
                )
            self.model.set_weights(self.best_weights)

    def get_monitor_value(self, logs):
        """Returns the monitored value in `logs` as a float.

        Args:
            logs: a dict of metric values.

        Returns:
            The value, or `None` (with a warning) if `logs` lacks it.
        """
        return self._monitored_value(logs, "Early stopping")


def _check_count(name, value):
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(
            f"EarlyStopping expects `{name}` to be a non-negative integer. "
            f"Received: {name}={value!r}"
        )
