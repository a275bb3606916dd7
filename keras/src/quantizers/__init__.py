"""`keras.quantizers`: quantizers, quantization configs and the maths of
int8, int4 and float8 quantization, and of GPTQ and AWQ (calibrated
post-training quantization, see `gptq_core` and `awq_core`).
"""

import inspect

from keras.src.api_export import keras_export
from keras.src.backend.common.naming import to_snake_case
from keras.src.quantizers.awq_config import AWQConfig
from keras.src.quantizers.gptq_config import GPTQConfig
from keras.src.quantizers.quantization_config import Float8QuantizationConfig
from keras.src.quantizers.quantization_config import Int4QuantizationConfig
from keras.src.quantizers.quantization_config import Int8QuantizationConfig
from keras.src.quantizers.quantization_config import QuantizationConfig
from keras.src.quantizers.quantizers import AbsMaxQuantizer
from keras.src.quantizers.quantizers import Quantizer
from keras.src.quantizers.quantizers import abs_max_quantize
from keras.src.quantizers.quantizers import (
    abs_max_quantize_grouped_with_zero_point,
)
from keras.src.quantizers.quantizers import compute_float8_amax_history
from keras.src.quantizers.quantizers import compute_float8_scale
from keras.src.quantizers.quantizers import compute_quantization_parameters
from keras.src.quantizers.quantizers import dequantize_with_sz_map
from keras.src.quantizers.quantizers import fake_quant_with_min_max_vars
from keras.src.quantizers.quantizers import pack_int4
from keras.src.quantizers.quantizers import quantize_and_dequantize
from keras.src.quantizers.quantizers import quantize_with_sz_map
from keras.src.quantizers.quantizers import unpack_int4
from keras.src.saving import serialization_lib

ALL_OBJECTS = {
    Quantizer,
    AbsMaxQuantizer,
    QuantizationConfig,
    Int8QuantizationConfig,
    Int4QuantizationConfig,
    Float8QuantizationConfig,
    GPTQConfig,
    AWQConfig,
}
ALL_OBJECTS_DICT = {cls.__name__: cls for cls in ALL_OBJECTS}
ALL_OBJECTS_DICT.update(
    {to_snake_case(cls.__name__): cls for cls in ALL_OBJECTS}
)


@keras_export("keras.quantizers.serialize")
def serialize(initializer):
    """Returns the config dict of a quantizer (or quantization config).

    Args:
        initializer: a `Quantizer` or `QuantizationConfig`.

    Returns:
        A dict with `module`, `class_name`, `config` and
        `registered_name`.

    Example:

    >>> config = keras.quantizers.serialize(
    ...     keras.quantizers.AbsMaxQuantizer(axis=-1))
    >>> config["class_name"], config["config"]["axis"]
    ('AbsMaxQuantizer', (-1,))
    """
    return serialization_lib.serialize_keras_object(initializer)


@keras_export("keras.quantizers.deserialize")
def deserialize(config, custom_objects=None):
    """Rebuilds a quantizer (or quantization config) from `serialize`'s
    output.

    Args:
        config: a dict from `serialize`.
        custom_objects: optional dict of custom classes by name.

    Returns:
        The rebuilt object.

    Example:

    >>> quantizer = keras.quantizers.deserialize(
    ...     {"class_name": "AbsMaxQuantizer", "config": {"axis": -1}})
    >>> quantizer.axis
    (-1,)
    """
    return serialization_lib.deserialize_keras_object(
        config,
        module_objects=ALL_OBJECTS_DICT,
        custom_objects=custom_objects,
    )


@keras_export("keras.quantizers.get")
def get(identifier, **kwargs):
    """Returns the quantizer an identifier refers to.

    Args:
        identifier: `None`, a class name (such as `"abs_max_quantizer"`),
            a config dict from `serialize`, a `Quantizer` class or a
            callable.
        **kwargs: constructor arguments used when `identifier` names a
            class.

    Returns:
        A quantizer, or `None` for `None`.

    Example:

    >>> keras.quantizers.get("abs_max_quantizer", axis=-1).axis
    (-1,)
    """
    if identifier is None:
        return None
    obj = None
    if isinstance(identifier, dict):
        obj = deserialize(identifier)
    elif isinstance(identifier, str):
        cls = ALL_OBJECTS_DICT.get(identifier)
        if cls is not None:
            obj = cls(**kwargs)
    elif inspect.isclass(identifier):
        obj = identifier(**kwargs)
    else:
        obj = identifier
    if callable(obj) or isinstance(obj, QuantizationConfig):
        return obj
    raise ValueError(
        f"Could not interpret quantizer identifier: {identifier!r}. "
        "Expected None, a quantizer name, a config dict, a class or a "
        f"callable (of type {type(identifier).__name__})."
    )
