"""`Functional`: a model defined by a graph of layers called on inputs.

`keras.Model(inputs, outputs)` returns one. Calling it replays the graph
(`Function`) with masks and the `training` flag passed along; its config
lists each layer with the calls (`inbound_nodes`) that connect it, in the
format Keras files use.
"""

import inspect

from keras.src import backend
from keras.src import ops
from keras.src import tree
from keras.src.backend import KerasTensor
from keras.src.layers import layer_helpers
from keras.src.layers.core.input_layer import InputLayer
from keras.src.layers.layer import Layer
from keras.src.models.model import Model
from keras.src.ops.function import Function
from keras.src.ops.function import _order_graph
from keras.src.ops.function import make_node_key
from keras.src.saving import serialization_lib


class Functional(Function, Model):
    """A model built from `keras.Input`s and the layers called on them.

    Args:
        inputs: a `KerasTensor` from `keras.Input`, or a list or dict of
            them.
        outputs: a `KerasTensor` computed from `inputs`, or a structure of
            them.
        name: the model's name.
        trainable: whether the model's variables are trained.

    Example:

    >>> a, b = keras.Input((2,)), keras.Input((3,))
    >>> merged = keras.layers.Concatenate()([a, b])
    >>> model = keras.Model([a, b], keras.layers.Dense(1)(merged))
    >>> model([np.ones((4, 2)), np.ones((4, 3))]).shape
    (4, 1)
    """

    def __new__(cls, *args, **kwargs):
        return Layer.__new__(cls, *args, **kwargs)

    def __init__(self, inputs, outputs, name=None, **kwargs):
        trainable = kwargs.pop("trainable", True)
        Layer.__init__(self, name=name, trainable=trainable, **kwargs)
        self._setup_graph(inputs, outputs)
        self._layers = []
        for operation in self._operations:
            if isinstance(operation, Layer):
                self._track_layer(operation)
        self.built = True
        # Worked out here rather than on the first call, which may run
        # while Dynamo traces.
        object.__setattr__(self, "_plan", _CallPlan(self))

    @property
    def layers(self):
        """The model's layers, `InputLayer`s included, in graph order."""
        return [op for op in self._operations if isinstance(op, Layer)]

    @property
    def input(self):
        return self._inputs_struct

    @property
    def output(self):
        return self._outputs_struct

    @property
    def input_shape(self):
        return tree.map_structure(lambda x: x.shape,
                                  _unwrap_single(self._inputs_struct))

    @property
    def output_shape(self):
        return tree.map_structure(lambda x: x.shape,
                                  _unwrap_single(self._outputs_struct))

    @property
    def output_names(self):
        if isinstance(self._outputs_struct, dict):
            return sorted(self._outputs_struct)
        return [x._keras_history.operation.name for x in self._outputs]

    @property
    def input_spec(self):
        return None

    @input_spec.setter
    def input_spec(self, value):
        pass

    def call(self, inputs, training=None, mask=None):
        plan = self.__dict__.get("_plan")
        if plan is None or plan.nodes is not self._nodes:
            plan = _CallPlan(self)
            object.__setattr__(self, "_plan", plan)
        if plan.chain is not None and mask is None and (
            plan.tensor_ready(inputs)
        ):
            # A chain of layers (a `Sequential`'s graph) on one tensor:
            # each output goes straight to the next layer, no lookups.
            y = inputs
            y_mask = backend.get_keras_mask(inputs)
            for layer in plan.chain:
                kwargs = {} if training is None else {"training": training}
                y, y_mask = layer._call_with_context((y,), kwargs, y_mask)
                if isinstance(y, _STRUCTURES):
                    y, y_mask = _only_output(y, y_mask)
            if y_mask is not None:
                backend.set_keras_mask(y, y_mask)
            return y
        values = {}
        masks = {}
        if mask is None and plan.input_id is not None and (
            plan.tensor_ready(inputs)
        ):
            # One tensor for the one input, already of its dtype and rank
            # (the usual eager call): no tree walks (~15us).
            values[plan.input_id] = inputs
            masks[plan.input_id] = backend.get_keras_mask(inputs)
        else:
            flat_inputs = self._standardize_inputs(inputs)
            if mask is None:
                flat_masks = [backend.get_keras_mask(x) for x in flat_inputs]
            else:
                flat_masks = tree.flatten(mask)
            for x, value, value_mask in zip(self._inputs, flat_inputs,
                                            flat_masks):
                values[id(x)] = value
                masks[id(x)] = value_mask
        for node, operation, in_id, out_id in plan.steps:
            if operation is None:
                self._run_node(node, values, masks, training)
                continue
            # A layer called on one tensor, with one output: the
            # arguments and mask need no lookups through the node.
            kwargs = {} if training is None else {"training": training}
            outputs, output_mask = operation._call_with_context(
                (values.get(in_id),), kwargs, masks.get(in_id)
            )
            if isinstance(outputs, _STRUCTURES):
                _store_outputs(node, outputs, output_mask, values, masks)
            else:
                values[out_id] = outputs
                masks[out_id] = output_mask
        if plan.output_id is not None:
            y = values[plan.output_id]
            if masks.get(plan.output_id) is not None:
                backend.set_keras_mask(y, masks[plan.output_id])
            return y
        flat_outputs = [values[id(x)] for x in self._outputs]
        for x, y in zip(self._outputs, flat_outputs):
            if masks.get(id(x)) is not None:
                backend.set_keras_mask(y, masks[id(x)])
        if len(flat_outputs) == 1 and _is_sequence(self._outputs_struct):
            return flat_outputs[0]
        return tree.pack_sequence_as(self._outputs_struct, flat_outputs)

    def _run_node(self, node, values, masks, training):
        operation = node.operation
        args, kwargs = node.arguments.fill_in(values)
        if not isinstance(operation, Layer):
            outputs = operation(*args, **kwargs)
            output_masks = None
        else:
            if training is not None and "training" not in kwargs:
                kwargs["training"] = training
            mask = _input_mask(node, masks)
            if operation._call_info.argument_masks:
                # Masks travel beside the values (JAX arrays cannot hold
                # them): look them up from the node's symbolic arguments.
                kwargs.update(layer_helpers.argument_masks(
                    operation._call_info, node.arguments.args,
                    node.arguments.kwargs,
                    lambda x: masks.get(id(x))
                    if isinstance(x, KerasTensor) else None,
                ))
            outputs, output_masks = operation._call_with_context(
                args, kwargs, mask
            )
        _store_outputs(node, outputs, output_masks, values, masks)

    def compute_output_spec(self, inputs, training=None, mask=None):
        return _unwrap_single(Function.compute_output_spec(self, inputs))

    def compute_output_shape(self, input_shape):
        specs = tree.map_structure(
            lambda x: KerasTensor(x.shape, x.dtype), self._inputs_struct
        )
        outputs = _unwrap_single(Function.compute_output_spec(self, specs))
        return tree.map_structure(lambda x: x.shape, outputs)

    def _standardize_inputs(self, inputs):
        """Flattens `inputs` in model order, converting each to the
        dtype of its `Input` and adding a missing trailing axis of 1."""
        flat = self._flatten_inputs(inputs)
        standardized = []
        for x, spec in zip(flat, self._inputs):
            if x is None:
                standardized.append(x)
                continue
            if not backend.is_tensor(x) or (
                backend.standardize_dtype(x.dtype) != spec.dtype
                and not spec.sparse
            ):
                x = ops.convert_to_tensor(x, dtype=spec.dtype)
            ndim = len(x.shape)
            if ndim == len(spec.shape) - 1 and spec.shape[-1] == 1:
                x = ops.expand_dims(x, -1)
            elif ndim == len(spec.shape) + 1 and x.shape[-1] == 1:
                x = ops.squeeze(x, -1)
            standardized.append(x)
        return standardized

    def _flatten_inputs(self, inputs):
        try:
            return Function._flatten_inputs(self, inputs)
        except ValueError:
            names = [x.name for x in self._inputs]
            received = len(tree.flatten(inputs))
            raise ValueError(
                f'Layer "{self.name}" expects {len(self._inputs)} input(s) '
                f"with names {names}, but it received {received} input "
                "tensor(s). Pass them as a list in that order, or as a "
                "dict keyed by those names."
            ) from None

    # -- configuration -------------------------------------------------------

    def get_config(self):
        return functional_config(self)

    @classmethod
    def from_config(cls, config, custom_objects=None):
        return functional_from_config(cls, config, custom_objects)


_STRUCTURES = (list, tuple, dict)


class _CallPlan:
    """What `Functional.call` needs of the graph, worked out once.

    `steps` holds `(node, layer, input id, output id)` for the nodes that
    call a layer on one tensor and give one output (the fast path), and
    `(node, None, None, None)` for the others. `input_id` and `output_id`
    are set when the model has one input (a plain, dense `Input`) and one
    output that `call` returns unwrapped; `chain` holds the layers in
    order when, moreover, each step takes the previous step's output.
    """

    def __init__(self, model):
        self.nodes = model._nodes
        self.steps = []
        for node in model._nodes:
            if node.is_input:
                continue
            operation = node.operation
            if (isinstance(operation, Layer)
                    and node.arguments._single_positional
                    and len(node.outputs) == 1
                    and not operation._call_info.argument_masks):
                self.steps.append((
                    node, operation, id(node.arguments.args[0]),
                    id(node.outputs[0]),
                ))
            else:
                self.steps.append((node, None, None, None))
        self.input_id = None
        inputs = model._inputs
        if len(inputs) == 1 and not inputs[0].sparse and not inputs[0].ragged:
            spec = inputs[0]
            self.input_id = id(spec)
            self.input_dtype = spec.dtype
            self.input_ndim = len(spec.shape)
        # Raw dtype -> whether it is the input's dtype.
        self.dtype_ok = {}
        self.output_id = None
        struct = model._outputs_struct
        if len(model._outputs) == 1 and (
            isinstance(struct, KerasTensor) or _is_sequence(struct)
        ):
            self.output_id = id(model._outputs[0])
        self.chain = self._chain()

    def _chain(self):
        """The layers in order when the graph is a chain (the first step
        takes the input, each later one the previous one's output, the
        last gives the output), else `None`."""
        if self.input_id is None or self.output_id is None:
            return None
        previous = self.input_id
        for _, operation, in_id, out_id in self.steps:
            if operation is None or in_id != previous:
                return None
            previous = out_id
        if not self.steps or previous != self.output_id:
            return None
        return tuple(step[1] for step in self.steps)

    def tensor_ready(self, x):
        """Whether `x` is a backend tensor that `_standardize_inputs`
        would pass through unchanged."""
        if not backend.is_tensor(x):
            return False
        ok = self.dtype_ok.get(x.dtype)
        if ok is None:
            ok = backend.standardize_dtype(x.dtype) == self.input_dtype
            self.dtype_ok[x.dtype] = ok
        return ok and len(x.shape) == self.input_ndim


def _store_outputs(node, outputs, output_masks, values, masks):
    """Records a node's outputs and their masks by symbolic tensor id."""
    if len(node.outputs) == 1 and backend.is_tensor(outputs):
        # The common single-tensor output: no tree walks.
        values[id(node.outputs[0])] = outputs
        masks[id(node.outputs[0])] = output_masks
        return
    flat_outputs = tree.flatten(outputs)
    if output_masks is None or not tree.is_nested(output_masks):
        output_masks = [output_masks] * len(flat_outputs)
    else:
        output_masks = tree.flatten(output_masks)
    for x, y, y_mask in zip(node.outputs, flat_outputs, output_masks):
        values[id(x)] = y
        masks[id(x)] = y_mask


def _only_output(outputs, output_mask):
    """The one output of a node whose layer returned a structure, and its
    mask, as `_store_outputs` records them."""
    if output_mask is not None and tree.is_nested(output_mask):
        output_mask = tree.flatten(output_mask)[0]
    return tree.flatten(outputs)[0], output_mask


def _input_mask(node, masks):
    """The masks of the first argument of a node's call (`None` when it
    has none)."""
    args = node.arguments.args
    if not args:
        return None
    first = args[0]
    if isinstance(first, KerasTensor):
        return masks.get(id(first))
    mask = tree.map_structure(
        lambda x: masks.get(id(x)) if isinstance(x, KerasTensor) else None,
        first,
    )
    return None if all(m is None for m in tree.flatten(mask)) else mask


def functional_config(model):
    """Returns the config of a functional model: its layers and ops (as
    Keras writes them: op classes such as `keras.src.ops.numpy.Sum`) with
    the calls that connect them, and where its inputs and outputs are."""
    node_indices = _node_indices(model)
    layer_configs = []
    for layer in model._operations:
        layer_config = serialization_lib.serialize_keras_object(layer)
        layer_config["name"] = layer.name
        layer_config["inbound_nodes"] = [
            _serialize_node(node, node_indices)
            for node in layer._inbound_nodes
            if id(node) in node_indices and not node.is_input
        ]
        layer_configs.append(layer_config)
    return {
        "name": model.name,
        "trainable": model.trainable,
        "layers": layer_configs,
        "input_layers": _tensor_refs(model._inputs_struct, node_indices),
        "output_layers": _tensor_refs(model._outputs_struct, node_indices),
    }


def _node_indices(model):
    """`{id(node): index}`: the index of each node of the model among the
    nodes of its layer that belong to the model."""
    own = {id(node) for node in model._nodes}
    indices = {}
    for operation in model._operations:
        index = 0
        for node in operation._inbound_nodes:
            if id(node) in own:
                indices[id(node)] = index
                index += 1
    return indices


def _history_ref(x, node_indices):
    operation, node_index, tensor_index = x._keras_history
    node = operation._inbound_nodes[node_index]
    return [operation.name, node_indices.get(id(node), node_index),
            tensor_index]


def _tensor_refs(structure, node_indices):
    if isinstance(structure, KerasTensor):
        return _history_ref(structure, node_indices)
    if isinstance(structure, dict):
        return {k: _tensor_refs(v, node_indices)
                for k, v in structure.items()}
    return [_tensor_refs(x, node_indices) for x in structure]


def serialize_node(node, own_nodes=()):
    """Returns the config of one call (`node`) in a functional graph:
    `{"args": [...], "kwargs": {...}}`, tensors written as
    `__keras_tensor__` entries with their `keras_history`.

    Args:
        node: a `Node`.
        own_nodes: the `make_node_key` keys of the nodes of the model the
            config is for; a tensor's node index counts only those (all
            nodes when empty).

    Returns:
        The node's config (plain data).

    Example:

    >>> x = keras.Input((2,), name="x")
    >>> y = keras.ops.add(x, 1.0)
    >>> node = y._keras_history.operation._inbound_nodes[0]
    >>> serialize_node(node)["args"][1]
    1.0
    """
    own_nodes = set(own_nodes)
    node_indices = {}
    if own_nodes:
        for x in node.arguments.keras_tensors:
            operation = x._keras_history.operation
            index = 0
            for i, other in enumerate(operation._inbound_nodes):
                if make_node_key(operation, i) in own_nodes:
                    node_indices[id(other)] = index
                    index += 1
    return _serialize_node(node, node_indices)


def deserialize_node(node_data, created_layers):
    """Returns the `(args, kwargs)` of a serialized call, its tensors taken
    from the calls already made of `created_layers`.

    Args:
        node_data: a node config (`serialize_node`'s output, or Keras 2's
            `[[name, node_index, tensor_index, kwargs], ...]`).
        created_layers: `{name: layer or operation}`; a tensor
            `[name, n, t]` is output `t` of call `n` of that layer.

    Returns:
        `(args, kwargs)`.

    Raises:
        ValueError: when a tensor refers to a layer or call that does not
            exist yet.

    Example:

    >>> x = keras.Input((2,), name="x")
    >>> args, kwargs = deserialize_node(
    ...     {"args": [{"class_name": "__keras_tensor__",
    ...                "config": {"keras_history": ["x", 0, 0]}}, 2.0],
    ...      "kwargs": {}},
    ...     {"x": x._keras_history.operation})
    >>> args[0] is x, args[1]
    (True, 2.0)
    """

    class _Outputs(dict):
        def get(self, key, default=None):
            name, node_index = key
            layer = created_layers.get(name)
            if layer is None or node_index >= len(layer._inbound_nodes):
                return default
            return layer._inbound_nodes[node_index].outputs

    call = _resolve_node(node_data, _Outputs(), None)
    if call is None:
        raise ValueError(
            "Could not deserialize node: it refers to a layer call that "
            f"does not exist yet. Node data: {node_data}. Layers: "
            f"{sorted(created_layers)}"
        )
    return call


def _serialize_node(node, node_indices):
    def serialize(x):
        if isinstance(x, KerasTensor):
            return {
                "class_name": "__keras_tensor__",
                "config": {
                    "shape": list(x.shape),
                    "dtype": x.dtype,
                    "keras_history": _history_ref(x, node_indices),
                },
            }
        return serialization_lib.serialize_keras_object(x)

    args = _map_keeping_lists(serialize, list(node.arguments.args))
    kwargs = {k: _map_keeping_lists(serialize, v)
              for k, v in node.arguments.kwargs.items()}
    return {"args": args, "kwargs": kwargs}


def _map_keeping_lists(fn, value):
    if isinstance(value, (list, tuple)):
        return [_map_keeping_lists(fn, v) for v in value]
    if isinstance(value, dict):
        return {k: _map_keeping_lists(fn, v) for k, v in value.items()}
    return fn(value)


def functional_from_config(cls, config, custom_objects=None):
    """Rebuilds a functional model (of class `cls`) from its config."""
    layers = {}
    pending = {}
    for layer_data in config["layers"]:
        layer_data = dict(layer_data)
        name = layer_data.pop("name", None)
        inbound = layer_data.pop("inbound_nodes", [])
        layer = serialization_lib.deserialize_keras_object(
            layer_data, custom_objects=custom_objects
        )
        name = name or layer.name
        layers[name] = layer
        pending[name] = list(inbound)
    outputs_by_node = {}
    for name, layer in layers.items():
        if isinstance(layer, InputLayer):
            outputs_by_node[(name, 0)] = [layer.output]
    created = {name: (1 if isinstance(layers[name], InputLayer) else 0)
               for name in layers}
    while any(pending.values()):
        progressed = False
        for name, nodes in pending.items():
            while nodes:
                call = _resolve_node(nodes[0], outputs_by_node,
                                     custom_objects)
                if call is None:
                    break
                args, kwargs = call
                outputs = layers[name](*args, **kwargs)
                outputs_by_node[(name, created[name])] = tree.flatten(
                    outputs
                )
                created[name] += 1
                nodes.pop(0)
                progressed = True
        if not progressed:
            stuck = sorted(name for name, nodes in pending.items() if nodes)
            raise ValueError(
                "Could not rebuild the functional model "
                f"{config.get('name')!r}: the inputs of layers {stuck} "
                "are never produced."
            )

    def lookup(ref):
        if isinstance(ref, dict):
            return {k: lookup(v) for k, v in ref.items()}
        if (
            isinstance(ref, (list, tuple))
            and len(ref) == 3
            and isinstance(ref[0], str)
        ):
            name, node_index, tensor_index = ref
            return outputs_by_node[(name, node_index)][tensor_index]
        return [lookup(r) for r in ref]

    inputs = lookup(config["input_layers"])
    outputs = lookup(config["output_layers"])
    model = cls(
        inputs=inputs,
        outputs=outputs,
        name=config.get("name"),
        trainable=config.get("trainable", True),
    )
    return model


def _resolve_node(node_data, outputs_by_node, custom_objects):
    """Returns the `(args, kwargs)` of a serialized call, or `None` when
    one of its input tensors does not exist yet."""
    missing = object()

    def resolve(value):
        if isinstance(value, dict):
            if value.get("class_name") == "__keras_tensor__":
                name, node_index, tensor_index = value["config"][
                    "keras_history"
                ]
                outputs = outputs_by_node.get((name, node_index))
                return missing if outputs is None else outputs[tensor_index]
            if "class_name" in value:
                return serialization_lib.deserialize_keras_object(
                    value, custom_objects=custom_objects
                )
            return {k: resolve(v) for k, v in value.items()}
        if isinstance(value, list):
            return [resolve(v) for v in value]
        return value

    if isinstance(node_data, list):  # Keras 2 style: [[name, n, t, {}]]
        tensors = [{
            "class_name": "__keras_tensor__",
            "config": {"keras_history": ref[:3]},
        } for ref in node_data]
        node_data = {
            "args": [tensors[0] if len(tensors) == 1 else tensors],
            "kwargs": {},
        }
    args = resolve(node_data.get("args", []))
    kwargs = resolve(node_data.get("kwargs", {}))
    flat = tree.flatten((args, kwargs))
    if any(x is missing for x in flat):
        return None
    return args, kwargs


def _is_sequence(struct):
    return isinstance(struct, (list, tuple))


def _unwrap_single(struct):
    """A one-element list or tuple of inputs or outputs stands for its
    element, as in Keras: `Model(x, [y])` returns `y`'s value, and its
    `output_shape` is `y`'s shape (the config keeps the list)."""
    if _is_sequence(struct) and len(struct) == 1:
        return struct[0]
    return struct


def unpack_singleton(x):
    """Returns the element of a one-element list or tuple, else `x`.

    Args:
        x: any object.

    Returns:
        `x[0]` when `x` is a list or tuple of length 1, else `x`.

    Example:

    >>> unpack_singleton([3]), unpack_singleton([3, 4])
    (3, [3, 4])
    """
    if _is_sequence(x) and len(x) == 1:
        return x[0]
    return x


def is_input_keras_tensor(x):
    """Returns whether `x` is the output of an `InputLayer` (a tensor made
    by `keras.Input`), as opposed to a tensor computed from one.

    Args:
        x: a `KerasTensor`.

    Returns:
        A bool.

    Example:

    >>> x = keras.Input((2,))
    >>> is_input_keras_tensor(x), is_input_keras_tensor(x + 1.0)
    (True, False)
    """
    operation, node_index, _ = x._keras_history
    return operation._inbound_nodes[node_index].is_input


def operation_fn(operation, **call_context_args):
    """Returns a function that calls `operation`, passing it the call
    context arguments (such as `training`) that it accepts and that are
    not `None`.

    Args:
        operation: a layer or operation.
        **call_context_args: e.g. `training=True`.

    Returns:
        A callable with `operation`'s call arguments.

    Example:

    >>> dropout = keras.layers.Dropout(0.5)
    >>> fn = operation_fn(dropout, training=False)
    >>> keras.ops.convert_to_numpy(fn(np.ones((1, 2)))).tolist()
    [[1.0, 1.0]]
    """
    accepted = set()
    if isinstance(operation, Layer):
        accepted = {
            key for key in call_context_args
            if key in operation._call_info.parameters
        }

    def call(*args, **kwargs):
        for key in accepted:
            value = call_context_args[key]
            if value is not None and key not in kwargs:
                kwargs[key] = value
        return operation(*args, **kwargs)

    return call


def functional_like_constructor(cls):
    """Returns whether `cls` is built like a functional model: its
    constructor takes `inputs` and `outputs` (as `keras.Model(inputs,
    outputs)` does), so configs of it are functional configs.

    Args:
        cls: a class.

    Returns:
        A bool.

    Example:

    >>> functional_like_constructor(Functional)
    True
    >>> functional_like_constructor(keras.layers.Dense)
    False
    """
    try:
        parameters = inspect.signature(cls.__init__).parameters
    except (TypeError, ValueError):
        return False
    names = list(parameters)
    return names[1:3] == ["inputs", "outputs"]


def find_nodes_by_inputs_and_outputs(inputs, outputs):
    """Returns the nodes of the graph between `inputs` and `outputs`, in
    execution order.

    Args:
        inputs: a `KerasTensor` or a structure of them.
        outputs: a `KerasTensor` or a structure of them.

    Returns:
        A list of `Node`s (the inputs' own nodes included when they are
        `keras.Input` tensors).

    Example:

    >>> x = keras.Input((2,))
    >>> nodes = find_nodes_by_inputs_and_outputs(x, keras.ops.exp(x))
    >>> [node.operation.name == "exp" for node in nodes][-1]
    True
    """
    nodes, _ = _order_graph(tree.flatten(inputs), tree.flatten(outputs),
                            "find_nodes_by_inputs_and_outputs")
    return nodes


def clone_single_keras_tensor(x):
    """Returns a new `KerasTensor` like `x` (shape, dtype, sparseness,
    name), without its history.

    Args:
        x: a `KerasTensor`.

    Returns:
        The copy.

    Example:

    >>> x = keras.Input((2,), name="x")
    >>> y = clone_single_keras_tensor(x)
    >>> (y is x, y.shape, y.name)
    (False, (None, 2), 'x')
    """
    return KerasTensor(
        x.shape, dtype=x.dtype, sparse=getattr(x, "sparse", False),
        name=x.name,
    )


def clone_keras_tensors(tensors, kt_id_mapping):
    """Copies the `KerasTensor`s of a structure, once each.

    Args:
        tensors: a structure holding `KerasTensor`s (other leaves are
            kept).
        kt_id_mapping: `{id(original): copy}`, read and updated, so a
            tensor met twice gets one copy.

    Returns:
        The structure with the copies.

    Example:

    >>> x = keras.Input((2,))
    >>> mapping = {}
    >>> a, b = clone_keras_tensors([x, x], mapping)
    >>> a is b, a is x
    (True, False)
    """

    def clone(x):
        if not isinstance(x, KerasTensor):
            return x
        if id(x) not in kt_id_mapping:
            kt_id_mapping[id(x)] = clone_single_keras_tensor(x)
        return kt_id_mapping[id(x)]

    return tree.map_structure(clone, tensors)


def clone_graph_nodes(inputs, outputs):
    """Replays the graph between `inputs` and `outputs` from new inputs.

    Each input that is not a `keras.Input` tensor (an intermediate tensor
    of a graph) gets a new `keras.Input` of its shape and dtype; the
    operations between are called again on the new tensors (layers keep
    their weights: the calls add nodes to the same layers).

    Args:
        inputs: a `KerasTensor` or a structure of them.
        outputs: a `KerasTensor` or a structure of them, computed from
            `inputs`.

    Returns:
        `(new_inputs, new_outputs)`, in the structures given.

    Example:

    >>> x = keras.Input((3,))
    >>> h = keras.layers.Dense(4)(x)
    >>> new_h, y = clone_graph_nodes(h, keras.ops.relu(h))
    >>> is_input_keras_tensor(new_h), y.shape
    (True, (None, 4))
    """
    flat_inputs = tree.flatten(inputs)
    values = {}
    new_inputs = []
    for x in flat_inputs:
        new = x
        if not is_input_keras_tensor(x):
            new = InputLayer(
                batch_shape=x.shape, dtype=x.dtype,
                sparse=getattr(x, "sparse", False),
            ).output
        values[id(x)] = new
        new_inputs.append(new)
    nodes, _ = _order_graph(flat_inputs, tree.flatten(outputs),
                            "clone_graph_nodes")
    for node in nodes:
        if node.is_input or all(id(x) in values for x in node.outputs):
            continue
        args, kwargs = node.arguments.fill_in(values)
        results = tree.flatten(node.operation(*args, **kwargs))
        for x, y in zip(node.outputs, results):
            values[id(x)] = y
    new_outputs = tree.map_structure(lambda x: values[id(x)], outputs)
    return tree.pack_sequence_as(inputs, new_inputs), new_outputs
