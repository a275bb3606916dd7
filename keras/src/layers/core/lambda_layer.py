"""`Lambda`: wraps a function of tensors as a layer."""

import inspect
import types

import numpy as np

from keras.src import backend
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.ops.operation import Operation
from keras.src.saving import serialization_lib
from keras.src.saving.safe_mode import SafeModeScope
from keras.src.saving.safe_mode import in_safe_mode

_LAMBDA = "__lambda__"


@keras_export("keras.layers.Lambda")
class Lambda(Layer):
    """Wraps a function of tensors as a layer.

    The function is called as `function(inputs, **arguments)`, plus
    `mask=` and `training=` when it has parameters of those names. Use it
    for stateless computations only: weights created inside the function
    are not tracked (subclass `Layer` for those).

    A Python `lambda` is saved as bytecode, which only loads with
    `safe_mode=False` (or after
    `keras.config.enable_unsafe_deserialization()`); named functions are
    saved by name and must be importable or registered where the layer is
    loaded.

    Args:
        function: the function to wrap; it takes the inputs (a tensor or
            a structure of tensors) first.
        output_shape: the output's shape without the batch axis (a
            tuple, or a structure of tuples for several outputs), or a
            function of the input shape returning the full output shape.
            By default, it is inferred by calling `function` on symbolic
            inputs.
        mask: a function `mask(inputs, previous_mask)` returning the
            output's mask, or a mask value to output as it is.
        arguments: a dict of extra keyword arguments for `function`.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> layer = keras.layers.Lambda(lambda x: x * 2)
    >>> x = keras.Input((3,))
    >>> layer(x).shape
    (None, 3)
    >>> keras.ops.convert_to_numpy(layer(keras.ops.ones((1, 2)))).tolist()
    [[2.0, 2.0]]
    """

    def __init__(
        self, function, output_shape=None, mask=None, arguments=None,
        **kwargs,
    ):
        super().__init__(**kwargs)
        if not callable(function):
            raise TypeError(
                "`function` must be callable. Received: "
                f"function={function!r} of type {type(function).__name__}"
            )
        if arguments is not None and not isinstance(arguments, dict):
            raise ValueError(
                "`arguments` must be a dict of keyword arguments for "
                f"`function`, or None. Received: arguments={arguments!r}"
            )
        if not (output_shape is None or callable(output_shape)
                or _is_shape_structure(output_shape)):
            raise ValueError(
                "`output_shape` must be a shape tuple, a structure of "
                "shape tuples, a function of the input shape, or None. "
                f"Received: output_shape={output_shape!r}"
            )
        self.function = function
        self.arguments = dict(arguments or {})
        self._output_shape = output_shape
        self.mask = mask
        self.supports_masking = mask is not None
        parameters = _parameter_names(function)
        self._pass_mask = "mask" in parameters
        self._pass_training = "training" in parameters

    def call(self, inputs, mask=None, training=None):
        kwargs = dict(self.arguments)
        if self._pass_mask:
            kwargs["mask"] = mask
        if self._pass_training:
            kwargs["training"] = training
        return self.function(inputs, **kwargs)

    def compute_mask(self, inputs, mask=None):
        """Returns `mask(inputs, previous_mask)` when `mask` is a
        function, else the `mask` value given to the layer."""
        if callable(self.mask):
            return self.mask(inputs, mask)
        return self.mask

    def compute_output_spec(self, *args, **kwargs):
        if self._output_shape is None:
            return Operation.compute_output_spec(self, *args, **kwargs)
        first = args[0] if args else next(iter(kwargs.values()))
        input_shape = tree.map_structure(lambda x: tuple(x.shape), first)
        return _map_shapes(
            lambda s: backend.KerasTensor(s, dtype=self.compute_dtype),
            self.compute_output_shape(input_shape),
        )

    def compute_output_shape(self, input_shape):
        if self._output_shape is None:
            return Layer.compute_output_shape(self, input_shape)
        if callable(self._output_shape):
            return self._output_shape(input_shape)
        batch = _first_shape(input_shape)[:1]
        return _map_shapes(
            lambda shape: tuple(batch) + tuple(shape), self._output_shape
        )

    def get_config(self):
        config = super().get_config()
        config["function"] = _serialize_function(self.function)
        if self._output_shape is not None:
            config["output_shape"] = (
                _serialize_function(self._output_shape)
                if callable(self._output_shape)
                else self._output_shape
            )
        if self.mask is not None:
            config["mask"] = (
                _serialize_function(self.mask)
                if callable(self.mask)
                else serialization_lib.serialize_keras_object(self.mask)
            )
        config["arguments"] = serialization_lib.serialize_dict(
            self.arguments
        )
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None, safe_mode=None):
        """Rebuilds the layer from `get_config()`'s output.

        Args:
            config: the configuration.
            custom_objects: a dict of the custom functions and classes
                the configuration names.
            safe_mode: whether to refuse Python lambdas (whose bytecode
                would run); `None` follows the enclosing loading call or
                `keras.config.enable_unsafe_deserialization()`, and
                refuses them when neither says otherwise.

        Returns:
            A `Lambda` layer.
        """
        config = dict(config)
        if safe_mode is None:
            safe_mode = in_safe_mode()
        with SafeModeScope(safe_mode):
            return cls._from_config(config, custom_objects)

    @classmethod
    def _from_config(cls, config, custom_objects):
        config["function"] = _deserialize_function(
            config["function"], custom_objects
        )
        output_shape = config.get("output_shape")
        if _is_serialized_object(output_shape):
            config["output_shape"] = _deserialize_function(
                output_shape, custom_objects
            )
        elif output_shape is not None:
            config["output_shape"] = _shapes_as_tuples(output_shape)
        if _is_serialized_object(config.get("mask")):
            config["mask"] = _deserialize_function(
                config["mask"], custom_objects
            )
        config["arguments"] = {
            key: _deserialize_value(value, custom_objects)
            for key, value in (config.get("arguments") or {}).items()
        }
        return super().from_config(config)


def _parameter_names(function):
    try:
        return inspect.signature(function).parameters
    except (TypeError, ValueError):  # Some builtins have no signature.
        return {}


def _is_shape(value):
    return isinstance(value, (tuple, list)) and all(
        d is None or (isinstance(d, (int, np.integer))
                      and not isinstance(d, bool))
        for d in value
    )


def _is_shape_structure(value):
    if _is_shape(value):
        return True
    if isinstance(value, dict):
        return all(_is_shape_structure(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return all(_is_shape_structure(v) for v in value)
    return False


def _map_shapes(fn, shapes):
    if _is_shape(shapes):
        return fn(tuple(shapes))
    if isinstance(shapes, dict):
        return {key: _map_shapes(fn, value) for key, value in shapes.items()}
    return type(shapes)(_map_shapes(fn, s) for s in shapes)


def _first_shape(shapes):
    while not _is_shape(shapes):
        if isinstance(shapes, dict):
            shapes = next(iter(shapes.values()))
        else:
            shapes = shapes[0]
    return tuple(shapes)


def _shapes_as_tuples(shapes):
    return _map_shapes(tuple, shapes)


def _is_serialized_object(value):
    return isinstance(value, dict) and "class_name" in value


def _serialize_function(function):
    if (
        isinstance(function, types.FunctionType)
        and function.__name__ == "<lambda>"
    ):
        code, defaults, closure = serialization_lib.dump_function(function)
        return {
            "class_name": _LAMBDA,
            "config": {
                "code": code,
                "defaults": _serialize_values(defaults),
                "closure": _serialize_values(closure),
            },
        }
    return serialization_lib.serialize_keras_object(function)


def _serialize_values(values):
    if values is None:
        return None
    return [serialization_lib.serialize_keras_object(v) for v in values]


def _deserialize_function(config, custom_objects):
    if not (_is_serialized_object(config) and config["class_name"] == _LAMBDA
            and "code" in config["config"]):
        return serialization_lib.deserialize_keras_object(
            config, custom_objects=custom_objects
        )
    if in_safe_mode() is not False:
        raise ValueError(
            "Refusing to load a `Lambda` layer whose function is a Python "
            "lambda: loading it runs bytecode stored in the configuration, "
            "which could be arbitrary code. If you trust the source of "
            "this configuration, pass `safe_mode=False` to the loading "
            "function or call `keras.config.enable_unsafe_deserialization()`."
        )
    inner = config["config"]
    defaults = [_deserialize_value(v, custom_objects)
                for v in inner.get("defaults") or ()]
    closure = [_deserialize_value(v, custom_objects)
               for v in inner.get("closure") or ()]
    return serialization_lib.load_function(
        inner["code"], defaults or None, closure or None
    )


def _deserialize_value(value, custom_objects):
    # Plain strings stay strings: they are values, not object names.
    if isinstance(value, (dict, list)):
        return serialization_lib.deserialize_keras_object(
            value, custom_objects=custom_objects
        )
    return value
