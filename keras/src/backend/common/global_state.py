"""Thread-local global state: scopes, name uids, and `clear_session()`."""

import gc
import threading

from keras.src.api_export import keras_export


# Scopes read on every eager layer call and variable read.
_PRESET = (
    "stateless_scope", "autocast_scope", "symbolic_scope", "call_context",
    "losses_recorded", "name_scope_stack", "remat_scope_stack",
    "distribution", "dtype_policy",
)


class _State(threading.local):
    """Per-thread state whose hot attributes always exist (as `None`).

    Reading an attribute a `threading.local` lacks raises (and swallows)
    an `AttributeError` inside `getattr(..., None)`: ~2.7us here against
    ~0.2us for one it holds, and every variable read checks two scopes.
    They live in the instance (not as class defaults) so that Dynamo
    guards on their values, as for any other attribute.
    """

    def __init__(self):
        _preset(self)


def _preset(state):
    for name in _PRESET:
        setattr(state, name, None)


_STATE = _State()
# Keras's names: the state `clear_session()` resets, and settings that
# outlive it (values a user set explicitly for the process).
GLOBAL_STATE_TRACKER = _STATE
GLOBAL_SETTINGS_TRACKER = threading.local()


def get_global_attribute(name, default=None, set_to_default=False):
    """Returns the global attribute `name`, optionally storing `default`."""
    value = getattr(_STATE, name, None)
    if value is None and default is not None:
        value = default
        if set_to_default:
            setattr(_STATE, name, value)
    return value


def set_global_attribute(name, value):
    setattr(_STATE, name, value)


# Callbacks that other modules register to reset their own caches.
_CLEAR_SESSION_HOOKS = []


def register_clear_session_hook(fn):
    """Registers `fn()` to be called by `clear_session()`."""
    _CLEAR_SESSION_HOOKS.append(fn)
    return fn


@keras_export(
    ["keras.utils.clear_session", "keras.backend.clear_session"]
)
def clear_session(free_memory=True):
    """Resets all state Keras keeps: name counters, scopes, compiled caches.

    Call it between independent models in one process (in a loop of
    experiments, say) so that layer names start afresh and memory is freed.

    Args:
        free_memory: whether to run the garbage collector afterwards.

    Example:

    >>> _ = keras.ops.ones((2,))
    >>> keras.utils.clear_session()
    """
    _STATE.__dict__.clear()
    _preset(_STATE)
    for hook in _CLEAR_SESSION_HOOKS:
        hook()
    if free_memory:
        gc.collect()
