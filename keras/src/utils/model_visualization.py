"""Drawing a model's graph: `model_to_dot` (a `pydot.Dot`) and
`plot_model` (an image file drawn by Graphviz).

pydot is optional and imported on first use (`module_utils.pydot`);
writing an image also needs Graphviz's `dot` program on the `PATH`.
"""

import html
import os

from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.utils import module_utils
from keras.src.utils.module_utils import pydot


def check_pydot():
    """Returns whether pydot can be imported."""
    return module_utils.pydot.available


def check_graphviz():
    """Returns whether pydot can run Graphviz's `dot` program."""
    if not check_pydot():
        return False
    try:
        # Renders an empty graph: fails when `dot` is not installed.
        pydot.Dot.create(pydot.Dot())
        return True
    except (OSError, FileNotFoundError, Exception):
        return False


def _graph_of(model):
    """`(layers, nodes)` of the functional graph drawn for `model`, or
    `None` for a model without one (subclassed)."""
    from keras.src.models.functional import Functional
    from keras.src.models.sequential import Sequential

    if isinstance(model, Sequential):
        graph = model._functional
        if graph is None:
            return None
    elif isinstance(model, Functional):
        graph = model
    else:
        return None
    return graph.layers, list(graph._nodes)


def get_layer_activation_name(layer):
    """The name of `layer`'s activation, or `"?"` when it has none."""
    activation = getattr(layer, "activation", None)
    if activation is None:
        return "?"
    return getattr(activation, "__name__", None) or type(
        activation
    ).__name__


def _format_shape(shape):
    if shape is None:
        return "?"
    if isinstance(shape, (list, tuple)) and shape and all(
        isinstance(s, (list, tuple)) for s in shape
    ):
        return ", ".join(_format_shape(s) for s in shape)
    return str(tuple(shape)).replace("None", "None")


def _tensor_shapes(tensors):
    shapes = [tuple(x.shape) for x in tree.flatten(tensors)
              if hasattr(x, "shape")]
    if not shapes:
        return "?"
    if len(shapes) == 1:
        return str(shapes[0])
    return ", ".join(str(s) for s in shapes)


def _tensor_dtypes(tensors):
    dtypes = [str(x.dtype) for x in tree.flatten(tensors)
              if hasattr(x, "dtype")]
    return ", ".join(dtypes) if dtypes else "?"


def _layer_io(layer):
    """`(inputs, outputs)` of `layer`'s first call, or `(None, None)`."""
    nodes = getattr(layer, "_inbound_nodes", [])
    if not nodes:
        return None, None
    node = nodes[0]
    return node.input_tensors, node.output_tensors


def make_layer_label(layer, **kwargs):
    """Returns the Graphviz HTML-like label of `layer`'s node.

    Args:
        layer: the layer.
        **kwargs: `show_layer_names`, `show_layer_activations`,
            `show_dtype`, `show_shapes`, `show_trainable` (bools).
    """
    rows = []
    title = f"<b>{html.escape(type(layer).__name__)}</b>"
    if kwargs.get("show_layer_names", True):
        title = f"{html.escape(layer.name)} ({title})"
    rows.append(title)
    if kwargs.get("show_layer_activations") and hasattr(layer, "activation"):
        rows.append(
            "Activation: " + html.escape(get_layer_activation_name(layer))
        )
    inputs, outputs = _layer_io(layer)
    if kwargs.get("show_shapes"):
        is_input = type(layer).__name__ == "InputLayer"
        if not is_input:
            rows.append(
                "Input shape: " + html.escape(_tensor_shapes(inputs))
                if inputs is not None else "Input shape: ?"
            )
        rows.append(
            "Output shape: " + html.escape(_tensor_shapes(outputs))
            if outputs is not None else "Output shape: ?"
        )
    if kwargs.get("show_dtype"):
        rows.append(
            "Output dtype: " + html.escape(_tensor_dtypes(outputs))
            if outputs is not None else "Output dtype: ?"
        )
    if kwargs.get("show_trainable") and layer.weights:
        rows.append("Trainable: " + ("yes" if layer.trainable else "no"))
    color = "white"
    if kwargs.get("show_trainable") and layer.weights:
        color = "#d9f2d9" if layer.trainable else "#f2d9d9"
    cells = "".join(f'<tr><td>{row}</td></tr>' for row in rows)
    return (
        f'<<table border="0" cellborder="1" cellspacing="0" '
        f'bgcolor="{color}">{cells}</table>>'
    )


def make_node(layer, **kwargs):
    """Returns the `pydot.Node` of `layer` (its name is the layer's id)."""
    return pydot.Node(
        str(id(layer)), label=make_layer_label(layer, **kwargs),
        shape="plaintext",
    )


def add_edge(dot, src, dst):
    """Adds an edge from node `src` to node `dst` (names) to `dot` unless
    it is there already."""
    if not dot.get_edge(src, dst):
        dot.add_edge(pydot.Edge(src, dst))


def _require_built(model, fn_name):
    if not model.built:
        raise ValueError(
            f"{fn_name}() needs a built model: this model has not yet been "
            "built. Build it first by calling `build()` or by calling the "
            "model on a batch of data."
        )


@keras_export("keras.utils.model_to_dot")
def model_to_dot(model, show_shapes=False, show_dtype=False,
                 show_layer_names=True, rankdir="TB", expand_nested=False,
                 dpi=200, subgraph=False, show_layer_activations=False,
                 show_trainable=False, splines="ortho", **kwargs):
    """Converts a Keras model to a `pydot.Dot` graph.

    Each layer is a node (an HTML-like table); each connection an edge.
    Subclassed models (without a graph of layers) are one node.

    Args:
        model: a built Keras model.
        show_shapes: whether to show the input and output shapes.
        show_dtype: whether to show the output dtypes.
        show_layer_names: whether to show the layer names.
        rankdir: Graphviz's `rankdir`: `"TB"` (vertical) or `"LR"`.
        expand_nested: whether to draw nested models' layers inside a
            cluster instead of one node per nested model.
        dpi: the image resolution.
        subgraph: whether to return a `pydot.Cluster` (used for nested
            models) instead of a `pydot.Dot`.
        show_layer_activations: whether to show activations.
        show_trainable: whether to show whether layers are trainable.
        splines: Graphviz's `splines` (edge style).
        **kwargs: unused; accepted for compatibility.

    Returns:
        A `pydot.Dot` (or `pydot.Cluster` with `subgraph=True`).

    Example:

    >>> model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)])
    >>> dot = keras.utils.model_to_dot(model)  # doctest: +SKIP
    >>> len(dot.get_nodes())  # doctest: +SKIP
    2
    """
    _require_built(model, "model_to_dot")
    if not check_pydot():
        raise ImportError(
            "You must install pydot (`pip install pydot`) for "
            "model_to_dot to work."
        )
    options = dict(
        show_shapes=show_shapes, show_dtype=show_dtype,
        show_layer_names=show_layer_names,
        show_layer_activations=show_layer_activations,
        show_trainable=show_trainable,
    )
    if subgraph:
        dot = pydot.Cluster(style="dashed", graph_name=model.name)
        dot.set("label", model.name)
        dot.set("labeljust", "l")
    else:
        dot = pydot.Dot()
        dot.set("rankdir", rankdir)
        dot.set("concentrate", True)
        dot.set("dpi", dpi)
        dot.set("splines", splines)
        dot.set_node_defaults(shape="record")
    graph = _graph_of(model)
    if graph is None:
        dot.add_node(make_node(model, **options))
        return dot
    layers, nodes = graph
    # Node names each edge starts from / ends at: a nested model drawn as
    # a cluster connects through its own input and output layers.
    entry_of, exit_of = {}, {}
    for layer in layers:
        nested = expand_nested and _graph_of(layer) is not None and (
            hasattr(layer, "layers")
        )
        if nested:
            cluster = model_to_dot(
                layer, dpi=dpi, rankdir=rankdir, expand_nested=True,
                subgraph=True, splines=splines, **options,
            )
            dot.add_subgraph(cluster)
            inner_layers, _ = _graph_of(layer)
            entry_of[id(layer)] = str(id(inner_layers[0]))
            exit_of[id(layer)] = str(id(inner_layers[-1]))
        else:
            dot.add_node(make_node(layer, **options))
            entry_of[id(layer)] = exit_of[id(layer)] = str(id(layer))
    for node in nodes:
        if node.is_input or id(node.operation) not in entry_of:
            continue
        for parent in node.parent_nodes:
            if id(parent.operation) in exit_of:
                add_edge(dot, exit_of[id(parent.operation)],
                         entry_of[id(node.operation)])
    return dot


@keras_export("keras.utils.plot_model")
def plot_model(model, to_file="model.png", show_shapes=False,
               show_dtype=False, show_layer_names=False, rankdir="TB",
               expand_nested=False, dpi=200, show_layer_activations=False,
               show_trainable=False, splines="ortho", **kwargs):
    """Draws a Keras model's graph into an image file.

    Needs pydot (`pip install pydot`) and Graphviz's `dot` program.

    Args:
        model: a built Keras model.
        to_file: the image path; its extension picks the format (`.png`
            when it has none).
        show_shapes: whether to show the input and output shapes.
        show_dtype: whether to show the output dtypes.
        show_layer_names: whether to show the layer names.
        rankdir: `"TB"` (vertical) or `"LR"` (horizontal).
        expand_nested: whether to draw nested models' layers.
        dpi: the image resolution.
        show_layer_activations: whether to show activations.
        show_trainable: whether to show whether layers are trainable.
        splines: Graphviz's `splines` (edge style).
        **kwargs: unused; accepted for compatibility.

    Returns:
        An `IPython.display.Image` of the file when IPython is available
        (and the format is not PDF), else `None`.

    Example:

    >>> model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)])
    >>> keras.utils.plot_model(model, "/tmp/model.png")  # doctest: +SKIP
    """
    _require_built(model, "plot_model")
    if not check_pydot():
        raise ImportError(
            "You must install pydot (`pip install pydot`) for `plot_model` "
            "to work."
        )
    if not check_graphviz():
        raise ImportError(
            "You must install graphviz (see instructions at "
            "https://graphviz.gitlab.io/download/) for `plot_model` to "
            "work: its `dot` program must be on the PATH."
        )
    dot = model_to_dot(
        model, show_shapes=show_shapes, show_dtype=show_dtype,
        show_layer_names=show_layer_names, rankdir=rankdir,
        expand_nested=expand_nested, dpi=dpi,
        show_layer_activations=show_layer_activations,
        show_trainable=show_trainable, splines=splines,
    )
    to_file = os.fspath(to_file)
    extension = os.path.splitext(to_file)[1][1:] or "png"
    if not os.path.splitext(to_file)[1]:
        to_file = f"{to_file}.png"
    dot.write(to_file, format=extension)
    if extension == "pdf":
        return None
    try:
        from IPython import display
    except ImportError:
        return None
    return display.Image(filename=to_file)
