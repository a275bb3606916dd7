"""Unique names for layers, variables and operations."""

import re

from keras.src.api_export import keras_export
from keras.src.backend.common import global_state


def to_snake_case(name):
    """Returns `name` (such as a class name) in snake_case."""
    name = re.sub(r"(.)([A-Z][a-z]+)", r"\1_\2", name)
    name = re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower()
    return name.lstrip("_") or "private"


@keras_export("keras.backend.get_uid")
def get_uid(prefix=""):
    """Returns a counter, per `prefix`, starting at 1 after each
    `clear_session()`.

    Args:
        prefix: the name the counter is kept for.

    Example:

    >>> keras.utils.clear_session()
    >>> keras.backend.get_uid("dense"), keras.backend.get_uid("dense")
    (1, 2)
    """
    uids = global_state.get_global_attribute(
        "name_uids", default={}, set_to_default=True
    )
    uids[prefix] = uids.get(prefix, 0) + 1
    return uids[prefix]


def auto_name(prefix):
    """Returns `prefix` the first time, then `prefix_1`, `prefix_2`, ..."""
    prefix = to_snake_case(prefix)
    uid = get_uid(prefix)
    return prefix if uid == 1 else f"{prefix}_{uid - 1}"
