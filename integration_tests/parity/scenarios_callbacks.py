"""Parity scenarios of callbacks: the hooks fit/evaluate/predict call, in
order and with which arguments, and each built-in callback's arguments and
the logs it reads or writes.

Each scenario trains the tiny constant-initialized model of
`scenarios_training` on fixed data and returns the calls a recording
callback saw (hook name, batch or epoch index, sorted log keys), the history,
the files a callback wrote, or the error for bad input.
"""

import csv
import os
import tempfile

import numpy as np

import keras
from parity_scenarios import add
from scenarios_training import _X
from scenarios_training import _Y
from scenarios_training import _compile
from scenarios_training import _single


class _ArgumentRecorder(keras.callbacks.Callback):
    """Records every hook as (name, index or None, sorted log keys)."""

    def __init__(self):
        super().__init__()
        self.calls = []

    def __getattribute__(self, name):
        attribute = super().__getattribute__(name)
        if name.startswith("on_") and callable(attribute):
            calls = super().__getattribute__("calls")

            def record(*args, **kwargs):
                index = args[0] if args and isinstance(args[0], int) else None
                logs = kwargs.get("logs", args[-1] if args else None)
                keys = sorted(logs) if isinstance(logs, dict) else None
                calls.append([name, index, keys])
                return attribute(*args, **kwargs)

            return record
        return attribute


def _model(**compile_kwargs):
    compile_kwargs.setdefault("loss", "mse")
    return _compile(_single(), **compile_kwargs)


def _fit_hooks(**kwargs):
    model = _model(metrics=["mae"])
    recorder = _ArgumentRecorder()
    kwargs.setdefault("epochs", 2)
    history = model.fit(_X, _Y, batch_size=4, verbose=0, shuffle=False,
                        callbacks=[recorder], **kwargs)
    return [recorder.calls, history.epoch, sorted(history.history),
            recorder.params]


def _evaluate_hooks(**kwargs):
    model = _model(metrics=["mae"])
    recorder = _ArgumentRecorder()
    model.evaluate(_X, _Y, batch_size=4, verbose=0, callbacks=[recorder],
                   **kwargs)
    return [recorder.calls, recorder.params]


def _predict_hooks(**kwargs):
    model = _model()
    recorder = _ArgumentRecorder()
    model.predict(_X, batch_size=4, verbose=0, callbacks=[recorder],
                  **kwargs)
    return [recorder.calls, recorder.params]


def _register_hooks():
    fits = {
        "plain": {},
        "validation_data": {"validation_data": (_X[:4], _Y[:4])},
        "validation_split": {"validation_split": 0.5},
        "validation_freq": {"validation_data": (_X[:4], _Y[:4]),
                            "validation_freq": 2, "epochs": 3},
        "validation_freq_list": {"validation_data": (_X[:4], _Y[:4]),
                                 "validation_freq": [1, 3], "epochs": 3},
        "initial_epoch": {"initial_epoch": 1, "epochs": 3},
        "steps_per_epoch": {"steps_per_epoch": 1},
        "validation_steps": {"validation_data": (_X, _Y),
                             "validation_steps": 1},
    }
    for label, kwargs in sorted(fits.items()):
        add(f"callbacks.hooks.fit[{label}]",
            lambda k=kwargs: _fit_hooks(**k), trains=True)
    add("callbacks.hooks.evaluate[plain]", _evaluate_hooks, trains=True)
    add("callbacks.hooks.evaluate[steps]",
        lambda: _evaluate_hooks(steps=1), trains=True)
    add("callbacks.hooks.predict[plain]", _predict_hooks, trains=True)
    add("callbacks.hooks.predict[steps]",
        lambda: _predict_hooks(steps=1), trains=True)


def _fit(callbacks, epochs=4, learning_rate=0.1, validation=True, x=_X,
         **compile_kwargs):
    model = _model(optimizer=keras.optimizers.SGD(learning_rate),
                   **compile_kwargs)
    history = model.fit(
        x, _Y, batch_size=4, epochs=epochs, verbose=0, shuffle=False,
        callbacks=callbacks,
        validation_data=(_X[:4], _Y[:4]) if validation else None)
    return model, history


def _early_stopping(**kwargs):
    callback = keras.callbacks.EarlyStopping(**kwargs)
    model, history = _fit([callback], epochs=6, learning_rate=0.3)
    return [history.epoch, callback.stopped_epoch, callback.wait,
            model.get_weights()]


def _register_early_stopping():
    cases = {
        "mode_max": {"monitor": "val_loss", "mode": "max", "patience": 1},
        "start_from_epoch": {"monitor": "loss", "min_delta": 100.0,
                             "patience": 0, "start_from_epoch": 3},
        "restore_no_stop": {"monitor": "loss", "patience": 10,
                            "restore_best_weights": True},
        "metric_auto_mode": {"monitor": "val_mae", "patience": 0,
                             "min_delta": 1.0},
    }
    for label, kwargs in sorted(cases.items()):
        add(f"callbacks.EarlyStopping[{label}]",
            lambda k=kwargs: _early_stopping(**k), atol=1e-4, rtol=1e-3,
            trains=True)
    add("callbacks.EarlyStopping[bad_mode]",
        lambda: keras.callbacks.EarlyStopping(mode="sideways").monitor_op)


def _checkpoint_files(**kwargs):
    with tempfile.TemporaryDirectory() as directory:
        pattern = kwargs.pop("filepath")
        callback = keras.callbacks.ModelCheckpoint(
            os.path.join(directory, pattern), **kwargs)
        _, history = _fit([callback], epochs=3, metrics=["mae"])
        return [sorted(os.listdir(directory)), history.epoch]


def _register_model_checkpoint():
    cases = {
        "every_epoch": {"filepath": "m{epoch:02d}.keras"},
        "best_only": {"filepath": "best.weights.h5", "save_best_only": True,
                      "save_weights_only": True},
        "formatted": {"filepath": "w{epoch}-{val_loss:.1f}.weights.h5",
                      "save_weights_only": True},
        "monitor_mae_max": {"filepath": "m{epoch}.keras",
                            "monitor": "mae", "mode": "max",
                            "save_best_only": True},
    }
    for label, kwargs in sorted(cases.items()):
        add(f"callbacks.ModelCheckpoint[{label}]",
            lambda k=kwargs: _checkpoint_files(**dict(k)), trains=True)
    add("callbacks.ModelCheckpoint[weights_only_suffix].bad_input",
        lambda: keras.callbacks.ModelCheckpoint(
            "model.keras", save_weights_only=True))
    add("callbacks.ModelCheckpoint[full_model_suffix].bad_input",
        lambda: keras.callbacks.ModelCheckpoint("model.h6"))


def _reduce_lr(**kwargs):
    callback = keras.callbacks.ReduceLROnPlateau(**kwargs)
    _, history = _fit([callback], epochs=5, validation=False)
    return [history.history, callback.cooldown_counter, callback.wait]


def _register_reduce_lr():
    cases = {
        "cooldown": {"monitor": "loss", "factor": 0.5, "patience": 0,
                     "min_delta": 10.0, "cooldown": 2},
        "mode_max": {"monitor": "loss", "factor": 0.2, "patience": 1,
                     "mode": "max"},
        "min_lr": {"monitor": "loss", "factor": 0.1, "patience": 0,
                   "min_delta": 10.0, "min_lr": 0.005},
    }
    for label, kwargs in sorted(cases.items()):
        add(f"callbacks.ReduceLROnPlateau[{label}]",
            lambda k=kwargs: _reduce_lr(**k), atol=1e-4, rtol=1e-3,
            trains=True)
    add("callbacks.ReduceLROnPlateau[factor_one].bad_input",
        lambda: keras.callbacks.ReduceLROnPlateau(factor=1.0))


def _csv_rows(**kwargs):
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "log.csv")
        _fit([keras.callbacks.CSVLogger(path, **kwargs)], epochs=2,
             metrics=["mae"])
        if kwargs.get("append"):
            _fit([keras.callbacks.CSVLogger(path, **kwargs)], epochs=1,
                 metrics=["mae"])
        with open(path, newline="") as f:
            rows = list(csv.reader(f, delimiter=kwargs.get("separator",
                                                           ",")))
    header, body = rows[0], rows[1:]
    return [header, [[float(value) for value in row] for row in body]]


def _register_csv_logger():
    add("callbacks.CSVLogger[default]", _csv_rows, atol=1e-4, rtol=1e-3,
        trains=True)
    add("callbacks.CSVLogger[separator]", lambda: _csv_rows(separator=";"),
        atol=1e-4, rtol=1e-3, trains=True)
    add("callbacks.CSVLogger[append]", lambda: _csv_rows(append=True),
        atol=1e-4, rtol=1e-3, trains=True)


def _scheduled(schedule):
    seen = []

    def recorded(epoch, learning_rate):
        seen.append([epoch, float(learning_rate)])
        return schedule(epoch, learning_rate)

    callback = keras.callbacks.LearningRateScheduler(recorded)
    _, history = _fit([callback], epochs=3, validation=False)
    return [seen, history.history]


def _register_scheduler():
    add("callbacks.LearningRateScheduler[halving]",
        lambda: _scheduled(lambda epoch, lr: lr * 0.5),
        atol=1e-4, rtol=1e-3, trains=True)
    add("callbacks.LearningRateScheduler[by_epoch]",
        lambda: _scheduled(lambda epoch, lr: 0.1 / (epoch + 1)),
        atol=1e-4, rtol=1e-3, trains=True)
    add("callbacks.LearningRateScheduler[not_a_number].bad_input",
        lambda: _scheduled(lambda epoch, lr: "fast"), trains=True)


def _terminate_on_nan():
    x = _X.copy()
    x[5, 0] = np.nan
    recorder = _ArgumentRecorder()
    _, history = _fit([keras.callbacks.TerminateOnNaN(), recorder],
                      epochs=3, validation=False, x=x)
    batches = [call[:2] for call in recorder.calls
               if call[0] in ("on_train_batch_end", "on_epoch_end")]
    return [history.epoch, batches, sorted(history.history)]


def _lambda_hooks():
    seen = []
    callback = keras.callbacks.LambdaCallback(
        on_test_begin=lambda logs: seen.append(["test_begin"]),
        on_test_batch_end=lambda batch, logs: seen.append(
            ["test_batch_end", batch, sorted(logs)]),
        on_predict_batch_end=lambda batch, logs: seen.append(
            ["predict_batch_end", batch, sorted(logs)]),
        on_predict_end=lambda logs: seen.append(["predict_end"]),
    )
    model = _model(metrics=["mae"])
    model.evaluate(_X, _Y, batch_size=4, verbose=0, callbacks=[callback])
    model.predict(_X, batch_size=4, verbose=0, callbacks=[callback])
    return seen


def _history_params():
    model, history = _fit([], epochs=2, metrics=["mae"])
    return [history.params, history.epoch, sorted(history.history),
            model.history is history]


def _callback_list():
    recorder = _ArgumentRecorder()
    callbacks = keras.callbacks.CallbackList(
        [recorder], add_history=True, model=_model(), epochs=1, steps=2,
        verbose=0)
    callbacks.on_train_begin()
    callbacks.on_epoch_begin(0)
    callbacks.on_train_batch_begin(0)
    callbacks.on_train_batch_end(0, {"loss": 1.0})
    callbacks.on_epoch_end(0, {"loss": 1.0})
    callbacks.on_train_end()
    return [recorder.calls, recorder.params]


def _register_others():
    add("callbacks.TerminateOnNaN[nan_batch]", _terminate_on_nan,
        trains=True)
    add("callbacks.LambdaCallback[evaluate_predict]", _lambda_hooks,
        trains=True)
    add("callbacks.History[params]", _history_params, trains=True)
    add("callbacks.CallbackList[direct]", _callback_list, trains=True)


_register_hooks()
_register_early_stopping()
_register_model_checkpoint()
_register_reduce_lr()
_register_csv_logger()
_register_scheduler()
_register_others()
