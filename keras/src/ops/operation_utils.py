"""Helpers over the graph of operations that symbolic tensors record."""

from keras.src import tree
from keras.src.api_export import keras_export


@keras_export("keras.utils.get_source_inputs")
def get_source_inputs(tensor):
    """Returns the input tensors a symbolic tensor was computed from.

    Walks back through the operations recorded in the tensor's history to
    the `keras.Input` tensors it depends on.

    Args:
        tensor: a symbolic `KerasTensor`.

    Returns:
        The list of source input tensors, each once, in the order first
        met. A tensor without history (not symbolic, or not made by an
        operation) is returned unchanged.

    Example:

    >>> a = keras.Input((3,), name="a")
    >>> b = keras.Input((3,), name="b")
    >>> y = keras.layers.Add()([keras.layers.Dense(3)(a), b])
    >>> [x.name for x in keras.utils.get_source_inputs(y)]
    ['a', 'b']
    """
    history = getattr(tensor, "_keras_history", None)
    if history is None:
        return tensor
    operation, node_index, _ = history
    if operation is None or not operation._inbound_nodes:
        return [tensor]
    node = operation._inbound_nodes[node_index]
    if node.is_input:
        return tree.flatten(node.output_tensors)
    sources = []
    for x in node.input_tensors:
        for source in get_source_inputs(x):
            if not any(source is s for s in sources):
                sources.append(source)
    return sources
