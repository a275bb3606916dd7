"""Where Keras writes its messages: interactive (stdout) or absl logging."""

import sys

from absl import logging

from keras.src.api_export import keras_export
from keras.src.backend.common import global_state


@keras_export(
    [
        "keras.config.enable_interactive_logging",
        "keras.utils.enable_interactive_logging",
    ]
)
def enable_interactive_logging():
    """Makes Keras print its messages (progress bars, summaries) to stdout.

    This is the default.

    Example:

    >>> keras.config.enable_interactive_logging()
    """
    global_state.set_global_attribute("interactive_logging", True)


@keras_export(
    [
        "keras.config.disable_interactive_logging",
        "keras.utils.disable_interactive_logging",
    ]
)
def disable_interactive_logging():
    """Sends Keras's messages to absl logging instead of stdout.

    Use it in non-interactive jobs whose logs are collected.

    Example:

    >>> keras.config.disable_interactive_logging()
    >>> keras.config.is_interactive_logging_enabled()
    False
    >>> keras.config.enable_interactive_logging()
    """
    global_state.set_global_attribute("interactive_logging", False)


@keras_export(
    [
        "keras.config.is_interactive_logging_enabled",
        "keras.utils.is_interactive_logging_enabled",
    ]
)
def is_interactive_logging_enabled():
    """Returns whether Keras prints its messages to stdout.

    Example:

    >>> keras.config.is_interactive_logging_enabled()
    True
    """
    enabled = global_state.get_global_attribute("interactive_logging")
    return True if enabled is None else enabled


def print_msg(message, line_break=True):
    """Prints `message` to stdout, or logs it when interactive logging is
    off."""
    if is_interactive_logging_enabled():
        sys.stdout.write(message + ("\n" if line_break else ""))
        sys.stdout.flush()
    else:
        logging.info(message)
