"""`keras.callbacks.LambdaCallback`: a callback made of plain functions."""

import functools

from keras.src.api_export import keras_export
from keras.src.callbacks.callback import Callback

# Hook name -> whether it receives a batch or epoch index before `logs`.
_HOOKS = {
    "on_epoch_begin": True,
    "on_epoch_end": True,
    "on_train_begin": False,
    "on_train_end": False,
    "on_train_batch_begin": True,
    "on_train_batch_end": True,
    "on_batch_begin": True,
    "on_batch_end": True,
    "on_test_begin": False,
    "on_test_end": False,
    "on_test_batch_begin": True,
    "on_test_batch_end": True,
    "on_predict_begin": False,
    "on_predict_end": False,
    "on_predict_batch_begin": True,
    "on_predict_batch_end": True,
}


@keras_export("keras.callbacks.LambdaCallback")
class LambdaCallback(Callback):
    """A callback whose hooks are the functions given.

    Each function replaces the hook of the same name and is called with
    the hook's arguments: `(epoch, logs)` for epoch hooks, `(batch, logs)`
    for batch hooks and `(logs)` for the others. Hooks not given do
    nothing.

    Args:
        on_epoch_begin: called at the start of each epoch.
        on_epoch_end: called at the end of each epoch.
        on_train_begin: called at the start of training.
        on_train_end: called at the end of training.
        on_train_batch_begin: called before each training batch.
        on_train_batch_end: called after each training batch.
        **kwargs: any other hook (`on_test_begin`, `on_predict_batch_end`,
            ...); other names are set as attributes of the callback.

    Example:

    >>> losses = []
    >>> callback = keras.callbacks.LambdaCallback(
    ...     on_epoch_end=lambda epoch, logs: losses.append(logs["loss"]))
    >>> callback.on_epoch_end(0, {"loss": 0.5})
    >>> losses
    [0.5]
    """

    def __init__(
        self,
        on_epoch_begin=None,
        on_epoch_end=None,
        on_train_begin=None,
        on_train_end=None,
        on_train_batch_begin=None,
        on_train_batch_end=None,
        **kwargs,
    ):
        super().__init__()
        hooks = dict(
            on_epoch_begin=on_epoch_begin,
            on_epoch_end=on_epoch_end,
            on_train_begin=on_train_begin,
            on_train_end=on_train_end,
            on_train_batch_begin=on_train_batch_begin,
            on_train_batch_end=on_train_batch_end,
        )
        # Other names become plain attributes, as in Keras: a callback
        # used by custom loops may carry hooks of its own.
        for name in sorted(set(kwargs) - set(_HOOKS)):
            setattr(self, name, kwargs.pop(name))
        hooks.update(kwargs)
        for name, function in hooks.items():
            if function is None:
                continue
            if not callable(function):
                raise TypeError(
                    f"LambdaCallback expects `{name}` to be a function. "
                    f"Received: {name}={function!r}"
                )
            setattr(self, name, _hook(function, _HOOKS[name]))


def _hook(function, takes_index):
    # `logs` defaults to None, like the methods the functions replace.
    if takes_index:

        @functools.wraps(function)
        def hook(index, logs=None):
            return function(index, logs)

    else:

        @functools.wraps(function)
        def hook(logs=None):
            return function(logs)

    return hook
