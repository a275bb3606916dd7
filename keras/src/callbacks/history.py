"""`keras.callbacks.History`: records each epoch's logs; `fit` returns it."""

from keras.src.api_export import keras_export
from keras.src.callbacks.callback import Callback


@keras_export("keras.callbacks.History")
class History(Callback):
    """Records the logs of every epoch of `fit`.

    `fit` adds one to its callbacks and returns it (it is also
    `model.history`). `history` maps each metric name to its list of values,
    one per epoch; `epoch` lists the indices of the epochs recorded.
    Values are kept as the trainer passed them. A `History` reused by a
    second `fit` starts a new `epoch` list and extends `history`.

    Example:

    >>> history = keras.callbacks.History()
    >>> history.on_train_begin()
    >>> history.on_epoch_end(0, {"loss": 0.5})
    >>> history.on_epoch_end(1, {"loss": 0.25})
    >>> history.history, history.epoch
    ({'loss': [0.5, 0.25]}, [0, 1])
    """

    def __init__(self):
        super().__init__()
        self.history = {}
        self.epoch = []

    def on_train_begin(self, logs=None):
        """Starts a new list of epochs.

        Args:
            logs: unused.
        """
        self.epoch = []

    def on_epoch_end(self, epoch, logs=None):
        """Appends the epoch's logs.

        Args:
            epoch: the index of the epoch.
            logs: the epoch's metric values.
        """
        self.epoch.append(epoch)
        for name, value in (logs or {}).items():
            self.history.setdefault(name, []).append(value)
