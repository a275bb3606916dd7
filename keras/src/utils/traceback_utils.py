"""Shorter tracebacks: frames inside Keras's own code are hidden from
errors raised through the public entry points, when filtering is on."""

import functools
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


def _without_keras_frames(tb):
    kept = []
    while tb is not None:
        if not tb.tb_frame.f_code.co_filename.startswith(_KERAS_SRC):
            kept.append(tb)
        tb = tb.tb_next
    if not kept:
        return None
    for frame, following in zip(kept, kept[1:]):
        frame.tb_next = following
    kept[-1].tb_next = None
    return kept[0]
