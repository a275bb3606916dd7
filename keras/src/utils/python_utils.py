"""Small Python helpers used across Keras: list coercion, string prefix
and suffix removal, log conversion, marking default methods, and the
serialization of Python functions used by legacy `Lambda` configs."""

import binascii
import codecs
import marshal
import types

import numpy as np


def default(method):
    """Marks `method` as a default implementation, so that code can tell
    whether a subclass overrode it (see `is_default`).

    Example:

    >>> class Base:
    ...     @default
    ...     def hook(self):
    ...         pass
    >>> is_default(Base().hook)
    True
    """
    method._is_default = True
    return method


def is_default(method):
    """Whether `method` is still the one marked with `@default`."""
    return getattr(method, "_is_default", False)


def to_list(x):
    """`x` itself when it is a list, else `[x]`.

    Example:

    >>> to_list(1), to_list([1, 2]), to_list((1, 2))
    ([1], [1, 2], [(1, 2)])
    """
    if isinstance(x, list):
        return x
    return [x]


def removeprefix(x, prefix):
    """`x` without the leading `prefix` (unchanged when absent or empty)."""
    if prefix and x.startswith(prefix):
        return x[len(prefix) :]
    return x


def removesuffix(x, suffix):
    """`x` without the trailing `suffix` (unchanged when absent or
    empty)."""
    if suffix and x.endswith(suffix):
        return x[: -len(suffix)]
    return x


def is_continuous_axis(axis):
    """Whether the axes in `axis` (an int or a sequence) form one run of
    consecutive integers, in any order.

    Example:

    >>> is_continuous_axis([1, 2, 3]), is_continuous_axis([1, 3])
    (True, False)
    """
    if isinstance(axis, int):
        return True
    axes = sorted(axis)
    return all(b - a == 1 for a, b in zip(axes, axes[1:]))


def remove_long_seq(maxlen, seq, label):
    """Keeps the sequences shorter than `maxlen`, with their labels.

    Returns:
        `(new_seq, new_label)` lists.
    """
    new_seq, new_label = [], []
    for x, y in zip(seq, label):
        if len(x) < maxlen:
            new_seq.append(x)
            new_label.append(y)
    return new_seq, new_label


def remove_by_id(lst, value):
    """Removes the first item of `lst` that *is* `value` (identity, not
    equality); does nothing when there is none."""
    for i, item in enumerate(lst):
        if item is value:
            del lst[i]
            return


def pythonify_logs(logs):
    """Converts a logs dict to plain Python values: scalars (NumPy or
    backend scalars, 0-d arrays, ints, bools) become floats, nested dicts
    are merged into the top level, other values are kept.

    Example:

    >>> pythonify_logs({"loss": np.float32(0.5), "acc": {"top1": 1}})
    {'loss': 0.5, 'top1': 1.0}
    """
    result = {}
    for key, value in (logs or {}).items():
        if isinstance(value, dict):
            result.update(pythonify_logs(value))
            continue
        try:
            array = np.asarray(value)
            if array.ndim == 0 and array.dtype.kind in "biuf":
                value = float(array)
        except Exception:
            pass
        result[key] = value
    return result


def func_dump(func):
    """Serializes a Python function as `(code, defaults, closure)`: its
    bytecode (marshal, base64 text), default values and closure values.

    Only for functions defined in Python (not builtins); the result is
    tied to the Python version that made it.
    """
    raw = marshal.dumps(func.__code__)
    code = codecs.encode(raw, "base64").decode("ascii")
    closure = None
    if func.__closure__:
        closure = tuple(cell.cell_contents for cell in func.__closure__)
    return code, func.__defaults__, closure


def func_load(code, defaults=None, closure=None, globs=None):
    """Rebuilds a function serialized by `func_dump`.

    This runs bytecode from `code`: use it only on trusted data (Keras
    calls it only when `safe_mode` is off).

    Args:
        code: the code string, or the whole `(code, defaults, closure)`
            tuple.
        defaults: the default argument values.
        closure: the closure values.
        globs: the globals the function sees (default: this module's).

    Returns:
        The function.
    """
    if isinstance(code, (tuple, list)):
        code, defaults, closure = code
        if isinstance(defaults, list):
            defaults = tuple(defaults)
    try:
        raw = codecs.decode(code.encode("ascii"), "base64")
    except (UnicodeEncodeError, binascii.Error):
        raw = code.encode("raw_unicode_escape")
    code = marshal.loads(raw)
    if closure is not None:
        closure = tuple(types.CellType(value) for value in closure)
    if globs is None:
        globs = globals()
    return types.FunctionType(
        code, globs, name=code.co_name, argdefs=defaults, closure=closure
    )
