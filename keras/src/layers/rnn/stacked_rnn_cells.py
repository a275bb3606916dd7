"""`StackedRNNCells`: several recurrent cells run as one."""

from keras.src import ops
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.backend.common.name_scope import name_scope
from keras.src.layers.layer import Layer
from keras.src.saving import serialization_lib


@keras_export("keras.layers.StackedRNNCells")
class StackedRNNCells(Layer):
    """Runs a list of recurrent cells as one cell: each step's input goes
    through the cells in order, each cell feeding the next.

    `RNN` wraps a list of cells in it. Its state is the list of the cells'
    states; its output is the last cell's output.

    Args:
        cells: a list of cells (layers with `state_size` and
            `call(inputs, states)`).
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> cells = [keras.layers.LSTMCell(4), keras.layers.GRUCell(2)]
    >>> rnn = keras.layers.RNN(keras.layers.StackedRNNCells(cells))
    >>> rnn(np.ones((3, 5, 6), "float32")).shape
    (3, 2)
    """

    def __init__(self, cells, **kwargs):
        super().__init__(**kwargs)
        if not isinstance(cells, (list, tuple)) or not cells:
            raise ValueError(
                "StackedRNNCells: `cells` must be a non-empty list of RNN "
                f"cells. Received: cells={cells!r}"
            )
        for cell in cells:
            if not callable(getattr(cell, "call", None)):
                raise ValueError(
                    "StackedRNNCells: every cell must have a `call` method. "
                    f"Received: cell={cell!r}"
                )
            if not hasattr(cell, "state_size"):
                raise ValueError(
                    "StackedRNNCells: every cell must have a `state_size` "
                    f"attribute. Received: cell={cell!r}"
                )
        self.cells = list(cells)

    @property
    def state_size(self):
        """The cells' state sizes, one entry per cell."""
        return [cell.state_size for cell in self.cells]

    @property
    def output_size(self):
        """The last cell's output size."""
        last = self.cells[-1]
        if getattr(last, "output_size", None) is not None:
            return last.output_size
        return tree.flatten(last.state_size)[0]

    def get_initial_state(self, batch_size=None):
        """The cells' initial states (zeros unless a cell says
        otherwise), one entry per cell."""
        states = []
        for cell in self.cells:
            get_initial = getattr(cell, "get_initial_state", None)
            if get_initial is not None:
                states.append(get_initial(batch_size=batch_size))
            else:
                states.append(_zero_state(
                    cell.state_size, batch_size, self.compute_dtype))
        return states

    def call(self, inputs, states, training=False, **kwargs):
        new_states = []
        for cell, cell_states in zip(self.cells, states):
            nested = tree.is_nested(cell_states)
            if not nested:
                cell_states = [cell_states]
            # `Layer.__call__` drops `training` for cells without it.
            inputs, cell_new = cell(
                inputs, cell_states, training=training, **kwargs)
            if not nested and tree.is_nested(cell_new):
                # A cell given one tensor returns one tensor.
                cell_new = cell_new[0]
            new_states.append(cell_new)
        return inputs, new_states

    def build(self, input_shape):
        shape = tuple(input_shape)
        with name_scope(self.name, caller=self):
            for cell in self.cells:
                if isinstance(cell, Layer) and not cell.built:
                    with name_scope(cell.name, caller=cell):
                        cell.build(shape)
                size = getattr(cell, "output_size", None)
                if size is None:
                    size = tree.flatten(cell.state_size)[0]
                shape = shape[:1] + tuple(tree.flatten(size))
        self.built = True

    def get_config(self):
        config = super().get_config()
        config["cells"] = [
            serialization_lib.serialize_keras_object(c) for c in self.cells
        ]
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        config["cells"] = [
            serialization_lib.deserialize_keras_object(
                c, custom_objects=custom_objects)
            for c in config["cells"]
        ]
        return cls(**config)


def _zero_state(state_size, batch_size, dtype):
    """Zeros of shape `(batch_size, size)` for every size in
    `state_size` (an int or a nested structure of ints)."""
    states = tree.map_structure(
        lambda size: ops.zeros(
            (batch_size,) + tuple(tree.flatten(size)), dtype=dtype),
        state_size,
    )
    return states if tree.is_nested(states) else [states]

