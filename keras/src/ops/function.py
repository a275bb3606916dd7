"""`Function`: a graph of operations between symbolic inputs and outputs.

The graph is what the symbolic calls recorded (`Node`s linked through the
`_keras_history` of each `KerasTensor`). A `Function` orders its nodes once
and replays them on real tensors; functional models are `Function`s.
"""

import collections

from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.backend import KerasTensor
from keras.src.ops.operation import Operation


@keras_export("keras.Function")
class Function(Operation):
    """Replays the operations that lead from `inputs` to `outputs`.

    Args:
        inputs: a `KerasTensor` or a structure (list, dict) of them.
        outputs: a `KerasTensor` or a structure of them, computed from
            `inputs`.
        name: the function's name.

    Example:

    >>> x = keras.Input((2,))
    >>> f = keras.Function(x, keras.ops.square(x) + 1.0)
    >>> keras.ops.convert_to_numpy(f(np.array([[1.0, 2.0]]))).tolist()
    [[2.0, 5.0]]
    """

    def __init__(self, inputs, outputs, name=None):
        super().__init__(name=name)
        self._setup_graph(inputs, outputs)

    def _setup_graph(self, inputs, outputs):
        self._inputs_struct = tree.map_structure(lambda x: x, inputs)
        self._outputs_struct = tree.map_structure(lambda x: x, outputs)
        self._inputs = tree.flatten(inputs)
        self._outputs = tree.flatten(outputs)
        for x in self._inputs + self._outputs:
            if not isinstance(x, KerasTensor):
                raise ValueError(
                    f"'{self.name}': `inputs` and `outputs` must be "
                    f"KerasTensors (from `keras.Input`). Received: {x!r}"
                )
        self._nodes, self._operations = _order_graph(
            self._inputs, self._outputs, self.name
        )

    @property
    def operations(self):
        """The operations of the graph, inputs first."""
        return list(self._operations)

    @property
    def inputs(self):
        return list(self._inputs)

    @property
    def outputs(self):
        return list(self._outputs)

    def call(self, inputs):
        return self._run_through_graph(
            inputs, lambda op: op.__call__
        )

    def compute_output_spec(self, inputs):
        return self._run_through_graph(
            inputs, lambda op: op.compute_output_spec
        )

    def _run_through_graph(self, inputs, call_of):
        """Runs the nodes in order on `inputs` (matching the structure of
        the `inputs` given at creation) and returns the outputs.

        `call_of(operation)` gives the callable to run for an operation.
        """
        flat_inputs = self._flatten_inputs(inputs)
        values = {id(x): v for x, v in zip(self._inputs, flat_inputs)}
        for node in self._nodes:
            if node.is_input:
                continue
            args, kwargs = node.arguments.fill_in(values)
            outputs = call_of(node.operation)(*args, **kwargs)
            for x, y in zip(node.outputs, tree.flatten(outputs)):
                values[id(x)] = y
        flat_outputs = [values[id(x)] for x in self._outputs]
        return tree.pack_sequence_as(self._outputs_struct, flat_outputs)

    def _flatten_inputs(self, inputs):
        """Returns the input values in the order of `self._inputs`."""
        if isinstance(inputs, dict) and not isinstance(
            self._inputs_struct, dict
        ):
            names = [x.name for x in self._inputs]
            if set(inputs) == set(names):
                return [inputs[name] for name in names]
        try:
            tree.assert_same_structure(self._inputs_struct, inputs)
        except (ValueError, TypeError):
            flat = tree.flatten(inputs)
            if len(flat) != len(self._inputs):
                raise ValueError(
                    f'"{self.name}" expects {len(self._inputs)} input(s), '
                    f"but it received {len(flat)} input tensors. Expected "
                    f"the structure of {self._inputs_struct}"
                )
            return flat
        return tree.flatten(inputs)


def _order_graph(inputs, outputs, owner):
    """Returns the nodes between `inputs` and `outputs` in execution order
    (deepest first, ties in depth-first order) and their operations."""
    post_order = []
    visited = set()
    input_ids = {id(x) for x in inputs}

    def visit(node):
        if id(node) in visited:
            return
        visited.add(id(node))
        for x in node.input_tensors:
            visit_tensor(x)
        post_order.append(node)

    def visit_tensor(x):
        producer = _producer(x, owner)
        # An input that is not a `keras.Input` (an intermediate tensor of
        # another graph) is fed directly: its producer is not replayed.
        if id(x) not in input_ids or producer.is_input:
            visit(producer)

    for x in outputs + inputs:
        visit_tensor(x)

    for node in post_order:
        if node.is_input and not any(
            id(x) in input_ids for x in node.outputs
        ):
            raise ValueError(
                f"'{owner}': the outputs depend on the input "
                f"{node.outputs[0].name!r}, which is not among `inputs`. "
                f"Inputs given: {[x.name for x in inputs]}"
            )
    depth = {id(node): 0 for node in post_order}
    for node in reversed(post_order):
        for parent in node.parent_nodes:
            if id(parent) in depth:  # Not so for intermediate inputs.
                depth[id(parent)] = max(depth[id(parent)],
                                        depth[id(node)] + 1)
    nodes = sorted(post_order, key=lambda n: -depth[id(n)])

    operation_depth = {}
    for node in nodes:
        key = id(node.operation)
        operation_depth[key] = max(operation_depth.get(key, 0),
                                   depth[id(node)])
    operations = []
    seen = set()
    for node in sorted(nodes, key=lambda n: -operation_depth[
            id(n.operation)]):
        if id(node.operation) not in seen:
            seen.add(id(node.operation))
            operations.append(node.operation)
    return nodes, operations


def _producer(x, owner):
    history = getattr(x, "_keras_history", None)
    if history is None:
        raise ValueError(
            f"'{owner}': the tensor {x!r} was not produced by a Keras "
            "layer or op called on `keras.Input` tensors, so it is not "
            "connected to the inputs."
        )
    return history.operation._inbound_nodes[history.node_index]


def make_node_key(op, node_index):
    """Returns the key that names call `node_index` of operation `op` in
    a graph: unique per operation object, stable across renames.

    Args:
        op: an `Operation`.
        node_index: the index of the call among `op`'s inbound nodes.

    Returns:
        A string, `"<id of op>_ib-<node_index>"`.

    Example:

    >>> op = keras.layers.Dense(2)
    >>> make_node_key(op, 0) == f"{id(op)}_ib-0"
    True
    """
    return f"{id(op)}_ib-{node_index}"


def map_graph(inputs, outputs):
    """Maps the graph between symbolic `inputs` and `outputs`.

    Args:
        inputs: a `KerasTensor` or a structure of them.
        outputs: a `KerasTensor` or a structure of them, computed from
            `inputs`.

    Returns:
        A tuple `(node_keys, nodes_by_depth, operations,
        operations_by_depth)`: the set of `make_node_key` keys of the
        graph's nodes; `{depth: [nodes]}` (depth 0 makes the outputs);
        the operations, inputs first; `{depth: [operations]}`.

    Raises:
        ValueError: when the outputs depend on a tensor that is not among
            `inputs`.

    Example:

    >>> x = keras.Input((3,))
    >>> keys, nodes_by_depth, operations, _ = map_graph(
    ...     x, keras.ops.exp(keras.layers.Dense(2)(x)))
    >>> len(keys), sorted(nodes_by_depth)
    (3, [0, 1, 2])
    """
    inputs = tree.flatten(inputs)
    outputs = tree.flatten(outputs)
    nodes, operations = _order_graph(inputs, outputs, "map_graph")
    depth = {id(node): 0 for node in nodes}
    # `nodes` runs deepest first: reversed, each node's depth is final
    # before its parents are updated from it.
    for node in reversed(nodes):
        for parent in node.parent_nodes:
            if id(parent) in depth:
                depth[id(parent)] = max(depth[id(parent)],
                                        depth[id(node)] + 1)
    nodes_by_depth = collections.defaultdict(list)
    operation_depth = {}
    node_keys = set()
    for node in nodes:
        nodes_by_depth[depth[id(node)]].append(node)
        operation = node.operation
        operation_depth[id(operation)] = max(
            operation_depth.get(id(operation), 0), depth[id(node)]
        )
        node_keys.add(make_node_key(
            operation, operation._inbound_nodes.index(node)
        ))
    operations_by_depth = collections.defaultdict(list)
    for operation in operations:
        operations_by_depth[operation_depth[id(operation)]].append(operation)
    return node_keys, nodes_by_depth, operations, operations_by_depth
