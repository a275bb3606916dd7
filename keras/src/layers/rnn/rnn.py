"""`RNN`: runs a recurrent cell over the time axis of a sequence."""

from keras.src import backend
from keras.src import ops
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.name_scope import name_scope
from keras.src.layers.layer import Layer
from keras.src.layers.rnn.dropout_rnn_cell import DropoutRNNCell
from keras.src.layers.rnn.stacked_rnn_cells import StackedRNNCells
from keras.src.layers.rnn.stacked_rnn_cells import _zero_state
from keras.src.saving import serialization_lib


@keras_export("keras.layers.RNN")
class RNN(Layer):
    """Runs a recurrent cell over the time axis of its inputs.

    A cell is a layer with a `state_size` attribute (an int, or a nested
    list of ints: one per state) and a `call(inputs, states)` method that
    maps one step's inputs `(batch, features)` and the states to
    `(output, new_states)`. It may also define `output_size` and
    `get_initial_state(batch_size)`. A list of cells is run as a
    `StackedRNNCells`.

    Args:
        cell: a cell, or a list of cells.
        return_sequences: whether to return every step's output
            `(batch, time, units)` or only the last `(batch, units)`.
        return_state: whether to return the final states after the output.
        go_backwards: whether to process the sequence from its end (the
            returned sequence is then in processing order).
        stateful: whether each batch's final states are the next batch's
            initial states (sample `i` continues sample `i`). Needs a
            fixed batch size; `reset_state()` sets the states to zero.
        unroll: whether to loop in Python (a static number of steps)
            instead of the backend's loop: faster for short sequences,
            more memory.
        zero_output_for_mask: whether masked steps output zeros instead
            of the previous step's output.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Call arguments:
        sequences: a tensor `(batch, time, features)`.
        initial_state: the initial states (default: the cell's, or
            zeros).
        mask: a boolean `(batch, time)` tensor: masked steps keep the
            states unchanged.
        training: whether the cell runs in training mode (dropout).

    Example:

    >>> layer = keras.layers.RNN(keras.layers.SimpleRNNCell(4),
    ...                          return_sequences=True)
    >>> layer(np.ones((2, 5, 3), "float32")).shape
    (2, 5, 4)
    """

    def __init__(self, cell, return_sequences=False, return_state=False,
                 go_backwards=False, stateful=False, unroll=False,
                 zero_output_for_mask=False, **kwargs):
        if isinstance(cell, (list, tuple)):
            cell = StackedRNNCells(cell)
        if not callable(getattr(cell, "call", None)):
            raise ValueError(
                "Argument `cell` should have a `call` method. "
                f"Received: cell={cell!r}"
            )
        if not hasattr(cell, "state_size"):
            raise ValueError(
                "The RNN cell should have a `state_size` attribute (single "
                "integer or list of integers, one integer per RNN state). "
                f"Received: cell={cell!r}"
            )
        super().__init__(**kwargs)
        self.cell = cell
        self.return_sequences = return_sequences
        self.return_state = return_state
        self.go_backwards = go_backwards
        self.stateful = stateful
        self.unroll = unroll
        self.zero_output_for_mask = zero_output_for_mask
        self.supports_masking = True
        object.__setattr__(self, "states", None)
        if stateful:
            # The states are variables outside the model's weights (as in
            # Keras's files); JAX and torch's captured step only update
            # the model's own variables, so those steps run uncompiled.
            self.supports_jit = {"jax": False, "torch": False}

    @property
    def state_size(self):
        """The cell's `state_size`."""
        return self.cell.state_size

    # -- shapes -------------------------------------------------------------

    def _output_size(self):
        size = getattr(self.cell, "output_size", None)
        if size is None:
            size = tree.flatten(self.cell.state_size)[0]
        return tuple(tree.flatten(size))

    def compute_output_shape(self, sequences_shape,
                             initial_state_shape=None):
        batch = sequences_shape[0]
        if self.return_sequences:
            output_shape = (batch, sequences_shape[1]) + self._output_size()
        else:
            output_shape = (batch,) + self._output_size()
        if not self.return_state:
            return output_shape
        state_shapes = tree.map_structure(
            lambda size: (batch,) + tuple(tree.flatten(size)),
            self.cell.state_size,
        )
        if not tree.is_nested(self.cell.state_size):
            state_shapes = [state_shapes]
        return (output_shape, *state_shapes)

    def compute_output_spec(self, sequences, initial_state=None,
                            mask=None, training=False):
        shapes = self.compute_output_shape(tuple(sequences.shape))
        dtype = self.compute_dtype
        if not self.return_state:
            return KerasTensor(shapes, dtype=dtype)
        output = KerasTensor(shapes[0], dtype=dtype)
        return (output, *[_specs(s, dtype) for s in shapes[1:]])

    def compute_mask(self, _, mask):
        if isinstance(mask, (list, tuple)):
            mask = mask[0]
        output_mask = mask if self.return_sequences else None
        if not self.return_state:
            return output_mask
        states = self.cell.state_size
        count = len(states) if tree.is_nested(states) else 1
        return [output_mask] + [None] * count

    # -- state --------------------------------------------------------------

    def build(self, sequences_shape, initial_state_shape=None):
        sequences_shape = tuple(sequences_shape)
        if len(sequences_shape) < 3:
            raise ValueError(
                f"{type(self).__name__} '{self.name}' expects inputs of "
                "shape (batch, time, features). Received: "
                f"sequences.shape={sequences_shape}"
            )
        if self.unroll and sequences_shape[1] is None:
            raise ValueError(
                f"{type(self).__name__} '{self.name}': `unroll=True` needs "
                "a static number of timesteps (the time axis of the "
                f"inputs). Received: sequences.shape={sequences_shape}"
            )
        if self.stateful:
            if sequences_shape[0] is None:
                raise ValueError(
                    "When using `stateful=True` in a RNN, the batch size "
                    "must be static. Found dynamic batch size: "
                    f"sequence.shape={sequences_shape}"
                )
        step_shape = sequences_shape[:1] + sequences_shape[2:]
        with name_scope(self.name, caller=self):
            if isinstance(self.cell, Layer) and not self.cell.built:
                with name_scope(self.cell.name, caller=self.cell):
                    self.cell.build(step_shape)
            if self.stateful:
                self._create_state_variables(sequences_shape[0])
        self.built = True

    def _create_state_variables(self, batch_size):
        initial = self.get_initial_state(batch_size)
        with name_scope(self.name, caller=self):
            states = tree.map_structure(
                lambda value: backend.Variable(
                    value, dtype=self.variable_dtype, trainable=False,
                    name="rnn_state",
                ),
                initial,
            )
        # Not tracked: Keras keeps the states out of the layer's weights.
        object.__setattr__(self, "states", states)

    def get_initial_state(self, batch_size):
        """The states a sequence starts from when none are given: the
        cell's `get_initial_state`, else zeros. Always a list."""
        get_initial = getattr(self.cell, "get_initial_state", None)
        if get_initial is not None:
            states = get_initial(batch_size=batch_size)
            return list(states) if tree.is_nested(states) else [states]
        return _zero_state(
            self.cell.state_size, batch_size, self.compute_dtype)

    def reset_states(self):
        """Sets the states of a stateful layer to zero (or the cell's
        initial states)."""
        self.reset_state()

    def reset_state(self):
        """Sets the states of a stateful layer to zero (or the cell's
        initial states)."""
        if self.states is None:
            return
        for variable in tree.flatten(self.states):
            variable.assign(ops.zeros(variable.shape, variable.dtype))

    # -- calling ------------------------------------------------------------

    def call(self, sequences, initial_state=None, mask=None,
             training=False):
        if self.unroll and sequences.shape[1] is None:
            raise ValueError(
                f"{type(self).__name__} '{self.name}': `unroll=True` needs "
                "a static number of timesteps. Received inputs of shape "
                f"{tuple(sequences.shape)}"
            )
        if isinstance(mask, (list, tuple)):
            mask = mask[0]
        if initial_state is None:
            if self.stateful:
                # Copies: the variables are updated in place after the
                # loop, while torch's backward pass may still need the
                # values read here. No gradient flows into past batches.
                initial_state = tree.map_structure(
                    lambda v: ops.copy(ops.stop_gradient(v.value)),
                    self.states)
            else:
                initial_state = self.get_initial_state(
                    ops.shape(sequences)[0])
        elif not tree.is_nested(initial_state):
            initial_state = [initial_state]
        else:
            initial_state = list(initial_state)
        if training:
            self._prepare_dropout_masks(sequences[:, 0], initial_state)
        try:
            last_output, outputs, states = self.inner_loop(
                sequences, initial_state, mask, training=training)
        finally:
            self._reset_dropout_masks()
        if self.stateful:
            for variable, value in zip(tree.flatten(self.states),
                                       tree.flatten(states)):
                variable.assign(ops.cast(value, variable.dtype))
        output = outputs if self.return_sequences else last_output
        if self.return_state:
            return (output, *states)
        return output

    def inner_loop(self, sequences, initial_state, mask, training=False):
        """Runs the cell over `sequences`; returns
        `(last_output, outputs, states)`. Subclasses with a fused path
        override it."""
        def step(inputs, states):
            output, new_states = self.cell(inputs, states, training=training)
            if not tree.is_nested(new_states):
                new_states = [new_states]
            return output, new_states

        return backend.rnn(
            step, sequences, initial_state,
            go_backwards=self.go_backwards, mask=mask, unroll=self.unroll,
            zero_output_for_mask=self.zero_output_for_mask,
            return_all_outputs=self.return_sequences,
        )

    def _cells(self):
        return list(getattr(self.cell, "cells", [self.cell]))

    def _prepare_dropout_masks(self, step_input, states):
        # Masks are drawn before the loop: one per sequence, and no random
        # draw inside a compiled loop body.
        del states
        batch_size = ops.shape(step_input)[0]
        for cell in self._cells():
            size = getattr(cell, "output_size", None)
            if size is None:
                size = tree.flatten(cell.state_size)[0]
            output_like = ops.zeros(
                (batch_size,) + tuple(tree.flatten(size)),
                dtype=self.compute_dtype,
            )
            if isinstance(cell, DropoutRNNCell):
                cell.reset_dropout_mask()
                cell.reset_recurrent_dropout_mask()
                cell.get_dropout_mask(step_input)
                cell.get_recurrent_dropout_mask(output_like)
            step_input = output_like

    def _reset_dropout_masks(self):
        for cell in self._cells():
            if not isinstance(cell, DropoutRNNCell):
                continue
            cell.reset_dropout_mask()
            cell.reset_recurrent_dropout_mask()

    # -- saving -------------------------------------------------------------

    def get_config(self):
        config = super().get_config()
        config.update({
            "return_sequences": self.return_sequences,
            "return_state": self.return_state,
            "go_backwards": self.go_backwards,
            "stateful": self.stateful,
            "unroll": self.unroll,
            "zero_output_for_mask": self.zero_output_for_mask,
        })
        config["cell"] = serialization_lib.serialize_keras_object(self.cell)
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        config["cell"] = serialization_lib.deserialize_keras_object(
            config["cell"], custom_objects=custom_objects
        )
        return cls(**config)


def _specs(shapes, dtype):
    """`KerasTensor`s for a list (possibly nested) of shape tuples."""
    if isinstance(shapes, list):
        return [_specs(s, dtype) for s in shapes]
    return KerasTensor(shapes, dtype=dtype)
