"""Registration of public names.

`keras_export` marks an object as public under one or more dotted names. The
`keras/<namespace>/__init__.py` modules are generated from these registrations
by `api_gen.py` at the repository root; a test fails when they drift apart.
"""

import sys

# Public dotted name -> (module that holds the object, attribute name).
REGISTRY = {}

# One canonical public name per object (the first path it was exported or
# registered under), and the object behind each canonical name. Keras's
# serialization and third-party tools look objects up here.
REGISTERED_NAMES_TO_OBJS = {}
REGISTERED_OBJS_TO_NAMES = {}


def register_internal_serializable(path, symbol):
    """Records `symbol` under the public name `path`.

    Only the first name of a list is recorded, and an object keeps the
    first name it was given: later names do not replace it.

    Args:
        path: a dotted name (`"keras.layers.Dense"`) or a list of them.
        symbol: the object (class or function) to record.

    Example:

    >>> from keras.src import api_export
    >>> class Scaler:
    ...     pass
    >>> api_export.register_internal_serializable("my.Scaler", Scaler)
    >>> api_export.get_name_from_symbol(Scaler)
    'my.Scaler'
    """
    if isinstance(path, (list, tuple)):
        if not path:
            raise ValueError(
                "`register_internal_serializable`: `path` must be a "
                "non-empty string or list of strings. Received: path=[]"
            )
        path = path[0]
    if not isinstance(path, str):
        raise TypeError(
            "`register_internal_serializable`: `path` must be a string or "
            f"a list of strings. Received: path={path!r}"
        )
    REGISTERED_NAMES_TO_OBJS[path] = symbol
    key = _key(symbol)
    if key not in REGISTERED_OBJS_TO_NAMES:
        REGISTERED_OBJS_TO_NAMES[key] = path


def get_symbol_from_name(name):
    """Returns the object registered under the public name `name`, or
    `None`.

    Args:
        name: a dotted public name such as `"keras.layers.Dense"`.

    Returns:
        The registered object, or `None` when no object has that name.

    Example:

    >>> from keras.src import api_export
    >>> api_export.get_symbol_from_name("keras.layers.Dense")
    <class 'keras.src.layers.core.dense.Dense'>
    """
    return REGISTERED_NAMES_TO_OBJS.get(name)


def get_name_from_symbol(symbol):
    """Returns the canonical public name of `symbol`, or `None`.

    Args:
        symbol: a class or function.

    Returns:
        The first name `symbol` was exported or registered under, or `None`
        when it was never registered.

    Example:

    >>> from keras.src import api_export
    >>> api_export.get_name_from_symbol(keras.layers.Dense)
    'keras.layers.Dense'
    """
    return REGISTERED_OBJS_TO_NAMES.get(_key(symbol))


def _key(symbol):
    # Unhashable objects (rare: a registered instance) are keyed by id.
    try:
        hash(symbol)
    except TypeError:
        return ("id", id(symbol))
    return symbol


class keras_export:
    """Registers `symbol` as public under `path` (a string or a list).

    Example:

    ```python
    @keras_export(["keras.ops.add", "keras.ops.numpy.add"])
    def add(x1, x2):
        ...
    ```
    """

    def __init__(self, path):
        self.paths = [path] if isinstance(path, str) else list(path)

    def __call__(self, symbol):
        # The generated namespaces import the symbol from the module that
        # registered it, so that `keras.Variable` may be exported from
        # `keras.src.backend` although each backend defines its own class.
        module = sys._getframe(1).f_globals["__name__"]
        name = getattr(symbol, "__name__", None)
        for path in self.paths:
            REGISTRY[path] = (module, name or path.rsplit(".", 1)[1])
        register_internal_serializable(self.paths, symbol)
        return symbol
