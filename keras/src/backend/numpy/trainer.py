"""The numpy backend evaluates and predicts; it cannot train (it has no
gradients). The contract is in `keras/src/trainers/backend_trainer.py`."""

import contextlib

import numpy as np

from keras.src import tree
from keras.src.backend.numpy.core import convert_to_tensor
from keras.src.trainers.backend_trainer import Passes

AUTO_JIT = False


def check_can_train(model):
    # NotImplementedError (a RuntimeError) as Keras raises here, so code
    # catching either works on both.
    raise NotImplementedError(
        f"Model '{model.name}' cannot be trained with the numpy backend, "
        "which computes no gradients: `fit()` and `train_on_batch()` need "
        "the jax, tensorflow or torch backend (set KERAS_BACKEND). "
        "`evaluate()` and `predict()` work on numpy."
    )


def convert_batch(data):
    """One batch as NumPy arrays."""
    return tree.map_structure(
        lambda x: None if x is None else convert_to_tensor(x), data
    )


def batch_iterable(data_adapter):
    """The adapter's batches as NumPy arrays, one pass per `iter()`."""
    return Passes(data_adapter.get_numpy_iterator, convert_batch)


def compute_gradients(loss_fn, variables):
    """NumPy computes no gradients."""
    raise RuntimeError(
        "The numpy backend computes no gradients: training needs the jax, "
        "tensorflow or torch backend (set KERAS_BACKEND)."
    )


def update_scope():
    return contextlib.nullcontext()


def make_train_function(model):
    check_can_train(model)


def make_test_function(model):
    def test_function(batches):
        logs = None
        for data in batches:
            logs = model.test_step(data)
        return logs

    return test_function


def make_predict_function(model):
    def predict_function(batches):
        outputs = [model.predict_step(data) for data in batches]
        if len(outputs) == 1:
            return outputs[0]
        return tree.map_structure(lambda *xs: np.concatenate(xs), *outputs)

    return predict_function


def sync_state(model, metrics_only=False):
    """Nothing to sync: numpy steps update the variables in place."""


def __getattr__(name):
    # Keras's name for the trainer on NumPy: the shared class (inference
    # only here, as in Keras). Imported on first use.
    if name == "NumpyTrainer":
        from keras.src.trainers.trainer import Trainer

        return Trainer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def distribute_scope(model):
    """No scope on this backend (see `backend_trainer.py`)."""
    return contextlib.nullcontext()
