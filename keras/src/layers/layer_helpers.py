"""Private helpers of `Layer`: call-signature facts, automatic configs,
`supports_jit` tables, build and constructor wrappers, shape and mask
utilities."""

import collections
import functools
import inspect

import numpy as np

from keras.src import dtype_policies
from keras.src import tree
from keras.src.backend.common.masking import get_keras_mask
from keras.src.backend.common.masking import set_keras_mask
from keras.src.backend.common.name_scope import current_path
from keras.src.backend.common.name_scope import name_scope

BACKENDS = ("tensorflow", "jax", "torch", "numpy")

# What `__call__` needs to know about a class's `call` signature, computed
# once per class rather than on every call.
CallInfo = collections.namedtuple(
    "CallInfo", ["parameters", "has_training", "training_default",
                 "has_mask", "argument_masks"]
)


def call_info(call):
    signature = inspect.signature(call)
    parameters = [p for p in signature.parameters if p != "self"]
    training = signature.parameters.get("training")
    default = None
    if training is not None and training.default is not inspect._empty:
        default = training.default
    return CallInfo(
        parameters=tuple(parameters),
        has_training=training is not None,
        training_default=default,
        has_mask="mask" in signature.parameters,
        # `(position, name)` of each argument `x` that has an `x_mask`
        # parameter (e.g. `query` and `query_mask`).
        argument_masks=tuple(
            (i, name) for i, name in enumerate(parameters)
            if f"{name}_mask" in signature.parameters
        ),
    )


def argument_masks(info, args, kwargs, mask_of):
    """The masks to pass as `x_mask` for arguments `x` of `call` that
    have such a parameter and were not given one: `mask_of(value)` finds
    a value's mask. Returns a dict of keyword arguments."""
    masks = {}
    for position, name in info.argument_masks:
        key = f"{name}_mask"
        if kwargs.get(key) is not None:
            continue
        if position < len(args):
            value = args[position]
        else:
            value = kwargs.get(name)
        mask = None if value is None else mask_of(value)
        if mask is not None:
            masks[key] = mask
    return masks


@functools.lru_cache(maxsize=None)
def build_parameters(cls):
    signature = inspect.signature(cls.build)
    return [
        name for name, p in signature.parameters.items()
        if name != "self" and p.kind not in (p.VAR_POSITIONAL,
                                             p.VAR_KEYWORD)
    ]


def bind_call(layer, args, kwargs):
    signature = inspect.signature(layer.call)
    bound = signature.bind_partial(*args, **kwargs)
    return dict(bound.arguments)


def shapes_of(value):
    """The shape of a tensor, or the same structure of shapes."""
    if value is None:
        return None
    if hasattr(value, "shape"):
        return tuple(value.shape)
    return tree.map_structure(
        lambda x: tuple(x.shape) if hasattr(x, "shape") else x, value
    )


def is_shape(value):
    return isinstance(value, (tuple, list)) and all(
        d is None or isinstance(d, (int, np.integer)) for d in value
    )


def map_shapes(fn, shapes):
    """Applies `fn` to each shape (a tuple of ints and `None`s) found in
    the nested structure `shapes`."""
    if is_shape(shapes):
        return fn(tuple(shapes))
    if isinstance(shapes, dict):
        return {k: map_shapes(fn, v) for k, v in shapes.items()}
    if isinstance(shapes, (list, tuple)):
        return type(shapes)(map_shapes(fn, s) for s in shapes)
    return shapes


def mask_of(x):
    return get_keras_mask(x)


def attach_masks(outputs, masks):
    """Sets `_keras_mask` on each output tensor that can hold it."""
    flat_outputs = tree.flatten(outputs)
    flat_masks = (
        tree.flatten(masks) if tree.is_nested(masks) else [masks]
    )
    if len(flat_masks) == 1 and len(flat_outputs) > 1:
        flat_masks = flat_masks * len(flat_outputs)
    for output, mask in zip(flat_outputs, flat_masks):
        set_keras_mask(output, mask)


def jit_table(current, value, owner):
    """Returns `current` updated with `value` (a bool or a dict)."""
    if isinstance(value, bool):
        return dict.fromkeys(BACKENDS, value)
    if isinstance(value, dict):
        unknown = set(value) - set(BACKENDS)
        if unknown:
            raise ValueError(
                f"{owner}: `supports_jit` keys must be backend names "
                f"{list(BACKENDS)}. Received: {sorted(unknown)}"
            )
        table = dict(current)
        table.update({k: bool(v) for k, v in value.items()})
        return table
    raise ValueError(
        f"{owner}: `supports_jit` must be a bool or a dict "
        f"{{backend: bool}}. Received: {value!r}"
    )


def auto_config(cls, args, kwargs):
    """The constructor arguments, when all of them serialize as plain
    values; `None` otherwise."""
    if cls._init_signature is None:
        cls._init_signature = inspect.signature(cls.__init__)
    try:
        bound = cls._init_signature.bind(None, *args, **kwargs)
    except TypeError:
        return None
    bound.apply_defaults()
    config = {}
    for name, value in list(bound.arguments.items())[1:]:
        parameter = cls._init_signature.parameters[name]
        if parameter.kind == parameter.VAR_KEYWORD:
            config.update(value)
        elif parameter.kind != parameter.VAR_POSITIONAL:
            config[name] = value
    if hasattr(config.get("dtype"), "get_config"):
        # A `DTypePolicy` (what `from_config` passes back in): keep its
        # serialized form, which `Layer.from_config` turns back into it.
        config["dtype"] = dtype_policies.serialize(config["dtype"])
    flat = tree.flatten({k: v for k, v in config.items() if k != "dtype"})
    if not all(is_plain(v) for v in flat):
        return None
    return config


def is_plain(value):
    return value is None or isinstance(value, (bool, int, float, str))


def naming_errors(init):
    """Wraps a layer class's `__init__` so a `ValueError` raised while
    constructing names the layer."""

    @functools.wraps(init)
    def wrapped(self, *args, **kwargs):
        depth = self.__dict__.get("_init_depth", 0)
        object.__setattr__(self, "_init_depth", depth + 1)
        try:
            init(self, *args, **kwargs)
        except ValueError as e:
            if depth > 0 or getattr(e, "_keras_layer_named", False):
                raise
            name = kwargs.get("name") or self.__dict__.get("name")
            label = type(self).__name__ + (f" '{name}'" if name else "")
            error = ValueError(f"Error creating layer {label}: {e}")
            error._keras_layer_named = True
            raise error from e
        finally:
            object.__setattr__(self, "_init_depth", depth)

    return wrapped


def marking_built(build):
    """Wraps a layer class's `build` so that it runs in the layer's name
    scope and leaves the layer built, however it is called."""

    @functools.wraps(build)
    def wrapped(self, *args, **kwargs):
        with name_scope(self.name, caller=self):
            object.__setattr__(self, "_path", current_path())
            result = build(self, *args, **kwargs)
        self.built = True
        if self._build_shapes is None:
            shapes = inspect.signature(build).bind(self, *args, **kwargs)
            self._build_shapes = {
                k: v for k, v in list(shapes.arguments.items())[1:]
            }
        return result

    return wrapped
