"""A fake model and a minimal training loop for the callbacks' tests.

The loop follows the trainer's callback protocol (`set_model`,
`set_params`, the hooks in order, `model.stop_training`,
`model._initial_epoch` after `on_train_begin`), so that each callback can
be tested without `Model.fit`. Not public.
"""

import json

import numpy as np

from keras.src import backend
from keras.src.callbacks.callback_list import CallbackList


class FakeOptimizer:
    """An optimizer with a variable learning rate and a step counter."""

    def __init__(self, learning_rate=0.1):
        self._learning_rate = backend.Variable(
            learning_rate, dtype="float32", trainable=False
        )
        self.iterations = 0

    @property
    def learning_rate(self):
        return self._learning_rate.value

    @learning_rate.setter
    def learning_rate(self, value):
        self._learning_rate.assign(value)


class FakeModel:
    """A model of two weight arrays that saves them as JSON.

    `save` and `save_weights` record each path they receive in
    `saved_paths` and write the weights (and optimizer step) there;
    `load_weights` reads them back.
    """

    def __init__(self, optimizer=None):
        self.stop_training = False
        self.optimizer = optimizer or FakeOptimizer()
        self.weights_values = [np.zeros((2,)), np.zeros((1,))]
        self.saved_paths = []
        self.built = True
        self.metrics = []

    def get_weights(self):
        return [w.copy() for w in self.weights_values]

    def set_weights(self, weights):
        self.weights_values = [np.array(w) for w in weights]

    def save(self, filepath, overwrite=True):
        self._write(filepath, "model")

    def save_weights(self, filepath, overwrite=True):
        self._write(filepath, "weights")

    def load_weights(self, filepath):
        with open(filepath, encoding="utf-8") as file:
            state = json.load(file)
        self.set_weights([np.array(w) for w in state["weights"]])
        self.optimizer.iterations = state["iterations"]

    def _write(self, filepath, kind):
        self.saved_paths.append(filepath)
        state = {
            "kind": kind,
            "weights": [w.tolist() for w in self.weights_values],
            "iterations": self.optimizer.iterations,
        }
        with open(filepath, "w", encoding="utf-8") as file:
            json.dump(state, file)


def run_fit(
    model,
    callbacks,
    epoch_logs,
    steps=2,
    batch_loss=None,
    initial_epoch=0,
    verbose=0,
    on_step=None,
    epochs=None,
):
    """Runs a fake `fit`: `len(epoch_logs)` epochs of `steps` batches.

    Each batch adds 1 to every weight and to `optimizer.iterations`.

    Args:
        model: a `FakeModel`.
        callbacks: a list of callbacks.
        epoch_logs: one logs dict per epoch (copied before use), or a
            function of the epoch index returning one.
        steps: the batches per epoch.
        batch_loss: a function `(epoch, batch) -> loss` for batch logs.
        initial_epoch: the first epoch.
        verbose: passed in the params.
        on_step: a function `(epoch, batch)` called after each batch
            (e.g. to interrupt training).
        epochs: the number of epochs (default: `len(epoch_logs)`).

    Returns:
        The list of epochs that ran.
    """
    if epochs is None:
        epochs = len(epoch_logs)
    callback_list = CallbackList(
        callbacks,
        add_history=True,
        model=model,
        verbose=verbose,
        epochs=epochs,
        steps=steps,
    )
    model.stop_training = False
    callback_list.on_train_begin()
    # Set by BackupAndRestore.on_train_begin.
    resumed = getattr(model, "_initial_epoch", None)
    start = initial_epoch if resumed is None else resumed
    ran = []
    logs = None
    for epoch in range(start, epochs):
        callback_list.on_epoch_begin(epoch)
        for batch in range(steps):
            callback_list.on_train_batch_begin(batch)
            model.weights_values = [w + 1 for w in model.weights_values]
            model.optimizer.iterations += 1
            loss = batch_loss(epoch, batch) if batch_loss else 1.0
            callback_list.on_train_batch_end(batch, {"loss": loss})
            if on_step is not None:
                on_step(epoch, batch)
            if model.stop_training:
                break
        logs = _epoch_logs(epoch_logs, epoch)
        callback_list.on_epoch_end(epoch, logs)
        ran.append(epoch)
        if model.stop_training:
            break
    callback_list.on_train_end(logs)
    return ran


def _epoch_logs(epoch_logs, epoch):
    if callable(epoch_logs):
        return dict(epoch_logs(epoch))
    return dict(epoch_logs[epoch])
