"""`keras.callbacks.SwapEMAWeights`: evaluates with the optimizer's
exponential moving averages of the weights."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.callbacks.callback import Callback


@keras_export("keras.callbacks.SwapEMAWeights")
class SwapEMAWeights(Callback):
    """Puts the optimizer's moving averages of the weights (EMA) in the
    model while it is evaluated, and the trained weights back afterwards.

    The optimizer must have been created with `use_ema=True`. The model
    holds the EMA weights during `evaluate` and `predict` (and the
    validation inside `fit`). With `swap_on_epoch=True` it also holds them
    between the end of an epoch and the start of the next, so that
    callbacks placed after this one (`ModelCheckpoint`, ...) see them; they
    are also left in the model when `fit` ends.

    Args:
        swap_on_epoch: whether to also swap at the end of each epoch.

    Example:

    >>> swap = keras.callbacks.SwapEMAWeights(swap_on_epoch=True)
    >>> swap.swap_on_epoch
    True
    """

    def __init__(self, swap_on_epoch=False):
        super().__init__()
        self.swap_on_epoch = swap_on_epoch
        self._ema_weights_in_model = False
        # Whether `on_test_begin` made the swap `on_test_end` must undo
        # (not so when the averages were in place already).
        self._swapped_for_evaluation = False

    def on_epoch_begin(self, epoch, logs=None):
        """Puts the trained weights back (after `swap_on_epoch`).

        Args:
            epoch: the epoch index.
            logs: unused.
        """
        if self.swap_on_epoch and self._ema_weights_in_model:
            self._swap()

    def on_epoch_end(self, epoch, logs=None):
        """Puts the EMA weights in the model, with `swap_on_epoch`.

        Args:
            epoch: the epoch index.
            logs: unused.
        """
        if self.swap_on_epoch and not self._ema_weights_in_model:
            self._swap()

    def on_test_begin(self, logs=None):
        """Puts the EMA weights in the model.

        Args:
            logs: unused.
        """
        if not self._ema_weights_in_model:
            self._swap()
            self._swapped_for_evaluation = True

    def on_test_end(self, logs=None):
        """Puts the trained weights back.

        Args:
            logs: unused.
        """
        if self._swapped_for_evaluation and self._ema_weights_in_model:
            self._swap()
        self._swapped_for_evaluation = False

    def on_predict_begin(self, logs=None):
        """Puts the EMA weights in the model.

        Args:
            logs: unused.
        """
        self.on_test_begin(logs)

    def on_predict_end(self, logs=None):
        """Puts the trained weights back.

        Args:
            logs: unused.
        """
        self.on_test_end(logs)

    def _swap(self):
        pairs = _variable_pairs(self.model)
        for variable, average in pairs:
            # A copy: on torch `value` may share the variable's storage.
            saved = ops.copy(variable.value)
            variable.assign(average.value)
            average.assign(saved)
        self._ema_weights_in_model = not self._ema_weights_in_model


def _variable_pairs(model):
    """(model variable, its moving average) pairs of the optimizer."""
    optimizer = getattr(model, "optimizer", None)
    if not getattr(optimizer, "use_ema", False):
        raise ValueError(
            "SwapEMAWeights needs an optimizer created with `use_ema=True`."
            " Received: use_ema="
            f"{getattr(optimizer, 'use_ema', None)} "
            f"(optimizer={optimizer!r})"
        )
    averages = getattr(optimizer, "_model_variables_moving_average", None)
    variables = getattr(optimizer, "_trainable_variables", None)
    if variables is None:
        variables = model.trainable_variables
    if not averages or len(averages) != len(variables):
        raise ValueError(
            "SwapEMAWeights found no moving averages matching the model's "
            "trainable variables: the optimizer must be built (train for at "
            "least one step) before weights can be swapped. Received "
            f"{len(averages or ())} averages for {len(variables)} variables."
        )
    return list(zip(variables, averages, strict=True))
