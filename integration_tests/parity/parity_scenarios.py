"""The differential parity suite's scenarios: registry, recording, comparing.

A scenario is a small function of the public `keras` API that returns what a
user would observe (values, shapes, dtypes, configs, history keys, printed
text) or raises for bad input. The same scenario modules run under upstream
Keras 3.15.1 (`record_golden.py`, in the oracle's environment) and here
(`parity_test.py`); only `import keras` differs, so scenarios must use the
public API alone and be deterministic: constant initializers or explicit
weights, fixed NumPy inputs, explicit layer names.

Results are reduced to JSON by `describe`: arrays become their shape, dtype
and values (a summary for large ones), exceptions their class hierarchy,
message and the facts the message names (quoted or backticked words and
numbers), compared in `compare` with per-scenario tolerances.
"""

import math
import re

import numpy as np

SCENARIOS = {}
# Arrays up to this many elements are kept whole in the golden files;
# larger ones by shape, dtype and summary statistics.
MAX_STORED_VALUES = 64


class Scenario:
    """One registered scenario: a name, a function and its tolerances."""

    def __init__(self, name, fn, atol, rtol, trains):
        self.name = name
        self.module = fn.__module__
        self.fn = fn
        self.atol = atol
        self.rtol = rtol
        self.trains = trains


def add(name, fn, atol=1e-5, rtol=1e-4, trains=False):
    """Registers `fn` (no arguments) under `name`, which must be unique."""
    if name in SCENARIOS:
        raise ValueError(f"Scenario {name!r} is registered twice.")
    SCENARIOS[name] = Scenario(name, fn, atol, rtol, trains)


def scenario(name, **kwargs):
    """Decorator form of `add`."""

    def register(fn):
        add(name, fn, **kwargs)
        return fn

    return register


def _to_numpy(value):
    import keras

    return np.asarray(keras.ops.convert_to_numpy(value))


def _is_tensor_like(value):
    return (
        hasattr(value, "shape")
        and hasattr(value, "dtype")
        and not isinstance(value, (np.generic,))
        and type(value).__name__ != "KerasTensor"
    )


def _describe_array(array):
    array = np.asarray(array)
    record = {
        "array": list(array.shape),
        "dtype": str(array.dtype),
    }
    if array.dtype.kind in "fc":
        array = array.astype(np.float64)
    elif array.dtype.kind == "b":
        array = array.astype(np.int64)
    elif array.dtype.kind in "US":
        record["values"] = array.reshape(-1).tolist()[:MAX_STORED_VALUES]
        return record
    flat = array.reshape(-1)
    if flat.size <= MAX_STORED_VALUES:
        record["values"] = [_describe_float(v) for v in flat.tolist()]
    else:
        record["summary"] = [
            _describe_float(float(flat.sum())),
            _describe_float(float(np.abs(flat).sum())),
            _describe_float(float((flat * flat).sum())),
        ] + [_describe_float(v) for v in flat[:8].tolist()]
    return record


def _describe_float(value):
    if isinstance(value, float) and not math.isfinite(value):
        return repr(value)
    return value


def describe(value):
    """Reduces a scenario's result to plain JSON values."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return _describe_float(float(value))
    # A NumPy scalar and a 0-d array are one thing to a user.
    if isinstance(value, (np.ndarray, np.generic)):
        return _describe_array(value)
    if isinstance(value, dict):
        return {str(k): describe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [describe(v) for v in value]
    if type(value).__name__ == "KerasTensor":
        return {"symbolic": list(value.shape), "dtype": str(value.dtype)}
    if _is_tensor_like(value):
        return _describe_array(_to_numpy(value))
    if isinstance(value, type):
        return f"<class {value.__name__}>"
    return f"<{type(value).__name__}>"


_FACT = re.compile(r"`([^`]{1,60})`|'([^']{1,60})'|\"([^\"]{1,60})\"|(-?\d+)")


def message_facts(message):
    """The words a message quotes or backticks, and the numbers it names."""
    facts = set()
    for match in _FACT.finditer(message):
        fact = next(group for group in match.groups() if group is not None)
        facts.add(fact.strip())
    return sorted(facts)


def run(scenario):
    """Runs one scenario and returns its JSON record."""
    try:
        value = scenario.fn()
    except Exception as error:  # noqa: BLE001 - recording any failure
        hierarchy = [
            cls.__name__
            for cls in type(error).__mro__
            if cls not in (BaseException, object)
        ]
        message = str(error)
        return {
            "raises": hierarchy,
            "message": message[:2000],
            "facts": message_facts(message),
        }
    return {"value": describe(value)}


def _close(a, b, atol, rtol):
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    return abs(a - b) <= atol + rtol * abs(b)


def _compare_values(expected, actual, atol, rtol, where, differences):
    if isinstance(expected, dict) and isinstance(actual, dict):
        if expected.keys() != actual.keys():
            differences.append(
                f"{where}: keys {sorted(actual)} != expected "
                f"{sorted(expected)}"
            )
            return
        for key in expected:
            _compare_values(
                expected[key], actual[key], atol, rtol, f"{where}.{key}",
                differences,
            )
        return
    if isinstance(expected, list) and isinstance(actual, list):
        if len(expected) != len(actual):
            differences.append(
                f"{where}: length {len(actual)} != expected {len(expected)}"
            )
            return
        for i, (e, a) in enumerate(zip(expected, actual)):
            _compare_values(e, a, atol, rtol, f"{where}[{i}]", differences)
        return
    numbers = (int, float)
    if (
        isinstance(expected, numbers)
        and isinstance(actual, numbers)
        and not isinstance(expected, bool)
        and not isinstance(actual, bool)
    ):
        if not _close(float(actual), float(expected), atol, rtol):
            differences.append(f"{where}: {actual!r} != expected {expected!r}")
        return
    if expected != actual:
        differences.append(f"{where}: {actual!r} != expected {expected!r}")


def compare(golden, ours, scenario):
    """Differences between the golden record and ours (empty: parity)."""
    if "raises" in golden:
        if "raises" not in ours:
            return [
                f"expected {golden['raises'][0]} "
                f"({golden['message'][:200]!r}), got a value"
            ]
        if golden["raises"][0] not in ours["raises"]:
            return [
                f"raised {ours['raises'][0]} ({ours['message'][:200]!r}), "
                f"expected {golden['raises'][0]} "
                f"({golden['message'][:200]!r})"
            ]
        return []
    if "raises" in ours:
        return [
            f"raised {ours['raises'][0]}: {ours['message'][:300]}"
        ]
    differences = []
    _compare_values(
        golden["value"], ours["value"], scenario.atol, scenario.rtol,
        "value", differences,
    )
    return differences[:5]


def missing_facts(golden, ours):
    """Facts the golden exception names that our message leaves out."""
    if "raises" not in golden or "raises" not in ours:
        return []
    text = ours["message"].lower()
    return [f for f in golden["facts"] if f.lower() not in text]
