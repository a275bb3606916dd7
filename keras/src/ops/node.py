"""Nodes: the edges of the graph that symbolic calls record.

Each symbolic call of an `Operation` creates a `Node` holding the call's
arguments and outputs. Every output `KerasTensor` gets a `_keras_history`
pointing back at the node, which is how functional models find their graph.
"""

import collections

from keras.src import tree
from keras.src.backend.common.keras_tensor import KerasTensor

# Where a tensor came from: the operation, which of its calls (node), and
# which output of that call.
KerasHistory = collections.namedtuple(
    "KerasHistory", ["operation", "node_index", "tensor_index"]
)


class Node:
    """One call of `operation` on symbolic arguments.

    Args:
        operation: the `Operation` called.
        call_args: its positional arguments.
        call_kwargs: its keyword arguments.
        outputs: what the call returned (a structure of `KerasTensor`s).
    """

    def __init__(self, operation, call_args=None, call_kwargs=None,
                 outputs=None):
        self.operation = operation
        self.arguments = SymbolicArguments(*(call_args or ()),
                                           **(call_kwargs or {}))
        self.outputs = [
            x for x in tree.flatten(outputs) if x is not None
        ]
        for x in self.outputs:
            if not isinstance(x, KerasTensor):
                raise ValueError(
                    f"Operation {operation.name!r} returned a non-symbolic "
                    f"output from a symbolic call: {x!r}"
                )
        zero_history = any(
            not x.record_history for x in self.arguments.keras_tensors
        )
        node_index = len(operation._inbound_nodes)
        if not zero_history:
            for i, x in enumerate(self.outputs):
                x._keras_history = KerasHistory(operation, node_index, i)
        operation._inbound_nodes.append(self)
        for parent in self.parent_nodes:
            parent.operation._outbound_nodes.append(self)
        self.is_input = not self.arguments.keras_tensors

    @property
    def input_tensors(self):
        return self.arguments.keras_tensors

    @property
    def output_tensors(self):
        return self.outputs

    @property
    def parent_nodes(self):
        """The nodes that produced this node's symbolic inputs."""
        nodes = []
        for x in self.arguments.keras_tensors:
            history = getattr(x, "_keras_history", None)
            if history is not None:
                node = history.operation._inbound_nodes[history.node_index]
                if node is not self:
                    nodes.append(node)
        return nodes

    def __repr__(self):
        return f"<Node operation={self.operation.name}, id={id(self)}>"


class SymbolicArguments:
    """The arguments of a symbolic call, with quick access to the
    `KerasTensor`s in them and a way to substitute values for them."""

    def __init__(self, *args, **kwargs):
        self.args = tree.map_structure(lambda x: x, args)
        self.kwargs = tree.map_structure(lambda x: x, kwargs)
        self.keras_tensors = [
            x
            for x in tree.flatten((self.args, self.kwargs))
            if isinstance(x, KerasTensor)
        ]
        # Fast path for the common single-tensor call.
        self._single_positional = (
            len(args) == 1
            and not kwargs
            and isinstance(args[0], KerasTensor)
        )

    def fill_in(self, tensor_dict):
        """Returns `(args, kwargs)` with each `KerasTensor` `x` replaced by
        `tensor_dict[id(x)]` (`None` where it is missing)."""
        if self._single_positional:
            return (tensor_dict.get(id(self.args[0])),), {}

        def substitute(x):
            if isinstance(x, KerasTensor):
                return tensor_dict.get(id(x))
            return x

        return tree.map_structure(substitute, (self.args, self.kwargs))


def is_keras_tensor(obj):
    """Returns whether `obj` is a symbolic `KerasTensor`.

    Args:
        obj: any object.

    Returns:
        `True` for a `KerasTensor` (such as the output of `keras.Input`).

    Example:

    >>> is_keras_tensor(keras.Input((3,))), is_keras_tensor(np.ones(3))
    (True, False)
    """
    return isinstance(obj, KerasTensor)
