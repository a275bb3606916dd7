"""Safe mode: loading never runs code stored in a file unless allowed."""

from keras.src.api_export import keras_export
from keras.src.backend.common import global_state


class SafeModeScope:
    """Sets safe mode (`True`: refuse lambdas and arbitrary code) inside
    the scope.

    Args:
        safe_mode: `True`, `False`, or `None` to leave it unchanged.
    """

    def __init__(self, safe_mode=True):
        self.safe_mode = safe_mode

    def __enter__(self):
        self._previous = global_state.get_global_attribute("safe_mode")
        if self.safe_mode is not None:
            global_state.set_global_attribute("safe_mode", self.safe_mode)
        return self

    def __exit__(self, *args):
        global_state.set_global_attribute("safe_mode", self._previous)


@keras_export("keras.config.enable_unsafe_deserialization")
def enable_unsafe_deserialization():
    """Allows loading models whose files carry code (`Lambda` layers).

    Only call it for files you trust: such code runs when the model loads.

    Example:

    >>> keras.config.enable_unsafe_deserialization()
    """
    global_state.set_global_attribute("safe_mode", False)


def in_safe_mode():
    """Returns the current safe mode (`None` when never set)."""
    return global_state.get_global_attribute("safe_mode")
