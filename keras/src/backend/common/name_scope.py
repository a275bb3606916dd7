"""Hierarchical name scopes used to build variable paths."""

from keras.src.backend.common import global_state


class name_scope:
    """Opens a name scope: variables created inside get `name/` prefixed.

    Args:
        name: the scope's name.
        caller: the object (a layer, usually) that opened the scope.
        deduplicate: when the same caller reopens the scope it is currently
            in, do not nest it twice.
        override_parent: an absolute path to use instead of the parent.

    Example:

    >>> with keras.name_scope("block"):
    ...     v = keras.Variable(1.0, name="w")
    >>> v.path
    'block/w'
    """

    def __init__(
        self, name, caller=None, deduplicate=True, override_parent=None
    ):
        if not isinstance(name, str) or "/" in name:
            raise ValueError(
                "`name` must be a string without '/'. "
                f"Received: name={name!r}"
            )
        self.name = name
        self.caller = caller
        self.deduplicate = deduplicate
        self.override_parent = override_parent
        self._pushed = False

    def __enter__(self):
        stack = global_state.get_global_attribute(
            "name_scope_stack", default=[], set_to_default=True
        )
        if self.deduplicate and stack:
            top = stack[-1]
            if top.caller is self.caller and top.name == self.name:
                return self
        stack.append(self)
        self._pushed = True
        return self

    def __exit__(self, *args):
        if self._pushed:
            stack = global_state.get_global_attribute("name_scope_stack")
            stack.pop()
            self._pushed = False


def current_path():
    """Returns the path of the innermost open scopes, e.g. `"outer/inner"`."""
    stack = global_state.get_global_attribute("name_scope_stack")
    if not stack:
        return ""
    parts = []
    for scope in stack:
        if scope.override_parent is not None:
            parts = [scope.override_parent.strip("/")]
        parts.append(scope.name)
    return "/".join(p for p in parts if p)
