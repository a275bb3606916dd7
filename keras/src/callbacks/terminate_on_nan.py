"""`keras.callbacks.TerminateOnNaN`: stops `fit` when the loss diverges."""

import math

from keras.src.api_export import keras_export
from keras.src.callbacks.callback import Callback
from keras.src.callbacks.monitor_callback import to_float
from keras.src.utils import io_utils


@keras_export("keras.callbacks.TerminateOnNaN")
class TerminateOnNaN(Callback):
    """Stops training when a batch's loss is NaN or infinite.

    By default it sets `model.stop_training`, so that `fit` ends cleanly
    after the current batch (callbacks' `on_epoch_end` and `on_train_end`
    still run). With `raise_error=True` it raises a `RuntimeError` at once
    instead.

    Args:
        raise_error: whether to raise instead of stopping cleanly.

    Example:

    >>> class Model:
    ...     stop_training = False
    >>> model = Model()
    >>> callback = keras.callbacks.TerminateOnNaN()
    >>> callback.set_model(model)
    >>> callback.on_train_batch_end(7, {"loss": float("nan")})
    Batch 7: Invalid loss, terminating training
    >>> model.stop_training
    True
    """

    def __init__(self, raise_error: bool = False):
        super().__init__()
        self.raise_error = raise_error

    def on_batch_end(self, batch, logs=None):
        """Checks the batch's loss.

        Args:
            batch: the batch index.
            logs: the metric values so far (`loss` is checked).

        Raises:
            RuntimeError: if the loss is not finite and `raise_error` is
                set.
        """
        loss = (logs or {}).get("loss")
        if loss is None:
            return
        loss = to_float(loss)
        if math.isfinite(loss):
            return
        if self.raise_error:
            raise RuntimeError(
                f"NaN or Inf loss encountered at batch {batch}. "
                f"Loss value: {loss}. Terminating training immediately."
            )
        io_utils.print_msg(f"Batch {batch}: Invalid loss, terminating training")
        self.model.stop_training = True
