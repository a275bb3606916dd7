"""JSON encoding of the legacy (Keras 2) configuration format.

Plain `json` turns tuples into lists; the legacy format keeps them apart as
`{"class_name": "__tuple__", "items": [...]}` (and `Ellipsis` as
`{"class_name": "__ellipsis__"}`), so that configurations written by
`Encoder` come back from `decode` with the same types. Objects with
`get_config()` are written as `{"class_name", "config",
"__passive_serialization__": True}`.
"""

import json

import numpy as np

from keras.src.saving import safe_mode

_TUPLE = "__tuple__"
_ELLIPSIS = "__ellipsis__"
_PASSIVE = "__passive_serialization__"


class Encoder(json.JSONEncoder):
    """A `json.JSONEncoder` that keeps tuples apart from lists and encodes
    NumPy values and Keras objects with `get_json_type`.

    Example:

    >>> Encoder().encode({"shape": (2, 3)})
    '{"shape": {"class_name": "__tuple__", "items": [2, 3]}}'
    """

    def default(self, obj):
        return get_json_type(obj)

    def encode(self, obj):
        return super().encode(_mark_tuples(obj))


def _mark_tuples(obj):
    if isinstance(obj, tuple):
        return {"class_name": _TUPLE,
                "items": [_mark_tuples(x) for x in obj]}
    if isinstance(obj, list):
        return [_mark_tuples(x) for x in obj]
    if isinstance(obj, dict):
        return {key: _mark_tuples(value) for key, value in obj.items()}
    return obj


def _decode_hook(value):
    class_name = value.get("class_name")
    if class_name == _TUPLE and "items" in value:
        return tuple(value["items"])
    if class_name == _ELLIPSIS:
        return Ellipsis
    return value


def decode(json_string):
    """Parses a JSON string written by `Encoder`, restoring tuples and
    `Ellipsis`.

    Args:
        json_string: the JSON text.

    Returns:
        The decoded value.

    Raises:
        ValueError: the text is not JSON, or too large or deeply nested.

    Example:

    >>> decode('{"class_name": "__tuple__", "items": [1, 2]}')
    (1, 2)
    """
    with safe_mode.depth_guard("JSON value"):
        return json.loads(json_string, object_hook=_decode_hook)


def decode_and_deserialize(
    json_string, module_objects=None, custom_objects=None
):
    """Parses a JSON string like `decode`, and rebuilds the Keras objects
    that `Encoder` wrote passively (`"__passive_serialization__": True`).

    Deserialization obeys safe mode like every loading function.

    Args:
        json_string: the JSON text.
        module_objects: an optional dict of classes and functions to look
            names up in (default: Keras's layers and models).
        custom_objects: an optional dict of custom classes and functions.

    Returns:
        The decoded value.

    Example:

    >>> decode_and_deserialize('[1, {"class_name": "__ellipsis__"}]')
    [1, Ellipsis]
    """
    from keras.src.legacy.saving import saving_utils
    from keras.src.saving import serialization_lib

    if module_objects is None:
        module_objects = saving_utils.MODULE_OBJECTS

    def hook(value):
        value = _decode_hook(value)
        if isinstance(value, dict) and value.get(_PASSIVE):
            config = {k: v for k, v in value.items() if k != _PASSIVE}
            return serialization_lib.deserialize_keras_object(
                config,
                custom_objects=custom_objects,
                module_objects=module_objects,
            )
        return value

    with safe_mode.depth_guard("JSON value"):
        return json.loads(json_string, object_hook=hook)


def get_json_type(obj):
    """Returns a JSON-friendly form of `obj`, which `json` cannot encode
    itself (the `default` of `Encoder`).

    Args:
        obj: a NumPy array or scalar, `bytes`, an object with
            `get_config()`, a function or a class, or a TensorFlow
            `TensorShape`.

    Returns:
        Plain JSON data.

    Raises:
        TypeError: `obj` has no JSON form.

    Example:

    >>> get_json_type(np.arange(3))
    [0, 1, 2]
    """
    if hasattr(obj, "get_config") and not isinstance(obj, type):
        return {
            "class_name": type(obj).__name__,
            "config": obj.get_config(),
            _PASSIVE: True,
        }
    if isinstance(obj, np.ndarray):
        return obj.tolist()
    if isinstance(obj, np.generic):
        return obj.item()
    if isinstance(obj, bytes):
        return {"class_name": "__bytes__", "value": obj.decode("utf-8")}
    if type(obj).__name__ == "TensorShape":
        return obj.as_list() if obj.rank is not None else None
    if callable(obj) and hasattr(obj, "__name__"):
        return obj.__name__
    raise TypeError(
        f"Unable to serialize {obj} to JSON. Unrecognized type {type(obj)}."
    )
