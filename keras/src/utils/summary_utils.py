"""Rendering of `Model.summary()`: a `rich` table of the model's layers.

Each row shows a layer (or graph operation) with its output shape and
parameter count; functional models whose graph is not a plain chain add a
"Connected to" column, and `show_trainable` adds a "Trainable" column. The
footer totals the parameters and their size in memory.
"""

import re

import numpy as np
import rich.box
import rich.console
import rich.highlighter
import rich.table
import rich.text

from keras.src import backend
from keras.src.utils import io_utils

# Column ends, as fractions of the line, and default line lengths: chains
# and graphs ("Connected to" added) have their own.
_CHAIN_POSITIONS = (0.45, 0.80, 1.0)
_GRAPH_POSITIONS = (0.30, 0.56, 0.74, 1.0)
_CHAIN_LINE_LENGTH = 88
_GRAPH_LINE_LENGTH = 108
# "Trainable" takes the last tenth of a line that is 12 characters longer.
_TRAINABLE_EXTRA_LENGTH = 12
_TRAINABLE_SHARE = 0.9

_HEADERS = {
    "layer": ("Layer (type)", "left"),
    "shape": ("Output Shape", "left"),
    "params": ("Param #", "right"),
    "connected": ("Connected to", "left"),
    "trainable": ("Trainable", "center"),
}


def print_summary(
    model,
    line_length=None,
    positions=None,
    print_fn=None,
    expand_nested=False,
    show_trainable=False,
    layer_range=None,
):
    """Prints a table of `model`'s layers (what `Model.summary()` shows).

    Args:
        model: a `keras.Model` (functional, sequential or subclassed).
        line_length: the table's width in characters (default: 88, or 108
            with a "Connected to" column, capped by the console's width).
        positions: where each column ends, as fractions of `line_length`
            (all values at most 1) or as character positions.
        print_fn: a function called with the whole rendered text (default:
            print to stdout, with colors on a terminal).
        expand_nested: whether to list the layers of nested models below
            them, indented.
        show_trainable: whether to add a column saying whether each layer
            is trainable (`Y`/`N`; `-` for layers without weights).
        layer_range: `[first, last]`: two regular expressions (matched
            against the start of layer names) or two indices; only the
            top-level layers from the first match to the last are shown.

    Example:

    >>> model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    >>> lines = []
    >>> keras.src.utils.summary_utils.print_summary(
    ...     model, print_fn=lines.append)
    >>> lines[0].splitlines()[-3]
    ' Total params: 8 (32.00 B)'
    """
    styled = print_fn is None and io_utils.is_interactive_logging_enabled()
    console = rich.console.Console(
        color_system="auto" if styled else None,
        highlight=False,
        emoji=False,
        markup=False,
    )
    graph = _graph_of(model)
    columns, widths, line_length = _layout(
        graph, model, line_length, positions, show_trainable, console.width
    )
    rows = []
    for entry in _select(_entries(model), layer_range):
        _collect_rows(entry, graph, 0, expand_nested, rows)
    table = _make_table(columns, widths, line_length, rows, styled)
    with console.capture() as capture:
        console.print(
            rich.text.Text(f'Model: "{model.name}"', style="bold")
        )
        console.print(table)
        for line in _footer(model):
            console.print(line)
    text = capture.get()
    if print_fn is not None:
        print_fn(text)
    else:
        io_utils.print_msg(text, line_break=False)


# -- layout -------------------------------------------------------------------


def _layout(graph, model, line_length, positions, show_trainable,
            console_width):
    """The columns, their widths and the line length."""
    connected = (
        graph is not None
        and graph.functional is model
        and not _is_chain(graph)
    )
    columns = ["layer", "shape", "params"]
    if connected:
        columns.append("connected")
    if show_trainable:
        columns.append("trainable")
    line_length = _line_length(line_length, connected, show_trainable,
                               console_width)
    widths = _column_widths(
        positions, connected, show_trainable, line_length, len(columns)
    )
    return columns, widths, line_length


def _line_length(line_length, connected, show_trainable, console_width):
    if line_length is not None:
        if not isinstance(line_length, int) or line_length <= 0:
            raise ValueError(
                "`line_length` must be a positive integer. Received: "
                f"line_length={line_length!r}"
            )
        return line_length
    default = _GRAPH_LINE_LENGTH if connected else _CHAIN_LINE_LENGTH
    if show_trainable:
        default += _TRAINABLE_EXTRA_LENGTH
    # Leave the terminal a small margin, as wide tables wrap badly.
    return max(min(default, console_width - 4), 20)


def _column_widths(positions, connected, show_trainable, line_length,
                   count):
    if positions is None:
        positions = list(_GRAPH_POSITIONS if connected else _CHAIN_POSITIONS)
        if show_trainable:
            positions = [p * _TRAINABLE_SHARE for p in positions] + [1.0]
    positions = list(positions)
    if len(positions) < count:
        raise ValueError(
            f"`positions` must give the end of each of the {count} columns. "
            f"Received {len(positions)} values: positions={positions}"
        )
    positions = positions[:count]
    if any(not isinstance(p, (int, float)) or p < 0 for p in positions):
        raise ValueError(
            "`positions` must hold non-negative numbers. Received: "
            f"positions={positions}"
        )
    if max(positions) <= 1:
        ends = [int(p * line_length) for p in positions]
    else:
        ends = [int(p) for p in positions]
    widths = []
    previous = 0
    for end in ends:
        widths.append(max(end - previous, 1))
        previous = end
    return widths


def _make_table(columns, widths, line_length, rows, styled):
    table = rich.table.Table(
        width=line_length, box=rich.box.HEAVY_HEAD, show_lines=True
    )
    for column, width in zip(columns, widths):
        header, justify = _HEADERS[column]
        table.add_column(header, width=width, justify=justify)
    highlighter = rich.highlighter.ReprHighlighter()
    for row in rows:
        cells = [_name_cell(row, styled)]
        cells.append(_plain_cell(row["shape"], highlighter, styled))
        cells.append(_plain_cell(row["params"], highlighter, styled))
        if "connected" in columns:
            cells.append(rich.text.Text(row["connected"]))
        if "trainable" in columns:
            cells.append(_trainable_cell(row["trainable"], styled))
        table.add_row(*cells)
    return table


def _name_cell(row, styled):
    prefix = "   " * row["depth"] + "└ " if row["depth"] else ""
    text = rich.text.Text(f"{prefix}{row['name']} (")
    text.append(row["type"], style="bright_blue" if styled else None)
    text.append(")")
    return text


def _plain_cell(value, highlighter, styled):
    text = rich.text.Text(value)
    return highlighter(text) if styled else text


def _trainable_cell(value, styled):
    style = None
    if styled and value != "-":
        style = "bold green" if value == "Y" else "bold red"
    return rich.text.Text(value, style=style)


# -- rows ---------------------------------------------------------------------


class _Graph:
    """A functional graph, with the set of its nodes for quick lookups."""

    def __init__(self, functional):
        self.functional = functional
        self.inputs = functional._inputs
        self.nodes = functional._nodes
        self._node_ids = {id(node) for node in functional._nodes}

    def nodes_of(self, operation):
        """The calls of `operation` that belong to this graph."""
        return [
            node for node in operation._inbound_nodes
            if id(node) in self._node_ids
        ]


def _is_functional(model):
    return hasattr(model, "_nodes") and hasattr(model, "_operations")


def _graph_of(model):
    """The functional graph holding `model`'s layers, if it has one: the
    model itself when functional, the built graph of a `Sequential`."""
    if _is_functional(model):
        return _Graph(model)
    functional = getattr(model, "_functional", None)
    if functional is not None and _is_functional(functional):
        return _Graph(functional)
    return None


def _entries(model):
    """The top-level rows of `model`: a functional model's operations in
    graph order (inputs included), else the model's layers."""
    if _is_functional(model):
        return list(model._operations)
    return list(model.layers)


def _is_chain(graph):
    """Whether a functional graph is a plain chain: one input, no layer
    called twice, no call with several tensors, no tensor used twice."""
    if len(graph.inputs) > 1:
        return False
    seen_operations = set()
    used_tensors = set()
    for node in graph.nodes:
        if node.is_input:
            continue
        if id(node.operation) in seen_operations:
            return False
        seen_operations.add(id(node.operation))
        tensors = node.input_tensors
        if len(tensors) > 1:
            return False
        for x in tensors:
            if id(x) in used_tensors:
                return False
            used_tensors.add(id(x))
    return True


def _select(entries, layer_range):
    if layer_range is None:
        return entries
    if not isinstance(layer_range, (list, tuple)) or len(layer_range) != 2:
        raise ValueError(
            "`layer_range` must be a list or tuple of two layer names (or "
            f"indices). Received: layer_range={layer_range!r}"
        )
    if all(isinstance(x, int) for x in layer_range):
        for index in layer_range:
            if not -len(entries) <= index < len(entries):
                raise ValueError(
                    f"`layer_range` index {index} is out of range for a "
                    f"model with {len(entries)} layers."
                )
        first, last = sorted(i % len(entries) for i in layer_range)
        return entries[first:last + 1]
    if not all(isinstance(x, str) for x in layer_range):
        raise ValueError(
            "`layer_range` must hold two strings (or two integers). "
            f"Received: layer_range={layer_range!r}"
        )
    matched = []
    for pattern in layer_range:
        indices = [
            i for i, entry in enumerate(entries)
            if re.match(pattern, entry.name)
        ]
        if not indices:
            raise ValueError(
                f"`layer_range` entry {pattern!r} matches no layer of the "
                f"model. Layer names: {[e.name for e in entries]}"
            )
        matched.extend(indices)
    return entries[min(matched):max(matched) + 1]


def _collect_rows(operation, graph, depth, expand_nested, rows):
    row = {
        "depth": depth,
        "name": operation.name,
        "type": _type_name(operation),
        "shape": _output_shape(operation, graph),
        "params": _param_count(operation),
        "connected": (
            _connections(operation, graph) if depth == 0 and graph
            else "-"
        ),
        "trainable": _trainable_flag(operation),
    }
    rows.append(row)
    if expand_nested and _is_model(operation):
        inner_graph = _graph_of(operation)
        for entry in _entries(operation):
            _collect_rows(entry, inner_graph, depth + 1, expand_nested,
                          rows)


def _is_model(operation):
    # Imported here: `model.py` imports this module.
    from keras.src.models.model import Model

    return isinstance(operation, Model)


def _type_name(operation):
    fn = getattr(operation, "fn", None)
    if type(operation).__name__ == "FunctionOperation" and fn is not None:
        # A graph record of `keras.ops.<name>`: show the op, e.g. "Add".
        return "".join(p.capitalize() for p in fn.__name__.split("_"))
    return type(operation).__name__


def _param_count(operation):
    if not hasattr(operation, "count_params"):
        return "0"
    if not getattr(operation, "built", False):
        return "0 (unbuilt)"
    return f"{operation.count_params():,}"


def _trainable_flag(operation):
    if not getattr(operation, "weights", None):
        return "-"
    return "Y" if operation.trainable else "N"


def _nodes_in(operation, graph):
    if graph is None or not hasattr(operation, "_inbound_nodes"):
        return []
    return graph.nodes_of(operation)


def _output_shape(operation, graph):
    nodes = _nodes_in(operation, graph)
    if nodes:
        shapes = [tuple(x.shape) for x in nodes[0].outputs]
        return _format_shapes(shapes[0] if len(shapes) == 1 else shapes)
    return _shape_from_build(operation)


def _shape_from_build(layer):
    """The output shape a built layer outside any graph would have, from
    the shapes it was built with; "?" when unknown."""
    shapes = getattr(layer, "_build_shapes", None)
    if not getattr(layer, "built", False) or not shapes:
        return "?"
    try:
        if len(shapes) == 1:
            output = layer.compute_output_shape(next(iter(shapes.values())))
        else:
            output = layer.compute_output_shape(**shapes)
    except Exception:
        # Whatever keeps a layer from inferring its shape, the summary
        # still prints: the shape is shown as unknown.
        return "?"
    return _format_shapes(output)


def _is_shape(value):
    return isinstance(value, (tuple, list)) and all(
        d is None or isinstance(d, (int, np.integer)) for d in value
    )


def _flat_shapes(value):
    if _is_shape(value):
        return [tuple(value)]
    if isinstance(value, dict):
        return [s for k in sorted(value) for s in _flat_shapes(value[k])]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in _flat_shapes(v)]
    if hasattr(value, "shape"):
        return [tuple(value.shape)]
    return []


def _format_shape(shape):
    return "(" + ", ".join(str(d) for d in shape) + ")"


def _format_shapes(value):
    if _is_shape(value):
        return _format_shape(value)
    shapes = _flat_shapes(value)
    if not shapes:
        return "?"
    if len(shapes) == 1:
        return _format_shape(shapes[0])
    return "[" + ", ".join(_format_shape(s) for s in shapes) + "]"


def _connections(operation, graph):
    """`name[node][tensor]` for each tensor the operation was called on
    in the graph, the node index counting the producer's calls in it."""
    references = []
    for node in _nodes_in(operation, graph):
        for x in node.input_tensors:
            history = getattr(x, "_keras_history", None)
            if history is None:
                continue
            producer = history.operation
            producer_node = producer._inbound_nodes[history.node_index]
            in_graph = _nodes_in(producer, graph)
            index = next(
                (i for i, n in enumerate(in_graph) if n is producer_node),
                history.node_index,
            )
            references.append(
                f"{producer.name}[{index}][{history.tensor_index}]"
            )
    return ", ".join(references) if references else "-"


# -- footer -------------------------------------------------------------------


def _footer(model):
    trainable, non_trainable = _split_weights(model)
    optimizer = getattr(model, "optimizer", None)
    optimizer_variables = []
    if optimizer is not None and getattr(optimizer, "built", False):
        optimizer_variables = list(getattr(optimizer, "variables", []))
    counts = [_count(v) for v in (trainable, non_trainable,
                                   optimizer_variables)]
    total = tuple(sum(c[i] for c in counts) for i in (0, 1))
    lines = [
        _footer_line("Total params", total),
        _footer_line("Trainable params", counts[0]),
        _footer_line("Non-trainable params", counts[1]),
    ]
    if optimizer_variables:
        lines.append(_footer_line("Optimizer params", counts[2]))
    return lines


def _split_weights(model):
    """`(trainable, non_trainable)` weights of `model`: a weight is
    trainable when it is and every layer holding it is."""
    weights = list(model.weights)
    frozen = set()
    for layer in _layers_of(model):
        if not layer.trainable:
            frozen.update(id(v) for v in layer.weights)
    trainable = [
        v for v in weights if v.trainable and id(v) not in frozen
    ]
    trainable_ids = {id(v) for v in trainable}
    return trainable, [v for v in weights if id(v) not in trainable_ids]


def _layers_of(model):
    """`model` and all the layers inside it, each once."""
    layers = []
    seen = set()
    stack = [model]
    while stack:
        layer = stack.pop()
        if id(layer) in seen:
            continue
        seen.add(id(layer))
        layers.append(layer)
        stack.extend(getattr(layer, "_layers", []))
    return layers


def _count(variables):
    """`(number of scalars, bytes)` of `variables`, each counted once."""
    seen = set()
    scalars = 0
    size = 0
    for variable in variables:
        if id(variable) in seen:
            continue
        seen.add(id(variable))
        n = int(np.prod(variable.shape))
        scalars += n
        size += n * _dtype_bytes(variable.dtype)
    return scalars, size


def _dtype_bytes(dtype):
    name = backend.standardize_dtype(dtype)
    bits = re.search(r"(\d+)$", name)
    if bits is None:
        return 1  # bool, string handles
    return max(int(bits.group(1)), 8) // 8


def _footer_line(label, count):
    scalars, size = count
    line = rich.text.Text()
    line.append(f" {label}: ", style="bold")
    line.append(f"{scalars:,}", style="green")
    line.append(f" ({readable_memory_size(size)})")
    return line


def readable_memory_size(num_bytes):
    """Formats a number of bytes with two decimals and a binary unit.

    Args:
        num_bytes: the size in bytes.

    Returns:
        A string such as `"848.00 B"` or `"4.96 MB"`.

    Example:

    >>> keras.src.utils.summary_utils.readable_memory_size(20000)
    '19.53 KB'
    """
    size = float(num_bytes)
    for unit in ("B", "KB", "MB", "GB", "TB"):
        if size < 1024 or unit == "TB":
            return f"{size:.2f} {unit}"
        size /= 1024


# -- helpers shared with Keras's own summary code ------------------------------
# Rich markup: `print_summary` renders it; callers formatting their own
# tables with `rich` use the same colors.


def bold_text(x, color=None):
    """Wraps `x` in rich markup for bold text, optionally colored.

    Args:
        x: the text.
        color: an optional rich color name (`"red"`, `"green"`, ...).

    Returns:
        A string of rich markup.

    Example:

    >>> from keras.src.utils.summary_utils import bold_text
    >>> bold_text("Total", color="red")
    '[bold][color(red)]Total[/][/]'
    """
    if color:
        return f"[bold][color({color})]{x}[/][/]"
    return f"[bold]{x}[/]"


def highlight_number(x):
    """Wraps a number (or its text) in rich markup for numbers.

    Example:

    >>> from keras.src.utils.summary_utils import highlight_number
    >>> highlight_number(12)
    '[color(34)]12[/]'
    """
    return f"[color(34)]{x}[/]"


def highlight_symbol(x):
    """Wraps a symbol (a name, `None`) in rich markup for symbols.

    Example:

    >>> from keras.src.utils.summary_utils import highlight_symbol
    >>> highlight_symbol("relu")
    '[color(33)]relu[/]'
    """
    return f"[color(33)]{x}[/]"


def count_params(weights):
    """Counts the scalars in a list of weights (each listed one counted,
    repeats included).

    Args:
        weights: a list of variables or tensors.

    Returns:
        An int.

    Example:

    >>> from keras.src.utils.summary_utils import count_params
    >>> layer = keras.layers.Dense(4)
    >>> layer.build((None, 3))
    >>> count_params(layer.weights)
    16
    """
    return int(sum(int(np.prod(w.shape)) for w in weights))


def weight_memory_size(weights):
    """Returns the bytes a list of weights occupies, each weight counted
    once even when listed twice.

    Args:
        weights: a list of variables or tensors.

    Returns:
        A float, in bytes (a `bool` or other sub-byte dtype counts 1 byte
        per scalar).

    Example:

    >>> from keras.src.utils.summary_utils import weight_memory_size
    >>> layer = keras.layers.Dense(4)
    >>> layer.build((None, 3))
    >>> weight_memory_size(layer.weights)
    64.0
    """
    return float(_count(weights)[1])


def format_layer_shape(layer):
    """Formats the output shape of `layer`'s latest call, in rich markup.

    For a functional model never called, the shapes of its outputs; for a
    layer that was never called but is built, the shape it would
    return for the shapes it was built with; `"?"` when unknown. Dimensions
    are highlighted (`None` apart); several outputs are listed as shapes.

    Args:
        layer: a Keras layer.

    Returns:
        A string.

    Example:

    >>> from keras.src.utils.summary_utils import format_layer_shape
    >>> layer = keras.layers.Dense(2)
    >>> _ = layer(keras.Input((3,)))
    >>> format_layer_shape(layer)
    '([color(45)]None[/], [color(34)]2[/])'
    """
    nodes = getattr(layer, "_inbound_nodes", None) or []
    if nodes:
        shapes = _flat_shapes([tuple(x.shape) for x in nodes[-1].outputs])
    elif _is_functional(layer):
        shapes = _flat_shapes([tuple(x.shape) for x in layer.outputs])
    else:
        shapes = _built_output_shapes(layer)
    if shapes is None:
        return "?"
    if len(shapes) == 1:
        dims = [
            "[color(45)]None[/]" if d is None else highlight_number(d)
            for d in shapes[0]
        ]
        return "(" + ", ".join(dims) + ")"
    return "(" + ", ".join(highlight_number(s) for s in shapes) + ")"


def _built_output_shapes(layer):
    shapes = getattr(layer, "_build_shapes", None)
    if not getattr(layer, "built", False) or not shapes:
        return None
    try:
        if len(shapes) == 1:
            output = layer.compute_output_shape(next(iter(shapes.values())))
        else:
            output = layer.compute_output_shape(**shapes)
    except Exception:
        # Whatever keeps the layer from inferring its shape, the answer is
        # "unknown", as in the summary.
        return None
    return _flat_shapes(output) or None


def get_layer_index_bound_by_layer_name(layers, layer_range=None):
    """Returns the `[start, end)` indices of the layers from the first name
    in `layer_range` to the second (both included).

    Each name matches the first layer whose name contains it.

    Args:
        layers: a list of layers.
        layer_range: `None` (all layers) or a list/tuple of two names.

    Returns:
        A list `[start, end]` of indices into `layers`.

    Example:

    >>> from keras.src.utils.summary_utils import (
    ...     get_layer_index_bound_by_layer_name)
    >>> layers = [keras.layers.Dense(1, name=n) for n in ("a", "b", "c")]
    >>> get_layer_index_bound_by_layer_name(layers, ["b", "c"])
    [1, 3]
    """
    if layer_range is None:
        return [0, len(layers)]
    if not isinstance(layer_range, (list, tuple)) or len(layer_range) != 2:
        length = len(layer_range) if hasattr(layer_range, "__len__") else 0
        raise ValueError(
            "layer_range must be a list or tuple of length 2. Received: "
            f"layer_range = {layer_range} of length {length}"
        )
    first = [i for i, layer in enumerate(layers)
             if layer_range[0] in layer.name]
    last = [i for i, layer in enumerate(layers)
            if layer_range[1] in layer.name]
    if not first or not last:
        raise ValueError(
            "Passed layer_names do not match the layer names in the model. "
            f"Received: {layer_range}"
        )
    if first[0] > last[-1]:
        raise ValueError(
            "layer_range must name the first layer before the last one. "
            f"Received: {layer_range}"
        )
    return [first[0], last[-1] + 1]
