"""Attributes attached to backend tensors, including those that take none.

Torch and TensorFlow tensors accept new Python attributes; JAX and NumPy
arrays do not. For those, the value lives in a table keyed by the
tensor's identity and is dropped when the tensor is garbage collected.
"""

import weakref

# id(tensor) -> {attr: value}, for tensors that take no attributes.
_SIDE_TABLE = {}
# The types whose instances refused an attribute. Reads of other tensors
# never touch the table: under `torch.compile`, looking a tensor up by
# `id()` would make Dynamo guard on that tensor's identity and compile
# again for every new batch.
_TABLE_TYPES = set()


def _forget(key):
    _SIDE_TABLE.pop(key, None)


def set_tensor_attr(tensor, attr, value):
    """Attaches `value` to `tensor` under the name `attr`.

    Args:
        tensor: a backend tensor or a NumPy array.
        attr: the attribute name (such as `"_keras_mask"`).
        value: the value; `None` removes the attribute.

    Example:

    >>> import numpy as np
    >>> x = np.ones(3)
    >>> set_tensor_attr(x, "note", "hello")
    >>> get_tensor_attr(x, "note")
    'hello'
    """
    key = id(tensor)
    attrs = _SIDE_TABLE.get(key)
    if value is None:
        if attrs is not None:
            attrs.pop(attr, None)
        try:
            delattr(tensor, attr)
        except (AttributeError, TypeError):
            pass
        return
    try:
        setattr(tensor, attr, value)
        return
    except (AttributeError, TypeError):
        _TABLE_TYPES.add(type(tensor))
    if attrs is None:
        attrs = _SIDE_TABLE[key] = {}
        try:
            weakref.finalize(tensor, _forget, key)
        except TypeError:
            # Without weak references the entry could outlive the tensor
            # and be read by another one reusing its id: keep nothing.
            del _SIDE_TABLE[key]
            return
    attrs[attr] = value


def get_tensor_attr(tensor, attr):
    """Returns the value attached to `tensor` under `attr`, or `None`.

    Args:
        tensor: a backend tensor or a NumPy array.
        attr: the attribute name.

    Returns:
        The attached value, or `None` when there is none.

    Example:

    >>> import numpy as np
    >>> get_tensor_attr(np.ones(3), "note") is None
    True
    """
    value = getattr(tensor, attr, None)
    if value is not None or type(tensor) not in _TABLE_TYPES:
        return value
    return _SIDE_TABLE.get(id(tensor), {}).get(attr)
