"""Name helpers at Keras's path `keras.src.utils.naming`.

The counters behind them are those of `keras.backend.get_uid`: one per
prefix, reset by `reset_uids()` and by `keras.backend.clear_session()`.
"""

import re

from keras.src.backend.common import global_state
from keras.src.backend.common.naming import get_uid  # noqa: F401


def to_snake_case(name):
    """Returns a class-style `name` in snake_case, as Keras spells it.

    Characters that cannot appear in a Python identifier are dropped and
    leading underscores are kept.

    Args:
        name: a string, such as a class name.

    Returns:
        The snake_case string.

    Example:

    >>> to_snake_case("Conv2DTranspose")
    'conv2d_transpose'
    >>> to_snake_case("<lambda>")
    'lambda'
    """
    name = re.sub(r"\W+", "", name)
    name = re.sub(r"(.)([A-Z][a-z]+)", r"\1_\2", name)
    return re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower()


def uniquify(name):
    """Returns `name` the first time it is asked for, then `name_1`,
    `name_2`, ... (the counter of `get_uid(name)`).

    Args:
        name: a string.

    Returns:
        A name not handed out before under this prefix.

    Example:

    >>> reset_uids()
    >>> uniquify("block"), uniquify("block")
    ('block', 'block_1')
    """
    uid = get_uid(name)
    return name if uid == 1 else f"{name}_{uid - 1}"


def auto_name(prefix):
    """Returns a unique snake_case name derived from `prefix`.

    Args:
        prefix: a string, such as a class name.

    Returns:
        `uniquify(to_snake_case(prefix))`.

    Example:

    >>> reset_uids()
    >>> auto_name("MyLayer"), auto_name("MyLayer")
    ('my_layer', 'my_layer_1')
    """
    return uniquify(to_snake_case(prefix))


def reset_uids():
    """Restarts every name counter (`get_uid`, `uniquify`, `auto_name`).

    Example:

    >>> reset_uids()
    >>> get_uid("x")
    1
    """
    global_state.set_global_attribute("name_uids", {})


def get_object_name(obj):
    """Returns a readable name for `obj`.

    Its `name` attribute when that is a string (layers, metrics, ...),
    else its `__name__` (classes, functions), else its class's name; the
    last two in snake_case.

    Args:
        obj: any object.

    Returns:
        A string.

    Example:

    >>> get_object_name(len), get_object_name(3.0)
    ('len', 'float')
    """
    name = getattr(obj, "name", None)
    if isinstance(name, str):
        return name
    name = getattr(obj, "__name__", None)
    if not isinstance(name, str):
        name = type(obj).__name__
    return to_snake_case(name)
