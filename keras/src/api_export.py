"""Registration of public names.

`keras_export` marks an object as public under one or more dotted names. The
`keras/<namespace>/__init__.py` modules are generated from these registrations
by `api_gen.py` at the repository root; a test fails when they drift apart.
"""

import sys

# Public dotted name -> (module that holds the object, attribute name).
REGISTRY = {}


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
        return symbol
