"""`keras.callbacks.Callback`: the base class of training callbacks."""

from keras.src.api_export import keras_export


@keras_export("keras.callbacks.Callback")
class Callback:
    """Base class of the objects that `fit`, `evaluate` and `predict` call
    at the start and end of training, epochs and batches.

    Subclasses override the hooks they need. Each hook receives a `logs`
    dict (or `None`): at the end of a training batch or epoch it maps
    metric names to their values so far (validation metrics prefixed with
    `val_` at the end of an epoch); at the end of a predict batch it holds
    the `outputs`. The values may be backend tensors: convert them with
    `keras.ops.convert_to_numpy` (or `float`) where a number is needed.

    A callback may read and change the model it is attached to through
    `self.model` (`self.model.stop_training = True` ends `fit` after the
    current epoch) and read `self.params`, the loop's parameters
    (`verbose`, `epochs`, `steps`).

    Example:

    >>> class EpochCounter(keras.callbacks.Callback):
    ...     def on_epoch_end(self, epoch, logs=None):
    ...         self.epochs_seen = epoch + 1
    >>> counter = EpochCounter()
    >>> counter.on_epoch_end(2)
    >>> counter.epochs_seen
    3
    """

    def __init__(self):
        self.params = None
        self._model = None

    def set_params(self, params):
        """Stores the loop's parameters (`verbose`, `epochs`, `steps`).

        Args:
            params: a dict of parameters.
        """
        self.params = params

    def set_model(self, model):
        """Attaches the callback to `model`.

        Args:
            model: the model being trained, evaluated or run.
        """
        self._model = model

    @property
    def model(self):
        """The model this callback is attached to (or `None`)."""
        model = self._model
        # Trainers that keep the variables' values outside the variables
        # while a loop runs (JAX) write them back before a callback looks.
        sync = getattr(model, "jax_state_sync", None)
        if sync is not None:
            sync()
        return model

    # -- batch hooks kept for backwards compatibility ------------------------

    def on_batch_begin(self, batch, logs=None):
        """Called by `on_train_batch_begin` (kept for older callbacks).

        Args:
            batch: the index of the batch within the epoch.
            logs: unused, `None`.
        """

    def on_batch_end(self, batch, logs=None):
        """Called by `on_train_batch_end` (kept for older callbacks).

        Args:
            batch: the index of the batch within the epoch.
            logs: the metric values after the batch.
        """

    # -- fit -------------------------------------------------------------------

    def on_epoch_begin(self, epoch, logs=None):
        """Called at the start of each epoch of `fit`.

        Args:
            epoch: the index of the epoch.
            logs: unused, `None`.
        """

    def on_epoch_end(self, epoch, logs=None):
        """Called at the end of each epoch of `fit`.

        Args:
            epoch: the index of the epoch.
            logs: the epoch's metric values, validation ones prefixed with
                `val_`.
        """

    def on_train_begin(self, logs=None):
        """Called at the start of `fit`.

        Args:
            logs: unused, `None`.
        """

    def on_train_end(self, logs=None):
        """Called at the end of `fit`.

        Args:
            logs: the metric values of the last epoch.
        """

    def on_train_batch_begin(self, batch, logs=None):
        """Called before each training batch; calls `on_batch_begin`.

        Args:
            batch: the index of the batch within the epoch.
            logs: unused, `None`.
        """
        self.on_batch_begin(batch, logs=logs)

    def on_train_batch_end(self, batch, logs=None):
        """Called after each training batch; calls `on_batch_end`.

        Args:
            batch: the index of the batch within the epoch.
            logs: the metric values so far in the epoch.
        """
        self.on_batch_end(batch, logs=logs)

    # -- evaluate ------------------------------------------------------------

    def on_test_begin(self, logs=None):
        """Called at the start of `evaluate` (and of validation in `fit`).

        Args:
            logs: unused, `None`.
        """

    def on_test_end(self, logs=None):
        """Called at the end of `evaluate` (and of validation in `fit`).

        Args:
            logs: the evaluation's metric values.
        """

    def on_test_batch_begin(self, batch, logs=None):
        """Called before each evaluation batch.

        Args:
            batch: the index of the batch.
            logs: unused, `None`.
        """

    def on_test_batch_end(self, batch, logs=None):
        """Called after each evaluation batch.

        Args:
            batch: the index of the batch.
            logs: the metric values so far.
        """

    # -- predict -------------------------------------------------------------

    def on_predict_begin(self, logs=None):
        """Called at the start of `predict`.

        Args:
            logs: unused, `None`.
        """

    def on_predict_end(self, logs=None):
        """Called at the end of `predict`.

        Args:
            logs: unused, `None`.
        """

    def on_predict_batch_begin(self, batch, logs=None):
        """Called before each prediction batch.

        Args:
            batch: the index of the batch.
            logs: unused, `None`.
        """

    def on_predict_batch_end(self, batch, logs=None):
        """Called after each prediction batch.

        Args:
            batch: the index of the batch.
            logs: `{"outputs": ...}`, the batch's predictions.
        """
