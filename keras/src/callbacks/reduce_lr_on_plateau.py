"""`keras.callbacks.ReduceLROnPlateau`: lowers the learning rate when a
metric stalls."""

import warnings

from keras.src.api_export import keras_export
from keras.src.callbacks.learning_rate_scheduler import (
    current_learning_rate,
)
from keras.src.callbacks.learning_rate_scheduler import (
    optimizer_with_learning_rate,
)
from keras.src.callbacks.monitor_callback import MonitorCallback
from keras.src.callbacks.monitor_callback import _check_number
from keras.src.utils import io_utils


@keras_export("keras.callbacks.ReduceLROnPlateau")
class ReduceLROnPlateau(MonitorCallback):
    """Multiplies the learning rate by `factor` when a metric stalls.

    After `patience` epochs without an improvement larger than
    `min_delta`, the rate becomes `max(lr * factor, min_lr)`; then
    `cooldown` epochs pass before the count starts again. The rate of each
    epoch is added to its logs as `learning_rate`.

    Args:
        monitor: the metric to watch.
        factor: the factor applied to the rate, between 0 and 1.
        patience: the number of epochs without improvement to wait.
        verbose: 1 prints each reduction; 0 is silent.
        mode: `"min"`, `"max"` or `"auto"` (see `EarlyStopping`).
        min_delta: the smallest change that counts as an improvement.
        cooldown: the epochs to wait after a reduction.
        min_lr: the lowest rate.
        **kwargs: `epsilon`, the former name of `min_delta`.

    Example:

    >>> reduce_lr = keras.callbacks.ReduceLROnPlateau(
    ...     monitor="val_loss", factor=0.5, patience=3, min_lr=1e-4)
    >>> reduce_lr.factor, reduce_lr.min_lr
    (0.5, 0.0001)
    """

    def __init__(
        self,
        monitor="val_loss",
        factor=0.1,
        patience=10,
        verbose=0,
        mode="auto",
        min_delta=1e-4,
        cooldown=0,
        min_lr=0.0,
        **kwargs,
    ):
        if "epsilon" in kwargs:
            min_delta = kwargs.pop("epsilon")
            warnings.warn(
                "ReduceLROnPlateau's `epsilon` is deprecated: use "
                "`min_delta`.",
                stacklevel=2,
            )
        if kwargs:
            raise TypeError(
                "ReduceLROnPlateau got unexpected keyword arguments: "
                f"{sorted(kwargs)}"
            )
        super().__init__(monitor, mode, min_delta=min_delta)
        _check_number("factor", factor, "ReduceLROnPlateau")
        if not 0 < factor < 1:
            raise ValueError(
                "ReduceLROnPlateau expects `factor` between 0 and 1 "
                f"(exclusive). Received: factor={factor}"
            )
        _check_number("min_lr", min_lr, "ReduceLROnPlateau")
        self.factor = factor
        self.min_lr = min_lr
        self.patience = patience
        self.verbose = verbose
        self.cooldown = cooldown
        self.cooldown_counter = 0
        self.wait = 0

    def on_train_begin(self, logs=None):
        """Resets the counters and the best value.

        Args:
            logs: unused.
        """
        self._set_monitor_op()
        self.best = None
        self.wait = 0
        self.cooldown_counter = 0

    def in_cooldown(self):
        """Returns whether a reduction happened less than `cooldown`
        epochs ago."""
        return self.cooldown_counter > 0

    def on_epoch_end(self, epoch, logs=None):
        """Records the learning rate; reduces it after `patience` epochs
        without improvement.

        Args:
            epoch: the epoch index.
            logs: the epoch's metric values (`learning_rate` is added).
        """
        logs = logs if logs is not None else {}
        logs["learning_rate"] = current_learning_rate(self.model)
        current = self._monitored_value(logs, "Learning rate reduction")
        if current is None:
            return
        if self.in_cooldown():
            self.cooldown_counter -= 1
            self.wait = 0
        if self._is_improvement(current, self.best):
            self.best = current
            self.wait = 0
        elif not self.in_cooldown():
            self.wait += 1
            if self.wait >= self.patience:
                self._reduce(epoch)

    def _reduce(self, epoch):
        old_rate = current_learning_rate(self.model)
        if old_rate <= self.min_lr:
            return
        new_rate = max(old_rate * self.factor, self.min_lr)
        optimizer_with_learning_rate(self.model).learning_rate = new_rate
        if self.verbose > 0:
            io_utils.print_msg(
                f"\nEpoch {epoch + 1}: ReduceLROnPlateau reducing "
                f"learning rate to {new_rate}."
            )
        self.cooldown_counter = self.cooldown
        self.wait = 0
