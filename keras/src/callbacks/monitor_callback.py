"""The base of callbacks that watch one metric for improvement
(`EarlyStopping`, `ReduceLROnPlateau`, `ModelCheckpoint`).

Not public. Whether a metric improves when it goes up or down comes from
`mode`; with `mode="auto"`, losses go down and any other metric must be
found among the model's metrics with a `_direction` of `"up"` or
`"down"`.
"""

import numbers
import operator
import warnings

from keras.src import backend
from keras.src.callbacks.callback import Callback
from keras.src.utils import io_utils

_MODES = ("auto", "min", "max")


class MonitorCallback(Callback):
    """A callback that compares a monitored metric with its best value.

    Args:
        monitor: the name of the metric in the logs.
        mode: `"min"`, `"max"` or `"auto"`.
        min_delta: the smallest change that counts as an improvement.
    """

    def __init__(self, monitor="val_loss", mode="auto", min_delta=0):
        super().__init__()
        if mode not in _MODES:
            warnings.warn(
                f"{type(self).__name__} mode '{mode}' is unknown, falling "
                "back to 'auto'. Expected one of "
                f"{', '.join(repr(m) for m in _MODES)}.",
                stacklevel=3,
            )
            mode = "auto"
        _check_number("min_delta", min_delta, type(self).__name__)
        self.monitor = monitor
        self.mode = mode
        self.best = None
        self.min_delta = abs(min_delta)
        self.monitor_op = None

    def _set_monitor_op(self):
        """Sets `monitor_op` (`<` or `>`) and signs `min_delta` to match."""
        if self.monitor_op is not None:
            return
        direction = self._direction()
        self.monitor_op = operator.lt if direction == "down" else operator.gt
        self.min_delta = abs(self.min_delta) * (
            -1 if direction == "down" else 1
        )

    def _direction(self):
        if self.mode == "min":
            return "down"
        if self.mode == "max":
            return "up"
        name = self.monitor
        if name.startswith("val_"):
            name = name[len("val_"):]
        if name == "loss":
            return "down"
        for metric in _all_metrics(self._model):
            direction = getattr(metric, "_direction", None)
            if direction in ("up", "down") and (
                getattr(metric, "name", None) == name
            ):
                return direction
        raise ValueError(
            f"{type(self).__name__} received monitor={self.monitor!r}, "
            "whose direction it cannot tell: no metric of the model named "
            f"{name!r} says whether it should go up or down. Pass "
            "mode='max' to keep the highest value or mode='min' to keep "
            "the lowest."
        )

    def _is_improvement(self, current, reference):
        """Whether `current` beats `reference` by more than `min_delta`."""
        if reference is None:
            return True
        self._set_monitor_op()
        return self.monitor_op(current - self.min_delta, reference)

    def _improves_best(self, epoch, logs, report, saving_to=""):
        """Whether `logs[monitor]` beats `self.best` (which it then
        becomes), saying so when `report`; a missing value warns and
        counts as an improvement (the checkpoint is saved anyway)."""
        current = logs.get(self.monitor)
        if current is None:
            warnings.warn(
                f"Can save best model only with {self.monitor} available; "
                "saving without comparing.",
                stacklevel=4,
            )
            return True
        current = to_float(current)
        prefix = f"\nEpoch {epoch + 1}: {self.monitor}"
        best = None if self.best is None else f"{self.best:.5f}"
        if self._is_improvement(current, self.best):
            if report:
                io_utils.print_msg(
                    f"{prefix} improved from {best} to {current:.5f}"
                    f"{saving_to}"
                )
            self.best = current
            return True
        if report:
            io_utils.print_msg(f"{prefix} did not improve from {best}")
        return False

    def _monitored_value(self, logs, what):
        """The monitored value in `logs` as a float, or `None` (with a
        warning naming the metrics available) when it is missing."""
        logs = logs or {}
        value = logs.get(self.monitor)
        if value is None:
            warnings.warn(
                f"{what} is conditioned on metric `{self.monitor}` which is "
                "not available. Available metrics are: "
                f"{','.join(logs.keys())}.",
                stacklevel=3,
            )
            return None
        return to_float(value)


def to_float(value):
    """A log value (number, NumPy value or backend tensor) as a float."""
    if isinstance(value, float):
        return value
    return float(backend.convert_to_numpy(value))


def _all_metrics(model):
    """The model's metrics, those inside containers included."""
    pending = list(getattr(model, "metrics", None) or ())
    seen = set()
    while pending:
        metric = pending.pop(0)
        if id(metric) in seen:
            continue
        seen.add(id(metric))
        yield metric
        inner = getattr(metric, "metrics", None)
        if isinstance(inner, (list, tuple)):
            pending.extend(inner)


def _check_number(name, value, owner):
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(
            f"{owner} expects `{name}` to be a number. "
            f"Received: {name}={value!r}"
        )
