"""Options in force while saving in a legacy format."""

import contextlib

from keras.src.backend.common import global_state


@contextlib.contextmanager
def keras_option_scope(use_legacy_config=True):
    """Sets `use_legacy_config` (read by code that writes legacy
    configurations) inside the scope, and restores it after.

    Args:
        use_legacy_config: whether configurations are written in the
            legacy (Keras 2) form.

    Example:

    >>> with keras_option_scope(use_legacy_config=True):
    ...     pass
    """
    previous = global_state.get_global_attribute("use_legacy_config")
    global_state.set_global_attribute("use_legacy_config", use_legacy_config)
    try:
        yield
    finally:
        global_state.set_global_attribute("use_legacy_config", previous)
