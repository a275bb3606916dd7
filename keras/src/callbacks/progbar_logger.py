"""`keras.callbacks.ProgbarLogger`: the progress bars of the loops."""

from keras.src.api_export import keras_export
from keras.src.callbacks import chief
from keras.src.callbacks.callback import Callback
from keras.src.utils import io_utils
from keras.src.utils.progbar import Progbar


@keras_export("keras.callbacks.ProgbarLogger")
class ProgbarLogger(Callback):
    """Prints a progress bar per epoch of `fit`, and for `evaluate` and
    `predict`.

    `fit`, `evaluate` and `predict` add one when their `verbose` is not 0.
    With `verbose=1` the bar is redrawn as batches end (when stdout is a
    terminal or a notebook; otherwise only its final line is printed); with
    `verbose=2` one line is printed per epoch. Metric values are shown as
    the loop reports them (the trainer's metrics are running means
    already), in alphabetical order. The validation run inside `fit`
    prints no bar of its own: its results appear on the epoch's line.

    Example:

    >>> logger = keras.callbacks.ProgbarLogger()
    >>> logger.set_params({"verbose": 2, "epochs": 1, "steps": 2})
    >>> logger.on_train_begin()
    >>> logger.on_epoch_begin(0)
    >>> logger.on_train_batch_end(0, {"loss": 0.5})
    >>> logger.on_train_batch_end(1, {"loss": 0.25})
    >>> logger.seen
    2
    """

    def __init__(self):
        super().__init__()
        self.seen = 0
        self.progbar = None
        self.target = None
        self.verbose = 1
        self.epochs = 1
        self._in_fit = False

    def set_params(self, params):
        """Reads `verbose`, `epochs` and `steps` from the loop's parameters.

        Args:
            params: a dict of parameters.
        """
        super().set_params(params)
        verbose = params.get("verbose", 1)
        self.verbose = 1 if verbose == "auto" else verbose
        if not chief.is_chief():
            self.verbose = 0  # Process 0 of a multi-process run prints.
        self.epochs = params.get("epochs", 1)
        self.target = params.get("steps")

    def on_train_begin(self, logs=None):
        """Marks the start of `fit`.

        Args:
            logs: unused.
        """
        self._in_fit = True

    def on_train_end(self, logs=None):
        """Marks the end of `fit`.

        Args:
            logs: unused.
        """
        self._in_fit = False

    def on_epoch_begin(self, epoch, logs=None):
        """Starts a new bar and prints `Epoch i/n` (when `epochs > 1`).

        Args:
            epoch: the epoch index.
            logs: unused.
        """
        self._new_progbar()
        if self.verbose and self.epochs > 1:
            io_utils.print_msg(f"Epoch {epoch + 1}/{self.epochs}")

    def on_train_batch_end(self, batch, logs=None):
        """Moves the bar.

        Args:
            batch: the batch index.
            logs: the metric values so far.
        """
        self._move(batch, logs)

    def on_epoch_end(self, epoch, logs=None):
        """Completes the bar with the epoch's logs.

        Args:
            epoch: the epoch index.
            logs: the epoch's metric values.
        """
        self._complete(logs)

    def on_test_begin(self, logs=None):
        """Starts a bar, unless the evaluation is `fit`'s validation.

        Args:
            logs: unused.
        """
        if not self._in_fit:
            self._new_progbar()

    def on_test_batch_end(self, batch, logs=None):
        """Moves the evaluation bar.

        Args:
            batch: the batch index.
            logs: the metric values so far.
        """
        if not self._in_fit:
            self._move(batch, logs)

    def on_test_end(self, logs=None):
        """Completes the evaluation bar.

        Args:
            logs: the evaluation's metric values.
        """
        if not self._in_fit:
            self._complete(logs)

    def on_predict_begin(self, logs=None):
        """Starts the prediction bar.

        Args:
            logs: unused.
        """
        self._new_progbar()

    def on_predict_batch_end(self, batch, logs=None):
        """Moves the prediction bar (the outputs are not shown).

        Args:
            batch: the batch index.
            logs: unused.
        """
        self._move(batch, None)

    def on_predict_end(self, logs=None):
        """Completes the prediction bar.

        Args:
            logs: unused.
        """
        self._complete(None)

    def _new_progbar(self):
        self.seen = 0
        # The loop's metrics are running means already: show them as given.
        self.progbar = Progbar(
            target=self.target,
            verbose=self.verbose,
            stateless_metrics=(),
            unit_name="step",
        )

    def _move(self, batch, logs):
        if self.progbar is None:
            self._new_progbar()
        self.seen = batch + 1
        self.progbar.update(self.seen, _sorted_items(logs), finalize=False)

    def _complete(self, logs):
        if self.progbar is None:
            self._new_progbar()
        if self.target is None:
            # Steps learned from the first pass size the following bars.
            self.target = self.seen
            self.progbar.target = self.seen
        self.progbar.update(self.target, _sorted_items(logs), finalize=True)


def _sorted_items(logs):
    # Sorted, so that a metric keeps its place whatever the logs' order.
    return sorted((logs or {}).items())
