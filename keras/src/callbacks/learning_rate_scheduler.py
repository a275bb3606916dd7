"""`keras.callbacks.LearningRateScheduler`: sets the learning rate of each
epoch from a function."""

import inspect
import numbers

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.callbacks.callback import Callback
from keras.src.utils import io_utils


@keras_export("keras.callbacks.LearningRateScheduler")
class LearningRateScheduler(Callback):
    """Sets the optimizer's learning rate at the start of every epoch.

    `schedule(epoch, lr)` (or `schedule(epoch)`) receives the epoch index
    and the current learning rate as a float and returns the new rate.
    The rate in force is added to each epoch's logs as `learning_rate`.

    Args:
        schedule: a function of `(epoch, lr)` or of `epoch` returning a
            float.
        verbose: 1 prints the rate set at each epoch; 0 is silent.

    Example:

    >>> def halve_after_two(epoch, lr):
    ...     return lr if epoch < 2 else lr * 0.5
    >>> scheduler = keras.callbacks.LearningRateScheduler(halve_after_two)
    >>> scheduler.schedule(3, 0.1)
    0.05
    """

    def __init__(self, schedule, verbose=0):
        super().__init__()
        if not callable(schedule):
            raise TypeError(
                "LearningRateScheduler expects `schedule` to be a function "
                f"of (epoch, lr). Received: schedule={schedule!r}"
            )
        self.schedule = schedule
        self.verbose = verbose

    def on_epoch_begin(self, epoch, logs=None):
        """Sets the learning rate of `epoch`.

        Args:
            epoch: the epoch index.
            logs: unused.
        """
        optimizer = optimizer_with_learning_rate(self.model)
        current = float(backend.convert_to_numpy(optimizer.learning_rate))
        if _takes_two_arguments(self.schedule):
            rate = self.schedule(epoch, current)
        else:
            rate = self.schedule(epoch)
        rate = _check_rate(rate)
        optimizer.learning_rate = rate
        if self.verbose > 0:
            io_utils.print_msg(
                f"\nEpoch {epoch + 1}: LearningRateScheduler setting "
                f"learning rate to {rate}."
            )

    def on_epoch_end(self, epoch, logs=None):
        """Adds the learning rate to the epoch's logs.

        Args:
            epoch: the epoch index.
            logs: the epoch's metric values.
        """
        if logs is not None:
            logs["learning_rate"] = current_learning_rate(self.model)


def optimizer_with_learning_rate(model):
    """`model.optimizer`, checked to have a `learning_rate`."""
    optimizer = getattr(model, "optimizer", None)
    if optimizer is None or not hasattr(optimizer, "learning_rate"):
        raise ValueError(
            "The learning rate callbacks need `model.optimizer` to have a "
            f"`learning_rate` attribute. Received: optimizer={optimizer!r}"
        )
    return optimizer


def current_learning_rate(model):
    """The model's learning rate as a float."""
    optimizer = optimizer_with_learning_rate(model)
    return float(backend.convert_to_numpy(optimizer.learning_rate))


def _takes_two_arguments(function):
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return True
    positional = 0
    for parameter in signature.parameters.values():
        if parameter.kind == parameter.VAR_POSITIONAL:
            return True
        if parameter.kind in (
            parameter.POSITIONAL_ONLY,
            parameter.POSITIONAL_OR_KEYWORD,
        ):
            positional += 1
    return positional >= 2


def _check_rate(rate):
    """`rate` as a float; a ValueError if it is not a real scalar."""
    if isinstance(rate, numbers.Real) and not isinstance(rate, bool):
        return float(rate)
    if backend.is_tensor(rate) or isinstance(rate, np.ndarray):
        array = backend.convert_to_numpy(rate)
        if array.ndim == 0 and np.issubdtype(array.dtype, np.number):
            return float(array)
    raise ValueError(
        "LearningRateScheduler expects `schedule` to return a float. "
        f"Received: {rate!r} of type {type(rate).__name__}"
    )
