"""Imports of optional packages (`requests`, `tensorboard`) on first use,
with an error naming the package when it is missing. Not public."""

import importlib
import importlib.util


def import_optional(module, package, user):
    """Imports `module`, or raises an ImportError naming `package`.

    Args:
        module: the dotted module name.
        package: the name to `pip install`.
        user: who needs it, for the message (e.g. `"RemoteMonitor"`).

    Returns:
        The module.
    """
    top_level = module.split(".", 1)[0]
    if importlib.util.find_spec(top_level) is None:
        raise ImportError(
            f"{user} requires the `{package}` package, which is not "
            f"installed. Install it with `pip install {package}`."
        )
    return importlib.import_module(module)
