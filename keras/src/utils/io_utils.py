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


# absl's verbosity levels by name (absl's own names, upper case only).
_VERBOSITY_LEVELS = {
    "FATAL": logging.FATAL,
    "ERROR": logging.ERROR,
    "WARNING": logging.WARNING,
    "INFO": logging.INFO,
    "DEBUG": logging.DEBUG,
}


def set_logging_verbosity(level):
    """Sets how much Keras logs through absl logging.

    Args:
        level: one of `"FATAL"`, `"ERROR"`, `"WARNING"`, `"INFO"` or
            `"DEBUG"` (upper case), from the least to the most verbose.

    Example:

    >>> from keras.src.utils.io_utils import set_logging_verbosity
    >>> set_logging_verbosity("ERROR")
    >>> set_logging_verbosity("INFO")
    """
    if not isinstance(level, str) or level not in _VERBOSITY_LEVELS:
        raise ValueError(
            "Please pass a valid level for logging verbosity. Expected one "
            f"of: {set(_VERBOSITY_LEVELS)}. Received: {level}"
        )
    logging.set_verbosity(_VERBOSITY_LEVELS[level])


def ask_to_proceed_with_overwrite(filepath):
    """Asks on the terminal whether to overwrite `filepath`.

    The question is repeated until the answer is `y` or `n`.

    Args:
        filepath: the path of the existing file.

    Returns:
        `True` to overwrite, `False` to cancel.

    Example:

    ```python
    if os.path.exists(path) and not ask_to_proceed_with_overwrite(path):
        return
    ```
    """
    answer = input(
        f"[WARNING] {filepath} already exists - overwrite? [y/n]"
    ).strip().lower()
    while answer not in ("y", "n"):
        answer = input('Enter "y" (overwrite) or "n" (cancel).')
        answer = answer.strip().lower()
    if answer == "n":
        return False
    print_msg("[TIP] Next time specify overwrite=True!")
    return True
