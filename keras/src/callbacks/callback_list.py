"""`keras.callbacks.CallbackList`: calls a list of callbacks in order."""

from keras.src.api_export import keras_export
from keras.src.callbacks.callback import Callback
from keras.src.callbacks.history import History
from keras.src.callbacks.progbar_logger import ProgbarLogger


@keras_export("keras.callbacks.CallbackList")
class CallbackList(Callback):
    """Calls each hook on a list of callbacks, in order.

    The training loops build one from the user's callbacks. It passes the
    same `logs` dict to every callback (a callback that adds an entry, like
    `ReduceLROnPlateau`'s `learning_rate`, shows it to those after it; `{}`
    when a hook gets no logs) and never converts its values.

    Args:
        callbacks: a `Callback` or a list of them.
        add_history: whether to append a `History` when none is given. The
            `History` in the list becomes `model.history`.
        add_progbar: whether to append a `ProgbarLogger` when none is
            given.
        model: the model to attach the callbacks to.
        **params: the loop's parameters (`verbose`, `epochs`, `steps`),
            passed to each callback's `set_params`.

    Example:

    >>> history = keras.callbacks.History()
    >>> callbacks = keras.callbacks.CallbackList([history], epochs=1)
    >>> callbacks.on_train_begin()
    >>> callbacks.on_epoch_end(0, {"loss": 0.5})
    >>> history.history
    {'loss': [0.5]}
    """

    def __init__(
        self,
        callbacks=None,
        add_history=False,
        add_progbar=False,
        model=None,
        **params,
    ):
        super().__init__()
        self.callbacks = _as_list(callbacks)
        self._history = _find(self.callbacks, History)
        if add_history and self._history is None:
            self._history = History()
            self.callbacks.append(self._history)
        self._progbar = _find(self.callbacks, ProgbarLogger)
        if add_progbar and self._progbar is None:
            self._progbar = ProgbarLogger()
            self.callbacks.append(self._progbar)
        if model is not None:
            self.set_model(model)
        if params:
            self.set_params(params)

    def append(self, callback):
        """Adds `callback` at the end of the list.

        Args:
            callback: a `Callback`.
        """
        _check_callback(callback)
        self.callbacks.append(callback)
        if self._model is not None:
            callback.set_model(self._model)
        if self.params:
            callback.set_params(self.params)

    def __iter__(self):
        return iter(self.callbacks)

    def set_params(self, params):
        """Passes the loop's parameters to every callback.

        Args:
            params: a dict (`verbose`, `epochs`, `steps`).
        """
        self.params = params
        for callback in self.callbacks:
            callback.set_params(params)

    def set_model(self, model):
        """Attaches every callback to `model`.

        Args:
            model: the model.
        """
        super().set_model(model)
        if self._history is not None:
            model.history = self._history
        for callback in self.callbacks:
            callback.set_model(model)

    # The hooks are written out (no dispatch helper) to keep the per-batch
    # cost to one loop. Each callback gets a dict, `{}` for no logs, as in
    # Keras.

    def on_batch_begin(self, batch, logs=None):
        """Calls `on_batch_begin` on every callback.

        Args:
            batch: the batch index.
            logs: passed on.
        """
        logs = {} if logs is None else logs
        for callback in self.callbacks:
            callback.on_batch_begin(batch, logs)

    def on_batch_end(self, batch, logs=None):
        """Calls `on_batch_end` on every callback.

        Args:
            batch: the batch index.
            logs: passed on.
        """
        logs = {} if logs is None else logs
        for callback in self.callbacks:
            callback.on_batch_end(batch, logs)

    def on_epoch_begin(self, epoch, logs=None):
        """Calls `on_epoch_begin` on every callback.

        Args:
            epoch: the epoch index.
            logs: passed on.
        """
        logs = {} if logs is None else logs
        for callback in self.callbacks:
            callback.on_epoch_begin(epoch, logs)

    def on_epoch_end(self, epoch, logs=None):
        """Calls `on_epoch_end` on every callback.

        Args:
            epoch: the epoch index.
            logs: passed on.
        """
        logs = {} if logs is None else logs
        for callback in self.callbacks:
            callback.on_epoch_end(epoch, logs)

    def on_train_batch_begin(self, batch, logs=None):
        """Calls `on_train_batch_begin` on every callback.

        Args:
            batch: the batch index.
            logs: passed on.
        """
        logs = {} if logs is None else logs
        for callback in self.callbacks:
            callback.on_train_batch_begin(batch, logs)

    def on_train_batch_end(self, batch, logs=None):
        """Calls `on_train_batch_end` on every callback.

        Args:
            batch: the batch index.
            logs: passed on.
        """
        logs = {} if logs is None else logs
        for callback in self.callbacks:
            callback.on_train_batch_end(batch, logs)

    def on_test_batch_begin(self, batch, logs=None):
        """Calls `on_test_batch_begin` on every callback.

        Args:
            batch: the batch index.
            logs: passed on.
        """
        logs = {} if logs is None else logs
        for callback in self.callbacks:
            callback.on_test_batch_begin(batch, logs)

    def on_test_batch_end(self, batch, logs=None):
        """Calls `on_test_batch_end` on every callback.

        Args:
            batch: the batch index.
            logs: passed on.
        """
        logs = {} if logs is None else logs
        for callback in self.callbacks:
            callback.on_test_batch_end(batch, logs)

    def on_predict_batch_begin(self, batch, logs=None):
        """Calls `on_predict_batch_begin` on every callback.

        Args:
            batch: the batch index.
            logs: passed on.
        """
        logs = {} if logs is None else logs
        for callback in self.callbacks:
            callback.on_predict_batch_begin(batch, logs)

    def on_predict_batch_end(self, batch, logs=None):
        """Calls `on_predict_batch_end` on every callback.

        Args:
            batch: the batch index.
            logs: passed on.
        """
        logs = {} if logs is None else logs
        for callback in self.callbacks:
            callback.on_predict_batch_end(batch, logs)

    def on_train_begin(self, logs=None):
        """Calls `on_train_begin` on every callback.

        Args:
            logs: passed on.
        """
        logs = {} if logs is None else logs
        for callback in self.callbacks:
            callback.on_train_begin(logs)

    def on_train_end(self, logs=None):
        """Calls `on_train_end` on every callback.

        Args:
            logs: passed on.
        """
        logs = {} if logs is None else logs
        for callback in self.callbacks:
            callback.on_train_end(logs)

    def on_test_begin(self, logs=None):
        """Calls `on_test_begin` on every callback.

        Args:
            logs: passed on.
        """
        logs = {} if logs is None else logs
        for callback in self.callbacks:
            callback.on_test_begin(logs)

    def on_test_end(self, logs=None):
        """Calls `on_test_end` on every callback.

        Args:
            logs: passed on.
        """
        logs = {} if logs is None else logs
        for callback in self.callbacks:
            callback.on_test_end(logs)

    def on_predict_begin(self, logs=None):
        """Calls `on_predict_begin` on every callback.

        Args:
            logs: passed on.
        """
        logs = {} if logs is None else logs
        for callback in self.callbacks:
            callback.on_predict_begin(logs)

    def on_predict_end(self, logs=None):
        """Calls `on_predict_end` on every callback.

        Args:
            logs: passed on.
        """
        logs = {} if logs is None else logs
        for callback in self.callbacks:
            callback.on_predict_end(logs)


def _as_list(callbacks):
    if callbacks is None:
        return []
    if isinstance(callbacks, CallbackList):
        callbacks = callbacks.callbacks
    elif isinstance(callbacks, Callback):
        callbacks = [callbacks]
    callbacks = list(callbacks)
    for callback in callbacks:
        _check_callback(callback)
    return callbacks


def _check_callback(callback):
    if not isinstance(callback, Callback):
        raise TypeError(
            "CallbackList expects `callbacks` to hold instances of "
            "`keras.callbacks.Callback`. Received an element of type "
            f"{type(callback).__name__}: {callback!r}"
        )


def _find(callbacks, cls):
    for callback in callbacks:
        if isinstance(callback, cls):
            return callback
    return None
