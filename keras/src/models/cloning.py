"""`keras.models.clone_model`: a copy of a model with new layers.

Functional models are rebuilt by replaying their graph with cloned layers
(on new or given inputs), Sequential models by stacking cloned layers, and
other models through `from_config(get_config())`. Cloned layers get new,
freshly initialized weights.
"""

from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.backend import KerasTensor
from keras.src.layers.core.input_layer import InputLayer
from keras.src.layers.layer import Layer
from keras.src.models.functional import Functional
from keras.src.models.sequential import Sequential
from keras.src.ops.op_class import OpClass
from keras.src.ops.operation import FunctionOperation


@keras_export("keras.models.clone_model")
def clone_model(
    model,
    input_tensors=None,
    clone_function=None,
    call_function=None,
    recursive=False,
    **kwargs,
):
    """Returns a copy of `model` made of new layers with new weights.

    The copy computes the same function as `model` once it is given the
    same weights (`clone.set_weights(model.get_weights())`); its layers and
    variables are new objects. Shared layers stay shared within the copy.

    Args:
        model: a functional or `Sequential` model. Other models (and
            layers) are copied with `from_config(get_config())` and built
            like the original, so they must implement `get_config()`.
        input_tensors: `keras.Input` tensors (or `InputLayer`s) to build
            the copy on, in the structure of `model.inputs` (a
            `Sequential` model takes one).
            By default new inputs like the original's are made.
        clone_function: `fn(layer) -> layer` making the copy of each layer
            (not of the inputs). Default:
            `layer.__class__.from_config(layer.get_config())`. Return the
            layer itself to share it, or another layer to replace it.
        call_function: `fn(layer, *args, **kwargs) -> outputs` calling each
            copied layer in a functional model (default: `layer(*args,
            **kwargs)`); use it to insert layers around calls.
        recursive: whether nested functional and `Sequential` models are
            copied layer by layer with the same `clone_function` (and,
            for functional ones, `call_function`) instead of being passed
            to `clone_function` whole.
        **kwargs: no other argument is accepted.

    Returns:
        The new model (of the same class for functional and `Sequential`
        models).

    Example:

    >>> model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    >>> clone = keras.models.clone_model(model)
    >>> clone.layers[0] is model.layers[0]
    False
    >>> clone.set_weights(model.get_weights())
    >>> x = np.ones((1, 3))
    >>> difference = keras.ops.convert_to_numpy(clone(x) - model(x))
    >>> float(np.abs(difference).max())
    0.0
    """
    if kwargs:
        raise ValueError(
            "clone_model() got unexpected keyword arguments "
            f"{sorted(kwargs)}. Expected only `model`, `input_tensors`, "
            "`clone_function`, `call_function` and `recursive`."
        )
    if clone_function is not None and not callable(clone_function):
        raise ValueError(
            "`clone_function` must be a callable `fn(layer)`. Received: "
            f"clone_function={clone_function!r}"
        )
    if call_function is not None and not callable(call_function):
        raise ValueError(
            "`call_function` must be a callable `fn(layer, *args, "
            f"**kwargs)`. Received: call_function={call_function!r}"
        )
    options = _Options(clone_function, call_function, recursive)
    if isinstance(model, Sequential):
        if call_function is not None:
            raise ValueError(
                "`call_function` only applies to functional models: a "
                f"Sequential model such as '{model.name}' does not call "
                "its layers when it is built from a list. Received: "
                f"call_function={call_function!r}"
            )
        return _clone_sequential(model, input_tensors, options)
    if isinstance(model, Functional):
        return _clone_functional(model, input_tensors, options)
    return _clone_from_config(model, input_tensors, clone_function,
                              call_function)


class _Options:
    """The cloning arguments, passed on to nested models."""

    def __init__(self, clone_function, call_function, recursive):
        self.clone_function = clone_function or _default_clone
        self.call_function = call_function
        self.recursive = recursive

    def clone_layer(self, layer):
        """The copy of one layer of the model being cloned."""
        if self.recursive and isinstance(layer, Sequential):
            return _clone_sequential(layer, None, self)
        if self.recursive and isinstance(layer, Functional):
            return _clone_functional(layer, None, self)
        return self.clone_function(layer)


def _default_clone(layer):
    return layer.__class__.from_config(layer.get_config())


# -- functional ---------------------------------------------------------------


def _clone_functional(model, input_tensors, options):
    new_inputs = _functional_inputs(model, input_tensors)
    values = {
        id(x): y
        for x, y in zip(model._inputs, tree.flatten(new_inputs))
    }
    clones = {}
    for node in model._nodes:
        if node.is_input:
            continue
        args, kwargs = node.arguments.fill_in(values)
        outputs = _replay(node.operation, args, kwargs, clones, options)
        flat = tree.flatten(outputs)
        if len(flat) != len(node.outputs):
            raise ValueError(
                f"Cloning model '{model.name}': the call of "
                f"'{node.operation.name}' returned {len(flat)} tensors, "
                f"but the original call returned {len(node.outputs)}."
            )
        for x, y in zip(node.outputs, flat):
            values[id(x)] = y
    new_outputs = tree.pack_sequence_as(
        model._outputs_struct, [values[id(x)] for x in model._outputs]
    )
    return _new_functional(model, new_inputs, new_outputs)


def _replay(operation, args, kwargs, clones, options):
    """Calls the copy of `operation` (made once per operation, so shared
    layers stay shared) on the copied tensors."""
    if isinstance(operation, FunctionOperation):
        # An op such as `keras.ops.add`: calling it again records a new
        # graph operation.
        return operation.fn(*args, **kwargs)
    if isinstance(operation, OpClass):
        # An op class instance (`keras.src.ops.numpy.Add`): a fresh copy
        # from its config, one per graph.
        return type(operation).from_config(operation.get_config())(
            *args, **kwargs
        )
    if not isinstance(operation, Layer):
        return operation(*args, **kwargs)
    clone = clones.get(id(operation))
    if clone is None:
        clone = options.clone_layer(operation)
        clones[id(operation)] = clone
    if options.call_function is not None:
        return options.call_function(clone, *args, **kwargs)
    return clone(*args, **kwargs)


def _functional_inputs(model, input_tensors):
    if input_tensors is None:
        return tree.map_structure(_new_input, model._inputs_struct)
    input_tensors = tree.map_structure(_input_tensor, input_tensors)
    if isinstance(input_tensors, (list, tuple)) and not isinstance(
        model._inputs_struct, (list, tuple)
    ) and len(input_tensors) == 1:
        input_tensors = input_tensors[0]
    flat = tree.flatten(input_tensors)
    invalid = [x for x in flat if not isinstance(x, KerasTensor)]
    if invalid:
        raise ValueError(
            "`input_tensors` must be KerasTensors (from `keras.Input`). "
            f"Received: {invalid}"
        )
    try:
        tree.assert_same_structure(model._inputs_struct, input_tensors)
    except (ValueError, TypeError):
        raise ValueError(
            "`input_tensors` must have the structure of the model's "
            f"inputs, {_describe(model._inputs_struct)}. Received: "
            f"{_describe(input_tensors)}"
        ) from None
    return input_tensors


def _input_tensor(value):
    """The tensor of an `InputLayer` given in `input_tensors`."""
    return value.output if isinstance(value, InputLayer) else value


def _describe(structure):
    return tree.map_structure(lambda x: f"<tensor {x.shape}>", structure)


def _new_input(x):
    """A new input like `x`, made from the config of its `InputLayer`."""
    layer = x._keras_history.operation
    if isinstance(layer, InputLayer):
        return InputLayer.from_config(layer.get_config()).output
    return InputLayer(
        batch_shape=x.shape, dtype=x.dtype, sparse=x.sparse,
        ragged=x.ragged,
    ).output


def _new_functional(model, inputs, outputs):
    kwargs = {"name": model.name, "trainable": model.trainable}
    try:
        return type(model)(inputs=inputs, outputs=outputs, **kwargs)
    except TypeError:
        # A subclass whose constructor takes other arguments.
        return Functional(inputs=inputs, outputs=outputs, **kwargs)


# -- sequential ---------------------------------------------------------------


def _clone_sequential(model, input_tensors, options):
    # `call_function` does not apply to (nested) Sequential models.
    layers = [options.clone_layer(layer) for layer in model.layers]
    first = _sequential_input(model, input_tensors)
    if first is not None:
        layers.insert(0, first)
    kwargs = {"name": model.name, "trainable": model.trainable}
    try:
        clone = type(model)(layers=layers, **kwargs)
    except TypeError:
        clone = Sequential(layers=layers, **kwargs)
    if not clone.built and model.built:
        build_config = model.get_build_config()
        if build_config:
            clone.build_from_config(build_config)
    return clone


def _sequential_input(model, input_tensors):
    """The `InputLayer` the copy starts with, if any."""
    if input_tensors is not None:
        if isinstance(input_tensors, (list, tuple)):
            if len(input_tensors) != 1:
                raise ValueError(
                    "A Sequential model has one input, so `input_tensors` "
                    f"must hold one tensor. Received {len(input_tensors)}."
                )
            input_tensors = input_tensors[0]
        input_tensors = _input_tensor(input_tensors)
        if not isinstance(input_tensors, KerasTensor):
            raise ValueError(
                "`input_tensors` must be a KerasTensor (from "
                f"`keras.Input`). Received: {input_tensors!r}"
            )
        history = getattr(input_tensors, "_keras_history", None)
        if history is not None and isinstance(history.operation,
                                              InputLayer):
            return history.operation
        return _new_input(input_tensors)._keras_history.operation
    original = model._layers[0] if model._layers else None
    if isinstance(original, InputLayer):
        return InputLayer.from_config(original.get_config())
    return None


# -- other models -------------------------------------------------------------


def _clone_from_config(model, input_tensors, clone_function, call_function):
    kind = type(model).__name__
    if call_function is not None:
        raise ValueError(
            "`call_function` only applies to functional models. Received "
            f"a model of type {kind} with call_function={call_function!r}"
        )
    if clone_function is not None or input_tensors is not None:
        raise ValueError(
            "`clone_function` and `input_tensors` only apply to functional "
            f"and Sequential models. Received a model of type {kind} with "
            f"clone_function={clone_function!r}, "
            f"input_tensors={input_tensors!r}"
        )
    if not isinstance(model, Layer):
        raise ValueError(
            "`model` must be a Keras model. Received: "
            f"{model!r} of type {kind}"
        )
    try:
        config = model.get_config()
        clone = type(model).from_config(config)
    except NotImplementedError as e:
        raise ValueError(
            f"Cannot clone the model '{model.name}' of type {kind}: it is "
            "neither functional nor Sequential, so it is rebuilt with "
            "`from_config(get_config())`, which it does not support. "
            f"Implement `get_config()` and `from_config()`. Cause: {e}"
        ) from e
    if model.built and not clone.built:
        build_config = model.get_build_config()
        if build_config:
            clone.build_from_config(build_config)
    return clone
