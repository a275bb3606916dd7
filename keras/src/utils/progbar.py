"""`keras.utils.Progbar`: the progress bar of `fit`, `evaluate`, `predict`.

Two displays:

- dynamic (a terminal or a notebook): the line is redrawn in place with a
  carriage return, at most once per `interval` seconds;
- static (stdout redirected to a file or a CI log, or interactive logging
  turned off): nothing is printed until the bar completes, then one plain
  line, so that logs hold one line per epoch instead of one per redraw.

Metric values are converted to numbers only when they are averaged or
shown, so that a caller may pass backend tensors without forcing a device
synchronisation at every step.
"""

import os
import sys
import time

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.utils import io_utils

_BAR_CHAR = "\u2501"
_BOLD = "\x1b[1m"
_GREEN = "\x1b[32m"
_GREY = "\x1b[37m"
_RESET = "\x1b[0m"


@keras_export("keras.utils.Progbar")
class Progbar:
    """Displays a progress bar with an ETA and running metric values.

    Metrics are averaged over the steps they were reported for (each value
    weighted by the steps it covers), except "stateful" ones, shown as
    reported. `stateful_metrics` lists the metrics not to average;
    `stateless_metrics` instead lists the only ones to average. A value
    passed with `finalize=True` is shown as passed.

    Args:
        target: the total number of steps, or `None` if unknown.
        width: the width of the bar, in characters.
        verbose: 0 (silent), 1 (a bar, redrawn as it moves) or 2 (one
            line when the bar completes).
        interval: the minimum time between two redraws, in seconds.
        stateful_metrics: names of metrics shown as reported, not
            averaged.
        stateless_metrics: names of the only metrics to average (every
            other one is shown as reported). Give at most one of
            `stateful_metrics` and `stateless_metrics`.
        unit_name: the name of a step, shown in the time per step.

    Example:

    >>> bar = keras.utils.Progbar(target=4, verbose=0)
    >>> for step in range(4):
    ...     bar.update(step + 1, values=[("loss", 1.0 / (step + 1))])
    >>> bar.target
    4
    """

    def __init__(
        self,
        target,
        width=20,
        verbose=1,
        interval=0.05,
        stateful_metrics=None,
        stateless_metrics=None,
        unit_name="step",
    ):
        _check_arguments(target, width, verbose, interval)
        if stateful_metrics is not None and stateless_metrics is not None:
            raise ValueError(
                "Progbar accepts `stateful_metrics` or `stateless_metrics`, "
                "not both. Received: "
                f"stateful_metrics={stateful_metrics}, "
                f"stateless_metrics={stateless_metrics}"
            )
        self.target = target
        self.width = width
        self.verbose = verbose
        self.interval = interval
        self.unit_name = unit_name
        self.stateful_metrics = set(stateful_metrics or ())
        self.stateless_metrics = (
            None if stateless_metrics is None else set(stateless_metrics)
        )
        self._dynamic_display = _supports_dynamic_display()
        # name -> [weighted sum, weight] (averaged) or [value, None].
        self._values = {}
        self._values_order = []
        self._seen_so_far = 0
        self._start = time.time()
        self._last_update = 0.0
        self._first_step = None
        self._prev_total_width = 0

    def update(self, current, values=None, finalize=None):
        """Moves the bar to step `current` and records metric values.

        Args:
            current: the index of the current step (steps done so far).
            values: a list of `(name, value)` pairs (or a dict) of the
                metrics of the steps since the previous update.
            finalize: whether this is the last update. Defaults to
                `current >= target` (never, when the target is unknown).
        """
        if finalize is None:
            finalize = self.target is not None and current >= self.target
        self._record(current, values, finalize)
        now = time.time()
        if self._first_step is None and current > 0:
            self._first_step = (now, current)
        if self.verbose == 1:
            self._show_bar(current, now, finalize)
        elif self.verbose == 2 and finalize:
            self._show_line(current, now)

    def add(self, n, values=None):
        """Advances the bar by `n` steps.

        Args:
            n: the number of steps done since the previous update.
            values: a list of `(name, value)` pairs of their metrics.
        """
        self.update(self._seen_so_far + n, values)

    # -- bookkeeping ---------------------------------------------------------

    def _record(self, current, values, finalize):
        if isinstance(values, dict):
            values = values.items()
        weight = max(current - self._seen_so_far, 1)
        for name, value in values or ():
            if name not in self._values:
                self._values_order.append(name)
            if (
                finalize
                or isinstance(value, str)
                or not self._is_averaged(name)
            ):
                self._values[name] = [value, None]
                continue
            value = _as_number(value) * weight
            total = self._values.get(name)
            if total is None or total[1] is None:
                self._values[name] = [value, weight]
            else:
                total[0] += value
                total[1] += weight
        self._seen_so_far = current

    def _is_averaged(self, name):
        if self.stateless_metrics is not None:
            return name in self.stateless_metrics
        return name not in self.stateful_metrics

    def _time_per_unit(self, current, now):
        if self._first_step is not None:
            first_time, first_current = self._first_step
            if current > first_current:
                return (now - first_time) / (current - first_current)
        return (now - self._start) / current if current else 0.0

    # -- display -------------------------------------------------------------

    def _show_bar(self, current, now, finalize):
        if not finalize:
            if not self._dynamic_display:
                return
            if now - self._last_update < self.interval:
                return
        self._last_update = now
        styled = self._dynamic_display
        line = self._count_text(current, styled)
        rate = self._time_per_unit(current, now)
        if finalize or self.target is None:
            timing = _format_seconds(now - self._start)
        else:
            timing = _format_eta(rate * (self.target - current))
        line += " " + _style(timing, _BOLD, styled)
        line += " " + _format_rate(rate, self.unit_name)
        line += self._metrics_text()
        if not styled:
            io_utils.print_msg(line)
            return
        width = _visible_width(line)
        padding = " " * max(self._prev_total_width - width, 0)
        self._prev_total_width = width
        io_utils.print_msg(
            "\r" + line + padding + ("\n" if finalize else ""),
            line_break=False,
        )

    def _count_text(self, current, styled):
        if self.target is None:
            return f"{current:7d}/Unknown"
        digits = len(str(self.target))
        text = _style(f"{current:>{digits}}/{self.target}", _BOLD, styled)
        if self.target > 0:
            done = min(int(self.width * current / self.target), self.width)
        else:
            done = self.width
        bar_char = _bar_char()
        bar = _style(bar_char * done, _GREEN, styled and done > 0)
        bar += _style(bar_char * (self.width - done), _GREY, styled)
        return text + " " + bar

    def _show_line(self, current, now):
        elapsed = now - self._start
        rate = elapsed / current if current else 0.0
        target = "Unknown" if self.target is None else self.target
        line = (
            f"{current}/{target} - {_format_seconds(elapsed)} - "
            f"{_format_rate(rate, self.unit_name)}{self._metrics_text()}"
        )
        io_utils.print_msg(line)

    def _metrics_text(self):
        parts = []
        for name in self._values_order:
            value, weight = self._values[name]
            if weight is not None:
                value = value / weight
            parts.append(f" - {name}: {_format_value(value)}")
        return "".join(parts)


def _check_arguments(target, width, verbose, interval):
    if target is not None and not _is_int(target):
        raise TypeError(
            "Progbar expects `target` to be an integer or None. "
            f"Received: target={target!r}"
        )
    if not _is_int(width) or width < 1:
        raise ValueError(
            "Progbar expects `width` to be a positive integer. "
            f"Received: width={width!r}"
        )
    if verbose not in (0, 1, 2):
        raise ValueError(
            "Progbar expects `verbose` to be 0, 1 or 2. "
            f"Received: verbose={verbose!r}"
        )
    if not isinstance(interval, (int, float)) or interval < 0:
        raise ValueError(
            "Progbar expects `interval` to be a non-negative number of "
            f"seconds. Received: interval={interval!r}"
        )


def _is_int(value):
    return isinstance(value, (int, np.integer)) and not isinstance(
        value, bool
    )


def _supports_dynamic_display():
    """Whether stdout redraws a line on a carriage return."""
    if not io_utils.is_interactive_logging_enabled():
        return False
    isatty = getattr(sys.stdout, "isatty", None)
    if isatty is not None and isatty():
        return True
    return "ipykernel" in sys.modules or "PYCHARM_HOSTED" in os.environ


def _bar_char():
    # Consoles whose encoding lacks the box-drawing character get "=".
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        _BAR_CHAR.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return "="
    return _BAR_CHAR


def _style(text, code, enabled):
    return f"{code}{text}{_RESET}" if enabled else text


def _visible_width(line):
    width = 0
    skipping = False
    for char in line:
        if char == "\x1b":
            skipping = True
        elif skipping:
            skipping = char != "m"
        else:
            width += 1
    return width


def _as_number(value):
    """`value` (a number, array or backend tensor) as a float or array."""
    if isinstance(value, (int, float)):
        return value
    array = backend.convert_to_numpy(value)
    return array.item() if array.ndim == 0 else array


def _format_value(value):
    if isinstance(value, str):
        return value
    value = _as_number(value)
    if isinstance(value, np.ndarray):
        value = float(np.mean(value))
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    if abs(value) > 1e-3:
        return f"{value:.4f}"
    return f"{value:.4e}"


def _format_seconds(seconds):
    return f"{seconds:.0f}s"


def _format_eta(seconds):
    total = int(seconds)
    minutes, seconds = divmod(total, 60)
    if total > 3600:
        return f"{minutes // 60}:{minutes % 60:02d}:{seconds:02d}"
    if total > 60:
        return f"{minutes}:{seconds:02d}"
    return f"{total}s"


def _format_rate(seconds, unit_name):
    if seconds >= 1 or seconds == 0:
        return f"{seconds:.0f}s/{unit_name}"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.0f}ms/{unit_name}"
    return f"{seconds * 1e6:.0f}us/{unit_name}"
