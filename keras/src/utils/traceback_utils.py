"""Shorter tracebacks: frames inside Keras's own code are hidden from
errors raised through the public entry points, when filtering is on."""

import functools
import inspect
import os

from keras.src.api_export import keras_export
from keras.src.backend.common import global_state

_KERAS_SRC = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@keras_export("keras.config.enable_traceback_filtering")
def enable_traceback_filtering():
    """Hides Keras-internal frames from tracebacks (the default).

    Example:

    >>> keras.config.enable_traceback_filtering()
    """
    global_state.set_global_attribute("traceback_filtering", True)


@keras_export("keras.config.disable_traceback_filtering")
def disable_traceback_filtering():
    """Shows full tracebacks, Keras-internal frames included.

    Example:

    >>> keras.config.disable_traceback_filtering()
    >>> keras.config.is_traceback_filtering_enabled()
    False
    >>> keras.config.enable_traceback_filtering()
    """
    global_state.set_global_attribute("traceback_filtering", False)


@keras_export("keras.config.is_traceback_filtering_enabled")
def is_traceback_filtering_enabled():
    """Returns whether Keras-internal frames are hidden from tracebacks.

    Example:

    >>> keras.config.is_traceback_filtering_enabled()
    True
    """
    enabled = global_state.get_global_attribute("traceback_filtering")
    return True if enabled is None else enabled


def filter_traceback(fn):
    """Decorates a public entry point so that errors raised through it
    carry a traceback without Keras-internal frames."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        if not is_traceback_filtering_enabled():
            return fn(*args, **kwargs)
        try:
            return fn(*args, **kwargs)
        except Exception as e:
            raise e.with_traceback(_without_keras_frames(e.__traceback__))

    return wrapper


def include_frame(fname):
    """Whether a traceback frame of file `fname` is shown when tracebacks
    are filtered: frames of this Keras installation's own code are not.

    Args:
        fname: a file name, as in `frame.f_code.co_filename`.

    Returns:
        A bool.

    Example:

    >>> from keras.src.utils.traceback_utils import include_frame
    >>> include_frame("my_script.py")
    True
    """
    return not os.path.abspath(fname).startswith(_KERAS_SRC + os.sep)


def _without_keras_frames(tb):
    kept = []
    while tb is not None:
        if include_frame(tb.tb_frame.f_code.co_filename):
            kept.append(tb)
        tb = tb.tb_next
    if not kept:
        return None
    for frame, following in zip(kept, kept[1:]):
        frame.tb_next = following
    kept[-1].tb_next = None
    return kept[0]


# The active backend's tensor type, as argument summaries name it.
_TENSOR_NAMES = {
    "jax": "jnp.ndarray",
    "tensorflow": "tf.Tensor",
    "torch": "torch.Tensor",
}


def format_argument_value(value):
    """Describes an argument in an error message: tensors of the active
    backend by their shape and dtype (their values may be huge), anything
    else by its `repr`.

    Args:
        value: any value.

    Returns:
        A string.

    Example:

    >>> from keras.src.utils.traceback_utils import format_argument_value
    >>> format_argument_value([1, 2])
    '[1, 2]'
    """
    from keras.src import backend

    name = _TENSOR_NAMES.get(backend.backend())
    if name is not None and backend.is_tensor(value):
        dtype = backend.standardize_dtype(value.dtype)
        return f"{name}(shape={tuple(value.shape)}, dtype={dtype})"
    return repr(value)


def inject_argument_info_in_traceback(fn, object_name=None):
    """Wraps `fn` so that its errors say what it was called with.

    An exception raised by `fn` is raised again, of the same type, with a
    message naming `object_name`, the original message and each argument
    (bound to `fn`'s parameters, defaults included, described by
    `format_argument_value`). Only the innermost wrapper adds this, and
    nothing is added while traceback filtering is disabled. An exception
    whose type cannot be rebuilt from one message becomes a `RuntimeError`
    (chained to the original).

    Args:
        fn: the function to wrap.
        object_name: how the message names what was called (default: the
            name of `fn`), e.g. `"layer 'dense'"`.

    Returns:
        The wrapped function.

    Example:

    >>> from keras.src.utils import traceback_utils
    >>> def scale(x, factor=2):
    ...     raise ValueError("negative input")
    >>> wrapped = traceback_utils.inject_argument_info_in_traceback(
    ...     scale, "scale")
    >>> try:
    ...     wrapped(-1)
    ... except ValueError as e:
    ...     print(str(e).splitlines()[-2:])
    ['  • x=-1', '  • factor=2']
    """
    name = object_name or getattr(fn, "__name__", repr(fn))

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except Exception as e:
            if getattr(e, "_keras_call_info_injected", False) or (
                not is_traceback_filtering_enabled()
            ):
                raise
            message = _call_info_message(fn, name, e, args, kwargs)
            try:
                new = type(e)(message)
            except Exception:
                new = RuntimeError(message)
            new._keras_call_info_injected = True
            raise new.with_traceback(e.__traceback__) from e

    return wrapper


def _call_info_message(fn, name, error, args, kwargs):
    lines = []
    for arg, value in _bound_arguments(fn, args, kwargs):
        lines.append(f"  \u2022 {arg}={value}")
    text = str(error.args[0]) if len(error.args) == 1 else str(error)
    return (
        f"Exception encountered when calling {name}.\n\n"
        f"\x1b[1m{text}\x1b[0m\n\n"
        f"Arguments received by {name}:\n" + "\n".join(lines)
    )


def _bound_arguments(fn, args, kwargs):
    try:
        bound = inspect.signature(fn).bind(*args, **kwargs)
    except (TypeError, ValueError):
        # No signature, or the call itself did not match it.
        pairs = [(f"arg_{i}", a) for i, a in enumerate(args)]
        pairs += list(kwargs.items())
        return [(k, format_argument_value(v)) for k, v in pairs]
    bound.apply_defaults()
    parameters = inspect.signature(fn).parameters
    described = []
    for arg, value in bound.arguments.items():
        kind = parameters[arg].kind
        if kind is inspect.Parameter.VAR_POSITIONAL:
            value = tuple(format_argument_value(v) for v in value)
            described.append((arg, repr(value)))
        elif kind is inspect.Parameter.VAR_KEYWORD:
            value = {k: format_argument_value(v) for k, v in value.items()}
            described.append((arg, repr(value)))
        else:
            described.append((arg, format_argument_value(value)))
    return described
