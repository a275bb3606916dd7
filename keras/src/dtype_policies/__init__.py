"""Dtype policies: which dtype layers compute in and keep variables in."""

from keras.src import backend  # noqa: F401
from keras.src.api_export import keras_export
from keras.src.dtype_policies.dtype_policy import AWQDTypePolicy
from keras.src.dtype_policies.dtype_policy import DTypePolicy
from keras.src.dtype_policies.dtype_policy import QUANTIZATION_MODES
from keras.src.dtype_policies.dtype_policy import FloatDTypePolicy
from keras.src.dtype_policies.dtype_policy import GPTQDTypePolicy
from keras.src.dtype_policies.dtype_policy import Int4DTypePolicy
from keras.src.dtype_policies.dtype_policy import QuantizedDTypePolicy
from keras.src.dtype_policies.dtype_policy import QuantizedFloat8DTypePolicy
from keras.src.dtype_policies.dtype_policy import dtype_policy
from keras.src.dtype_policies.dtype_policy import quantized_policy_from_name
from keras.src.dtype_policies.dtype_policy_map import DTypePolicyMap

# The policy classes `deserialize` knows by name.
ALL_OBJECTS = {
    DTypePolicy,
    FloatDTypePolicy,
    QuantizedDTypePolicy,
    Int4DTypePolicy,
    QuantizedFloat8DTypePolicy,
    GPTQDTypePolicy,
    AWQDTypePolicy,
    DTypePolicyMap,
}
ALL_OBJECTS_DICT = {cls.__name__: cls for cls in ALL_OBJECTS}


@keras_export("keras.dtype_policies.get")
def get(identifier):
    """Returns a `DTypePolicy` from a name, a config dict, or a policy.

    Args:
        identifier: a policy name such as `"mixed_float16"`, a dict from
            `serialize`, a `DTypePolicy`, or `None` (the global policy).

    Example:

    >>> keras.dtype_policies.get("mixed_bfloat16").compute_dtype
    'bfloat16'
    """
    if identifier is None:
        return dtype_policy()
    if isinstance(identifier, DTypePolicy):
        return identifier
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if isinstance(identifier, str):
        if "_from_" in identifier:
            return quantized_policy_from_name(identifier)
        return DTypePolicy(identifier)
    raise ValueError(
        "Cannot interpret a dtype policy from "
        f"{identifier!r} (type {type(identifier).__name__})."
    )


@keras_export("keras.dtype_policies.serialize")
def serialize(dtype_policy):
    """Returns a JSON-compatible dict describing `dtype_policy`.

    Example:

    >>> config = keras.dtype_policies.serialize(keras.DTypePolicy("float16"))
    >>> config["class_name"], config["config"]
    ('DTypePolicy', {'name': 'float16'})
    """
    module = "keras" if type(dtype_policy) in (
        DTypePolicy, FloatDTypePolicy
    ) else "keras.dtype_policies"
    return {
        "module": module,
        "class_name": type(dtype_policy).__name__,
        "config": dtype_policy.get_config(),
        "registered_name": None,
    }


@keras_export("keras.dtype_policies.deserialize")
def deserialize(config, custom_objects=None):
    """Rebuilds a policy from the output of `serialize`.

    Example:

    >>> config = keras.dtype_policies.serialize(keras.DTypePolicy("float16"))
    >>> keras.dtype_policies.deserialize(config).name
    'float16'
    """
    classes = dict(ALL_OBJECTS_DICT)
    classes.update(custom_objects or {})
    class_name = config.get("class_name")
    if class_name not in classes:
        raise ValueError(f"Unknown dtype policy class: {class_name!r}")
    return classes[class_name].from_config(config.get("config", {}))
