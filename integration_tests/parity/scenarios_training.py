"""Parity scenarios of the training API: compile, fit, evaluate, predict.

Each scenario trains a tiny model with constant initializers on fixed data
(`shuffle=False`, `verbose=0`, `jit_compile=False`) and returns what a user
sees: history keys and values, `metrics_names`, evaluate's return structure,
the order of callback hooks, `summary()` text, or the error for bad input.
"""

import numpy as np

import keras
from parity_scenarios import add

_X = np.linspace(-1.0, 1.0, 24).reshape(8, 3).astype("float32")
_Y = np.array([[0.5], [1.0], [-0.5], [0.0], [2.0], [1.5], [-1.0], [0.25]],
              "float32")
_Y2 = np.stack([_Y[:, 0], -_Y[:, 0]], axis=1).astype("float32")
_LABELS = np.array([[0], [1], [1], [0], [1], [0], [1], [1]], "float32")
_WEIGHTS = np.linspace(0.5, 2.0, 8).astype("float32")


def _dense(units, name, activation=None):
    return keras.layers.Dense(units, activation=activation, name=name,
                              kernel_initializer="ones",
                              bias_initializer="zeros")


def _single(activation=None):
    inputs = keras.Input((3,), name="x")
    hidden = _dense(2, "hidden", "tanh")(inputs)
    return keras.Model(inputs, _dense(1, "out", activation)(hidden),
                       name="single")


def _multi():
    inputs = keras.Input((3,), name="x")
    hidden = _dense(2, "hidden", "tanh")(inputs)
    return keras.Model(inputs, [_dense(1, "a")(hidden),
                                _dense(2, "b")(hidden)], name="multi")


def _compile(model, **kwargs):
    kwargs.setdefault("optimizer", keras.optimizers.SGD(0.05))
    model.compile(jit_compile=False, **kwargs)
    return model


def _history(model, x=_X, y=_Y, **kwargs):
    kwargs.setdefault("epochs", 2)
    kwargs.setdefault("batch_size", 4)
    history = model.fit(x, y, shuffle=False, verbose=0, **kwargs)
    return {
        "history": history.history,
        "epoch": history.epoch,
        "metrics_names": model.metrics_names,
    }


def _fit_single(**compile_kwargs):
    return lambda: _history(_compile(_single(), **compile_kwargs))


def _fit_multi(y=None, **compile_kwargs):
    y = [_Y, _Y2] if y is None else y
    return lambda: _history(_compile(_multi(), **compile_kwargs), y=y)


def _mae_times_two(y_true, y_pred):
    return 2.0 * keras.ops.mean(keras.ops.abs(y_true - y_pred), axis=-1)


def _register_compile():
    single = {
        "loss=str": {"loss": "mse"},
        "loss=instance": {"loss": keras.losses.MeanSquaredError()},
        "loss=function": {"loss": keras.losses.mean_squared_error},
        "loss=custom_function": {"loss": _mae_times_two},
        "loss=list_of_one": {"loss": ["mse"]},
        "loss=named_instance": {
            "loss": keras.losses.Huber(name="my_huber")},
        "metrics=str": {"loss": "mse", "metrics": ["mae"]},
        "metrics=several": {"loss": "mse", "metrics": ["mae", "mse",
                                                       "mape"]},
        "metrics=instance": {"loss": "mse", "metrics": [
            keras.metrics.MeanAbsoluteError(name="my_mae")]},
        "metrics=function": {"loss": "mse", "metrics": [_mae_times_two]},
        "metrics=accuracy": {"loss": "mse", "metrics": ["accuracy"]},
        "metrics=dict_by_output": {"loss": "mse",
                                   "metrics": {"out": ["mae"]}},
        "loss_weights=float": {"loss": "mse", "loss_weights": 2.0},
        "loss_weights=list": {"loss": "mse", "loss_weights": [3.0]},
        "weighted_metrics=str": {"loss": "mse",
                                 "weighted_metrics": ["mae"]},
    }
    for label, kwargs in sorted(single.items()):
        add(f"training.compile.single[{label}]", _fit_single(**kwargs),
            atol=1e-4, rtol=1e-3, trains=True)
    multi = {
        "loss=str": {"loss": "mse"},
        "loss=list": {"loss": ["mse", "mae"]},
        "loss=dict": {"loss": {"a": "mse", "b": "mae"}},
        "loss=dict_partial": {"loss": {"a": "mse"}},
        "loss=list_with_none": {"loss": ["mse", None]},
        "loss_weights=list": {"loss": ["mse", "mae"],
                              "loss_weights": [1.0, 0.5]},
        "loss_weights=dict": {"loss": ["mse", "mae"],
                              "loss_weights": {"a": 2.0, "b": 0.5}},
        "metrics=dict": {"loss": "mse",
                         "metrics": {"a": ["mae"], "b": "mse"}},
        "metrics=nested_list": {"loss": "mse",
                                "metrics": [["mae"], ["mse", "mae"]]},
        "metrics=flat_list": {"loss": "mse", "metrics": ["mae", "mse"]},
        "metrics=instances": {"loss": "mse", "metrics": [
            [keras.metrics.MeanAbsoluteError(name="mae_a")],
            [keras.metrics.MeanSquaredError(name="mse_b")]]},
        "weighted_metrics=dict": {"loss": "mse",
                                  "weighted_metrics": {"a": "mae"}},
    }
    for label, kwargs in sorted(multi.items()):
        add(f"training.compile.multi[{label}]", _fit_multi(**kwargs),
            atol=1e-4, rtol=1e-3, trains=True)
    add("training.compile.multi[y=dict]",
        _fit_multi(y={"a": _Y, "b": _Y2}, loss={"a": "mse", "b": "mae"}),
        atol=1e-4, rtol=1e-3, trains=True)
    bad = {
        "unknown_loss": (_single, {"loss": "no_such_loss"}),
        "unknown_metric": (_single, {"loss": "mse",
                                     "metrics": ["no_such_metric"]}),
        "unknown_optimizer": (_single, {"loss": "mse",
                                        "optimizer": "no_such_opt"}),
        "loss_list_too_long": (_multi, {"loss": ["mse", "mae", "mse"]}),
        "loss_dict_unknown_output": (_multi, {"loss": {"zz": "mse"}}),
        "loss_weights_wrong_length": (_multi, {
            "loss": ["mse", "mae"], "loss_weights": [1.0, 2.0, 3.0]}),
        "metrics_not_list": (_single, {"loss": "mse", "metrics": "mae"}),
    }
    for label, (make, kwargs) in sorted(bad.items()):
        add(f"training.compile.bad[{label}]",
            lambda make=make, k=kwargs: _history(_compile(make(), **k),
                                                 y=_Y if make is _single
                                                 else [_Y, _Y2], epochs=1),
            trains=True)


def _register_fit():
    cases = {
        "validation_split": {"validation_split": 0.25},
        "validation_data": {"validation_data": (_X[:3], _Y[:3])},
        "validation_data_sample_weight": {
            "validation_data": (_X[:3], _Y[:3], _WEIGHTS[:3])},
        "sample_weight": {"sample_weight": _WEIGHTS},
        "initial_epoch": {"initial_epoch": 1, "epochs": 3},
        "steps_per_epoch": {"steps_per_epoch": 1, "epochs": 2},
        "validation_freq": {"validation_data": (_X[:3], _Y[:3]),
                            "validation_freq": 2, "epochs": 3},
        "batch_size_uneven": {"batch_size": 3},
        "batch_size_default": {"batch_size": None, "epochs": 1},
        "validation_batch_size": {"validation_data": (_X[:5], _Y[:5]),
                                  "validation_batch_size": 2},
    }
    for label, kwargs in sorted(cases.items()):
        add(f"training.fit[{label}]",
            lambda k=kwargs: _history(
                _compile(_single(), loss="mse", metrics=["mae"]), **k),
            atol=1e-4, rtol=1e-3, trains=True)
    add("training.fit[class_weight]",
        lambda: _history(_compile(_single("sigmoid"),
                                  loss="binary_crossentropy",
                                  metrics=["accuracy"]),
                         y=_LABELS, class_weight={0: 3.0, 1: 0.5}),
        atol=1e-4, rtol=1e-3, trains=True)
    add("training.fit[weighted_metrics_sample_weight]",
        lambda: _history(_compile(_single(), loss="mse", metrics=["mae"],
                                  weighted_metrics=["mae"]),
                         sample_weight=_WEIGHTS),
        atol=1e-4, rtol=1e-3, trains=True)
    bad = {
        "length_mismatch": {"y": _Y[:5]},
        "validation_split_above_one": {"validation_split": 1.5},
        "unknown_kwarg": {"no_such_argument": 1},
    }
    for label, kwargs in sorted(bad.items()):
        add(f"training.fit.bad[{label}]",
            lambda k=kwargs: _history(
                _compile(_single(), loss="mse"), **k),
            trains=True)
    add("training.fit.bad[not_compiled]",
        lambda: _single().fit(_X, _Y, verbose=0), trains=True)
    add("training.fit.bad[wrong_feature_count]",
        lambda: _history(_compile(_single(), loss="mse"),
                         x=np.ones((8, 5), "float32")), trains=True)


def _trained(metrics=("mae",), loss="mse"):
    model = _compile(_single(), loss=loss, metrics=list(metrics))
    model.fit(_X, _Y, batch_size=4, epochs=1, shuffle=False, verbose=0)
    return model


def _register_evaluate_predict():
    add("training.evaluate[default]",
        lambda: _trained().evaluate(_X, _Y, batch_size=4, verbose=0),
        atol=1e-4, rtol=1e-3, trains=True)
    add("training.evaluate[return_dict]",
        lambda: _trained().evaluate(_X, _Y, batch_size=4, verbose=0,
                                    return_dict=True),
        atol=1e-4, rtol=1e-3, trains=True)
    add("training.evaluate[loss_only]",
        lambda: _trained(metrics=()).evaluate(_X, _Y, verbose=0),
        atol=1e-4, rtol=1e-3, trains=True)
    add("training.evaluate[sample_weight]",
        lambda: _trained().evaluate(_X, _Y, sample_weight=_WEIGHTS,
                                    verbose=0, return_dict=True),
        atol=1e-4, rtol=1e-3, trains=True)
    add("training.evaluate[steps]",
        lambda: _trained().evaluate(_X, _Y, batch_size=2, steps=2,
                                    verbose=0),
        atol=1e-4, rtol=1e-3, trains=True)
    add("training.evaluate[multi_output]", _evaluate_multi,
        atol=1e-4, rtol=1e-3, trains=True)
    add("training.predict[default]",
        lambda: _trained().predict(_X, verbose=0),
        atol=1e-4, rtol=1e-3, trains=True)
    add("training.predict[batch_size=3]",
        lambda: _trained().predict(_X, batch_size=3, verbose=0),
        atol=1e-4, rtol=1e-3, trains=True)
    add("training.predict[multi_output]",
        lambda: _multi().predict(_X, verbose=0), atol=1e-4, rtol=1e-3)
    add("training.predict[uncompiled]",
        lambda: _single().predict(_X[:2], verbose=0))
    add("training.on_batch[train]", _on_batch_train,
        atol=1e-4, rtol=1e-3, trains=True)
    add("training.on_batch[train_return_dict]",
        lambda: _compile(_single(), loss="mse", metrics=["mae"])
        .train_on_batch(_X, _Y, return_dict=True),
        atol=1e-4, rtol=1e-3, trains=True)
    add("training.on_batch[test]",
        lambda: _compile(_single(), loss="mse", metrics=["mae"])
        .test_on_batch(_X, _Y, sample_weight=_WEIGHTS),
        atol=1e-4, rtol=1e-3, trains=True)
    add("training.on_batch[predict]",
        lambda: _single().predict_on_batch(_X[:3]), atol=1e-5)
    add("training.metrics_names[before_fit]",
        lambda: _compile(_single(), loss="mse",
                         metrics=["mae"]).metrics_names, trains=True)


def _evaluate_multi():
    model = _compile(_multi(), loss=["mse", "mae"], metrics=[["mae"], []])
    result = model.evaluate(_X, [_Y, _Y2], verbose=0)
    as_dict = model.evaluate(_X, [_Y, _Y2], verbose=0, return_dict=True)
    return [result, as_dict, model.metrics_names]


def _on_batch_train():
    model = _compile(_single(), loss="mse", metrics=["mae"])
    first = model.train_on_batch(_X, _Y)
    second = model.train_on_batch(_X, _Y, sample_weight=_WEIGHTS)
    return [first, second, model.get_weights()]


class _HookRecorder(keras.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.calls = []

    def __getattribute__(self, name):
        attribute = super().__getattribute__(name)
        if name.startswith("on_") and callable(attribute):
            calls = super().__getattribute__("calls")

            def record(*args, **kwargs):
                calls.append(name)
                return attribute(*args, **kwargs)

            return record
        return attribute


def _hooks(action):
    model = _compile(_single(), loss="mse")
    recorder = _HookRecorder()
    if action == "fit":
        model.fit(_X, _Y, batch_size=4, epochs=2, verbose=0, shuffle=False,
                  validation_data=(_X[:4], _Y[:4]), callbacks=[recorder])
    elif action == "evaluate":
        model.evaluate(_X, _Y, batch_size=4, verbose=0,
                       callbacks=[recorder])
    else:
        model.predict(_X, batch_size=4, verbose=0, callbacks=[recorder])
    return recorder.calls


def _lambda_callback():
    seen = []
    callback = keras.callbacks.LambdaCallback(
        on_epoch_begin=lambda epoch, logs: seen.append(
            ("epoch_begin", epoch, sorted(logs or {}))),
        on_epoch_end=lambda epoch, logs: seen.append(
            ("epoch_end", epoch, sorted(logs))),
        on_train_batch_end=lambda batch, logs: seen.append(
            ("batch_end", batch, sorted(logs))),
        on_train_begin=lambda logs: seen.append(("train_begin",)),
        on_train_end=lambda logs: seen.append(("train_end",
                                               sorted(logs or {}))),
    )
    model = _compile(_single(), loss="mse", metrics=["mae"])
    model.fit(_X, _Y, batch_size=4, epochs=2, verbose=0, shuffle=False,
              callbacks=[callback])
    return seen


def _early_stopping(**kwargs):
    model = _compile(_single(), loss="mse",
                     optimizer=keras.optimizers.SGD(0.3))
    callback = keras.callbacks.EarlyStopping(**kwargs)
    history = model.fit(_X, _Y, batch_size=4, epochs=6, verbose=0,
                        shuffle=False, callbacks=[callback],
                        validation_data=(_X[:4], _Y[:4]))
    return [history.epoch, callback.stopped_epoch, history.history,
            model.get_weights()]


def _reduce_lr():
    model = _compile(_single(), loss="mse",
                     optimizer=keras.optimizers.SGD(0.1))
    callback = keras.callbacks.ReduceLROnPlateau(
        monitor="loss", factor=0.5, patience=0, min_delta=10.0,
        min_lr=0.02)
    history = model.fit(_X, _Y, batch_size=4, epochs=4, verbose=0,
                        shuffle=False, callbacks=[callback])
    return [history.history, model.optimizer.learning_rate]


def _history_object():
    model = _compile(_single(), loss="mse", metrics=["mae"])
    history = model.fit(_X, _Y, batch_size=4, epochs=2, verbose=0,
                        shuffle=False)
    return [type(history).__name__, model.history is history,
            history.params, history.epoch]


def _register_callbacks():
    for action in ("fit", "evaluate", "predict"):
        add(f"callbacks.hook_order[{action}]",
            lambda a=action: _hooks(a), trains=True)
    add("callbacks.LambdaCallback[arguments]", _lambda_callback,
        trains=True)
    add("callbacks.EarlyStopping[patience=0]",
        lambda: _early_stopping(monitor="loss", min_delta=100.0,
                                patience=0), atol=1e-4, rtol=1e-3,
        trains=True)
    add("callbacks.EarlyStopping[restore_best]",
        lambda: _early_stopping(monitor="val_loss", patience=1,
                                min_delta=0.5, restore_best_weights=True),
        atol=1e-4, rtol=1e-3, trains=True)
    add("callbacks.EarlyStopping[baseline]",
        lambda: _early_stopping(monitor="loss", baseline=0.0001,
                                patience=2), atol=1e-4, rtol=1e-3,
        trains=True)
    add("callbacks.EarlyStopping[unknown_monitor]",
        lambda: _early_stopping(monitor="no_such_metric", patience=0),
        atol=1e-4, rtol=1e-3, trains=True)
    add("callbacks.ReduceLROnPlateau[values]", _reduce_lr,
        atol=1e-4, rtol=1e-3, trains=True)
    add("callbacks.History[object]", _history_object, trains=True)


def _summary(model):
    lines = []
    model.summary(print_fn=lambda line, *args, **kwargs: lines.append(
        line))
    # Table borders depend on the terminal's width: keep the words only.
    text = "".join(
        " " if "\u2500" <= char <= "\u257f" else char
        for char in "\n".join(lines)
    )
    return [" ".join(line.split()) for line in text.splitlines()
            if line.strip()]


def _sequential():
    model = keras.Sequential([keras.Input((3,)), _dense(4, "d1", "relu"),
                              _dense(1, "d2")], name="seq")
    return model


def _register_summary():
    add("training.summary[sequential]", lambda: _summary(_sequential()))
    add("training.summary[functional_multi]", lambda: _summary(_multi()))
    add("training.summary[compiled_trained]",
        lambda: _summary(_trained()), trains=True)


_register_compile()
_register_fit()
_register_evaluate_predict()
_register_callbacks()
_register_summary()
